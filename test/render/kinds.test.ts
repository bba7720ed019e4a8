/**
 * The registry of picture kinds: its names, a job of every kind through the trip a render
 * worker's message makes (structured clone) to the same picture, and the requests the shared
 * transport refuses whatever the kind.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startPosition } from '../../src/engine/index.js';
import { tableStart } from '../../src/engine/multi/index.js';
import {
  DEFAULT_JPEG_QUALITY,
  RenderError,
  RenderPool,
  RenderPoolError,
  renderUncached,
  type KindId,
  type KindInput,
} from '../../src/render/index.js';
import { kindOf, kinds } from '../../src/render/kinds/index.js';
import { REPLAY_MIN_SIZE } from '../../src/render/replay-options.js';
import { prepareJob, type RenderJob } from '../../src/render/transport.js';
import { ratingHistory, swissStandings } from '../support/league-pictures.js';
import { item } from '../support/present.js';
import { internals, refusal } from '../support/render-helpers.js';

/** One request of every kind, small. */
const SAMPLES: { readonly [K in KindId]: KindInput<K> } = {
  board: [startPosition('laska'), { size: 200 }, { title: 'Laska', text: 'White to move' }],
  table: [tableStart(), { size: 300 }],
  standings: [swissStandings, { theme: 'contrast' }],
  'rating-graph': [{ title: 'Alice', points: ratingHistory(12) }],
  'eval-graph': [
    {
      title: 'Alice – Boris',
      axis: 'White’s chances',
      chances: [0.5, 0.7, 0.3],
      marks: [{ at: 2, kind: 'blunder' }],
      ticks: [{ at: 1, label: '1' }],
      footer: '',
    },
  ],
  replay: [
    {
      variant: 'bashni',
      startFen: 'W:Wc3:Bf6',
      moves: ['c3-d4', 'f6-e5'],
      title: 'Alice — Bob',
      finalTitle: 'Draw',
      startText: 'Start position',
      plyWord: 'ply',
    },
    { size: REPLAY_MIN_SIZE },
  ],
};

const IDS = Object.keys(kinds) as KindId[];

describe('the registry of picture kinds', () => {
  it('names every kind by its key, and no other name', () => {
    expect(IDS).toEqual(['board', 'table', 'standings', 'rating-graph', 'eval-graph', 'replay']);
    for (const id of IDS) expect(kindOf(id).id).toBe(id);
    expect(() => kindOf('toString')).toThrow(/no picture kind "toString"/);
  });

  it.each(IDS)('draws a %s job sent through a structured clone as on this thread', (id) => {
    const kind = kindOf(id);
    const { job } = kind.prepare(...SAMPLES[id]);
    const received = kind.receive(structuredClone(kind.send(job)));
    const picture = kind.paint(received);
    expect(picture.equals(renderUncached(id, ...SAMPLES[id]))).toBe(true);
  });

  it('keys every kind apart', () => {
    const keys = IDS.map(
      (id) =>
        kindOf(id)
          .prepare(...SAMPLES[id])
          .key.split('|')[0],
    );
    expect(new Set(keys).size).toBe(IDS.length);
  });

  it('keys a JPEG apart from its PNG, and refuses a JPEG of a kind that has none', () => {
    const png = prepareJob('table', SAMPLES.table);
    const jpeg = prepareJob('table', SAMPLES.table, DEFAULT_JPEG_QUALITY);
    expect(jpeg.key).toBe(`jpeg${DEFAULT_JPEG_QUALITY}:${png.key}`);
    expect(jpeg.message(7)).toMatchObject({ kind: 'table', id: 7, jpeg: DEFAULT_JPEG_QUALITY });
    const refused = refusal(() =>
      prepareJob('standings' as 'table', SAMPLES.standings as never, 85),
    );
    expect(refused).toMatchObject({ code: 'bad-option', message: /no JPEG of a standings/ });
    expect(refusal(() => prepareJob('board', SAMPLES.board, 101)).code).toBe('bad-option');
  });
});

describe('a worker message of no kind', () => {
  const pool = new RenderPool({ size: 1 });
  afterAll(() => pool.close());

  it('rejects as the worker’s fault, and the worker carries on', async () => {
    // Threads start when boards need them: one drawn first, so that there is a worker to keep.
    await pool.render('board', ...SAMPLES.board);
    const worker = item(internals(pool).slots, 0).worker;
    expect(worker).not.toBeNull();
    const unknown = new Promise<Buffer>((resolve, reject) => {
      const message = { kind: 'hologram', id: -1, job: {}, jpeg: null } as unknown as RenderJob;
      internals(pool).queue.push({ key: 'unknown', message, resolve, reject });
      internals(pool).dispatch();
    });
    await expect(unknown).rejects.toBeInstanceOf(RenderPoolError);
    await expect(unknown).rejects.toThrow(/no picture kind "hologram"/);
    await expect(unknown).rejects.not.toBeInstanceOf(RenderError);
    const after = await pool.render('board', ...SAMPLES.board);
    expect(after.equals(renderUncached('board', ...SAMPLES.board))).toBe(true);
    expect(item(internals(pool).slots, 0).worker).toBe(worker);
  });
});
