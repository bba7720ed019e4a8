import { describe, expect, it } from 'vitest';
import { roundRobinSchedule } from '../../../src/game/pairing/berger.js';
import type { BoardPairing } from '../../../src/game/pairing/board-pairing.js';

/**
 * The Berger tables of FIDE Handbook C.05 Annex 1 as published (transcribed from
 * http://c.w.fox.tripod.com/chess/berger.html, which reproduces them): 1-based numbers,
 * White first, boards in the table's order.
 */
const PUBLISHED: Record<number, string[]> = {
  4: ['1-4 2-3', '4-3 1-2', '2-4 3-1'],
  6: ['1-6 2-5 3-4', '6-4 5-3 1-2', '2-6 3-1 4-5', '6-5 1-4 2-3', '3-6 4-2 5-1'],
  8: [
    '1-8 2-7 3-6 4-5',
    '8-5 6-4 7-3 1-2',
    '2-8 3-1 4-7 5-6',
    '8-6 7-5 1-4 2-3',
    '3-8 4-2 5-1 6-7',
    '8-7 1-6 2-5 3-4',
    '4-8 5-3 6-2 7-1',
  ],
  10: [
    '1-10 2-9 3-8 4-7 5-6',
    '10-6 7-5 8-4 9-3 1-2',
    '2-10 3-1 4-9 5-8 6-7',
    '10-7 8-6 9-5 1-4 2-3',
    '3-10 4-2 5-1 6-9 7-8',
    '10-8 9-7 1-6 2-5 3-4',
    '4-10 5-3 6-2 7-1 8-9',
    '10-9 1-8 2-7 3-6 4-5',
    '5-10 6-4 7-3 8-2 9-1',
  ],
  12: [
    '1-12 2-11 3-10 4-9 5-8 6-7',
    '12-7 8-6 9-5 10-4 11-3 1-2',
    '2-12 3-1 4-11 5-10 6-9 7-8',
    '12-8 9-7 10-6 11-5 1-4 2-3',
    '3-12 4-2 5-1 6-11 7-10 8-9',
    '12-9 10-8 11-7 1-6 2-5 3-4',
    '4-12 5-3 6-2 7-1 8-11 9-10',
    '12-10 11-9 1-8 2-7 3-6 4-5',
    '5-12 6-4 7-3 8-2 9-1 10-11',
    '12-11 1-10 2-9 3-8 4-7 5-6',
    '6-12 7-5 8-4 9-3 10-2 11-1',
  ],
};

/** A round in the tables' notation: 1-based, "W-B", a bye as "W-bye". */
const written = (round: readonly BoardPairing[]): string =>
  round.map(({ white, black }) => `${white + 1}-${black === null ? 'bye' : black + 1}`).join(' ');

describe('roundRobinSchedule', () => {
  for (const [size, table] of Object.entries(PUBLISHED)) {
    it(`reproduces the published Berger table for ${size} players`, () => {
      expect(roundRobinSchedule(Number(size)).map(written)).toEqual(table);
    });
  }

  it('gives an odd field the table of the next even size, meeting the dummy being the bye', () => {
    for (const size of [3, 5, 7, 9, 11]) {
      const table = PUBLISHED[size + 1]!;
      const expected = table.map((round) => {
        const boards = round.split(' ').map((board) => board.split('-').map(Number));
        const games = boards.filter((players) => !players.includes(size + 1));
        const bye = boards.find((players) => players.includes(size + 1))!;
        const byePlayer = bye.find((player) => player !== size + 1)!;
        return [...games.map(([white, black]) => `${white}-${black}`), `${byePlayer}-bye`].join(
          ' ',
        );
      });
      expect(roundRobinSchedule(size).map(written)).toEqual(expected);
    }
  });

  it('has no rounds for fewer than two players', () => {
    expect(roundRobinSchedule(0)).toEqual([]);
    expect(roundRobinSchedule(1)).toEqual([]);
    expect(roundRobinSchedule(2).map(written)).toEqual(['1-2']);
  });

  for (let size = 2; size <= 16; size++) {
    it(`${size} players: everyone meets everyone once, colours balance, byes go round`, () => {
      const rounds = roundRobinSchedule(size);
      expect(rounds).toHaveLength(size % 2 === 0 ? size - 1 : size);
      const meetings = new Map<string, number>();
      const whites = new Array<number>(size).fill(0);
      const blacks = new Array<number>(size).fill(0);
      const byes = new Array<number>(size).fill(0);
      for (const round of rounds) {
        const seated = round.flatMap(({ white, black }) =>
          black === null ? [white] : [white, black],
        );
        expect([...seated].sort((a, b) => a - b)).toEqual([...Array(size).keys()]);
        expect(round.filter(({ black }) => black === null)).toHaveLength(size % 2);
        expect(round.findIndex(({ black }) => black === null)).toBe(
          size % 2 === 0 ? -1 : round.length - 1,
        );
        for (const { white, black } of round) {
          if (black === null) {
            byes[white]!++;
            continue;
          }
          whites[white]!++;
          blacks[black]!++;
          const key = [white, black].sort((a, b) => a - b).join('-');
          meetings.set(key, (meetings.get(key) ?? 0) + 1);
        }
      }
      expect(meetings.size).toBe((size * (size - 1)) / 2);
      expect([...meetings.values()].every((count) => count === 1)).toBe(true);
      for (let player = 0; player < size; player++) {
        expect(Math.abs(whites[player]! - blacks[player]!)).toBeLessThanOrEqual(1);
        expect(byes[player]).toBe(size % 2);
      }
    });
  }
});
