import { describe, expect, it } from 'vitest';
import { generatePuzzles } from '../../src/puzzles/generate.js';
import { bashniPuzzle } from '../support/puzzles.js';

describe('generatePuzzles', () => {
  it('counts a position found again as found-before, and kept as the library takes them', async () => {
    const twice = { ...bashniPuzzle('W:Wc3,g3:Bd4,h6', ['c3:e5']), id: 'bashni-aaaaaaaaaaaa' };
    const other = { ...bashniPuzzle('W:Wa1,g3:Bb2,h6', ['a1:c3']), id: 'bashni-bbbbbbbbbbbb' };
    const result = await generatePuzzles({
      variant: 'bashni',
      count: 2,
      // Games 0 and 1 find the same position, game 2 another one: the library is full then.
      mineGame: (game) =>
        Promise.resolve({
          puzzles: game === 3 ? [other, twice] : game === 2 ? [other] : [twice],
          counts: { mistakes: 2, kept: game === 3 ? 2 : 1 },
        }),
      endGame: 4,
    });
    expect(result.puzzles.map((p) => p.id)).toEqual([twice.id, other.id]);
    expect(result.counts).toEqual({ mistakes: 6, 'found-before': 1, kept: 2 });
  });
});
