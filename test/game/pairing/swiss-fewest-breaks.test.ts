/**
 * When no pairing keeps the hard colour rules, the Swiss pairer breaks them for as few players
 * as possible: seeded events of 10 to 16 players who each miss a round now and then (a gap in
 * their colours), played to as many rounds as there are players, 700 rounds in all. Every
 * round's breaks are compared with the fewest any pairing of that field (the bye given as the
 * pairer gave it) can have, found by brute force over every pairing, with the rules written out
 * again here.
 */
import { describe, expect, it } from 'vitest';
import type { PlayedBoard } from '../../../src/game/pairing/standings.js';
import { swissPairings, type SwissEntrant } from '../../../src/game/pairing/swiss.js';
import { seededRandom } from '../../support/random.js';
import { playRandomResults, swissEntrantsAfter } from '../../support/swiss-events.js';

type Colour = 'white' | 'black';

const ROUNDS = 700;
/** The chance that an entrant misses a round. */
const ABSENCE = 0.1;

function keeps(colours: readonly (Colour | null)[], colour: Colour): boolean {
  const played = [...colours.filter((c): c is Colour => c !== null), colour];
  const whites = played.filter((c) => c === 'white').length;
  if (Math.abs(whites - (played.length - whites)) > 2) return false;
  return !(played.length >= 3 && played.slice(-3).every((c) => c === colour));
}

/** The fewest players of a board whose rules some allocation of colours breaks. */
function boardBreaks(first: SwissEntrant, second: SwissEntrant): number {
  const breaks = (firstColour: Colour, secondColour: Colour) =>
    Number(!keeps(first.colours, firstColour)) + Number(!keeps(second.colours, secondColour));
  return Math.min(breaks('white', 'black'), breaks('black', 'white'));
}

/** The fewest breaks of any pairing of `players` without rematches (Infinity: none pairs). */
function fewestBreaks(players: readonly SwissEntrant[]): number {
  const known = new Map<number, number>();
  const solve = (unpaired: number): number => {
    if (unpaired === 0) return 0;
    const cached = known.get(unpaired);
    if (cached !== undefined) return cached;
    const first = Math.log2(unpaired & -unpaired);
    let best = Infinity;
    for (let other = first + 1; other < players.length; other++) {
      if ((unpaired & (1 << other)) === 0) continue;
      const a = players[first]!;
      const b = players[other]!;
      if (a.opponents.includes(b.index)) continue;
      const rest = solve(unpaired & ~(1 << first) & ~(1 << other));
      best = Math.min(best, boardBreaks(a, b) + rest);
    }
    known.set(unpaired, best);
    return best;
  };
  return solve((1 << players.length) - 1);
}

describe('swissPairings breaks the colour rules for as few players as possible', () => {
  it(`in ${ROUNDS} rounds of seeded events`, () => {
    const random = seededRandom(4);
    let rounds = 0;
    let forced = 0;
    const excess: string[] = [];
    for (let event = 0; rounds < ROUNDS; event++) {
      const playerCount = 10 + (event % 7);
      const boards: PlayedBoard[] = [];
      for (let round = 1; round <= playerCount && rounds < ROUNDS; round++) {
        const present = swissEntrantsAfter(playerCount, boards, round - 1).filter(
          () => random() >= ABSENCE,
        );
        if (present.length < 2) continue;
        const entrants = new Map(present.map((entrant) => [entrant.index, entrant]));
        const pairings = swissPairings(present, round);
        if (pairings === undefined) break;
        rounds++;
        const bye = pairings.find(({ black }) => black === null)?.white;
        const field = present.filter((entrant) => entrant.index !== bye);
        const fewest = fewestBreaks(field);
        const broken = pairings.flatMap(({ white, black }) =>
          black === null
            ? []
            : [
                ...(keeps(entrants.get(white)!.colours, 'white') ? [] : [white]),
                ...(keeps(entrants.get(black)!.colours, 'black') ? [] : [black]),
              ],
        );
        if (fewest > 0) forced++;
        if (broken.length !== fewest)
          excess.push(`event ${event} round ${round}: ${broken.length} broken, ${fewest} needed`);
        playRandomResults(boards, round, pairings, random);
      }
    }
    expect(excess).toEqual([]);
    // The sample must hold rounds where the rules cannot all be kept, or it proves nothing.
    expect(forced).toBeGreaterThan(5);
  });
});
