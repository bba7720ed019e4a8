import { describe, expect, it } from 'vitest';
import { makeFen, startPosition, VARIANTS } from '../../src/engine/index.js';
import {
  checkPuzzleMove,
  finishAttempt,
  puzzleLastMove,
  puzzlePosition,
  type PuzzleLine,
} from '../../src/game/puzzle-solving.js';
import { MemoryPuzzleStore } from '../../src/store/memory-puzzle-store.js';
import { MISTAKE_LINE } from '../support/puzzles.js';

/** A line from the start: three plies, the solver's, the defender's, the solver's. */
const LINE: PuzzleLine = {
  id: 'bashni-test',
  variant: 'bashni',
  fen: makeFen(startPosition('bashni')),
  solution: ['c3-d4', 'f6-g5', 'g3-h4'],
};

const ANNA = { platform: 'discord' as const, userId: '1', displayName: 'Anna' };

describe('solving a puzzle', () => {
  it('answers a right move with the defender’s reply and ends solved on the last one', () => {
    const first = checkPuzzleMove(LINE, 0, 'c3-d4');
    expect(first).toEqual({
      kind: 'correct',
      move: 'c3-d4',
      reply: 'f6-g5',
      solved: false,
      ply: 2,
    });
    // Typed loosely, as anywhere else.
    const last = checkPuzzleMove(LINE, 2, 'g3 h4');
    expect(last).toEqual({
      kind: 'correct',
      move: 'g3-h4',
      reply: undefined,
      solved: true,
      ply: 3,
    });
    expect(makeFen(puzzlePosition(LINE, 3))).not.toBe(LINE.fen);
  });

  it('ends the attempt on another legal move, or on text that is no move here', () => {
    expect(checkPuzzleMove(LINE, 0, 'a3-b4')).toEqual({
      kind: 'wrong',
      move: 'a3-b4',
      expected: 'c3-d4',
    });
    expect(checkPuzzleMove(LINE, 0, 'c3-c5')).toEqual({ kind: 'wrong', expected: 'c3-d4' });
  });

  it('treats a press for another point of the line as stale', () => {
    expect(checkPuzzleMove(LINE, 1, 'f6-g5')).toEqual({ kind: 'stale' });
    expect(checkPuzzleMove(LINE, 4, 'c3-d4')).toEqual({ kind: 'stale' });
  });

  it('rates only the first attempt: solving raises the solver and lowers the puzzle', async () => {
    const store = new MemoryPuzzleStore();
    const solved = await finishAttempt(store, {
      puzzleId: LINE.id,
      player: ANNA,
      solved: true,
      at: 1,
    });
    expect(solved.counted).toBe(true);
    expect(solved.rating.rating).toBeGreaterThan(1500);
    expect(solved.change).toBeCloseTo(solved.rating.rating - 1500, 9);
    expect((await store.rating('puzzle', LINE.id))!.rating).toBeLessThan(1500);
    const again = await finishAttempt(store, {
      puzzleId: LINE.id,
      player: ANNA,
      solved: false,
      at: 2,
    });
    expect(again).toEqual({ counted: false, rating: solved.rating, change: 0 });
  });

  it('a failed first attempt lowers the solver', async () => {
    const store = new MemoryPuzzleStore();
    const failed = await finishAttempt(store, {
      puzzleId: LINE.id,
      player: ANNA,
      solved: false,
      at: 1,
    });
    expect(failed.counted).toBe(true);
    expect(failed.rating.rating).toBeLessThan(1500);
  });
});

describe('the board of a puzzle', () => {
  // The mistake is the first board's last move.
  const line = MISTAKE_LINE;

  it('marks the mistake that made the puzzle, then the line’s own moves', () => {
    const squares = (move: ReturnType<typeof puzzleLastMove>) =>
      move === null ? null : [move.from, ...move.path];
    const names = VARIANTS.bashni.geometry.names;
    expect(squares(puzzleLastMove(line, 0))?.map((s) => names[s])).toEqual(['e5', 'd4']);
    expect(squares(puzzleLastMove(line, 1))?.map((s) => names[s])).toEqual(['c3', 'e5']);
    expect(puzzleLastMove({ ...line, mistake: undefined }, 0)).toBeNull();
  });
});
