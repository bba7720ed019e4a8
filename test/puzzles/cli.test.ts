import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeLibrary,
  encodeLibrary,
  seedRating,
  tierOf,
  type Puzzle,
} from '../../src/puzzles/index.js';
import { runCli } from '../support/run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'bashni-puzzles-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function libraryFile(name: string, puzzles: Puzzle[]): string {
  const path = join(directory, name);
  writeFileSync(
    path,
    encodeLibrary({
      schemaVersion: 1,
      variant: 'bashni',
      generatedBy: { command: 'test', seed: 1 },
      puzzles,
    }),
  );
  return path;
}

const puzzle: Puzzle = {
  id: 'bashni-000000000001',
  variant: 'bashni',
  fen: 'W:Wc3:Bd4,f6,a7',
  solution: ['c3:e5:g7'],
  themes: ['multi-capture'],
  difficulty: 1,
  seed: '1/0/0',
  goal: 'material',
};

describe('cli puzzles check', () => {
  it('passes a library whose lines are legal, and describes it', () => {
    const result = runCli('puzzles', 'check', libraryFile('good.json', [puzzle]), '--sample', '0');
    expect(result.stdout).toContain('1/1 puzzles good (0 searched)');
    expect(result.stdout).toContain('goals: material 1');
    expect(result.code).toBe(0);
  });

  it('names a puzzle with an illegal move and exits 1', () => {
    const bad = { ...puzzle, id: 'bashni-00000000000b', solution: ['c3-d4'] };
    const result = runCli(
      'puzzles',
      'check',
      libraryFile('bad.json', [puzzle, bad]),
      '--sample',
      '0',
    );
    expect(result.stdout).toMatch(/bashni-00000000000b: ply 1 c3-d4: .*not a legal move/);
    expect(result.stdout).toContain('1/2 puzzles good');
    expect(result.code).toBe(1);
  });

  it('with --out, writes the library without its bad puzzles, counted as failed-check', () => {
    const bad = { ...puzzle, id: 'bashni-00000000000b', solution: ['c3-d4'] };
    const path = join(directory, 'bad.json');
    writeFileSync(
      path,
      encodeLibrary({
        schemaVersion: 1,
        variant: 'bashni',
        generatedBy: { command: 'test', seed: 1, counts: { mistakes: 9, kept: 2 } },
        puzzles: [bad, puzzle],
      }),
    );
    const out = join(directory, 'checked.json');
    const result = runCli('puzzles', 'check', path, '--sample', '0', '--out', out);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`1 puzzle written to ${out} (1 bad left out)`);
    const written = decodeLibrary(readFileSync(out, 'utf8'));
    if (!written.ok) throw new Error(written.error.message);
    expect(written.value.puzzles.map((p) => p.id)).toEqual([puzzle.id]);
    expect(written.value.generatedBy.counts).toEqual({ mistakes: 9, 'failed-check': 1, kept: 1 });
  });

  it("searches on worker threads as on one, and reports in the file's order", () => {
    const bad = { ...puzzle, id: 'bashni-00000000000b', solution: ['c3-d4'] };
    const other = {
      ...puzzle,
      id: 'bashni-000000000002',
      fen: 'W:Wc3:Bd4,a7',
      solution: ['c3:e5'],
    };
    const file = libraryFile('threads.json', [bad, puzzle, other]);
    const untimed = (text: string) => text.replace(/ in [\d.]+ s$/m, '');
    const one = runCli('puzzles', 'check', file);
    const two = runCli('puzzles', 'check', file, '--threads', '2');
    expect(two.code).toBe(1);
    expect(untimed(two.stdout)).toBe(untimed(one.stdout));
    expect(two.stdout).toMatch(/^bashni-00000000000b: /m);
    expect(two.stdout).toMatch(/\d\/3 puzzles good \(3 searched\)/);
  });

  it('says what is wrong with a file that is not a library', () => {
    const path = join(directory, 'broken.json');
    writeFileSync(path, '{"schemaVersion": 2}');
    const result = runCli('puzzles', 'check', path);
    expect(result.stdout).toContain('schemaVersion is 2');
    expect(result.code).toBe(1);
  });

  it('refuses a missing file or bad options with exit code 2', () => {
    const missing = runCli('puzzles', 'check', join(directory, 'nothing.json'));
    expect(missing.stderr).toMatch(/^error: cannot read/);
    expect(missing.code).toBe(2);
    const count = runCli('puzzles', 'generate', '--count', 'many');
    expect(count.stderr).toMatch(/--count must be a whole number/);
    expect(count.code).toBe(2);
    const adiyukh = runCli('puzzles', 'generate', '--variant', 'adiyukh', '--count', '1');
    expect(adiyukh.stderr).toMatch(/cannot be mined for adiyukh/);
    expect(adiyukh.code).toBe(2);
  });
});

describe('cli puzzles rate', () => {
  // A mined puzzle (its features kept): no simple rule finds f6-e5.
  const mined: Puzzle = {
    id: 'bashni-699c417a432e',
    variant: 'bashni',
    fen: 'B:Wa1,c1,b2,f2,h2,a3,e3,b4(0/000),d4(000),c5(0/00):Bb6,f6,a7,b8,d8,f8,h8',
    solution: ['f6-e5', 'd4:f6', 'b6:d4', 'b4:d6', 'c5:e7:g5'],
    themes: [],
    difficulty: 1,
    seed: '2/21/27',
    goal: 'material',
    features: { depth: 9, alternatives: 6 },
  };
  // The one capture taking the most: found by a simple rule, and rated above the easiest tier.
  const simple: Puzzle = {
    ...puzzle,
    id: 'bashni-000000000002',
    features: { depth: 9, alternatives: 20 },
  };

  it('rates by the seed model, drops repeated lines and coin flips above tier 1', () => {
    const path = libraryFile('rate.json', [mined, { ...mined, id: 'bashni-000000000003' }, simple]);
    const out = join(directory, 'rated.json');
    const result = runCli('puzzles', 'rate', path, '--out', out);
    expect(result.stdout).toContain(
      '1 puzzles rated, 2 removed (repeated-line 1, most-captures 1)',
    );
    const rated = decodeLibrary(readFileSync(out, 'utf8'));
    expect(rated.ok).toBe(true);
    if (!rated.ok) return;
    const [only] = rated.value.puzzles;
    expect(rated.value.puzzles).toHaveLength(1);
    expect(only!.rating).toBe(seedRating(mined, mined.features!));
    expect(only!.difficulty).toBe(tierOf(only!.rating!));
    expect(only!.themes).toEqual(['multi-capture', 'freeing-prisoners', 'sacrifice']);
    expect(rated.value.generatedBy.counts).toEqual({ 'repeated-line': 1, 'most-captures': 1 });
  });
});

describe('cli puzzles generate', () => {
  const mine = (...extra: string[]) =>
    runCli(
      'puzzles',
      'generate',
      ...['--variant', 'bashni', '--count', '50', '--budget-scale', '0.05'],
      ...(extra.includes('--seed') ? [] : ['--seed', '1']),
      ...extra,
    );

  it('goes on with a library from the game it stopped at: the same as one run', () => {
    const whole = join(directory, 'whole.json');
    const chunks = join(directory, 'chunks.json');
    expect(mine('--games', '2', '--out', whole).code).toBe(0);
    expect(mine('--games', '1', '--out', chunks).code).toBe(0);
    const resumed = mine('--games', '1', '--out', chunks, '--resume');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('from game 2');
    const read = (path: string) => {
      const decoded = decodeLibrary(readFileSync(path, 'utf8'));
      if (!decoded.ok) throw new Error(decoded.error.message);
      return decoded.value;
    };
    expect(read(chunks).puzzles).toEqual(read(whole).puzzles);
    expect(read(chunks).generatedBy).toMatchObject({
      games: 2,
      counts: read(whole).generatedBy.counts,
    });
    // Another seed's library is not one to go on with.
    expect(mine('--seed', '2', '--out', chunks, '--resume').stderr).toMatch(
      /not a bashni library of seed 2/,
    );
  });
});
