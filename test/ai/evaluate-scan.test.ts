import { describe, expect, it } from 'vitest';
import { Board, makeFen, VARIANT_IDS, VARIANTS } from '../../src/engine/index.js';
import { Evaluator } from '../../src/ai/evaluate.js';
import { defaultWeights } from '../../src/ai/weights.js';
import { randomPositions } from '../support/engine-helpers.js';

const NARROW = VARIANT_IDS.filter((id) => VARIANTS[id].geometry.squareCount <= 32);

describe.each(NARROW)('%s: the square-by-square evaluation', (variantId) => {
  it('equals the bitboard evaluation term for term (the same total)', () => {
    const weights = defaultWeights(variantId);
    const values = new Set<number>();
    for (const position of randomPositions(variantId, 400, 19, 120)) {
      const board = new Board(position);
      const expected = new Evaluator(board, weights).evaluate();
      expect(new Evaluator(board, weights, { scan: true }).evaluate(), makeFen(position)).toBe(
        expected,
      );
      values.add(expected);
    }
    // Many different values: the comparison covers more than the start.
    expect(values.size).toBeGreaterThan(50);
  });
});
