/**
 * Pictures of every kind (kinds/index.ts) to PNG on this thread, with a cache: re-rendering an
 * unchanged board (a button tapped twice, the same position shown to both players) costs a map
 * lookup. All kinds share the cache; their keys cannot collide (each starts with its kind).
 * Standings and rating graphs are cached too: a table is shown again to every member of a chat
 * who asks, a graph to its player until their next game, and checking and keying even a
 * 24-player table (the picture as JSON) costs about 0.2 ms against tens of ms of painting.
 */
import { LRUCache } from 'lru-cache';
import { kindOf, type KindId, type KindInput } from './kinds/index.js';

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
 * Renders pictures of every kind and keeps the last images by their canonical keys. The
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

  /**
   * A picture of any kind as a PNG (a GIF for a game's animation): `render('board', position,
   * options, caption?)`, `render('standings', picture, options?)`... Throws RenderError on a
   * request it cannot draw.
   */
  render<K extends KindId>(kind: K, ...input: KindInput<K>): Buffer {
    const picture = kindOf(kind);
    const { key, job } = picture.prepare(...input);
    return this.cached(key, () => picture.paint(job));
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

/** A picture without looking at or filling any cache (benchmarks, one-off exports, tests). */
export function renderUncached<K extends KindId>(kind: K, ...input: KindInput<K>): Buffer {
  const picture = kindOf(kind);
  return picture.paint(picture.prepare(...input).job);
}

const sharedRenderer = new BoardRenderer();

/**
 * A picture from the process-wide cache, on this thread (the CLI, scripts and tests; the bot
 * draws through RenderPool.render instead). Throws RenderError on bad input.
 */
export function renderPicture<K extends KindId>(kind: K, ...input: KindInput<K>): Buffer {
  return sharedRenderer.render(kind, ...input);
}

export function renderCacheStats(): RenderCacheStats {
  return sharedRenderer.stats();
}

export function clearRenderCache(): void {
  sharedRenderer.clear();
}
