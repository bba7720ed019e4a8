import { describe, expect, it } from 'vitest';
import { readOptions, UsageError } from '../../src/cli/options.js';
import { UNHOLDABLE_FEN, UNHOLDABLE_REASON } from '../support/engine-helpers.js';
import { runCli } from '../support/run-cli.js';

describe('cli options', () => {
  it('a negative number after a value option is that option’s value', () => {
    const opts = readOptions(['--depth', '-3', '--seed', '-.5'], { strings: 'depth seed' });
    expect(opts.values).toEqual({ depth: '-3', seed: '-.5' });
    expect(() => opts.integer('depth', 1, 20)).toThrow(
      new UsageError('--depth must be a whole number from 1 to 20, got "-3"'),
    );
  });

  it('a flag or an unknown option after a value option is still refused', () => {
    expect(() => readOptions(['--depth', '--divide'], { strings: 'depth' })).toThrow(UsageError);
    expect(() => readOptions(['--divide', '-3'], { flags: 'divide' })).toThrow(
      /Unknown option '-3'/,
    );
  });

  it.each([
    [['perft', '--depth', '-3'], '--depth must be a whole number from 1 to 20, got "-3"'],
    [['best', '--ms', '-100'], '--ms must be a whole number from 0 to 3600000, got "-100"'],
    [
      ['match', '--a', '1', '--b', '2', '--games', '-2'],
      '--games must be a whole number from 1 to 100000, got "-2"',
    ],
    [['tune', '--threads', '-1'], '--threads must be a whole number from 1 to 64, got "-1"'],
  ])('%j says which whole numbers it takes', (args, message) => {
    const { code, stderr } = runCli(...args);
    expect(code).toBe(2);
    expect(stderr).toBe(`error: ${message}\n`);
  });

  it('refuses a position the engine cannot hold with the reason, as bad input (exit 2)', () => {
    const fen = UNHOLDABLE_FEN;
    const { code, stdout, stderr } = runCli('moves', '--variant', 'adiyukh-10x10', '--fen', fen);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`error: bad --fen: ${UNHOLDABLE_REASON}\n`);
  });
});
