import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VARIANTS } from '../../src/engine/index.js';
import { readLastMove, renderCommand } from '../../src/cli/render.js';
import { captionLayout } from '../../src/render/layout.js';
import { fen as position, square as sq } from '../support/engine-helpers.js';
import { decodePng } from '../support/png.js';

const directory = mkdtempSync(join(tmpdir(), 'bashni-render-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function run(...args: string[]) {
  const info: string[] = [];
  const error: string[] = [];
  const code = await renderCommand(args, {
    info: (line) => info.push(line),
    error: (line) => error.push(line),
  });
  return { code, info, error };
}

describe('render command', () => {
  it('writes the start position at the default size', async () => {
    const out = join(directory, 'start.png');
    const result = await run('--out', out);
    expect(result).toMatchObject({ code: 0, error: [] });
    expect(result.info[0]).toContain(out);
    const image = decodePng(readFileSync(out));
    expect([image.width, image.height]).toEqual([720, 720]);
  });

  it('takes a variant, FEN, last move, orientation, selection, theme, size and caption', async () => {
    const out = join(directory, 'all.png');
    const result = await run(
      '--variant',
      'bashni',
      '--fen',
      'B:Wg7(00/0):Bf6,h8',
      '--last',
      'c3:e5:g7',
      '--black-bottom',
      '--select',
      'f6',
      '--theme',
      'contrast',
      '--size',
      '400',
      '--title',
      'Чёрные',
      '--text',
      'Ваш ход',
      '--out',
      out,
    );
    expect(result).toMatchObject({ code: 0, error: [] });
    const image = decodePng(readFileSync(out));
    expect([image.width, image.height]).toEqual([400, 400 + captionLayout(400).band.height]);
  });

  it.each([
    [['--size', '100', '--out', 'x.png'], /--size must be a whole number from 200 to 2000/],
    [['--size', 'big', '--out', 'x.png'], /--size/],
    [['--theme', 'neon', '--out', 'x.png'], /--theme must be one of wood, contrast/],
    [['--variant', 'chess', '--out', 'x.png'], /Unknown variant/],
    [['--fen', 'W:Wz9', '--out', 'x.png'], /--fen/],
    [['--last', 'c3-c5', '--fen', 'W:Wc5:Bh8', '--out', 'x.png'], /not along a diagonal/],
    [['--last', 'c3:e5', '--fen', 'W:Wa1:Bh8', '--out', 'x.png'], /no stack on e5/],
    [['--last', 'nonsense', '--out', 'x.png'], /not a move/],
    [['--select', 'd4', '--out', 'x.png'], /no stack on d4/],
    [['--select', 'd5', '--out', 'x.png'], /not a playable/],
    [['--bogus', '--out', 'x.png'], /Unknown option/],
    [[], /--out FILE.png is required/],
  ])('exits with 2 and one line on stderr for %j', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.error).toHaveLength(1);
    expect(result.error[0]).toMatch(message);
    expect(result.error[0]).not.toContain('\n');
  });

  it('exits with 1 when the file cannot be written', async () => {
    const result = await run('--out', join(directory, 'missing', 'x.png'));
    expect(result.code).toBe(1);
    expect(result.error[0]).toMatch(/cannot write/);
  });
});

describe('--last', () => {
  const variant = VARIANTS.bashni;

  it('reads a quiet move without jumped squares', () => {
    expect(readLastMove(variant, position('B:Wd4:Bh8'), 'c3-d4')).toEqual({
      from: sq('c3'),
      path: [sq('d4')],
      captures: [],
    });
  });

  it('finds a jumped stack that is still there, and a lone piece taken from a short jump', () => {
    // c3:e5:g7 took the single man on d4 (now empty) and the top of f6 (a black man remains).
    expect(readLastMove(variant, position('B:Wg7(00/0):Bf6,h8'), 'c3:e5:g7')).toEqual({
      from: sq('c3'),
      path: [sq('e5'), sq('g7')],
      captures: [sq('d4'), sq('f6')],
    });
  });

  it('finds the jumped stack of a king long jump, but cannot guess one that vanished', () => {
    // a1:e5 over c3 (still there); e5:h2 over a lone piece on f4 or g3 that was taken.
    expect(readLastMove(variant, position('B:Wh2(1/00):Bc3,a7'), 'a1:e5:h2')).toEqual({
      from: sq('a1'),
      path: [sq('e5'), sq('h2')],
      captures: [sq('c3')],
    });
  });
});
