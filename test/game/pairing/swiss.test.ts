import { describe, expect, it } from 'vitest';
import { swissPairings, type SwissEntrant } from '../../../src/game/pairing/swiss.js';
import { boardsFromTable, swissEntrantsAfter, tableOf } from '../../support/swiss-events.js';

/** A newcomer: no games, no points; rank = index unless given. */
const newcomer = (index: number, rank = index): SwissEntrant => ({
  index,
  rank,
  score: 0,
  colours: [],
  opponents: [],
  hadBye: false,
});

/** Round 2 as a pairing table, after round 1 written the same way with White's results. */
const round2After = (
  entrantCount: number,
  round1: string,
  results: readonly (0 | 0.5 | 1)[],
): string =>
  tableOf(
    swissPairings(swissEntrantsAfter(entrantCount, boardsFromTable(1, round1, results), 1), 2)!,
  );

const field = (size: number): SwissEntrant[] =>
  Array.from({ length: size }, (_, index) => newcomer(index));

describe('swissPairings, round 1', () => {
  it('pairs the top half against the bottom half, colours alternating from White on board 1', () => {
    expect(tableOf(swissPairings(field(8), 1)!)).toBe('1-5, 6-2, 3-7, 8-4');
  });

  it('gives the bye to the lowest-ranked of an odd field and pairs the rest', () => {
    expect(tableOf(swissPairings(field(9), 1)!)).toBe('1-5, 6-2, 3-7, 8-4, 9-0');
  });

  it('goes by rank, not by the order or the indexes it is handed', () => {
    const ranks = [5, 2, 7, 0, 4, 1, 6, 3]; // index 3 is the strongest, index 2 the weakest
    const entrants = ranks.map((rank, index) => newcomer(index, rank)).reverse();
    const byRank = (rank: number): number => ranks.indexOf(rank) + 1;
    const expected = [
      `${byRank(0)}-${byRank(4)}`,
      `${byRank(5)}-${byRank(1)}`,
      `${byRank(2)}-${byRank(6)}`,
      `${byRank(7)}-${byRank(3)}`,
    ].join(', ');
    expect(tableOf(swissPairings(entrants, 1)!)).toBe(expected);
  });

  it('has nothing to pair for nobody, and only a bye for one entrant', () => {
    expect(swissPairings([], 1)).toEqual([]);
    expect(swissPairings(field(1), 1)).toEqual([{ white: 0, black: null }]);
  });
});

describe('swissPairings, later rounds', () => {
  it('transposes S2 when S1[i] v S2[i] would be a rematch', () => {
    // Round 1: 1-3 and 2-4, both drawn; everyone is on ½ and 1 v 3 would repeat. 1 v 4 and
    // 2 v 3 suit everyone's colours (1 and 2 are due Black, 3 and 4 White).
    expect(round2After(4, '1-3, 2-4', [0.5, 0.5])).toBe('4-1, 3-2');
  });

  it('prefers an exchange that suits the colours to a transposition that does not', () => {
    // Round 1 by the rules: 1-3 and 4-2, both drawn. 1 v 3 would repeat; 1 v 4 would have two
    // players due Black; exchanging 2 into S2 gives 1 v 2 and 3 v 4, both suiting colours.
    expect(round2After(4, '1-3, 4-2', [0.5, 0.5])).toBe('2-1, 3-4');
  });

  it('transposes S2 when S1[i] v S2[i] would give someone a third colour in a row', () => {
    const twice = (index: number, colour: 'white' | 'black'): SwissEntrant => ({
      ...newcomer(index),
      score: 1,
      colours: [colour, colour],
      opponents: [10 + 2 * index, 11 + 2 * index], // met entrants who have since withdrawn
    });
    const entrants = [twice(0, 'black'), twice(1, 'white'), twice(2, 'black'), twice(3, 'white')];
    // 1 v 3 cannot be played: both have had Black twice. So 1 v 4 and 2 v 3.
    expect(tableOf(swissPairings(entrants, 3)!)).toBe('1-4, 3-2');
  });

  it('floats the odd player of a bracket down to meet the top of the next one', () => {
    // Round 1: 1-3 (1-0), 4-2 (0-1), 5 has the bye. Now 1, 2 and 5 are on 1 point.
    // The bye goes to 4 (lowest, no bye yet); 1 v 2 on 1 point; 5 floats down and meets 3.
    expect(round2After(5, '1-3, 4-2, 5-0', [1, 0])).toBe('2-1, 3-5, 4-0');
  });

  it('skips players who had the bye when giving the next one', () => {
    // 3 players: round 1 3 had the bye, 1 beat 2; round 2 2 took the bye, 3 beat 1.
    expect(round2After(3, '1-2, 3-0', [1])).toBe('3-1, 2-0');
    const round1 = boardsFromTable(1, '1-2, 3-0', [1]);
    const round2 = boardsFromTable(2, '3-1, 2-0', [1]);
    expect(tableOf(swissPairings(swissEntrantsAfter(3, [...round1, ...round2], 2), 3)!)).toBe(
      '2-3, 1-0',
    );
  });

  it('gives the bye higher up when the lowest player taking it would leave a rematch', () => {
    // 1 has met 2, 3 and 4: only 5 is left for 1, so 5 cannot have the bye; 4 takes it.
    const entrants: SwissEntrant[] = [
      { ...newcomer(0), score: 3, colours: ['white', 'black', 'white'], opponents: [1, 2, 3] },
      { ...newcomer(1), score: 1, colours: ['black', 'white', null], opponents: [0, 4] },
      { ...newcomer(2), score: 1, colours: ['white', 'black', null], opponents: [0] },
      { ...newcomer(3), score: 1, colours: ['black', null, 'white'], opponents: [0] },
      { ...newcomer(4), score: 1, colours: [null, 'black', 'white'], opponents: [1] },
    ];
    expect(tableOf(swissPairings(entrants, 4)!)).toBe('5-1, 3-2, 4-0');
  });

  it('relaxes the colour rules only when no pairing keeps them', () => {
    const third = (index: number): SwissEntrant => ({
      ...newcomer(index),
      colours: ['white', 'white'],
      opponents: [5 + index],
    });
    const boards = swissPairings([third(0), third(1)], 3);
    expect(boards).toHaveLength(1);
    expect(tableOf(boards!)).toBe('2-1'); // 1 is due Black, and higher-placed
  });

  it('answers undefined when everybody has met everybody', () => {
    const boards = boardsFromTable(1, '1-4, 2-3', [1, 1]).concat(
      boardsFromTable(2, '4-3, 1-2', [0, 1]),
      boardsFromTable(3, '2-4, 3-1', [1, 0]),
    );
    expect(swissPairings(swissEntrantsAfter(4, boards, 3), 4)).toBeUndefined();
  });

  it('gives the same boards whatever order the entrants come in', () => {
    const round1 = boardsFromTable(1, '1-5, 6-2, 3-7, 8-4', [1, 0.5, 0, 1]);
    const entrants = swissEntrantsAfter(8, round1, 1);
    const shuffled = [
      entrants[5]!,
      entrants[2]!,
      entrants[7]!,
      entrants[0]!,
      entrants[4]!,
      entrants[1]!,
      entrants[6]!,
      entrants[3]!,
    ];
    expect(swissPairings(shuffled, 2)).toEqual(swissPairings(entrants, 2));
  });
});

describe('swissPairings, colours of a board', () => {
  it('gives each player their due colour when they differ', () => {
    // 1 (due Black) v 4 (due White) on 1 point; 2 (due White) v 3 (due Black) on 0.
    expect(round2After(4, '1-3, 4-2', [1, 1])).toBe('4-1, 2-3');
  });

  it('gives the colour both are due to the higher-placed player', () => {
    // 1 and 2 both had White and are due Black: 1 is placed higher. 3 and 4 are both due
    // White: 3 is placed higher.
    expect(round2After(4, '1-3, 2-4', [1, 1])).toBe('2-1, 3-4');
  });

  it('lets a player with a preference have it against a higher-placed one without', () => {
    // 3 had the bye (a point, no game, no preference); 1 lost with White and is due Black.
    const round1 = boardsFromTable(1, '1-2, 3-0', [0]);
    const [first, , third] = swissEntrantsAfter(3, round1, 1);
    expect(tableOf(swissPairings([first!, third!], 2)!)).toBe('3-1');
  });

  it('gives White on odd boards when neither player has a preference', () => {
    const late = (index: number): SwissEntrant => ({ ...newcomer(index), colours: [null] });
    expect(tableOf(swissPairings([0, 1, 2, 3].map(late), 2)!)).toBe('1-3, 4-2');
  });
});
