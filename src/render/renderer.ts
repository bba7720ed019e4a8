/**
 * Positions to PNG, with a cache: re-rendering an unchanged board (a button tapped twice, the
 * same position shown to both players) costs a map lookup. Two-player boards, table games'
 * pictures and the league pictures share the cache; their keys cannot collide (each starts with
 * its kind). Standings and rating graphs are cached too: a table is shown again to every member
 * of a chat who asks, a graph to its player until their next game, and checking and keying even
 * a 24-player table (the picture as JSON) costs about 0.2 ms against tens of ms of painting.
 */
import { LRUCache } from 'lru-cache';
import type { Position } from '../engine/index.js';
import type { TablePosition } from '../engine/multi/index.js';
import { paintBoard, paintTable } from './canvas.js';
import { normaliseCaption, prepareRender, type Caption, type RenderOptions } from './options.js';
import { paintEvalGraph } from './eval-graph-canvas.js';
import { prepareEvalGraphRender, type EvalGraphPicture } from './eval-graph-options.js';
import { paintRatingGraph } from './rating-graph-canvas.js';
import { prepareRatingGraphRender, type RatingGraphPicture } from './rating-graph-options.js';
import { paintStandingsPicture } from './standings-canvas.js';
import {
  prepareStandingsRender,
  type PictureRenderOptions,
  type StandingsPicture,
} from './standings-options.js';
import { prepareTableRender, type TableRenderOptions } from './table-options.js';
import { paintReplay } from './replay.js';
import { prepareReplayRender, type ReplayOptions, type ReplayPicture } from './replay-options.js';

export interface RenderCacheStats {
  readonly hits: number;
  readonly misses: number;
  readonly entries: number;
  readonly bytes: number;
}

export interface BoardRendererOptions {
  /** Most images kept. Default 512. */
  readonly maxEntries?: number;
  /** Most bytes of PNG kept. Default 64 MiB. */
  readonly maxBytes?: number;
}

/**
 * Renders boards and keeps the last images by a canonical key of (position, options). The
 * returned Buffers are shared with the cache: treat them as read-only.
 */
export class BoardRenderer {
  private readonly cache: LRUCache<string, Buffer>;
  private hits = 0;
  private misses = 0;

  constructor(options: BoardRendererOptions = {}) {
    this.cache = new LRUCache<string, Buffer>({
      max: options.maxEntries ?? 512,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (png) => png.length,
    });
  }

  /** The board as a PNG. Throws RenderError on a position or options it cannot draw. */
  renderBoard(position: Position, options: RenderOptions = {}): Buffer {
    return this.render(position, options);
  }

  /** The board with a caption band under it: a title line and one line of text. */
  renderCaptionedBoard(position: Position, options: RenderOptions, caption: Caption): Buffer {
    return this.render(position, options, normaliseCaption(caption));
  }

  /**
   * A table game's picture as a PNG: the board turned to `options.bottom`, the seats' edges and
   * the standings. Throws RenderError on a position or options it cannot draw.
   */
  renderTable(position: TablePosition, options: TableRenderOptions = {}): Buffer {
    const prepared = prepareTableRender(position, options);
    return this.cached(prepared.key, () => paintTable(prepared.position, prepared.options));
  }

  /**
   * A tournament's standings table as a PNG (720 to 1000 px wide, as tall as its rows). Throws
   * RenderError 'bad-standings' on a picture it cannot draw.
   */
  renderStandings(picture: StandingsPicture, options: PictureRenderOptions = {}): Buffer {
    const prepared = prepareStandingsRender(picture, options);
    return this.cached(prepared.key, () => paintStandingsPicture(prepared.picture, prepared.theme));
  }

  /**
   * A player's rating graph as a 640 x 320 px PNG. Throws RenderError 'bad-rating-graph' on a
   * graph it cannot draw, an empty one included.
   */
  renderRatingGraph(picture: RatingGraphPicture, options: PictureRenderOptions = {}): Buffer {
    const prepared = prepareRatingGraphRender(picture, options);
    return this.cached(prepared.key, () => paintRatingGraph(prepared.picture, prepared.theme));
  }

  /** A review's evaluation graph as a 640 x 320 px PNG. Throws RenderError 'bad-eval-graph'. */
  renderEvalGraph(picture: EvalGraphPicture, options: PictureRenderOptions = {}): Buffer {
    const prepared = prepareEvalGraphRender(picture, options);
    return this.cached(prepared.key, () => paintEvalGraph(prepared.picture, prepared.theme));
  }

  /**
   * A two-player game's animation as an animated GIF (replay.ts). Throws RenderError on a
   * request it cannot draw ('bad-replay': moves that do not replay, too many of them).
   */
  renderReplay(picture: ReplayPicture, options: ReplayOptions = {}): Buffer {
    const prepared = prepareReplayRender(picture, options);
    return this.cached(prepared.key, () => paintReplay(prepared.replay));
  }

  stats(): RenderCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.cache.size,
      bytes: this.cache.calculatedSize,
    };
  }

  /** Empties the cache and zeroes the counters. */
  clear(): void {
    this.cache.clear();
    this.hits = 0;
    this.misses = 0;
  }

  private render(position: Position, options: RenderOptions, caption?: Caption): Buffer {
    const { variant, options: normalised, key } = prepareRender(position, options, caption);
    return this.cached(key, () => paintBoard(position, variant, normalised, caption));
  }

  private cached(key: string, paint: () => Buffer): Buffer {
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const png = paint();
    this.cache.set(key, png);
    return png;
  }
}

/** Renders without looking at or filling any cache (benchmarks, one-off exports). */
export function renderUncached(
  position: Position,
  options: RenderOptions = {},
  caption?: Caption,
): Buffer {
  const band = caption === undefined ? undefined : normaliseCaption(caption);
  const { variant, options: normalised } = prepareRender(position, options, band);
  return paintBoard(position, variant, normalised, band);
}

/** A table game's picture without looking at or filling any cache (benchmarks, tests). */
export function renderTableUncached(
  position: TablePosition,
  options: TableRenderOptions = {},
): Buffer {
  const prepared = prepareTableRender(position, options);
  return paintTable(prepared.position, prepared.options);
}

/** A standings table without looking at or filling any cache (benchmarks, tests). */
export function renderStandingsUncached(
  picture: StandingsPicture,
  options: PictureRenderOptions = {},
): Buffer {
  const prepared = prepareStandingsRender(picture, options);
  return paintStandingsPicture(prepared.picture, prepared.theme);
}

/** A rating graph without looking at or filling any cache (benchmarks, tests). */
export function renderRatingGraphUncached(
  picture: RatingGraphPicture,
  options: PictureRenderOptions = {},
): Buffer {
  const prepared = prepareRatingGraphRender(picture, options);
  return paintRatingGraph(prepared.picture, prepared.theme);
}

/** A game's animation without looking at or filling any cache (benchmarks, tests). */
export function renderReplayUncached(picture: ReplayPicture, options: ReplayOptions = {}): Buffer {
  return paintReplay(prepareReplayRender(picture, options).replay);
}

const sharedRenderer = new BoardRenderer();

/** The board as a PNG, from the process-wide cache. Throws RenderError on bad input. */
export function renderBoard(position: Position, options: RenderOptions = {}): Buffer {
  return sharedRenderer.renderBoard(position, options);
}

/** The board plus a caption band (puzzles, game ends), from the process-wide cache. */
export function renderCaptionedBoard(
  position: Position,
  options: RenderOptions,
  caption: Caption,
): Buffer {
  return sharedRenderer.renderCaptionedBoard(position, options, caption);
}

/**
 * A table game's picture (Zhernov's four-player game) as a PNG, from the process-wide cache.
 * Throws RenderError on bad input.
 */
export function renderTable(position: TablePosition, options: TableRenderOptions = {}): Buffer {
  return sharedRenderer.renderTable(position, options);
}

/**
 * A tournament's standings table as a PNG, from the process-wide cache, on this thread (the
 * bot draws through RenderPool.renderStandings instead). Throws RenderError on bad input.
 */
export function renderStandings(
  picture: StandingsPicture,
  options: PictureRenderOptions = {},
): Buffer {
  return sharedRenderer.renderStandings(picture, options);
}

/**
 * A player's rating graph as a PNG, from the process-wide cache, on this thread (the bot draws
 * through RenderPool.renderRatingGraph instead). Throws RenderError on bad input.
 */
export function renderRatingGraph(
  picture: RatingGraphPicture,
  options: PictureRenderOptions = {},
): Buffer {
  return sharedRenderer.renderRatingGraph(picture, options);
}

/** A review's evaluation graph from the process-wide cache, on this thread (tests, CLI). */
export function renderEvalGraph(
  picture: EvalGraphPicture,
  options: PictureRenderOptions = {},
): Buffer {
  return sharedRenderer.renderEvalGraph(picture, options);
}

/**
 * A game's animation as a GIF, from the process-wide cache, on this thread (the bot draws
 * through RenderPool.renderReplay instead). Throws RenderError on bad input.
 */
export function renderReplay(picture: ReplayPicture, options: ReplayOptions = {}): Buffer {
  return sharedRenderer.renderReplay(picture, options);
}

export function renderCacheStats(): RenderCacheStats {
  return sharedRenderer.stats();
}

export function clearRenderCache(): void {
  sharedRenderer.clear();
}
