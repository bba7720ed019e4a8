import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.js';
import { item } from '../support/present.js';

describe('cli: best, match and tune', () => {
  it('best prints the move, score, depth, nodes and speed', () => {
    const { code, stdout } = runCli('best', '--depth', '4');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^move: [a-h][1-8][-:][a-h][1-8]/);
    expect(lines[1]).toMatch(/^score: [+-]\d+\.\d\d men$/);
    expect(lines[2]).toBe('depth: 4');
    expect(lines[3]).toMatch(/^nodes: \d+$/);
    expect(lines[4]).toMatch(/^nodes per second: \d+$/);
  });

  it('best finds a blocking win and says so', () => {
    const { code, stdout } = runCli('best', '--fen', 'W:Wf2,g5,d6,g7:Bh4,h8', '--level', '8');
    expect(code).toBe(0);
    expect(stdout).toContain('move: g5-f6');
    expect(stdout).toMatch(/score: win in \d+ plies/);
  });

  it('best answers beside a stack of 32, whose search meets captures that would build 33', () => {
    const fen = 'W:Wi1(0000000000000000000/0000000000000),g3:Bd8,j4,a3,j6';
    const { code, stdout, stderr } = runCli('best', '--variant', 'adiyukh-10x10', '--fen', fen);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^move: (i1-j2|i1-h2|g3-h4|g3-f4)$/m);
  });

  it('match plays games on worker threads and reports the Elo difference', () => {
    const { code, stdout } = runCli(
      'match',
      ...['--a', 'depth:2', '--b', 'random', '--games', '4', '--ms', '50', '--threads', '2'],
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/A wins \d+, draws \d+, losses \d+/);
    expect(stdout).toMatch(/score: \d+\.\d%/);
    expect(stdout).toMatch(/Elo difference \(A - B\): /);
  });

  it('tune prints progress and the weights as JSON, which match can then play', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bashni-tune-'));
    try {
      const out = join(dir, 'weights.json');
      const tuned = runCli(
        'tune',
        ...['--iterations', '2', '--pairs', '1', '--nodes', '100', '--out', out],
      );
      expect(tuned.code).toBe(0);
      expect(tuned.stdout).toMatch(/^\d+s iteration 1: mean r -?\d\.\d{3} \{"man":100,/m);
      const result = /^result: (\{.*\})$/m.exec(tuned.stdout);
      expect(result).not.toBeNull();
      expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(
        JSON.parse(item(result!, 1, 'result!')),
      );

      const match = runCli(
        'match',
        ...['--a', 'nodes:100', '--b', 'nodes:100', '--games', '2', '--a-weights', out],
      );
      expect(match.code).toBe(0);
      expect(match.stdout).toMatch(/A wins \d+, draws \d+, losses \d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bad arguments: one line on stderr, exit 2', () => {
    for (const args of [
      ['best', '--ms', '10', '--depth', '3'],
      ['best', '--fen', 'W:W:Bd4'],
      ['match', '--a', '1', '--games', '2'],
      ['match', '--a', '1', '--b', 'superbot', '--games', '2'],
      ['match', '--a', '1', '--b', '2', '--games', '2', '--a-weights', '/nonexistent.json'],
      ['match', '--a', '1', '--b', '2', '--games', '2', '--b-weights', 'package.json'],
      ['tune', '--method', 'genetic'],
      ['tune', '--nodes', '0'],
    ]) {
      const { code, stderr } = runCli(...args);
      expect(code).toBe(2);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
