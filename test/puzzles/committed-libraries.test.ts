import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/engine/index.js';
import {
  checkLegality,
  decodeLibrary,
  DEFAULT_BUDGETS,
  detectThemes,
  puzzleSearcher,
  verifyPuzzle,
  type PuzzleLibrary,
} from '../../src/puzzles/index.js';
import { item } from '../support/present.js';

/** The committed libraries, the least each must hold, and how many get the full search. */
const LIBRARIES = [
  { variant: 'bashni', least: 365, searched: 8 },
  { variant: 'stolby', least: 40, searched: 2 },
  { variant: 'giveaway', least: 40, searched: 2 },
] as const;

function load(variant: string): PuzzleLibrary {
  const text = readFileSync(
    new URL(`../../assets/puzzles/${variant}.json`, import.meta.url),
    'utf8',
  );
  const decoded = decodeLibrary(text);
  if (!decoded.ok) throw new Error(`${variant}.json: ${decoded.error.message}`);
  return decoded.value;
}

describe.each(LIBRARIES)('the committed $variant library', ({ variant, least, searched }) => {
  const library = load(variant);

  it(`holds at least ${least} well-formed puzzles with legal lines`, () => {
    expect(library.variant).toBe(variant);
    expect(library.puzzles.length).toBeGreaterThanOrEqual(least);
    expect(library.generatedBy.command).toContain(`--variant ${variant}`);
    for (const puzzle of library.puzzles) {
      expect(checkLegality(puzzle), puzzle.id).toEqual([]);
      const position = parseFen(puzzle.fen, variant);
      expect(position.ok).toBe(true);
      if (!position.ok) continue;
      // The stored tags are what the line shows.
      expect(puzzle.themes, puzzle.id).toEqual(detectThemes(position.value, puzzle.solution));
      expect(puzzle.goal === 'block', puzzle.id).toBe(puzzle.themes.includes('blockade'));
      expect(puzzle.difficulty).toBeGreaterThanOrEqual(1);
      expect(puzzle.difficulty).toBeLessThanOrEqual(5);
    }
  });

  // The full search costs about a second per solver move: a spread sample keeps this short.
  it(`has unique solver moves by a fresh search (${searched} puzzles spread over the file)`, () => {
    const stride = Math.floor(library.puzzles.length / searched);
    for (let i = 0; i < searched; i++) {
      const puzzle = item(library.puzzles, i * stride, 'library.puzzles');
      expect(verifyPuzzle(puzzleSearcher(), puzzle, DEFAULT_BUDGETS), puzzle.id).toEqual([]);
    }
  });
});

describe('the committed bashni library', () => {
  it('includes "block everything" puzzles', () => {
    const blocks = load('bashni').puzzles.filter((puzzle) => puzzle.goal === 'block');
    expect(blocks.length).toBeGreaterThan(0);
  });
});
