import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bestCommand } from '../../src/cli/ai-commands.js';
import { movesCommand, perftCommand, replayCommand } from '../../src/cli/engine-commands.js';
import { UsageError } from '../../src/cli/options.js';
import { renderCommand } from '../../src/cli/render.js';
import { makeTableMove, tableMoves } from '../../src/engine/multi/index.js';
import { renderPicture } from '../../src/render/index.js';
import { TABLE_START_PERFT } from '../engine/fixtures/table-perft.js';
import { decodePng } from '../support/png.js';
import { tableFen } from '../support/table-helpers.js';

/** The capture cycle (Red and Green count); two laps of LOOP repeat it a third time. */
const CYCLE = 'B:Wh6(111):Ra7(00):Bg7(000):Gd8(111111):FR+,G+';
const LOOP = 'g7-f6 h6-g7 f6:h8 g7-f8 h8-g7 f8:h6';

const directory = mkdtempSync(join(tmpdir(), 'bashni-table-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, print: (l: string) => out.push(l), printError: (l: string) => err.push(l) };
}

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

  it('replay --variant zhernov plays the moves and says how the game ended', () => {
    const io = captured();
    const code = replayCommand(
      ['--variant', 'zhernov', '--fen', CYCLE, `1. ${LOOP} ${LOOP}`],
      io.print,
      io.printError,
    );
    expect({ code, err: io.err }).toEqual({ code: 0, err: [] });
    expect(io.out).toEqual([
      CYCLE,
      'game over (threefold-repetition): white 3. (0.5 points), red 1. (4 points, count), ' +
        'black 3. (0.5 points), green 2. (3 points, count)',
    ]);
    const start = captured();
    expect(
      replayCommand(['--variant', 'zhernov', 'c1-b2 a3:c1'], start.print, start.printError),
    ).toBe(0);
    expect(start.out[1]).toBe('black to move');
  });

  it('replay --variant zhernov of an illegal move exits 1 naming it', () => {
    const io = captured();
    expect(replayCommand(['--variant', 'zhernov', 'c1-b2 a3-b4'], io.print, io.printError)).toBe(1);
    expect(io.err.join('\n')).toMatch(/entry 2: .*a3-b4/);
  });

  it('best --variant zhernov answers a legal move with a score in points', () => {
    const io = captured();
    expect(bestCommand(['--variant', 'zhernov', '--depth', '2'], io.print, () => undefined)).toBe(
      0,
    );
    const legal = tableMoves(
      tableFen(
        'W:Wc1(00),e1(00),g1(00):Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00)',
      ),
    ).map(makeTableMove);
    expect(legal).toContain(io.out[0]!.replace('move: ', ''));
    expect(io.out[1]).toMatch(/^score: [+-]\d+\.\d{3} points$/);
    expect(() =>
      bestCommand(['--variant', 'zhernov', '--fen', 'W:Wc1:Bb8:FB-'], io.print, () => undefined),
    ).toThrow(/over/);
  });

  it('render --variant zhernov draws the table FEN with its standings', async () => {
    const out = join(directory, 'table.png');
    const messages: string[] = [];
    const output = {
      info: (l: string) => messages.push(l),
      error: (l: string) => messages.push(l),
    };
    const args = ['--variant', 'zhernov', '--fen', CYCLE, '--size', '400', '--black-bottom'];
    expect(await renderCommand([...args, '--out', out], output)).toBe(0);
    const png = readFileSync(out);
    expect(decodePng(png).width).toBe(400);
    expect(
      png.equals(renderPicture('table', tableFen(CYCLE), { size: 400, bottom: 2, caption: null })),
    ).toBe(true);
    expect(await renderCommand([...args, '--last', 'g7-f6', '--out', out], output)).toBe(2);
    expect(messages.at(-1)).toMatch(/--last and --select are not available for zhernov/);
  });
});
