/**
 * A two-player board, plain or with a caption band under it. On this thread it is painted from
 * the position itself; to a render worker it goes as the engine's FEN. Our FEN cannot hold
 * every position the renderer draws, so send() checks the limits on the main thread and refuses
 * what would not survive the trip instead of letting a worker draw something else:
 * - a stack of more than two colour layers (makeFen writes the owner's pieces, then the
 *   prisoners; no game reaches three layers, but a hand-made position can);
 * - more pieces of one colour than the variant has (parseFen refuses them);
 * - in Multistorey, where captured pieces leave the board, prisoners at all, or more stacks of
 *   one colour than the start has (parseFen refuses both).
 * Everything within these limits round-trips exactly (test/render/transport.test.ts).
 */
import {
  colorLayers,
  makeFen,
  maxPiecesPerSide,
  maxStacksPerSide,
  parseFen,
  stackOwner,
  type Color,
  type Position,
  type Variant,
  type VariantId,
} from '../../engine/index.js';
import { paintBoard } from '../board-canvas.js';
import { RenderError } from '../errors.js';
import {
  normaliseCaption,
  prepareRender,
  validatePosition,
  type Caption,
  type NormalisedOptions,
  type RenderOptions,
} from '../options.js';
import type { PictureKind } from './kind.js';

export interface BoardJob {
  readonly position: Position;
  readonly variant: Variant;
  readonly options: NormalisedOptions;
  /** Normalised already; undefined draws a plain board. */
  readonly caption: Caption | undefined;
}

/** A board as it crosses to a worker. */
export interface BoardWire {
  readonly variant: VariantId;
  readonly fen: string;
  readonly options: NormalisedOptions;
  readonly caption: Caption | null;
}

export const board: PictureKind<
  [position: Position, options?: RenderOptions, caption?: Caption],
  BoardJob,
  BoardWire
> = {
  id: 'board',
  prepare(position, options = {}, caption) {
    const band = caption === undefined ? undefined : normaliseCaption(caption);
    const { variant, options: normalised, key } = prepareRender(position, options, band);
    return { key, job: { position, variant, options: normalised, caption: band } };
  },
  paint: (job) => paintBoard(job.position, job.variant, job.options, job.caption),
  send: (job) => ({
    variant: job.variant.id,
    // Only on a miss: a cached board never pays for its FEN.
    fen: positionToFen(job.position, job.variant),
    options: job.options,
    caption: job.caption ?? null,
  }),
  receive(wire) {
    const parsed = parseFen(wire.fen, wire.variant);
    if (!parsed.ok) {
      throw new Error(`bad FEN ${JSON.stringify(wire.fen)}: ${parsed.error.message}`);
    }
    const position = parsed.value;
    const variant = validatePosition(position);
    return { position, variant, options: wire.options, caption: wire.caption ?? undefined };
  },
};

/**
 * The FEN of a validated position, for a worker. Throws RenderError when the FEN cannot carry
 * the position (see the top of this file).
 */
export function positionToFen(position: Position, variant: Variant): string {
  const pieces: [number, number] = [0, 0];
  const stacks: [number, number] = [0, 0];
  const noPrisoners = variant.capturedPiecesLeave === true;
  position.stacks.forEach((stack, square) => {
    if (stack === null) return;
    const layers = colorLayers(stack);
    if (noPrisoners && layers > 1) {
      const name = variant.geometry.names[square];
      throw new RenderError(
        'bad-stack',
        `the stack on ${name} holds prisoners; ${variant.id} has none, and the render pool ` +
          'sends positions as FEN, which refuses them',
        { square: name, layers },
      );
    }
    stacks[stackOwner(stack)]++;
    if (layers > 2) {
      const name = variant.geometry.names[square];
      throw new RenderError(
        'bad-stack',
        `the stack on ${name} has ${layers} colour layers; the render pool sends positions as ` +
          'FEN, which holds at most two (the owner over its prisoners)',
        { square: name, layers },
      );
    }
    for (let i = 0; i < stack.height; i++) pieces[((stack.colors >>> i) & 1) as Color]++;
  });
  const limit = maxPiecesPerSide(variant);
  for (const color of [0, 1] as const) {
    if (pieces[color] > limit) {
      const side = color === 0 ? 'White' : 'Black';
      throw new RenderError(
        'bad-position',
        `${side} has ${pieces[color]} pieces; ${variant.id} has ${limit}, and the render pool ` +
          'sends positions as FEN, which refuses more',
        { color: side.toLowerCase(), pieces: pieces[color], limit },
      );
    }
    if (stacks[color] > maxStacksPerSide(variant)) {
      const side = color === 0 ? 'White' : 'Black';
      const stackLimit = maxStacksPerSide(variant);
      throw new RenderError(
        'bad-position',
        `${side} has ${stacks[color]} stacks; ${variant.id} has at most ${stackLimit}, and the ` +
          'render pool sends positions as FEN, which refuses more',
        { color: side.toLowerCase(), stacks: stacks[color], limit: stackLimit },
      );
    }
  }
  return makeFen(position);
}
