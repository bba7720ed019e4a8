import type { PuzzleLine } from '../../src/game/puzzle-solving.js';
import type { Clock } from '../../src/game/ports.js';
import type { PuzzleStore } from '../../src/game/puzzle-ports.js';
import { PuzzleService, type PuzzleCatalog } from '../../src/game/puzzles.js';
import { loadPuzzleCatalog } from '../../src/startup/puzzle-catalog.js';
import { MemoryPuzzleStore } from '../../src/store/memory-puzzle-store.js';
import type { Puzzle } from '../../src/puzzles/puzzle.js';

let catalog: PuzzleCatalog | undefined;

/** The committed puzzle libraries, read once per test file. */
export function testCatalog(): PuzzleCatalog {
  catalog ??= loadPuzzleCatalog((problem) => {
    throw new Error(problem);
  });
  return catalog;
}

/** The puzzle use cases on the memory store and the committed libraries. */
export function testPuzzleService(
  clock: Clock,
  store: PuzzleStore = new MemoryPuzzleStore({ clock }),
): PuzzleService {
  return new PuzzleService({ store, catalog: testCatalog(), clock, random: () => 0.5 });
}

/** The move at `ply` of a puzzle's solution line; throws when the line is shorter. */
export function solutionAt(puzzle: PuzzleLine, ply: number): string {
  const move = puzzle.solution[ply];
  if (move === undefined)
    throw new Error(`puzzle ${puzzle.id} has ${puzzle.solution.length} moves, no ply ${ply}`);
  return move;
}

/** A bashni puzzle of `fen` with `solution` (id, themes, difficulty and seed of no account). */
export function bashniPuzzle(fen: string, solution: readonly string[]): Puzzle {
  return {
    id: 'bashni-000000000000',
    variant: 'bashni',
    fen,
    solution,
    themes: [],
    difficulty: 2,
    seed: 1,
    goal: 'material',
  };
}

/** Black's e5-d4 walked into c3:e5: a one-move puzzle with its mistake. */
export const MISTAKE_LINE = {
  id: 'bashni-mistake',
  variant: 'bashni' as const,
  fen: 'W:Wc3,g3:Bd4,h6',
  solution: ['c3:e5'],
  mistake: { fen: 'B:Wc3,g3:Be5,h6', move: 'e5-d4' },
};
