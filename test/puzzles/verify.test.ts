import { describe, expect, it } from 'vitest';
import { puzzleSearcher } from '../../src/puzzles/analysis.js';
import { DEFAULT_BUDGETS } from '../../src/puzzles/thresholds.js';
import { verifyPuzzle } from '../../src/puzzles/verify.js';
import { bashniPuzzle } from '../support/puzzles.js';

/** The library's own budgets: with smaller ones its first move is not found winning. */
const BUDGETS = DEFAULT_BUDGETS;

/**
 * bashni-f476a3da5ee1 of the first Bashni library (Black to move: f8:d6 wins, g3-f4 the defence),
 * with its defender's reply replaced by e7-f8, which loses at once: the solver's next move is
 * still the one winning move, so only a defence check can tell the line is wrong.
 */
const WEAK_DEFENCE = bashniPuzzle(
  'B:Wa1,c1,f2,a3,g3,h6(0/0),e7(000/00):Ba5(00),c5(0/0),c7(000),b8(0/0),d8(0/0),f8',
  ['f8:d6', 'e7-f8', 'd6-e5'],
);

describe('verifyPuzzle', () => {
  it('with bestDefence, refuses a line whose defender does not play the best defence', () => {
    expect(verifyPuzzle(puzzleSearcher(16), WEAK_DEFENCE, BUDGETS)).toEqual([]);
    const problems = verifyPuzzle(puzzleSearcher(16), WEAK_DEFENCE, BUDGETS, {
      bestDefence: true,
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^ply 2 e7-f8: not the best defence: \S+ scores -?\d+ for the defender, e7-f8 -?\d+$/,
    );
  });

  it('with bestDefence, keeps the line as the library has it', () => {
    const line = { ...WEAK_DEFENCE, solution: ['f8:d6', 'g3-f4', 'd6:f8'] };
    expect(verifyPuzzle(puzzleSearcher(16), line, BUDGETS, { bestDefence: true })).toEqual([]);
  });
});
