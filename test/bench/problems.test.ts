import { describe, expect, it } from 'vitest';
import { defaultWeights, MATE, MATE_BOUND, Searcher } from '../../src/ai/index.js';
import { legalMoves } from '../../src/engine/index.js';
import { loadProblems } from '../../bench/problems/problems.js';
import { engineHint, proveWin } from '../../bench/problems/prove.js';
import { fen, positionAfter } from '../support/engine-helpers.js';

const { problems } = loadProblems();
// The short ones: their proofs and searches take milliseconds.
const short = problems.filter((problem) => problem.plies <= 11);
const hint = engineHint();

describe('the composed problems of bench:ai', () => {
  it('are twenty or more wins and blocks of 5 to 25 plies, each with a choice at the start', () => {
    expect(problems.length).toBeGreaterThanOrEqual(20);
    expect(problems.some((problem) => problem.goal === 'block')).toBe(true);
    expect(problems.some((problem) => problem.goal === 'win')).toBe(true);
    for (const problem of problems) {
      expect(problem.plies).toBeGreaterThanOrEqual(5);
      expect(problem.plies).toBeLessThanOrEqual(25);
      expect(legalMoves(fen(problem.fen)).length, problem.fen).toBeGreaterThanOrEqual(3);
      // The line ends in the win: the loser without a move, and for a block with pieces left.
      const end = problem.line.reduce(positionAfter, fen(problem.fen));
      expect(legalMoves(end), problem.fen).toEqual([]);
      expect(problem.line.length).toBeLessThanOrEqual(problem.plies);
    }
  });

  it.each(short)(
    '$fen: the check proves the win in $plies plies, and none in two fewer',
    (problem) => {
      const position = fen(problem.fen);
      expect(proveWin(position, problem.plies, hint).proved).toBe(true);
      expect(proveWin(position, problem.plies - 2, hint).proved).toBe(false);
    },
  );

  it.each(short)('$fen: the search finds the win and stops short of its budget', (problem) => {
    const searcher = new Searcher({ ttBits: 18, now: () => 0 });
    const budget = 3_000_000;
    const result = searcher.search(fen(problem.fen), defaultWeights('bashni'), {
      maxNodes: budget,
    });
    expect(result.score).toBeGreaterThan(MATE_BOUND);
    expect(MATE - result.score).toBeLessThanOrEqual(problem.plies);
    expect(result.nodes).toBeLessThan(budget / 10);
  });
});
