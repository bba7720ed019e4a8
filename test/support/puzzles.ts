import type { Clock } from '../../src/game/ports.js';
import type { PuzzleStore } from '../../src/game/puzzle-ports.js';
import { PuzzleService, type PuzzleCatalog } from '../../src/game/puzzles.js';
import { loadPuzzleCatalog } from '../../src/startup/puzzle-catalog.js';
import { MemoryPuzzleStore } from '../../src/store/memory-puzzle-store.js';

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
