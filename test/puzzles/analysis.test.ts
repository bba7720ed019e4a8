import { describe, expect, it } from 'vitest';
import { MATE_BOUND } from '../../src/ai/index.js';
import { legalMoves, parseFen, type Position } from '../../src/engine/index.js';
import {
  minePosition,
  moveScore,
  puzzleSearcher,
  uniqueWin,
  MARGIN,
  NOT_WINNING,
  WINNING,
  type PuzzleBudgets,
} from '../../src/puzzles/index.js';

const budgets: PuzzleBudgets = { proposeNodes: 20_000, verifyNodes: 10_000 };

function position(fen: string): Position {
  const parsed = parseFen(fen, 'bashni');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('uniqueWin', () => {
  const searcher = puzzleSearcher(16);

  it('rejects a position with two winning first moves', () => {
    // Either capture takes Black's last piece: both win at once.
    const twoWins = position('W:Wc3,e3:Bd4');
    const scores = legalMoves(twoWins).map((move) => moveScore(searcher, twoWins, move, 10_000));
    expect(scores).toHaveLength(2);
    for (const score of scores) expect(score).toBeGreaterThan(MATE_BOUND);
    expect(uniqueWin(searcher, twoWins, budgets)).toEqual({ kind: 'none', reason: 'not-unique' });
    expect(minePosition(searcher, twoWins, budgets, 'test')).toEqual({ rejected: 'not-unique' });
  });

  it('accepts a position whose one winning move is a sacrifice', () => {
    // From a self-play game: a3-b4 gives a man (a5:c3), then e3-d4 wins the a5 tower back.
    const sacrifice = position(
      'W:Wa1,c1,e1,f2(00/0),h2,a3,e3(00):Ba5(0/000),g5,b6(00),d6(00),g7,b8,d8,f8,h8',
    );
    const choice = uniqueWin(searcher, sacrifice, budgets);
    expect(choice).toMatchObject({ kind: 'unique', move: 'a3-b4' });
    if (choice.kind === 'unique') {
      expect(choice.score).toBeGreaterThanOrEqual(WINNING);
      expect(choice.runnerUp).toBeLessThanOrEqual(Math.min(NOT_WINNING, choice.score - MARGIN));
    }
  });

  it('calls a position with one legal move forced, never a puzzle', () => {
    const forced = position('W:Wc3:Bd4,h8');
    expect(uniqueWin(searcher, forced, budgets).kind).toBe('forced');
    expect(minePosition(searcher, forced, budgets, 'test')).toEqual({ rejected: 'not-winning' });
  });
});
