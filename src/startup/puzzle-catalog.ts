/**
 * The committed puzzle libraries (assets/puzzles/<variant>.json) as the puzzle use cases see
 * them. A library that is missing or does not decode is reported and left out: the bot still
 * runs, without those puzzles.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VariantId } from '../engine/index.js';
import type { PuzzleCatalog } from '../game/puzzles.js';
import { decodeLibrary, type Puzzle } from '../puzzles/index.js';

export const PUZZLE_DIRECTORY = fileURLToPath(new URL('../../assets/puzzles/', import.meta.url));

/** The variants with a committed library. */
export const PUZZLE_VARIANTS: readonly VariantId[] = ['bashni', 'stolby', 'laska', 'giveaway'];

/** Loads the libraries; `report` hears about any that could not be read. */
export function loadPuzzleCatalog(
  report: (problem: string) => void,
  directory = PUZZLE_DIRECTORY,
): PuzzleCatalog {
  const byVariant = new Map<VariantId, readonly Puzzle[]>();
  const byId = new Map<string, Puzzle>();
  for (const variant of PUZZLE_VARIANTS) {
    const path = `${directory}${variant}.json`;
    if (!existsSync(path)) {
      report(`no puzzle library at ${path}`);
      continue;
    }
    const library = decodeLibrary(readFileSync(path, 'utf8'));
    if (!library.ok) {
      report(`${path}: ${library.error.message}`);
      continue;
    }
    byVariant.set(variant, library.value.puzzles);
    for (const puzzle of library.value.puzzles) byId.set(puzzle.id, puzzle);
  }
  return {
    list: (variant) => byVariant.get(variant) ?? [],
    byId: (id) => byId.get(id),
  };
}
