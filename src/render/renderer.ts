/**
 * Positions to PNG, with a cache: re-rendering an unchanged board (a button tapped twice, the
 * same position shown to both players) costs a map lookup. Two-player boards and table games'
 * pictures share the cache; their keys cannot collide.
 */
import { LRUCache } from 'lru-cache';
import type { Position } from '../engine/index.js';
import type { TablePosition } from '../engine/multi/index.js';
import { paintBoard, paintTable } from './canvas.js';
import { normaliseCaption, prepareRender, type Caption, type RenderOptions } from './options.js';
import { prepareTableRender, type TableRenderOptions } from './table-options.js';

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

export function renderCacheStats(): RenderCacheStats {
  return sharedRenderer.stats();
}

export function clearRenderCache(): void {
  sharedRenderer.clear();
}
