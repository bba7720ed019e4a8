import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves, parseFen } from '../../src/engine/index.js';
import { MATE_BOUND } from '../../src/ai/index.js';
import { play } from '../../src/puzzles/miner.js';
import type { MiningCounts } from '../../src/puzzles/self-play.js';
import {
  checkLegality,
  coinFlips,
  positionValue,
  RECOGNISE_NODES,
  solverBalance,
  SWING,
  tierOf,
  decodeLibrary,
  DEFAULT_BUDGETS,
  detectThemes,
  puzzleSearcher,
  verifyPuzzle,
  type PuzzleLibrary,
} from '../../src/puzzles/index.js';
import { item } from '../support/present.js';

const ASSETS = new URL('../../assets/puzzles/', import.meta.url);

/**
 * The committed libraries (the least each must hold, and how many get the full search), and
 * the libraries still being mined (assets/puzzles/mining/: checked alike, one searched).
 */
const LIBRARIES = [
  { file: 'bashni.json', least: 400, searched: 8 },
  { file: 'stolby.json', least: 40, searched: 2 },
  { file: 'giveaway.json', least: 40, searched: 2 },
  { file: 'laska.json', least: 100, searched: 2 },
  ...readdirSync(new URL('mining/', ASSETS))
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ file: `mining/${name}`, least: 1, searched: 1 })),
];

function load(file: string): PuzzleLibrary {
  const text = readFileSync(new URL(file, ASSETS), 'utf8');
  const decoded = decodeLibrary(text);
  if (!decoded.ok) throw new Error(`${file}: ${decoded.error.message}`);
  return decoded.value;
}

describe.each(LIBRARIES)('the committed library $file', ({ file, least, searched }) => {
  const library = load(file);
  const variant = library.variant;

  // Libraries mined from mistakes (MINING_BUDGETS: a strict stage) hold to the miner's rules.
  const mined =
    typeof library.generatedBy.budgets === 'object' &&
    library.generatedBy.budgets !== null &&
    'strict' in library.generatedBy.budgets;

  it.runIf(mined)(
    'has puzzles after a mistake, played to the gain, no coin flips above tier 1',
    () => {
      const searcher = puzzleSearcher();
      // The funnel's last stage is the library itself.
      expect((library.generatedBy.counts as MiningCounts | undefined)?.kept).toBe(
        library.puzzles.length,
      );
      for (const puzzle of library.puzzles) {
        expect(puzzle.mistake, puzzle.id).toBeDefined();
        expect(puzzle.difficulty, puzzle.id).toBe(tierOf(puzzle.rating!));
        const flips = coinFlips(puzzle);
        expect(flips, puzzle.id).not.toContain('few-candidates');
        if (puzzle.difficulty > 1) expect(flips, puzzle.id).toEqual([]);
        const start = parseFen(puzzle.fen, variant);
        if (!start.ok) throw new Error(start.error.message);
        const end = puzzle.solution.reduce(play, start.value);
        const solver = start.value.turn;
        const gain = solverBalance(end, solver) - solverBalance(start.value, solver);
        // The gain on the board, the game over, or a forced win a quick search recognises.
        const over = legalMoves(end).length === 0;
        const recognised =
          !over && gain < SWING && positionValue(searcher, end, RECOGNISE_NODES) < -MATE_BOUND;
        expect(over || gain >= SWING || recognised, puzzle.id).toBe(true);
      }
    },
  );

  it(`holds at least ${least} well-formed puzzles with legal lines`, () => {
    expect(file).toMatch(new RegExp(`(^|/)${variant}\\.json$`));
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
    const blocks = load('bashni.json').puzzles.filter((puzzle) => puzzle.goal === 'block');
    expect(blocks.length).toBeGreaterThan(0);
  });
});
