import type { Worker } from 'node:worker_threads';
import { IdleTimer } from './idle-timer.js';
import { collectWhenQuiet } from './quiet-collection.js';

/** One worker thread of a pool and the job it runs. */
export interface ThreadSlot<J> {
  /** Undefined until a job needs it, after it was stopped idle, and after it died. */
  worker: Worker | undefined;
  job: J | undefined;
  /** The last error the worker reported (why it died, when it does). */
  lastError: Error | undefined;
  /** Stops the worker once it has been idle for the pool's idle time. */
  readonly idle: IdleTimer;
}

/**
 * What the AI and render pools share: jobs wait in one FIFO queue for the first free worker;
 * threads start when jobs need them (up to the number of slots) and stop after an idle time
 * without one; a worker that dies fails the job it was running (`died` says what else follows:
 * a pause before the next start, giving up) and the queue goes on. Idle workers are unref'd, so
 * a pool never keeps the process alive; a worker with a job does.
 */
export abstract class ThreadPool<J, S extends ThreadSlot<J>> {
  protected readonly slots: S[] = [];
  protected readonly queue: J[] = [];

  /** Closed: no job is dispatched, and a worker's exit is nobody's death. */
  protected abstract get stopped(): boolean;
  /** Starts the worker thread of `slot`. */
  protected abstract startThread(slot: S): Worker;
  /** A message from the current worker of `slot`. */
  protected abstract receive(slot: S, worker: Worker, reply: unknown): void;
  /** The worker of `slot` died (`reason`) running `job`, if any; the queue is dispatched next. */
  protected abstract died(slot: S, job: J | undefined, reason: string): void;
  /** Whether `slot`, without a worker, may start one for the next job now. */
  protected abstract startable(slot: S): boolean;
  /** Sends `job` to the worker of `slot`, which has just taken it. */
  protected abstract post(slot: S, worker: Worker, job: J): void;
  /** A worker was stopped idle (the pool's own clean-up); nothing by default. */
  protected idleStopped(): void {}

  /**
   * Adds a slot without a worker: the fields every slot has, with `own` (the pool's own
   * fields); its idle timer stops its worker after `idleMs` without a job (undefined: never).
   */
  protected addSlot(idleMs: number | undefined, own: Omit<S, keyof ThreadSlot<J>>): S {
    // S is ThreadSlot<J> and `own`: the spread builds exactly that.
    const slot = {
      ...own,
      worker: undefined,
      job: undefined,
      lastError: undefined,
      idle: new IdleTimer(idleMs, () => this.stopIdle(slot)),
    } as S;
    this.slots.push(slot);
    return slot;
  }

  /** Gives each queued job to an idle worker, or to a slot that may start one. */
  protected dispatch(): void {
    if (this.stopped) return;
    while (this.queue.length > 0) {
      const slot =
        this.slots.find((free) => free.worker !== undefined && free.job === undefined) ??
        this.slots.find((free) => free.worker === undefined && this.startable(free));
      if (slot === undefined) return;
      const worker = slot.worker ?? this.start(slot);
      const job = this.queue.shift()!;
      slot.job = job;
      slot.idle.disarm();
      worker.ref();
      this.post(slot, worker, job);
    }
  }

  /**
   * The job of `slot` is answered: it is taken off the slot (returned, to be settled), and the
   * worker idles unless `next()`, after the settling, gives it another job.
   */
  protected finish(slot: S, worker: Worker): J | undefined {
    const job = slot.job;
    slot.job = undefined;
    worker.unref();
    return job;
  }

  /** After `finish` and the settling: the worker idles unless the queue has a job for it. */
  protected next(slot: S): void {
    slot.idle.arm();
    this.dispatch();
  }

  /** Starts the worker of `slot` now (the restart after a death's pause). */
  protected start(slot: S): Worker {
    const worker = this.startThread(slot);
    slot.worker = worker;
    slot.lastError = undefined;
    worker.on('message', (reply: unknown) => {
      if (slot.worker === worker) this.receive(slot, worker, reply);
    });
    worker.on('error', (error) => {
      if (slot.worker === worker) slot.lastError = error;
    });
    worker.on('exit', (code) => {
      if (!this.stopped && slot.worker === worker) this.exited(slot, code);
    });
    // Idle until dispatch() gives it a job; after the listeners, as adding one refs it.
    worker.unref();
    return worker;
  }

  /** Stops every worker; each job running or queued is given to `fail`. */
  protected async stopAll(fail: (job: J) => void): Promise<void> {
    for (const job of this.queue.splice(0)) fail(job);
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker, job } = slot;
        slot.idle.disarm();
        // Cleared first, so that the exit below is not taken for a death.
        slot.worker = undefined;
        slot.job = undefined;
        if (job !== undefined) fail(job);
        await worker?.terminate();
      }),
    );
  }

  private exited(slot: S, code: number): void {
    const reason = slot.lastError?.message ?? `exit code ${code}`;
    const job = slot.job;
    slot.job = undefined;
    slot.worker = undefined;
    slot.idle.disarm();
    this.died(slot, job, reason);
    this.dispatch();
  }

  private stopIdle(slot: S): void {
    const worker = slot.worker;
    if (worker === undefined || slot.job !== undefined || this.stopped) return;
    // Cleared first, so that its exit is not taken for a death.
    slot.worker = undefined;
    this.idleStopped();
    void worker.terminate();
    // What the pool let go (the render cache's images) is given back now, not at some later GC.
    collectWhenQuiet();
  }
}
