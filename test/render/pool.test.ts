import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  applyMove,
  parseMove,
  startPosition,
  stackFromPieces,
  type Move,
  type Position,
  type Stack,
} from '../../src/engine/index.js';
import {
  DEFAULT_JPEG_QUALITY,
  RenderError,
  RenderPool,
  RenderPoolError,
  renderUncached,
  type Caption,
  type RenderOptions,
} from '../../src/render/index.js';
import { paintError, paintFailure } from '../../src/render/transport.js';
import { fen, randomPositions } from '../support/engine-helpers.js';
import { item } from '../support/present.js';
import { tableStart } from '../../src/engine/multi/index.js';
import { internals } from '../support/render-helpers.js';
import { until } from '../support/until.js';

function play(position: Position, text: string): { position: Position; move: Move } {
  const move = parseMove(position, text);
  if (!move.ok) throw new Error(move.error.message);
  return { position: applyMove(position, move.value), move: move.value };
}

const late = play(fen('B:Wc3(0000/000),e5(00100/0000),Kg1,f4:Bh8(100/0),b6(00)'), 'h8:d4:b2');

interface Case {
  readonly name: string;
  readonly position: Position;
  readonly options: RenderOptions;
  readonly caption?: Caption;
}

const CASES: Case[] = [
  { name: 'start, defaults', position: startPosition('bashni'), options: {} },
  {
    name: 'tall stacks, last move, black at the bottom',
    position: late.position,
    options: { size: 400, lastMove: late.move, orientation: 'black' },
  },
  {
    name: 'selection, contrast theme',
    position: startPosition('bashni'),
    options: { size: 300, theme: 'contrast', selected: { square: 9, targets: [13, 12] } },
  },
  {
    name: 'Laska 7x7 without coordinates',
    position: fen('W:Wa1(1010/0101),Kg7,c3(0/1):Bd4(11/00),b6(0110)', 'laska'),
    options: { size: 350, coordinates: false },
  },
  {
    name: 'Stolby, kings inside stacks',
    position: fen('B:WKb2,c3(0/1111):Be5(10101/00000),Kg7', 'stolby'),
    options: { size: 256, theme: 'contrast', orientation: 'black' },
  },
  {
    name: 'giveaway, captioned',
    position: fen('W:Wc3(00000/1):Bh8(1/0000)', 'giveaway'),
    options: { size: 320 },
    caption: { title: 'White wins', text: 'Чёрные не могут ходить' },
  },
];

function expected(test: Case): Buffer {
  return renderUncached('board', test.position, test.options, test.caption);
}

function request(pool: RenderPool, test: Case): Promise<Buffer> {
  return pool.render('board', test.position, test.options, test.caption);
}

/** Distinct boards (so no cache hits), at a small size to keep the tests quick. */
function distinctBoards(count: number, seed: number): Position[] {
  return randomPositions('bashni', count, seed, 200);
}

const shared = new RenderPool({ size: 2 });
afterAll(() => shared.close());

describe('render pool', () => {
  it('draws the same bytes as the synchronous renderer', async () => {
    const pngs = await Promise.all(CASES.map((test) => request(shared, test)));
    pngs.forEach((png, i) => {
      expect(png.equals(expected(item(CASES, i, 'CASES'))), item(CASES, i, 'CASES').name).toBe(
        true,
      );
    });
  });

  it('draws JPEGs of boards and table games, cached apart from the PNGs', async () => {
    const pool = new RenderPool();
    try {
      const start = startPosition('bashni');
      const png = await pool.render('board', start, { size: 300 });
      const jpeg = await pool.renderJpeg('board', DEFAULT_JPEG_QUALITY, start, { size: 300 });
      expect([...jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
      expect(jpeg.equals(png)).toBe(false);
      // Its size, from the frame header (SOF0), is the PNG's.
      const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
      expect(sof).toBeGreaterThan(0);
      expect(jpeg.readUInt16BE(sof + 7)).toBe(png.readUInt32BE(16));
      expect(await pool.renderJpeg('board', DEFAULT_JPEG_QUALITY, start, { size: 300 })).toBe(jpeg);
      expect(pool.stats()).toMatchObject({ hits: 1, misses: 2, entries: 2 });
      const lower = await pool.renderJpeg('board', 40, start, { size: 300 });
      expect(lower.length).toBeLessThan(jpeg.length);
      const table = await pool.renderJpeg('table', DEFAULT_JPEG_QUALITY, tableStart(), {
        size: 300,
      });
      expect([...table.subarray(0, 2)]).toEqual([0xff, 0xd8]);
      await expect(pool.renderJpeg('board', 0, start, { size: 300 })).rejects.toThrow(RenderError);
    } finally {
      await pool.close();
    }
  });

  it('serves a repeated board from its cache without a worker', async () => {
    const pool = new RenderPool();
    try {
      const start = startPosition('bashni');
      const first = await pool.render('board', start, { size: 300 });
      expect(pool.stats()).toEqual({
        hits: 0,
        misses: 1,
        entries: 1,
        bytes: first.length,
        queued: 0,
        running: 0,
        threads: 1,
      });
      // The same picture: defaults spelled out, the other side to move (it is not drawn).
      const again = pool.render('board', { ...start, turn: 1 }, { size: 300, theme: 'wood' });
      expect(pool.stats()).toMatchObject({ hits: 1, misses: 1, queued: 0, running: 0 });
      expect(await again).toBe(first);
    } finally {
      await pool.close();
    }
  });

  it('renders concurrent identical requests once', async () => {
    const pool = new RenderPool({ size: 2 });
    try {
      const test = item(CASES, 1, 'CASES');
      const pngs = Promise.all(Array.from({ length: 5 }, () => request(pool, test)));
      expect(pool.stats()).toMatchObject({ hits: 4, misses: 1 });
      expect(pool.stats().queued + pool.stats().running).toBe(1);
      const [first, ...others] = await pngs;
      expect(first).toBeDefined();
      for (const png of others) expect(png).toBe(first);
      expect(first!.equals(expected(test))).toBe(true);
      expect(pool.stats()).toMatchObject({ hits: 4, misses: 1, entries: 1 });
    } finally {
      await pool.close();
    }
  });

  it('rejects bad input with a RenderError at once, without queueing it', async () => {
    const start = startPosition('bashni');
    const threeLayers = new Array<Stack | null>(32).fill(null);
    threeLayers[9] = stackFromPieces([
      { color: 0, king: false },
      { color: 1, king: false },
      { color: 0, king: false },
    ]);
    const bad: [Promise<Buffer>, string][] = [
      [shared.render('board', start, { size: 10 }), 'bad-size'],
      [shared.render('board', start, { theme: 'neon' as never }), 'unknown-theme'],
      [shared.render('board', start, { selected: { square: 99, targets: [] } }), 'bad-selection'],
      [shared.render('board', { ...start, stacks: start.stacks.slice(1) }), 'bad-position'],
      [shared.render('board', { ...start, variant: 'chess' as never }), 'unknown-variant'],
      [shared.render('board', start, {}, { title: 'x'.repeat(400), text: '' }), 'bad-caption'],
      // A caption that is not one (an absent caption draws a plain board).
      [shared.render('board', start, {}, null as never), 'bad-caption'],
      [shared.render('board', { variant: 'bashni', turn: 0, stacks: threeLayers }), 'bad-stack'],
    ];
    const before = shared.stats();
    expect(before).toMatchObject({ queued: 0, running: 0 });
    for (const [promise, code] of bad) {
      await expect(promise).rejects.toBeInstanceOf(RenderError);
      await expect(promise).rejects.toMatchObject({ code });
    }
    expect(shared.stats().misses).toBe(before.misses);
  });

  it('rejects queued and running boards on close(), which is idempotent', async () => {
    const pool = new RenderPool({ size: 1 });
    const boards = distinctBoards(4, 21).map((position) =>
      pool.render('board', position, { size: 200 }),
    );
    expect(pool.stats()).toMatchObject({ queued: 3, running: 1 });
    const closing = pool.close();
    expect(pool.close()).toBe(closing);
    for (const board of boards) await expect(board).rejects.toBeInstanceOf(RenderPoolError);
    await closing;
    await pool.close();
    expect(pool.stats()).toMatchObject({ queued: 0, running: 0 });
    await expect(pool.render('board', startPosition('bashni'))).rejects.toBeInstanceOf(
      RenderPoolError,
    );
  });

  it('replaces a worker that dies, rejecting only the board it was drawing', async () => {
    const pool = new RenderPool({ size: 1 });
    try {
      const slot = item(internals(pool).slots, 0, 'slot');
      // Killed before it could even load, so it cannot have answered.
      const doomed = pool.render('board', startPosition('bashni'), { size: 200 });
      const first = slot.worker!;
      void first.terminate();
      await expect(doomed).rejects.toThrow(RenderPoolError);
      await expect(doomed).rejects.toThrow(/stopped/);

      // The replacement draws, and dies in the middle of a large cold board.
      const test = item(CASES, 3, 'CASES');
      expect((await request(pool, test)).equals(expected(test))).toBe(true);
      const second = slot.worker!;
      expect(second).not.toBe(first);
      const big = pool.render('board', late.position, { size: 2000 }, { title: 'big', text: '' });
      const waiting = pool.render('board', startPosition('laska'), { size: 200 });
      void second.terminate();
      await expect(big).rejects.toThrow(RenderPoolError);

      // The board queued behind it goes to the next worker.
      expect(
        (await waiting).equals(renderUncached('board', startPosition('laska'), { size: 200 })),
      ).toBe(true);
      expect(slot.worker).not.toBe(second);
      expect(pool.stats()).toMatchObject({ queued: 0, running: 0 });
    } finally {
      await pool.close();
    }
  });

  it('rejects only the board whose paint fails in the worker', async () => {
    const pool = new RenderPool({ size: 1 });
    try {
      const good = pool.render('board', startPosition('bashni'), { size: 200 });
      const worker = item(internals(pool).slots, 0).worker;
      // A request that passed the main thread's checks cannot fail this way; slip one in.
      const broken = new Promise<Buffer>((resolve, reject) => {
        internals(pool).queue.push({
          key: 'broken',
          message: {
            kind: 'board',
            id: -1,
            job: { variant: 'bashni', fen: 'not a FEN', options: {} as never, caption: null },
            jpeg: null,
          },
          resolve,
          reject,
        });
      });
      const after = pool.render('board', startPosition('giveaway'), { size: 200 });
      internals(pool).dispatch();
      await expect(broken).rejects.toThrow(RenderPoolError);
      await expect(broken).rejects.toThrow(/bad FEN/);
      expect(
        (await good).equals(renderUncached('board', startPosition('bashni'), { size: 200 })),
      ).toBe(true);
      expect(
        (await after).equals(renderUncached('board', startPosition('giveaway'), { size: 200 })),
      ).toBe(true);
      expect(item(internals(pool).slots, 0).worker).toBe(worker);
    } finally {
      await pool.close();
    }
  });

  it('brings a worker RenderError back as a RenderError with its code and context', () => {
    const failure = paintFailure(new RenderError('font-missing', 'cannot load', { path: '/x' }));
    const error = paintError(structuredClone(failure));
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({
      code: 'font-missing',
      message: 'render: cannot load',
      context: { path: '/x' },
    });
    expect(paintError(paintFailure(new TypeError('oops')))).toBeInstanceOf(RenderPoolError);
  });

  it('shares one queue between several workers', async () => {
    const pool = new RenderPool({ size: 2 });
    try {
      // Threads start when boards need them: two at once start both.
      await Promise.all(
        distinctBoards(2, 34).map((position) => pool.render('board', position, { size: 201 })),
      );
      const workers = internals(pool).slots.map((slot) => slot.worker!);
      const sent = workers.map((worker) => vi.spyOn(worker, 'postMessage'));
      const positions = distinctBoards(8, 33);
      const boards = positions.map((position) => pool.render('board', position, { size: 200 }));
      expect(pool.stats()).toMatchObject({ queued: 6, running: 2, misses: 10 });
      const pngs = await Promise.all(boards);
      pngs.forEach((png, i) => {
        expect(
          png.equals(renderUncached('board', item(positions, i, 'positions'), { size: 200 })),
        ).toBe(true);
      });
      for (const spy of sent) expect(spy.mock.calls.length).toBeGreaterThan(0);
      expect(
        item(sent, 0, 'sent').mock.calls.length + item(sent, 1, 'sent').mock.calls.length,
      ).toBe(8);
      expect(pool.stats()).toMatchObject({ queued: 0, running: 0, entries: 10 });
    } finally {
      await pool.close();
    }
  });

  it('starts threads when boards need them, and stops idle ones with the images nobody asks for', async () => {
    const pool = new RenderPool({ size: 2, idleMs: 2_000 });
    try {
      expect(pool.stats().threads).toBe(0);
      expect(pool.alive).toBe(true);
      await pool.render('board', startPosition('bashni'), { size: 210 });
      expect(pool.stats()).toMatchObject({ threads: 1, entries: 1 });
      // More at once: the second thread starts (dispatch starts it as the boards are queued).
      const boards = distinctBoards(6, 41).map((position) =>
        pool.render('board', position, { size: 200 }),
      );
      expect(pool.stats()).toMatchObject({ threads: 2, running: 2 });
      await Promise.all(boards);
      // Quiet: both threads stop, and the cache lets go of every image.
      await until(() => pool.stats().threads === 0, 'the idle threads to stop', 10_000);
      expect(pool.stats()).toMatchObject({ entries: 0, bytes: 0, queued: 0, running: 0 });
      expect(pool.alive).toBe(true);
      // The next board starts a thread again, and is drawn as before.
      const test = item(CASES, 5, 'CASES');
      expect((await request(pool, test)).equals(expected(test))).toBe(true);
      expect(pool.stats()).toMatchObject({ threads: 1, misses: 8 });
    } finally {
      await pool.close();
    }
  });

  it('evicts the oldest images beyond maxEntries', async () => {
    const pool = new RenderPool({ maxEntries: 2 });
    try {
      const start = startPosition('bashni');
      for (const size of [200, 201, 202]) await pool.render('board', start, { size });
      expect(pool.stats().entries).toBe(2);
      await pool.render('board', start, { size: 200 });
      expect(pool.stats()).toMatchObject({ hits: 0, misses: 4 });
    } finally {
      await pool.close();
    }
  });

  it('does not keep the process alive once its boards are drawn', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const script =
      `import { startPosition } from './src/engine/index.js';` +
      `import {
  RenderPool,
} from './src/render/index.js';` +
      `const pool = new RenderPool({ size: 2 });` +
      `const png = await pool.render('board', startPosition('bashni'), { size: 200 });` +
      `console.log('drawn', png.length > 0);`;
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root, encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('drawn true');
    expect(result.status).toBe(0);
  });
});
