import { describe, expect, it } from 'vitest';
import { bestCommand, formatScore } from '../../src/cli/ai-commands.js';
import { perftCommand } from '../../src/cli/engine-commands.js';
import { MATE } from '../../src/ai/index.js';
import { item } from '../support/present.js';

function perft(args: string[], afterNodes?: number) {
  const out: string[] = [];
  const progress: string[] = [];
  const code = perftCommand(args, (line) => out.push(line), {
    progress: (line) => progress.push(line),
    afterNodes,
  });
  return { code, out, progress };
}

describe('cli progress on deep work', () => {
  it('perft counts a depth after a big one root move by root move, with the same totals', () => {
    const plain = perft(['--depth', '4']);
    expect(plain.progress).toEqual([]);
    const watched = perft(['--depth', '4'], 100);
    expect(watched.out.slice(0, 4)).toEqual(plain.out.slice(0, 4));
    // Only depth 4 follows a depth of 100 nodes or more (302): its 7 root moves are reported.
    expect(watched.progress).toHaveLength(7);
    expect(watched.progress[0]).toMatch(/^depth 4: 1\/7 root moves, \d+ nodes, \d+\.\d s$/);
    expect(watched.progress[6]).toMatch(/^depth 4: 7\/7 root moves, 1469 nodes, /);
  });

  it('perft --divide gives the same root counts either way', () => {
    const divided = (afterNodes?: number) =>
      perft(['--depth', '3', '--variant', 'laska', '--divide'], afterNodes).out.slice(3, -1);
    expect(divided()).toHaveLength(6);
    expect(divided(1)).toEqual(divided());
  });

  it('best --depth reports each completed depth as it goes', () => {
    const out: string[] = [];
    const progress: string[] = [];
    bestCommand(
      ['--depth', '3'],
      (line) => out.push(line),
      (line) => progress.push(line),
    );
    expect(progress.map((line) => line.split(':')[0])).toEqual(['depth 1', 'depth 2', 'depth 3']);
    expect(progress[2]).toMatch(/^depth 3: [a-h]\d-[a-h]\d [+-]\d+\.\d\d men, \d+ nodes, \d+ ms$/);
    expect(progress[2]).toContain(item(out, 0, 'out').replace('move: ', ''));
  });

  it('best with a time or a level reports nothing along the way', () => {
    const progress: string[] = [];
    bestCommand(
      ['--level', '1'],
      () => {},
      (line) => progress.push(line),
    );
    expect(progress).toEqual([]);
  });

  it('a forced result counts its plies in English', () => {
    expect(formatScore(MATE - 1)).toBe('win in 1 ply');
    expect(formatScore(MATE - 3)).toBe('win in 3 plies');
    expect(formatScore(-MATE + 1)).toBe('loss in 1 ply');
    expect(formatScore(-MATE + 2)).toBe('loss in 2 plies');
  });
});
