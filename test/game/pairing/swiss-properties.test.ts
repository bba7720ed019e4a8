import { describe, expect, it } from 'vitest';
import type { PlayedBoard } from '../../../src/game/pairing/standings.js';
import { swissPairings, type SwissEntrant } from '../../../src/game/pairing/swiss.js';
import { seededRandom } from '../../support/random.js';
import { playRandomResults, swissEntrantsAfter } from '../../support/swiss-events.js';

type Colour = 'white' | 'black';

/** The hard colour rules, written out again independently of the pairer's own code. */
function colourRulesHold(colours: readonly (Colour | null)[]): boolean {
  const played = colours.filter((colour): colour is Colour => colour !== null);
  const whites = played.filter((colour) => colour === 'white').length;
  if (Math.abs(whites - (played.length - whites)) > 2) return false;
  return played.every(
    (colour, at) => at < 2 || colour !== played[at - 1] || colour !== played[at - 2],
  );
}

const met = (first: SwissEntrant, second: SwissEntrant): boolean =>
  first.opponents.includes(second.index) || second.opponents.includes(first.index);

const meetingKeepsColours = (first: SwissEntrant, second: SwissEntrant): boolean =>
  (colourRulesHold([...first.colours, 'white']) && colourRulesHold([...second.colours, 'black'])) ||
  (colourRulesHold([...first.colours, 'black']) && colourRulesHold([...second.colours, 'white']));

/** Whether everyone can be paired, by trying every partner of the first player (memoised). */
function canAllBePaired(
  players: readonly SwissEntrant[],
  canMeet: (first: SwissEntrant, second: SwissEntrant) => boolean,
): boolean {
  const known = new Map<number, boolean>();
  const solve = (unpaired: number): boolean => {
    if (unpaired === 0) return true;
    const cached = known.get(unpaired);
    if (cached !== undefined) return cached;
    const first = Math.log2(unpaired & -unpaired);
    let found = false;
    for (let other = first + 1; other < players.length && !found; other++) {
      if ((unpaired & (1 << other)) !== 0 && canMeet(players[first]!, players[other]!)) {
        found = solve(unpaired & ~(1 << first) & ~(1 << other));
      }
    }
    known.set(unpaired, found);
    return found;
  };
  return players.length % 2 === 0 && solve((1 << players.length) - 1);
}

const placedBelow = (first: SwissEntrant, second: SwissEntrant): boolean =>
  first.score < second.score || (first.score === second.score && first.rank > second.rank);

describe('swissPairings over random events', () => {
  for (let event = 0; event < 22; event++) {
    const playerCount = 6 + (event % 11);
    it(`event ${event + 1}, ${playerCount} players: no rematch, byes and colours by the rules`, () => {
      const random = seededRandom(1000 + event);
      const boards: PlayedBoard[] = [];
      const roundCount = playerCount % 2 === 0 ? playerCount - 1 : playerCount;
      for (let round = 1; round <= roundCount; round++) {
        const entrants = swissEntrantsAfter(playerCount, boards, round - 1);
        const pairings = swissPairings(entrants, round);
        const notMet = (first: SwissEntrant, second: SwissEntrant): boolean => !met(first, second);
        if (pairings === undefined) {
          // Only when no bye at all leaves a field without rematches.
          const fields =
            playerCount % 2 === 0
              ? [entrants]
              : entrants.map((bye) => entrants.filter((entrant) => entrant !== bye));
          expect(fields.some((players) => canAllBePaired(players, notMet))).toBe(false);
          expect(round).toBeGreaterThan(2);
          break;
        }
        const seated = pairings.flatMap(({ white, black }) =>
          black === null ? [white] : [white, black],
        );
        expect([...seated].sort((a, b) => a - b)).toEqual([...Array(playerCount).keys()]);

        const byeBoards = pairings.filter(({ black }) => black === null);
        expect(byeBoards).toHaveLength(playerCount % 2);
        const bye = byeBoards[0] === undefined ? undefined : entrants[byeBoards[0].white]!;
        const fresh = entrants.filter((entrant) => !entrant.hadBye);
        const withColours = (first: SwissEntrant, second: SwissEntrant): boolean =>
          notMet(first, second) && meetingKeepsColours(first, second);
        const withoutBye = (taker: SwissEntrant): SwissEntrant[] =>
          entrants.filter((entrant) => entrant !== taker);
        if (bye !== undefined && fresh.some((taker) => canAllBePaired(withoutBye(taker), notMet))) {
          expect(bye.hadBye).toBe(false);
          // Nobody placed lower and without a bye could have taken it under the rules in force.
          const rules = fresh.some((taker) => canAllBePaired(withoutBye(taker), withColours))
            ? withColours
            : notMet;
          for (const lower of fresh.filter((entrant) => placedBelow(entrant, bye))) {
            expect(canAllBePaired(withoutBye(lower), rules)).toBe(false);
          }
        }

        const games = pairings.filter(({ black }) => black !== null);
        for (const { white, black } of games)
          expect(met(entrants[white]!, entrants[black!]!)).toBe(false);
        const colourBroken = games.some(
          ({ white, black }) =>
            !colourRulesHold([...entrants[white]!.colours, 'white']) ||
            !colourRulesHold([...entrants[black!]!.colours, 'black']),
        );
        if (colourBroken) {
          const fields = bye === undefined ? [entrants] : fresh.map(withoutBye);
          expect(fields.some((players) => canAllBePaired(players, withColours))).toBe(false);
        }

        playRandomResults(boards, round, pairings, random);
      }
    });
  }
});
