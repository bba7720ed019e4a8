import type { Worker } from 'node:worker_threads';
import { startWorker } from '../threads/start-worker.js';
import { type VariantId, seedFromText } from '../engine/index.js';
import type { ThinkRequest, ThinkResult } from './player.js';
import type { WorkerJob, WorkerReply } from './worker.js';

/** What the game service asks for (structurally the BotMoves port of src/game/ports.ts). */
export interface BotMoveRequest {
  readonly gameId: string;
  readonly variant: VariantId;
  readonly fen: string;
  readonly level: number;
}

export interface AiPoolOptions {
  /** Worker threads (default 1). */
  readonly size?: number;
  /** Transposition table size per worker: 2^ttBits entries of 16 bytes (default 20: 16 MB). */
  readonly ttBits?: number;
  /** Cap in ms on every search (default: none beyond the level's own, at most 2 s). */
  readonly timeMs?: number;
}

/** A request the pool could not answer: the worker failed, or the pool was closed. */
export class AiPoolError extends Error {
  constructor(
    message: string,
    readonly request?: ThinkRequest,
  ) {
    super(message);
    this.name = 'AiPoolError';
  }
}

interface Job {
  readonly id: number;
  readonly request: ThinkRequest;
  readonly resolve: (result: ThinkResult) => void;
  readonly reject: (error: unknown) => void;
  readonly signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  readonly cancel: Int32Array;
  job: Job | undefined;
}

/**
 * Runs searches on a pool of worker threads so that bot games never block the event loop.
 * Requests wait in one FIFO queue and go to the first free worker, so several games share the
 * pool fairly. A search can be cancelled with an AbortSignal: a queued request is dropped, a
 * running one stops within about a millisecond (the worker polls a shared flag).
 *
 * Workers run TypeScript through tsx when this file is TypeScript (the app runs under
 * `node --import tsx`, tests under vitest — a worker inherits neither, so it registers tsx's
 * loader itself before importing worker.ts); compiled JavaScript needs nothing.
 */
export class AiPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly ttBits: number;
  private readonly timeMs: number | undefined;
  private nextId = 1;
  private closed = false;

  constructor(options: AiPoolOptions = {}) {
    const size = Math.max(1, Math.floor(options.size ?? 1));
    this.ttBits = options.ttBits ?? 20;
    this.timeMs = options.timeMs;
    for (let i = 0; i < size; i++) this.slots.push(this.startSlot());
  }

  /** The number of worker threads. */
  get size(): number {
    return this.slots.length;
  }

  /** Serving requests: not closed (a worker that dies is replaced). */
  get alive(): boolean {
    return !this.closed;
  }

  /** Requests waiting for a free worker. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * The bot's move for a game in full-path notation. The randomness of the lower levels is
   * seeded by the game id and the position, so the same request always gets the same answer.
   */
  async chooseMove(request: BotMoveRequest, options: { signal?: AbortSignal } = {}) {
    const result = await this.think(
      {
        variant: request.variant,
        fen: request.fen,
        player: { kind: 'level', level: request.level },
        seed: seedFromText(`${request.gameId}|${request.fen}`),
        timeMs: this.timeMs,
      },
      options,
    );
    return result.move;
  }

  /** Any move choice (level, greedy, search limits...) with its score, depth and nodes. */
  think(request: ThinkRequest, options: { signal?: AbortSignal } = {}): Promise<ThinkResult> {
    if (this.closed) return Promise.reject(new AiPoolError('the AI pool is closed', request));
    const signal = options.signal;
    if (signal?.aborted === true) return Promise.reject(abortReason(signal));
    return new Promise<ThinkResult>((resolve, reject) => {
      const job: Job = { id: this.nextId++, request, resolve, reject, signal };
      if (signal !== undefined) {
        job.onAbort = () => this.abort(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Stops every worker; waiting and running requests are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new AiPoolError('the AI pool was closed');
    for (const job of this.queue.splice(0)) this.settle(job, undefined, error);
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job !== undefined) this.settle(slot.job, undefined, error);
        slot.job = undefined;
        await slot.worker.terminate();
      }),
    );
  }

  private startSlot(): Slot {
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const slot: Slot = { worker: this.spawn(cancel), cancel, job: undefined };
    this.watch(slot);
    return slot;
  }

  private spawn(cancel: Int32Array): Worker {
    const worker = startWorker(import.meta.url, 'worker', {
      cancel: cancel.buffer,
      ttBits: this.ttBits,
    });
    worker.unref();
    return worker;
  }

  private watch(slot: Slot): void {
    const worker = slot.worker;
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      slot.job = undefined;
      worker.unref();
      if (job !== undefined && job.id === reply.id) {
        if (reply.ok) this.settle(job, reply.result);
        else this.settle(job, undefined, new AiPoolError(reply.error, job.request));
      }
      this.dispatch();
    });
    worker.on('error', (error) => {
      const job = slot.job;
      slot.job = undefined;
      if (job !== undefined) {
        this.settle(
          job,
          undefined,
          new AiPoolError(`AI worker failed: ${error.message}`, job.request),
        );
      }
    });
    worker.on('exit', () => {
      if (this.closed || slot.worker !== worker) return;
      // A worker died (crash or error): its job was rejected; replace it and carry on.
      const job = slot.job;
      slot.job = undefined;
      if (job !== undefined) {
        this.settle(job, undefined, new AiPoolError('AI worker exited', job.request));
      }
      slot.worker = this.spawn(slot.cancel);
      this.watch(slot);
      this.dispatch();
    });
    // Adding a 'message' listener refs the worker again: an idle pool must not keep the
    // process alive, so it is unref'd after its listeners are in place.
    if (slot.job === undefined) worker.unref();
  }

  private dispatch(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.job !== undefined) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      Atomics.store(slot.cancel, 0, 0);
      slot.worker.ref();
      const message: WorkerJob = { id: job.id, request: job.request };
      slot.worker.postMessage(message);
    }
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    else {
      // Running: tell the worker to stop; the slot frees itself when the worker answers.
      const slot = this.slots.find((s) => s.job === job);
      if (slot !== undefined) Atomics.store(slot.cancel, 0, 1);
    }
    this.settle(job, undefined, abortReason(job.signal!));
  }

  private settled = new WeakSet<Job>();

  private settle(job: Job, result: ThinkResult | undefined, error?: unknown): void {
    if (this.settled.has(job)) return;
    this.settled.add(job);
    if (job.onAbort !== undefined) job.signal?.removeEventListener('abort', job.onAbort);
    if (error !== undefined) job.reject(error);
    else job.resolve(result!);
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The search was cancelled', 'AbortError');
}
