import { describe, expect, it } from 'vitest';
import { movesCommand, perftCommand } from '../../src/cli/engine-commands.js';
import { UsageError } from '../../src/cli/options.js';
import { TABLE_START_PERFT } from '../engine/fixtures/table-perft.js';

function run(command: typeof movesCommand, args: string[]): string[] {
  const out: string[] = [];
  expect(command(args, (line) => out.push(line))).toBe(0);
  return out;
}

describe('cli: the table game', () => {
  it('perft --variant zhernov counts from the four-seat start', () => {
    const out: string[] = [];
    perftCommand(['--variant', 'Zhernov', '--depth', '5'], (line) => out.push(line), {
      progress: () => undefined,
    });
    expect(out.slice(0, 5)).toEqual(
      TABLE_START_PERFT.WRBG.slice(0, 5).map((count, i) => `depth ${i + 1}: ${count}`),
    );
    expect(out[5]).toMatch(/^nodes per second: \d+$/);
  });

  it('moves --variant zhernov lists the moves of a table FEN', () => {
    expect(
      run(movesCommand, ['--variant', 'zhernov', '--fen', 'W:WKa1:Rc3,f4:Bb8']).sort(),
    ).toEqual(['a1:e5:g3', 'a1:e5:h2']);
    expect(run(movesCommand, ['--variant', 'zhernov'])).toHaveLength(5);
  });

  it('a bad table FEN is a usage error', () => {
    expect(() => movesCommand(['--variant', 'zhernov', '--fen', 'W:Wc1'], () => undefined)).toThrow(
      UsageError,
    );
  });
});
