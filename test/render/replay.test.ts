/**
 * A game's animation (an animated GIF): a real 85-ply game decoded frame by frame — its frame
 * count, delays, size and loop, its pixels against the still pictures of the same plies — and
 * the requests it refuses, inline and through the render pool.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyMove,
  parseFen,
  parseMove,
  type Move,
  type Position,
} from '../../src/engine/index.js';
import {
  MAX_REPLAY_PLIES,
  REPLAY_DELAYS,
  REPLAY_SIZE,
  RenderError,
  RenderPool,
  renderUncached,
  type ReplayPicture,
} from '../../src/render/index.js';
import { MAX_ANIMATED_PLIES } from '../../src/chat/presenting/replay.js';
import { decodeGif } from '../support/gif.js';
import { LONG_GAME } from '../support/long-game.js';
import { decodePng } from '../support/png.js';

const LABELS = {
  title: 'Alice — Bob',
  finalTitle: 'White wins (no legal move left).',
  startText: 'Start position',
  plyWord: 'ply',
} as const;
const PICTURE: ReplayPicture = { ...LONG_GAME, ...LABELS };

/** The positions of the long game after each ply (index 0: the start) and the moves. */
function plies(): { positions: Position[]; moves: Move[] } {
  const start = parseFen(LONG_GAME.startFen, LONG_GAME.variant);
  if (!start.ok) throw new Error(start.error.message);
  const positions = [start.value];
  const moves: Move[] = [];
  for (const text of LONG_GAME.moves) {
    const move = parseMove(positions.at(-1)!, text);
    if (!move.ok) throw new Error(move.error.message);
    moves.push(move.value);
    positions.push(applyMove(positions.at(-1)!, move.value));
  }
  return { positions, moves };
}

/** Share of pixels where some channel differs by more than `tolerance`. */
function differingShare(a: Uint8Array, b: Uint8Array, tolerance: number): number {
  expect(a.length).toBe(b.length);
  let differing = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (
      Math.abs(a[i]! - b[i]!) > tolerance ||
      Math.abs(a[i + 1]! - b[i + 1]!) > tolerance ||
      Math.abs(a[i + 2]! - b[i + 2]!) > tolerance
    )
      differing++;
  }
  return differing / (a.length / 4);
}

describe('a game’s animation', () => {
  const gif = renderUncached('replay', PICTURE);
  const decoded = decodeGif(gif);
  const { positions, moves } = plies();

  it('is a looping GIF of the start and every ply, under 2 MB for a real 85-ply game', () => {
    expect(LONG_GAME.moves.length).toBeGreaterThanOrEqual(80);
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    // One frame for the start position, then one per ply.
    expect(decoded.frameCount).toBe(LONG_GAME.moves.length + 1);
    expect(decoded.width).toBe(REPLAY_SIZE);
    // The board and its caption band (17% of the width).
    expect(decoded.height).toBe(REPLAY_SIZE + Math.round(REPLAY_SIZE * 0.17));
    expect(decoded.loop).toBe(0);
    expect(gif.length).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it('shows the start a little longer, each ply 0.9 s, and holds the final position', () => {
    const last = decoded.frameCount - 1;
    expect(decoded.delays[0]).toBe(REPLAY_DELAYS.start);
    expect(decoded.delays.slice(1, last)).toEqual(Array(last - 1).fill(REPLAY_DELAYS.ply));
    expect(decoded.delays[last]).toBe(REPLAY_DELAYS.final);
    expect(REPLAY_DELAYS.ply).toBe(900);
    expect(REPLAY_DELAYS.final).toBeGreaterThan(REPLAY_DELAYS.ply);
  });

  // Frame k is the still picture of ply k: its position, the move's route marked (a multi-jump
  // capture's every landing square at ply 11), the move and the counter in the caption band.
  // The GIF's palette of 255 colours shifts the shades of antialiased edges a little.
  it.each([
    [0, 'Start position · ply 0/85', LABELS.title],
    [11, '6. c5:e7:g5 · ply 11/85', LABELS.title],
    [27, '14. c3-d4 · ply 27/85', LABELS.title],
    [85, '43. g5:e3 · ply 85/85', LABELS.finalTitle],
  ] as const)('frame %i is the still picture of its ply (%s)', (ply, text, title) => {
    const still = decodePng(
      renderUncached(
        'board',
        positions[ply]!,
        { size: REPLAY_SIZE, lastMove: ply === 0 ? null : moves[ply - 1]! },
        { title, text },
      ),
    );
    const frame = decoded.frame(ply);
    expect(differingShare(frame, still.data, 24)).toBeLessThan(0.01);
    // ...and not the picture of the ply before: the frames do move on.
    if (ply > 0)
      expect(differingShare(decoded.frame(ply - 1), still.data, 24)).toBeGreaterThan(0.01);
  });

  it('refuses moves that do not replay, too long a game, an unknown variant', () => {
    const refused = (picture: ReplayPicture) => {
      try {
        renderUncached('replay', picture);
      } catch (error) {
        expect(error).toBeInstanceOf(RenderError);
        return (error as RenderError).code;
      }
      throw new Error('not refused');
    };
    expect(refused({ ...PICTURE, moves: ['c3-d4', 'c3-d4'] })).toBe('bad-replay');
    expect(refused({ ...PICTURE, moves: Array(MAX_REPLAY_PLIES + 1).fill('c3-d4') })).toBe(
      'bad-replay',
    );
    expect(refused({ ...PICTURE, startFen: 'nonsense' })).toBe('bad-replay');
    expect(refused({ ...PICTURE, variant: 'chess' as never })).toBe('unknown-variant');
    expect(refused({ ...PICTURE, title: 42 as never })).toBe('bad-replay');
    // The chat layer's limit is the renderer's.
    expect(MAX_ANIMATED_PLIES).toBe(MAX_REPLAY_PLIES);
  });

  it('a game without moves is one frame, held', () => {
    const still = decodeGif(renderUncached('replay', { ...PICTURE, moves: [] }));
    expect(still.frameCount).toBe(1);
    expect(still.delays).toEqual([REPLAY_DELAYS.final]);
  });
});

describe('the animation through the render pool', () => {
  const pool = new RenderPool({ size: 1 });
  afterAll(() => pool.close());

  it('is drawn on a worker, once for the same game asked twice', async () => {
    const short = { ...PICTURE, moves: LONG_GAME.moves.slice(0, 12) };
    const [first, second] = await Promise.all([
      pool.render('replay', short),
      pool.render('replay', short),
    ]);
    expect(second).toBe(first);
    const third = await pool.render('replay', short);
    expect(third).toBe(first);
    expect(pool.stats()).toMatchObject({ misses: 1, hits: 2 });
    expect(decodeGif(first).frameCount).toBe(13);
    expect(first.equals(renderUncached('replay', short))).toBe(true);
  });

  it('rejects a game that does not replay with RenderError, and keeps working', async () => {
    await expect(
      pool.render('replay', { ...PICTURE, moves: ['c3-d4', 'a1-h8'] }),
    ).rejects.toMatchObject({ name: 'RenderError', code: 'bad-replay' });
    await expect(pool.render('replay', { ...PICTURE, moves: [] })).resolves.toBeInstanceOf(Buffer);
  });
});
