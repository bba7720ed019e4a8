/**
 * How a render request crosses to a worker thread: as plain data, `{ kind, job }`, made by the
 * kind's `send` (kinds/kind.ts) on the main thread and checked again by its `receive` in the
 * worker. A kind refuses in `send` what would not survive the trip (a board's FEN limits,
 * kinds/board.ts).
 */
import { RenderError, RenderPoolError, type RenderErrorCode } from './errors.js';
import { kindOf, PHOTO_KINDS, type KindId, type KindInput, type KindWire } from './kinds/index.js';

/** One picture for a worker to draw: validated and normalised already. */
export type RenderJob = {
  readonly [K in KindId]: {
    readonly kind: K;
    readonly id: number;
    readonly job: KindWire<K>;
    /** The JPEG quality (1-100) to re-encode the picture at, or null for the PNG. */
    readonly jpeg: number | null;
  };
}[KindId];

/** JPEG quality of the pictures served by URL: small, and clean on a flat-coloured board. */
export const DEFAULT_JPEG_QUALITY = 85;

/**
 * A request checked on the main thread: its cache key, and its job for a worker once it has
 * missed the cache and been given an id. Throws RenderError on what cannot be drawn.
 */
export interface PreparedJob {
  readonly key: string;
  readonly message: (id: number) => RenderJob;
}

/**
 * A request of any kind, checked; with `jpeg`, the same picture as a JPEG of that quality: its
 * own cache key, the same checks.
 */
export function prepareJob<K extends KindId>(
  kind: K,
  input: KindInput<K>,
  jpeg: number | null = null,
): PreparedJob {
  const picture = kindOf(kind);
  const { key, job } = picture.prepare(...input);
  if (jpeg !== null) {
    if (!Number.isInteger(jpeg) || jpeg < 1 || jpeg > 100)
      throw new RenderError('bad-option', `JPEG quality must be 1-100, got ${jpeg}`, {});
    if (!(PHOTO_KINDS as readonly string[]).includes(kind))
      throw new RenderError('bad-option', `no JPEG of a ${kind} picture`, {});
  }
  return {
    key: jpeg === null ? key : `jpeg${jpeg}:${key}`,
    message: (id) => ({ kind, id, job: picture.send(job), jpeg }) as RenderJob,
  };
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
