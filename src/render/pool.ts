/**
 * Pictures drawn on worker threads, so that painting and PNG encoding (about 6 ms a 720 px
 * board, 60 ms cold) never block the event loop that serves every chat. Every kind of picture
 * (kinds/index.ts) goes the same way, through the same queue and cache.
 */
import { LRUCache } from 'lru-cache';
import type { Worker } from 'node:worker_threads';
import { RenderPoolError } from './errors.js';
import type { KindId, KindInput, PhotoKindId } from './kinds/index.js';
import type { RenderCacheStats } from './renderer.js';
import {
  paintError,
  prepareJob,
  type PreparedJob,
  type RenderJob,
  type WorkerReply,
} from './transport.js';
import { startWorker } from '../threads/start-worker.js';
import { ThreadPool, type ThreadSlot } from '../threads/thread-pool.js';

export { RenderPoolError };

export interface RenderPoolOptions {
  /** Worker threads. Default 1. */
  readonly size?: number;
  /** Most PNGs kept in the cache on the main thread. Default 512. */
  readonly maxEntries?: number;
  /** Most bytes of PNG kept. Default 64 MiB. */
  readonly maxBytes?: number;
  /**
   * A thread that has drawn nothing for this long is stopped, and cached images nobody asked
   * for in half as long are dropped; the next board starts a thread again. Default: never.
   */
  readonly idleMs?: number;
}

/** Pool statistics: the cache's, plus boards waiting for a worker and boards being drawn. */
export type RenderPoolStats = RenderCacheStats & {
  readonly queued: number;
  readonly running: number;
  /** Worker threads started and not stopped (at most the pool's size). */
  readonly threads: number;
};

interface Job {
  readonly key: string;
  readonly message: RenderJob;
  readonly resolve: (png: Buffer) => void;
  readonly reject: (error: unknown) => void;
}

interface Slot extends ThreadSlot<Job> {
  /** The worker said it is ready (it loaded the canvas library and fonts). */
  ready: boolean;
  /** Workers in a row that exited before they were ready. */
  failedStarts: number;
}

/** A slot gives up restarting after this many workers in a row die before they are ready. */
const MAX_FAILED_STARTS = 3;

/**
 * Renders boards on a pool of worker threads, with the same images, cache and errors as
 * BoardRenderer. Validation, normalisation and the cache key run on the main thread, so a bad
 * request rejects at once and a cache hit never reaches a worker; identical requests in flight
 * share one render; misses wait in one FIFO queue for the first free worker.
 *
 * A worker that crashes or exits is replaced, and the board it was drawing rejects with
 * RenderPoolError rather than being retried: a board that kills a worker would kill the next one
 * too. A paint error inside a worker rejects only that board.
 *
 * Threads start when boards need them (up to `size`), and stop after `idleMs` without a board:
 * each holds the canvas library, its fonts and its sprite caches (tens of MB once it has drawn),
 * which a quiet process gives back; the first board after that waits for a thread to start.
 * Idle workers are unref'd, so the pool does not keep the process alive; a board being drawn
 * does. The returned Buffers are shared with the cache: treat them as read-only.
 */
export class RenderPool extends ThreadPool<Job, Slot> {
  private readonly cache: LRUCache<string, Buffer>;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private hits = 0;
  private misses = 0;
  private nextId = 1;
  private closing: Promise<void> | undefined;

  constructor(options: RenderPoolOptions = {}) {
    super();
    this.cache = new LRUCache<string, Buffer>({
      max: options.maxEntries ?? 512,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (png) => png.length,
      // Dropped as a thread stops: what nobody asked for in half its idle time (the thread's
      // last board included, which is as old as its idle time by then).
      ...(options.idleMs === undefined ? {} : { ttl: options.idleMs / 2, updateAgeOnGet: true }),
    });
    const size = Math.max(1, Math.floor(options.size ?? 1));
    for (let i = 0; i < size; i++) this.addSlot(options.idleMs, { ready: false, failedStarts: 0 });
  }

  /**
   * A picture of any kind (kinds/index.ts) as a PNG (a GIF for a game's animation, its moves
   * replayed and every frame drawn and encoded on the worker). Rejects with RenderError on a
   * request it cannot draw, before it reaches a worker. The same picture asked for twice (a
   * game's end, then /replay) is drawn once: the cache keeps it.
   */
  render<K extends KindId>(kind: K, ...input: KindInput<K>): Promise<Buffer> {
    return this.submit(() => prepareJob(kind, input));
  }

  /**
   * A board or table game's picture as a JPEG of `quality` 1-100 (Telegram's inline photos and
   * pictures fetched by URL must be JPEG; DEFAULT_JPEG_QUALITY suits them); cached apart from
   * the PNG.
   */
  renderJpeg<K extends PhotoKindId>(
    kind: K,
    quality: number,
    ...input: KindInput<K>
  ): Promise<Buffer> {
    return this.submit(() => prepareJob(kind, input, quality));
  }

  /**
   * Cache hits (including requests that joined an identical render in flight), misses (boards
   * sent to a worker), cached images and bytes, boards queued and boards being drawn.
   */
  stats(): RenderPoolStats {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.cache.size,
      bytes: this.cache.calculatedSize,
      queued: this.queue.length,
      running: this.slots.filter((slot) => slot.job !== undefined).length,
      threads: this.slots.filter((slot) => slot.worker !== undefined).length,
    };
  }

  /** Not closed, and some slot can run a worker (not given up on): boards can be drawn. */
  get alive(): boolean {
    return (
      this.closing === undefined && this.slots.some((slot) => slot.failedStarts < MAX_FAILED_STARTS)
    );
  }

  /** Stops the workers; queued and running boards reject with RenderPoolError. Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /**
   * Every kind of request: `prepare` checks it and gives its cache key and its job; a cache hit
   * or an identical render in flight answers at once, a miss is queued. A refused request
   * rejects before it reaches a worker.
   */
  private submit(prepare: () => PreparedJob): Promise<Buffer> {
    if (this.closing !== undefined) {
      return Promise.reject(new RenderPoolError('the render pool is closed'));
    }
    let key: string;
    let message: RenderJob;
    try {
      const prepared = prepare();
      key = prepared.key;
      const hit = this.lookUp(key);
      if (hit !== undefined) return hit;
      message = prepared.message(this.nextId++);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.enqueue(key, message);
  }

  /** The image of `key` from the cache or from an identical render in flight, counted as a hit. */
  private lookUp(key: string): Promise<Buffer> | undefined {
    const cached = this.cache.get(key) ?? this.inFlight.get(key);
    if (cached === undefined) return undefined;
    this.hits++;
    return Promise.resolve(cached);
  }

  /** Queues a render that missed the cache for the first free worker. */
  private enqueue(key: string, message: RenderJob): Promise<Buffer> {
    this.misses++;
    const promise = new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ key, message, resolve, reject });
    });
    this.inFlight.set(key, promise);
    this.revive();
    this.dispatch();
    return promise;
  }

  protected get stopped(): boolean {
    return this.closing !== undefined;
  }

  protected startThread(slot: Slot): Worker {
    slot.ready = false;
    return startWorker(import.meta.url, 'worker');
  }

  protected receive(slot: Slot, worker: Worker, reply: WorkerReply): void {
    if (reply.kind === 'ready') {
      slot.ready = true;
      slot.failedStarts = 0;
      return;
    }
    if (slot.job === undefined || slot.job.message.id !== reply.id) return;
    const job = this.finish(slot, worker)!;
    if (reply.kind === 'rendered') this.succeed(job, Buffer.from(reply.png));
    else this.fail(job, paintError(reply.failure));
    this.next(slot);
  }

  /**
   * A worker exited on its own (crash, error or a stray exit): its board fails, and the next
   * board starts a new one, unless workers of this slot keep dying before they are ready.
   */
  protected died(slot: Slot, job: Job | undefined, reason: string): void {
    if (job !== undefined) {
      this.fail(job, new RenderPoolError(`the render worker stopped while drawing (${reason})`));
    }
    if (!slot.ready) slot.failedStarts++;
    if (this.slots.every((other) => other.failedStarts >= MAX_FAILED_STARTS)) {
      // Nobody can serve the queue; without this a broken install would respawn forever.
      const error = new RenderPoolError(`render workers cannot start (${reason})`);
      for (const queued of this.queue.splice(0)) this.fail(queued, error);
    }
  }

  protected startable(slot: Slot): boolean {
    return slot.failedStarts < MAX_FAILED_STARTS;
  }

  protected post(_slot: Slot, worker: Worker, job: Job): void {
    worker.postMessage(job.message);
  }

  /** The cache drops what nobody asked for in the idle time. */
  protected override idleStopped(): void {
    this.cache.purgeStale();
  }

  /** Gives slots whose workers would not start one more try, on each new request. */
  private revive(): void {
    for (const slot of this.slots) {
      if (slot.failedStarts >= MAX_FAILED_STARTS) slot.failedStarts = MAX_FAILED_STARTS - 1;
    }
  }

  private succeed(job: Job, png: Buffer): void {
    this.inFlight.delete(job.key);
    this.cache.set(job.key, png);
    job.resolve(png);
  }

  private fail(job: Job, error: unknown): void {
    this.inFlight.delete(job.key);
    job.reject(error);
  }

  private async shutdown(): Promise<void> {
    const error = new RenderPoolError('the render pool was closed');
    await this.stopAll((job) => this.fail(job, error));
  }
}
