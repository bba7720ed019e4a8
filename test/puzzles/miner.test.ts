import { describe, expect, it } from 'vitest';
import { legalMoves, parseFen, type Position } from '../../src/engine/index.js';
import { MATE_BOUND } from '../../src/ai/index.js';
import {
  bestReply,
  checkLegality,
  positionValue,
  RECOGNISE_NODES,
  coinFlips,
  decodePuzzle,
  generatePuzzles,
  materialBalance,
  mineGame,
  minePosition,
  MINING_BUDGETS,
  puzzleSearcher,
  scaleBudgets,
  SWING,
  tierOf,
  uniqueWin,
  verifyPuzzle,
  type MinedGame,
  type Puzzle,
} from '../../src/puzzles/index.js';
import { play } from '../../src/puzzles/miner.js';

/** A twentieth of the mining budgets: a game mines in a second or two. */
const budgets = scaleBudgets(MINING_BUDGETS, 0.05);

function position(fen: string): Position {
  const parsed = parseFen(fen, 'bashni');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('mineGame', () => {
  it('makes puzzles from mistakes: unique at every solver step, played to the gain', async () => {
    const mined = await mineGame(puzzleSearcher(16), {
      variant: 'bashni',
      seed: 1,
      game: 0,
      budgets,
    });
    expect(mined.puzzles.length).toBeGreaterThan(0);
    expect(mined.counts.kept).toBe(mined.puzzles.length);
    expect(mined.counts.mistakes).toBeGreaterThanOrEqual(mined.puzzles.length);
    for (const puzzle of mined.puzzles) {
      expect(puzzle.id).toMatch(/^bashni-[0-9a-f]{12}$/);
      expect(puzzle.seed).toMatch(/^1\/0\/\d+$/);
      expect(checkLegality(puzzle)).toEqual([]);
      // The mistake leads to the puzzle's position (the codec checks it) and is on record.
      expect(decodePuzzle(JSON.parse(JSON.stringify(puzzle)), 'bashni')).toEqual({
        ok: true,
        value: puzzle,
      });
      expect(puzzle.mistake).toBeDefined();
      expect(puzzle.difficulty).toBe(tierOf(puzzle.rating!));
      expect(coinFlips(puzzle)).not.toContain('few-candidates');
      // A fresh searcher at the strict budgets agrees, the defences included.
      expect(
        verifyPuzzle(puzzleSearcher(16), puzzle, budgets.strict, { bestDefence: true }),
      ).toEqual([]);
      // The gain is on the board at the end of the line (or the game is over).
      const start = position(puzzle.fen);
      const end = puzzle.solution.reduce(play, start);
      const gain = materialBalance(end, start.turn) - materialBalance(start, start.turn);
      expect(legalMoves(end).length === 0 || gain >= SWING).toBe(true);
    }
  });

  it('gives the same library for a seed, whatever the concurrency or the chunks', async () => {
    const mine = (game: number) =>
      mineGame(puzzleSearcher(16), { variant: 'bashni', seed: 2, game, budgets });
    const run = (concurrency: number) =>
      generatePuzzles({ variant: 'bashni', count: 2, concurrency, mineGame: mine });
    const one = await run(1);
    expect(one.puzzles).toHaveLength(2);
    expect(await run(2)).toEqual(one);
    // The same mining in two runs: one game, then on from there. Mining a game again gives
    // the same (shown above), so the games are mined once here.
    const games = new Map<number, Promise<MinedGame>>();
    const once = (game: number) => {
      const mined = games.get(game) ?? mine(game);
      games.set(game, mined);
      return mined;
    };
    const first = await generatePuzzles({
      variant: 'bashni',
      count: 2,
      endGame: 1,
      mineGame: once,
    });
    expect(first.nextGame).toBe(1);
    expect(first.puzzles).toHaveLength(1);
    const rest = await generatePuzzles({
      variant: 'bashni',
      count: 2,
      firstGame: first.nextGame,
      library: first.puzzles,
      mineGame: once,
    });
    expect(rest.puzzles).toEqual(one.puzzles);
    expect(rest.nextGame).toBe(one.nextGame);
  });
});

describe('minePosition', () => {
  it('drops a line that stops before its gain is on the board', () => {
    // h6-g5 is the one winning move (the old miner took it), but after the best defence no
    // solver move is unique before the material is won: no puzzle.
    const searcher = puzzleSearcher(16);
    const stops = position(
      'B:Wa1,c1,g1,d2,f2,c3(0/000),b4(000),f4:Bd6(00),f6(0000),h6,c7(0/00),d8',
    );
    expect(uniqueWin(searcher, stops, budgets.strict)).toMatchObject({
      kind: 'unique',
      move: 'h6-g5',
    });
    expect(minePosition(searcher, stops, budgets.strict, 'test')).toEqual({
      rejected: 'short-of-gain',
    });
  });
});

describe('minePosition: a forced win recognised', () => {
  it('ends a line where the way on is no longer unique but a quick search proves the rest', () => {
    // Giveaway: h6-g5 forces the win; after h4:f6 h8-g7 several moves keep it, and a search
    // of RECOGNISE_NODES already sees the rest through.
    const searcher = puzzleSearcher(16);
    const parsed = parseFen(
      'B:Wa1,c1,e1,g1,b2,h2,a3,g3,h4,a5(0/0),a7(0/0000),d8(1/0000):Bh6,f8,h8',
      'giveaway',
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const mined = minePosition(searcher, parsed.value, budgets.strict, 'test');
    if ('rejected' in mined) throw new Error(`rejected: ${mined.rejected}`);
    expect(mined.solution).toEqual(['h6-g5', 'h4:f6', 'h8-g7']);
    expect(mined.goal).toBe('win');
    const end = mined.solution.reduce(play, parsed.value);
    const afterReply = play(end, bestReply(searcher, end, budgets.strict.verifyNodes));
    expect(positionValue(searcher, afterReply, RECOGNISE_NODES)).toBeGreaterThan(MATE_BOUND);
  });
});

describe('generatePuzzles', () => {
  const fake = (game: number): MinedGame => ({
    puzzles: [
      {
        id: `bashni-${game % 3}`,
        variant: 'bashni',
        fen: 'W:Wc3:Bd4',
        solution: ['c3:e5'],
        themes: [],
        difficulty: 1,
        seed: `0/${game}/0`,
        goal: 'win',
      } satisfies Puzzle,
    ],
    counts: { mistakes: 2, 'not-unique': 1, kept: 1 },
  });

  it('takes games in order and skips positions already taken, however they finish', async () => {
    const finished: number[] = [];
    const result = await generatePuzzles({
      variant: 'bashni',
      count: 3,
      concurrency: 3,
      // Later games finish first; game 3 repeats game 0's position.
      mineGame: async (game) => {
        for (let i = 0; i < 10 - game; i++) await Promise.resolve();
        finished.push(game);
        return fake(game);
      },
    });
    expect(finished.slice(0, 3)).toEqual([2, 1, 0]);
    expect(result.puzzles.map((puzzle) => puzzle.seed)).toEqual(['0/0/0', '0/1/0', '0/2/0']);
    expect(result.counts).toEqual({ mistakes: 6, 'not-unique': 3, kept: 3 });
  });

  it('stops at endGame when puzzles are scarce', async () => {
    const result = await generatePuzzles({
      variant: 'bashni',
      count: 10,
      endGame: 4,
      mineGame: (game) => Promise.resolve(fake(game)),
    });
    expect(result.puzzles.map((puzzle) => puzzle.id)).toEqual(['bashni-0', 'bashni-1', 'bashni-2']);
    expect(result.nextGame).toBe(4);
  });
});
