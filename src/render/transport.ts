/**
 * How a render request crosses to a worker thread: as plain data. A table game's position
 * (engine/multi) is plain data already and goes as the checked copy validateTablePosition
 * makes; league pictures (standings, rating graphs) go as their normalised copies; a two-player
 * position goes as the engine's FEN. Our FEN cannot hold every position the renderer draws, so the pool checks
 * the two limits here, on the main thread, and refuses what would not survive the trip instead
 * of letting a worker draw something else:
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
  stackOwner,
  type Color,
  type Position,
  type Variant,
  type VariantId,
} from '../engine/index.js';
import type { TablePosition } from '../engine/multi/index.js';
import { RenderError, RenderPoolError, type RenderErrorCode } from './errors.js';
import {
  prepareRender,
  type Caption,
  type NormalisedOptions,
  type RenderOptions,
} from './options.js';
import {
  prepareEvalGraphRender,
  type EvalGraphPicture,
  type NormalisedEvalGraph,
} from './eval-graph-options.js';
import {
  prepareRatingGraphRender,
  type NormalisedRatingGraph,
  type RatingGraphPicture,
} from './rating-graph-options.js';
import {
  prepareStandingsRender,
  type NormalisedStandings,
  type PictureRenderOptions,
  type StandingsPicture,
} from './standings-options.js';
import {
  prepareTableRender,
  type NormalisedTableOptions,
  type TableRenderOptions,
} from './table-options.js';
import type { ThemeId } from './themes.js';
import {
  prepareReplayRender,
  type NormalisedReplay,
  type ReplayOptions,
  type ReplayPicture,
} from './replay-options.js';

/** One board for a worker to draw: everything is validated and normalised already. */
export interface BoardJob {
  readonly kind: 'board';
  readonly id: number;
  readonly variant: VariantId;
  readonly fen: string;
  readonly options: NormalisedOptions;
  readonly caption: Caption | null;
}

/** One table game's picture for a worker to draw, validated and normalised already. */
export interface TableJob {
  readonly kind: 'table';
  readonly id: number;
  /** The plain copy validateTablePosition returned. */
  readonly position: TablePosition;
  readonly options: NormalisedTableOptions;
}

/** One tournament standings picture for a worker to draw, checked already (and again there). */
export interface StandingsJob {
  readonly kind: 'standings';
  readonly id: number;
  readonly picture: NormalisedStandings;
  readonly theme: ThemeId;
}

/** One rating graph for a worker to draw, checked already (and again there). */
export interface RatingGraphJob {
  readonly kind: 'rating-graph';
  readonly id: number;
  readonly picture: NormalisedRatingGraph;
  readonly theme: ThemeId;
}

/** One review's evaluation graph for a worker to draw, checked already (and again there). */
export interface EvalGraphJob {
  readonly kind: 'eval-graph';
  readonly id: number;
  readonly picture: NormalisedEvalGraph;
  readonly theme: ThemeId;
}

/** One game's animation (a GIF) for a worker to replay and draw, checked already. */
export interface ReplayJob {
  readonly kind: 'replay';
  readonly id: number;
  readonly replay: NormalisedReplay;
}

export type RenderJob =
  BoardJob | TableJob | StandingsJob | RatingGraphJob | EvalGraphJob | ReplayJob | JpegJob;
/** A picture of another job, re-encoded as a JPEG (Telegram's inline photos must be JPEG). */
export interface JpegJob {
  readonly kind: 'jpeg';
  readonly id: number;
  readonly picture: BoardJob | TableJob;
  /** 1-100. */
  readonly quality: number;
}

/** JPEG quality of the pictures served by URL: small, and clean on a flat-coloured board. */
export const DEFAULT_JPEG_QUALITY = 85;

/** The same picture as a JPEG: its own cache key, the same checks on the main thread. */
export function jpegJob(inner: PreparedJob, quality: number): PreparedJob {
  if (!Number.isInteger(quality) || quality < 1 || quality > 100)
    throw new RenderError('bad-option', `JPEG quality must be 1-100, got ${quality}`, {});
  return {
    key: `jpeg${quality}:${inner.key}`,
    message: (id) => {
      const picture = inner.message(id);
      if (picture.kind !== 'board' && picture.kind !== 'table')
        throw new RenderError('bad-option', `no JPEG of a ${picture.kind} picture`, {});
      return { kind: 'jpeg', id, picture, quality };
    },
  };
}

/**
 * A request checked on the main thread: its cache key, and its job for a worker once it has
 * missed the cache and been given an id. Throws RenderError on what cannot be drawn.
 */
export interface PreparedJob {
  readonly key: string;
  readonly message: (id: number) => RenderJob;
}

/** A two-player board (`caption` normalised already; undefined draws a plain board). */
export function boardJob(
  position: Position,
  options: RenderOptions,
  caption: Caption | undefined,
): PreparedJob {
  const { variant, options: normalised, key } = prepareRender(position, options, caption);
  return {
    key,
    message: (id) => ({
      kind: 'board',
      id,
      variant: variant.id,
      // Only on a miss: a cached board never pays for its FEN.
      fen: positionToFen(position, variant),
      options: normalised,
      caption: caption ?? null,
    }),
  };
}

/** A table game's picture. */
export function tableJob(position: TablePosition, options: TableRenderOptions): PreparedJob {
  const { key, position: checked, options: normalised } = prepareTableRender(position, options);
  return {
    key,
    message: (id) => ({ kind: 'table', id, position: checked, options: normalised }),
  };
}

/** A tournament's standings table. */
export function standingsJob(
  picture: StandingsPicture,
  options: PictureRenderOptions,
): PreparedJob {
  const { key, picture: checked, theme } = prepareStandingsRender(picture, options);
  return { key, message: (id) => ({ kind: 'standings', id, picture: checked, theme }) };
}

/** A player's rating graph. */
export function ratingGraphJob(
  picture: RatingGraphPicture,
  options: PictureRenderOptions,
): PreparedJob {
  const { key, picture: checked, theme } = prepareRatingGraphRender(picture, options);
  return { key, message: (id) => ({ kind: 'rating-graph', id, picture: checked, theme }) };
}

/** A review's evaluation graph. */
export function evalGraphJob(
  picture: EvalGraphPicture,
  options: PictureRenderOptions,
): PreparedJob {
  const { key, picture: checked, theme } = prepareEvalGraphRender(picture, options);
  return { key, message: (id) => ({ kind: 'eval-graph', id, picture: checked, theme }) };
}

/** A game's animation. */
export function replayJob(picture: ReplayPicture, options: ReplayOptions): PreparedJob {
  const { key, replay } = prepareReplayRender(picture, options);
  return { key, message: (id) => ({ kind: 'replay', id, replay }) };
}

/** What a failed paint reports back: enough to rebuild a RenderError on the main thread. */
export interface PaintFailure {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
  readonly context?: Readonly<Record<string, unknown>>;
}

/** Messages from a render worker. */
export type WorkerReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'rendered'; readonly id: number; readonly png: ArrayBuffer }
  | { readonly kind: 'failed'; readonly id: number; readonly failure: PaintFailure };

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

/** A paint error as plain data for postMessage (a RenderError keeps its code and context). */
export function paintFailure(error: unknown): PaintFailure {
  if (error instanceof RenderError) {
    return {
      name: error.name,
      message: error.message,
      code: error.code,
      // Through JSON, so that an odd context value cannot make postMessage throw.
      context: JSON.parse(JSON.stringify(error.context)) as Record<string, unknown>,
    };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/**
 * A worker's paint failure as an error on the main thread: a RenderError stays a RenderError
 * (a bad request), anything else is a RenderPoolError (the worker's fault).
 */
export function paintError(failure: PaintFailure): Error {
  if (failure.name === 'RenderError' && failure.code !== undefined) {
    return new RenderError(
      failure.code as RenderErrorCode,
      failure.message.replace(/^render: /, ''),
      failure.context,
    );
  }
  return new RenderPoolError(`the render worker failed: ${failure.message}`);
}
