import type { VariantId } from '../engine/index.js';
import type { Puzzle } from './puzzle.js';

export interface GenerateOptions {
  readonly variant: VariantId;
  readonly count: number;
  /** Mines one game (by index) of the library seed: in process or on a worker. */
  readonly mineGame: (game: number) => Promise<readonly Puzzle[]>;
  /** Games mined at once. */
  readonly concurrency?: number;
  /** Stop after this many games even when short of `count` (default 100 000). */
  readonly maxGames?: number;
  /** Called as each game's puzzles are taken, in game order. */
  readonly onGame?: (game: number, taken: number, total: number) => void;
}

/**
 * Mines games 0, 1, 2, ... until `count` puzzles are found, `concurrency` games at a time, and
 * takes their puzzles in game order (skipping positions already taken), so the library is the
 * same for a seed whatever the concurrency: games finished beyond the last one needed are
 * dropped.
 */
export async function generatePuzzles(options: GenerateOptions): Promise<Puzzle[]> {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const maxGames = options.maxGames ?? 100_000;
  const done = new Map<number, readonly Puzzle[]>();
  const taken: Puzzle[] = [];
  const ids = new Set<string>();
  let nextGame = 0;
  let nextToTake = 0;
  const enough = () => taken.length >= options.count || nextToTake >= maxGames;

  const takeInOrder = () => {
    while (!enough() && done.has(nextToTake)) {
      const puzzles = done.get(nextToTake)!;
      done.delete(nextToTake);
      let count = 0;
      for (const puzzle of puzzles) {
        if (taken.length >= options.count || ids.has(puzzle.id)) continue;
        ids.add(puzzle.id);
        taken.push(puzzle);
        count++;
      }
      options.onGame?.(nextToTake, count, taken.length);
      nextToTake++;
    }
  };
  const worker = async () => {
    while (!enough() && nextGame < maxGames) {
      const game = nextGame++;
      done.set(game, await options.mineGame(game));
      takeInOrder();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return taken;
}
