import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPuzzleMove } from '../../src/game/puzzle-solving.js';
import { PuzzleService } from '../../src/game/puzzles.js';
import { loadPuzzleCatalog, PUZZLE_VARIANTS } from '../../src/startup/puzzle-catalog.js';
import { MemoryPuzzleStore } from '../../src/store/memory-puzzle-store.js';
import { solutionAt } from '../support/puzzles.js';

describe('the committed puzzle libraries, as the puzzle use cases see them', () => {
  const problems: string[] = [];
  const catalog = loadPuzzleCatalog((problem) => problems.push(problem));

  it('load without a problem, at least 365 bashni puzzles among them', () => {
    expect(problems).toEqual([]);
    expect(catalog.list('bashni').length).toBeGreaterThanOrEqual(365);
    for (const variant of PUZZLE_VARIANTS) expect(catalog.list(variant).length).toBeGreaterThan(0);
  });

  it('every line is solved by playing its solver moves, each answered by the next defender move', () => {
    for (const variant of PUZZLE_VARIANTS) {
      for (const puzzle of catalog.list(variant)) {
        let ply = 0;
        for (;;) {
          const step = checkPuzzleMove(puzzle, ply, solutionAt(puzzle, ply));
          expect(step.kind, `${puzzle.id} at ply ${ply}`).toBe('correct');
          if (step.kind !== 'correct') break;
          expect(step.reply).toBe(puzzle.solution[ply + 1]);
          if (step.solved) break;
          ply = step.ply;
        }
      }
    }
  });

  it('gives a daily bashni puzzle that changes from day to day', () => {
    const puzzles = new PuzzleService({
      store: new MemoryPuzzleStore(),
      catalog,
      clock: { now: () => Date.UTC(2026, 10, 30) },
    });
    const today = puzzles.dailyPuzzle('2026-11-30')!;
    expect(today.variant).toBe('bashni');
    expect(puzzles.dailyPuzzle('2026-12-01')!.id).not.toBe(today.id);
  });

  it('leaves out a library that does not decode, and says so', () => {
    const directory = mkdtempSync(join(tmpdir(), 'puzzles-'));
    writeFileSync(join(directory, 'bashni.json'), '{"schemaVersion": 9}');
    const heard: string[] = [];
    const broken = loadPuzzleCatalog((problem) => heard.push(problem), `${directory}/`);
    expect(broken.list('bashni')).toEqual([]);
    // A bad bashni file, and none of the others.
    expect(heard).toHaveLength(PUZZLE_VARIANTS.length);
    expect(heard[0]).toContain('bashni.json');
  });
});
