import type { Worker } from 'node:worker_threads';
import { startWorker } from '../threads/start-worker.js';
import { ThreadPool, type ThreadSlot } from '../threads/thread-pool.js';
import { type VariantId, seedFromText } from '../engine/index.js';
import type { TableVariantId } from '../engine/multi/index.js';
import type { ThinkRequest, ThinkResult } from './player.js';
import {
  analysisThinkRequest,
  positionEval,
  type AnalysisRequest,
  type PositionEval,
} from './analysis.js';
import type { WorkerJob, WorkerReply } from './worker.js';

/** What the game service asks for (structurally the BotMoves port of src/game/ports.ts). */
export interface BotMoveRequest {
  readonly gameId: string;
  /** A two-player variant, or a table game (then `fen` is a table FEN). */
  readonly variant: VariantId | TableVariantId;
  readonly fen: string;
  readonly level: number;
  /** Table games: plies since the last capture (the no-capture limit); default 0. */
  readonly quietPlies?: number;
}

export interface AiPoolOptions {
  /** Worker threads (default 1). */
  readonly size?: number;
  /** Transposition table size per worker: 2^ttBits entries of 16 bytes (default 20: 16 MB). */
  readonly ttBits?: number;
  /** Cap in ms on every search (default: none beyond the level's own, at most 2 s). */
  readonly timeMs?: number;
  /**
   * Pause before a dead worker is replaced: `first`, doubled for each death in a row (deaths
   * without an answer in between), at most `max`. Default 100 ms up to 30 s.
   */
  readonly restartDelayMs?: { readonly first: number; readonly max: number };
  /**
   * A thread that has searched nothing for this long is stopped (its transposition table and
   * heap given back); the next request starts one again. Default: never.
   */
  readonly idleMs?: number;
  /** Starts a worker thread; default ./worker beside this file (tests start failing ones). */
  readonly startWorker?: (workerData: AiWorkerData) => Worker;
}

/** What a worker thread is started with (see worker.ts). */
export interface AiWorkerData {
  readonly cancel: SharedArrayBuffer;
  readonly ttBits: number;
}

/**
 * Deaths in a row after which a slot counts as broken: when every slot is broken and between
 * workers, waiting requests fail at once instead of waiting for a worker that keeps dying.
 */
const BROKEN_AFTER_DEATHS = 3;

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

interface Slot extends ThreadSlot<Job> {
  readonly cancel: Int32Array;
  /** Workers of this slot that died in a row, without answering a request in between. */
  deaths: number;
  /** The pause before a dead worker is replaced. */
  restart: NodeJS.Timeout | undefined;
}

/**
 * Runs searches on a pool of worker threads so that bot games never block the event loop.
 * Requests wait in one FIFO queue and go to the first free worker, so several games share the
 * pool fairly. A search can be cancelled with an AbortSignal: a queued request is dropped, a
 * running one stops within about a millisecond (the worker polls a shared flag).
 *
 * A worker that dies (a crash, an error, a stray exit) fails the request it was working on — a
 * request that kills a worker would kill the next one too; the game service asks again later —
 * and is replaced after a pause that doubles with each death in a row, so a worker that cannot
 * start is not respawned in a hot loop. While every worker is down after dying repeatedly,
 * requests fail at once rather than wait.
 *
 * Threads start when requests need them (up to `size`) and stop after `idleMs` without one,
 * so that a quiet process does not hold a search's memory; the first search after that waits
 * for a thread to start and warm up.
 *
 * Workers run TypeScript through tsx when this file is TypeScript (`npm start` and the tests
 * run sources — a worker inherits neither tsx nor vitest, so it registers tsx's loader itself
 * before importing worker.ts); compiled JavaScript (dist/) needs nothing.
 */
export class AiPool extends ThreadPool<Job, Slot> {
  private readonly ttBits: number;
  private readonly timeMs: number | undefined;
  private readonly restartDelay: { readonly first: number; readonly max: number };
  private readonly startWorker: (workerData: AiWorkerData) => Worker;
  private nextId = 1;
  private closed = false;

  constructor(options: AiPoolOptions = {}) {
    super();
    const size = Math.max(1, Math.floor(options.size ?? 1));
    this.ttBits = options.ttBits ?? 20;
    this.timeMs = options.timeMs;
    this.restartDelay = options.restartDelayMs ?? { first: 100, max: 30_000 };
    this.startWorker =
      options.startWorker ?? ((workerData) => startWorker(import.meta.url, 'worker', workerData));
    for (let i = 0; i < size; i++) {
      this.addSlot(options.idleMs, {
        cancel: new Int32Array(new SharedArrayBuffer(4)),
        deaths: 0,
        restart: undefined,
      });
    }
  }

  /** The number of worker threads. */
  get size(): number {
    return this.slots.length;
  }

  /** Worker threads started and not stopped (at most `size`). */
  get threads(): number {
    return this.slots.filter((slot) => slot.worker !== undefined).length;
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
        quietPlies: request.quietPlies,
      },
      options,
    );
    return result.move;
  }

  /**
   * One position of a game review (the PositionAnalysis port of src/game/ports.ts): a search at
   * the review's node budget, queued like any request, so a review's positions take turns with
   * live games' bot moves one search at a time.
   */
  async analyse(
    request: AnalysisRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<PositionEval> {
    return positionEval(request, await this.think(analysisThinkRequest(request), options));
  }

  /** Any move choice (level, greedy, search limits...) with its score, depth and nodes. */
  think(request: ThinkRequest, options: { signal?: AbortSignal } = {}): Promise<ThinkResult> {
    if (this.closed) return Promise.reject(new AiPoolError('the AI pool is closed', request));
    const signal = options.signal;
    if (signal?.aborted === true) return Promise.reject(abortReason(signal));
    const broken = this.brokenError(request);
    if (broken !== undefined) return Promise.reject(broken);
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
    for (const slot of this.slots) clearTimeout(slot.restart);
    await this.stopAll((job) => this.settle(job, undefined, error));
  }

  protected get stopped(): boolean {
    return this.closed;
  }

  protected startThread(slot: Slot): Worker {
    return this.startWorker({
      cancel: slot.cancel.buffer as SharedArrayBuffer,
      ttBits: this.ttBits,
    });
  }

  protected receive(slot: Slot, worker: Worker, reply: WorkerReply): void {
    slot.deaths = 0;
    const job = this.finish(slot, worker);
    if (job !== undefined && job.id === reply.id) {
      if (reply.ok) this.settle(job, reply.result);
      else this.settle(job, undefined, new AiPoolError(reply.error, job.request));
    }
    this.next(slot);
  }

  /** A worker died: its request fails, and a new worker starts after the slot's pause. */
  protected died(slot: Slot, job: Job | undefined, reason: string): void {
    if (job !== undefined) {
      this.settle(job, undefined, new AiPoolError(`AI worker failed: ${reason}`, job.request));
    }
    slot.deaths++;
    const { first, max } = this.restartDelay;
    const delay = Math.min(max, first * 2 ** (slot.deaths - 1));
    slot.restart = setTimeout(() => {
      slot.restart = undefined;
      if (this.closed) return;
      this.start(slot);
      this.dispatch();
    }, delay);
    slot.restart.unref();
    const broken = this.brokenError(undefined, reason);
    if (broken !== undefined) {
      for (const queued of this.queue.splice(0)) this.settle(queued, undefined, broken);
    }
  }

  /** Not while a dead worker waits out its pause. */
  protected startable(slot: Slot): boolean {
    return slot.restart === undefined;
  }

  protected post(slot: Slot, worker: Worker, job: Job): void {
    Atomics.store(slot.cancel, 0, 0);
    const message: WorkerJob = { id: job.id, request: job.request };
    worker.postMessage(message);
  }

  /** The error for requests while every slot is broken (see BROKEN_AFTER_DEATHS), if so. */
  private brokenError(request?: ThinkRequest, reason?: string): AiPoolError | undefined {
    const broken = this.slots.every(
      (slot) => slot.worker === undefined && slot.deaths >= BROKEN_AFTER_DEATHS,
    );
    if (!broken) return undefined;
    const why = reason ?? this.slots.find((slot) => slot.lastError)?.lastError?.message;
    return new AiPoolError(
      `AI workers keep failing${why === undefined ? '' : ` (${why})`}; try again later`,
      request,
    );
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
