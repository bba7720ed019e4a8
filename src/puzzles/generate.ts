import type { VariantId } from '../engine/index.js';
import type { Puzzle } from './puzzle.js';
import { addCounts, type MinedGame, type MiningCounts } from './self-play.js';

export interface GenerateOptions {
  readonly variant: VariantId;
  /** How many puzzles the library should hold (those given in `library` included). */
  readonly count: number;
  /** Mines one game (by index) of the library seed: in process or on a worker. */
  readonly mineGame: (game: number) => Promise<MinedGame>;
  /** Games mined at once. */
  readonly concurrency?: number;
  /** The first game to mine (a resumed library: the games it has mined so far). */
  readonly firstGame?: number;
  /** The puzzles found so far (a resumed library). */
  readonly library?: readonly Puzzle[];
  /** Stop before this game even when short of `count` (default 100 000). */
  readonly endGame?: number;
  /** Called as each game's puzzles are taken, in game order, with the state after it. */
  readonly onGame?: (progress: MiningProgress) => void;
}

/** Where mining stands after a game. */
export interface MiningProgress {
  /** The game just taken. */
  readonly game: number;
  /** Its puzzles taken. */
  readonly taken: number;
  /** The library so far. */
  readonly puzzles: readonly Puzzle[];
  /** What became of the positions looked at in the games taken by this run. */
  readonly counts: MiningCounts;
}

/**
 * Mines games `firstGame`, `firstGame + 1`, ... until the library holds `count` puzzles,
 * `concurrency` games at a time, and takes their puzzles in game order (skipping positions
 * already taken), so the library is the same for a seed whatever the concurrency and however
 * the games are split between runs: games finished beyond the last one needed are dropped.
 * Returns the library and the next game to mine.
 */
export async function generatePuzzles(
  options: GenerateOptions,
): Promise<{ puzzles: Puzzle[]; nextGame: number; counts: MiningCounts }> {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const endGame = options.endGame ?? 100_000;
  const done = new Map<number, MinedGame>();
  const taken: Puzzle[] = [...(options.library ?? [])];
  const ids = new Set(taken.map((puzzle) => puzzle.id));
  let counts: MiningCounts = {};
  let nextGame = options.firstGame ?? 0;
  let nextToTake = nextGame;
  const enough = () => taken.length >= options.count || nextToTake >= endGame;

  const takeInOrder = () => {
    while (!enough() && done.has(nextToTake)) {
      const mined = done.get(nextToTake)!;
      done.delete(nextToTake);
      let count = 0;
      let foundBefore = 0;
      for (const puzzle of mined.puzzles) {
        if (taken.length >= options.count) continue;
        if (ids.has(puzzle.id)) {
          foundBefore++;
          continue;
        }
        ids.add(puzzle.id);
        taken.push(puzzle);
        count++;
      }
      // Kept is what the library took: one found before moves to its own stage, one past the
      // count was never taken.
      const { kept: _mined, ...others } = mined.counts;
      counts = addCounts(counts, { ...others, kept: count, 'found-before': foundBefore });
      options.onGame?.({ game: nextToTake, taken: count, puzzles: taken, counts });
      nextToTake++;
    }
  };
  const worker = async () => {
    while (!enough() && nextGame < endGame) {
      const game = nextGame++;
      done.set(game, await options.mineGame(game));
      takeInOrder();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { puzzles: taken, nextGame: nextToTake, counts };
}
