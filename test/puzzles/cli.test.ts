import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeLibrary, type Puzzle } from '../../src/puzzles/index.js';
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
