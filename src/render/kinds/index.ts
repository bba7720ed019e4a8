/**
 * The registry of picture kinds. The renderer, the render pool and its workers go through it:
 * a new kind of picture is one module here and one line below.
 */
import { board } from './board.js';
import type { PictureKind } from './kind.js';
import { evalGraph, ratingGraph, standings } from './league.js';
import { replay } from './replay.js';
import { table } from './table.js';

export const kinds = {
  board,
  table,
  standings,
  'rating-graph': ratingGraph,
  'eval-graph': evalGraph,
  replay,
} as const;

export type Kinds = typeof kinds;
export type KindId = keyof Kinds;
/** What `render(kind, ...input)` takes for a kind. */
export type KindInput<K extends KindId> = Parameters<Kinds[K]['prepare']>;
/** A kind's job as it crosses to a worker. */
export type KindWire<K extends KindId> = ReturnType<Kinds[K]['send']>;

/** The kinds that can also be had as a JPEG (Telegram's inline photos must be JPEG). */
export const PHOTO_KINDS = ['board', 'table'] as const satisfies readonly KindId[];
export type PhotoKindId = (typeof PHOTO_KINDS)[number];

/** Any kind, for the code that goes through them all without knowing which. */
export type AnyKind = PictureKind<readonly unknown[], unknown, unknown>;

/** The kind named `id`; throws on a name that is not one (a worker's message is only data). */
export function kindOf(id: string): AnyKind {
  if (!Object.hasOwn(kinds, id)) throw new Error(`no picture kind ${JSON.stringify(id)}`);
  return kinds[id as KindId];
}
