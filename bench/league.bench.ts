/**
 * Tournament pairings: whole Swiss events of 16, 64 and 200 players (seeded random results
 * favouring the stronger seed, to full length), and round robins by the Berger tables. Prints
 * the slowest and the mean time to pair one round, and the standings' time for the largest
 * event. Run: npm run bench:league
 */
import { seededRandom } from '../src/engine/index.js';
import { roundRobinSchedule } from '../src/game/pairing/berger.js';
import { tournamentStandings, type PlayedBoard } from '../src/game/pairing/standings.js';
import { swissPairings, type SwissEntrant } from '../src/game/pairing/swiss.js';
import { defaultSwissRounds } from '../src/game/tournament-rules.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(5, 'league benchmark');

/** Plays a Swiss event of `players`; returns the time of each round's pairing (ms). */
function swissEvent(players: number, seed: number): { times: number[]; boards: PlayedBoard[] } {
  const random = seededRandom(seed);
  const rounds = defaultSwissRounds(players);
  const entrants: (SwissEntrant & {
    colours: ('white' | 'black' | null)[];
    opponents: number[];
  })[] = Array.from({ length: players }, (_, index) => ({
    index,
    rank: index,
    score: 0,
    colours: [],
    opponents: [],
    hadBye: false,
  }));
  const times: number[] = [];
  const boards: PlayedBoard[] = [];
  for (let round = 1; round <= rounds; round++) {
    const started = performance.now();
    const pairings = swissPairings(entrants, round);
    times.push(performance.now() - started);
    if (pairings === undefined) break;
    for (const { white, black } of pairings) {
      const w = entrants[white]!;
      if (black === null) {
        Object.assign(w, { score: w.score + 1, hadBye: true });
        w.colours.push(null);
        boards.push({ round, white, black, whiteScore: 1 });
        continue;
      }
      const b = entrants[black]!;
      // The better seed wins two games in three; a draw one in six.
      const roll = random();
      const better = white < black ? 1 : 0;
      const whiteScore = roll < 1 / 6 ? 0.5 : roll < 5 / 6 ? better : 1 - better;
      boards.push({ round, white, black, whiteScore: whiteScore as 0 | 0.5 | 1 });
      Object.assign(w, { score: w.score + whiteScore });
      Object.assign(b, { score: b.score + 1 - whiteScore });
      w.colours.push('white');
      b.colours.push('black');
      w.opponents.push(black);
      b.opponents.push(white);
    }
  }
  return { times, boards };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

for (const players of [16, 64, 200]) {
  const times: number[] = [];
  let boards: PlayedBoard[] = [];
  for (let seed = 1; seed <= 5; seed++) {
    const event = swissEvent(players, seed);
    times.push(...event.times);
    boards = event.boards;
  }
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const started = performance.now();
  tournamentStandings(players, boards, 'swiss');
  const standings = performance.now() - started;
  console.log(
    `swiss, ${players} players, ${defaultSwissRounds(players)} rounds ×5 events: ` +
      `a round's pairing ${ms(mean)} mean, ${ms(Math.max(...times))} at most; standings ${ms(standings)}`,
  );
}

const started = performance.now();
for (let n = 2; n <= 64; n++) roundRobinSchedule(n);
console.log(
  `round robin: the Berger tables of 2 to 64 players in ${ms(performance.now() - started)}`,
);
