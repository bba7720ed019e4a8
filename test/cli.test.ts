import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

describe('cli', () => {
  it('perft prints one line per depth, then the speed', () => {
    const { code, stdout } = runCli('perft', '--depth', '4');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'depth 1: 7',
      'depth 2: 49',
      'depth 3: 302',
      'depth 4: 1469',
    ]);
    expect(lines[4]).toMatch(/^nodes per second: \d+$/);
  });

  it('perft --divide breaks the last depth down by root move', () => {
    const { code, stdout } = runCli('perft', '--depth', '2', '--variant', 'laska', '--divide');
    expect(code).toBe(0);
    const divide = stdout.split('\n').filter((line) => /^[a-g]\d-[a-g]\d: \d+$/.test(line));
    expect(divide).toHaveLength(6);
    expect(divide.reduce((sum, line) => sum + Number(line.split(': ')[1]), 0)).toBe(6);
  });

  it('moves lists each legal move in full-path notation', () => {
    const { code, stdout } = runCli('moves', '--fen', 'W:Wc3:Bd4(00),f4,f2,d2,h8');
    expect(code).toBe(0);
    expect(stdout.trim().split('\n').sort()).toEqual(['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3:e5']);
  });

  it('replay prints the final FEN and the status in words', () => {
    const { code, stdout } = runCli('replay', '--fen', 'W:Wc3:Bd4', '1. c3:e5');
    expect(code).toBe(0);
    expect(stdout).toBe('B:We5(0/0):B\nwhite wins: black has no legal move\n');
  });

  it('replay reads PDN with tags', () => {
    const pdn = '[Event "x"]\n[Variant "laska"]\n\n1. c3-d4 e5:c3 *';
    const { code, stdout } = runCli('replay', pdn);
    expect(code).toBe(0);
    expect(stdout.split('\n')[1]).toBe('white to move');
  });

  it('replay of an illegal move exits 1 naming the move and the legal moves', () => {
    const { code, stderr } = runCli('replay', '1. c3-d4 f6-g5 2. a1-b2');
    expect(code).toBe(1);
    expect(stderr).toContain('move 2. a1-b2');
    expect(stderr).toMatch(/legal moves: .*d4-e5/);
  });

  it.each([
    [['perft']],
    [['perft', '--depth', 'x']],
    [['moves', '--variant', 'chess']],
    [['moves', '--fen', 'nonsense']],
    [['moves', '--colour', 'red']],
    [['launch']],
    [['replay']],
  ])('bad arguments %j give one line and exit 2', (args) => {
    const { code, stderr } = runCli(...args);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^error: /);
  });
});
