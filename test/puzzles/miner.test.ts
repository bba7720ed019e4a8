import { describe, expect, it } from 'vitest';
import {
  checkLegality,
  generatePuzzles,
  mineGame,
  puzzleSearcher,
  verifyPuzzle,
  type Puzzle,
  type PuzzleBudgets,
} from '../../src/puzzles/index.js';

/** A small budget: a game mines in a second or two. */
const budgets: PuzzleBudgets = {
  scanNodes: 4_000,
  proposeNodes: 20_000,
  verifyNodes: 10_000,
  defendNodes: 20_000,
};

describe('mineGame', () => {
  it('makes valid puzzles with a unique winning first move from a seeded game', async () => {
    const puzzles = await mineGame(puzzleSearcher(16), {
      variant: 'bashni',
      seed: 1,
      game: 0,
      budgets,
    });
    expect(puzzles.length).toBeGreaterThan(0);
    for (const puzzle of puzzles) {
      expect(puzzle.id).toMatch(/^bashni-[0-9a-f]{12}$/);
      expect(puzzle.seed).toMatch(/^1\/0\/\d+$/);
      expect(puzzle.solution.length % 2).toBe(1);
      expect(checkLegality(puzzle)).toEqual([]);
      // A fresh searcher agrees: every solver move is the one winning move (or forced).
      expect(verifyPuzzle(puzzleSearcher(16), puzzle, budgets)).toEqual([]);
    }
  });

  it('gives the same library for a seed, whatever the concurrency', async () => {
    const run = (concurrency: number) =>
      generatePuzzles({
        variant: 'bashni',
        count: 3,
        concurrency,
        mineGame: (game) =>
          mineGame(puzzleSearcher(16), { variant: 'bashni', seed: 5, game, budgets }),
      });
    const one = await run(1);
    expect(one).toHaveLength(3);
    expect(await run(2)).toEqual(one);
  });
});

describe('generatePuzzles', () => {
  const fake = (game: number): Puzzle => ({
    id: `bashni-${game % 3}`,
    variant: 'bashni',
    fen: 'W:Wc3:Bd4',
    solution: ['c3:e5'],
    themes: [],
    difficulty: 1,
    seed: `0/${game}/0`,
    goal: 'win',
  });

  it('takes games in order and skips positions already taken, however they finish', async () => {
    const finished: number[] = [];
    const puzzles = await generatePuzzles({
      variant: 'bashni',
      count: 3,
      concurrency: 3,
      // Later games finish first; game 3 repeats game 0's position.
      mineGame: async (game) => {
        for (let i = 0; i < 10 - game; i++) await Promise.resolve();
        finished.push(game);
        return [fake(game)];
      },
    });
    expect(finished.slice(0, 3)).toEqual([2, 1, 0]);
    expect(puzzles.map((puzzle) => puzzle.seed)).toEqual(['0/0/0', '0/1/0', '0/2/0']);
  });

  it('stops at maxGames when puzzles are scarce', async () => {
    const puzzles = await generatePuzzles({
      variant: 'bashni',
      count: 10,
      maxGames: 4,
      mineGame: (game) => Promise.resolve([fake(game)]),
    });
    expect(puzzles.map((puzzle) => puzzle.id)).toEqual(['bashni-0', 'bashni-1', 'bashni-2']);
  });
});
