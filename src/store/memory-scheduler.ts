import type { Clock, Scheduler, TimerJob } from '../game/ports.js';
import { systemClock, timerJobId } from '../game/ports.js';
import { consoleLogger, type Logger } from '../game/logger.js';

/** setTimeout takes at most 2^31 - 1 ms (about 24.8 days); longer waits are re-armed. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface InProcessSchedulerOptions {
  clock?: Clock;
  /** Where a failing handler is reported; stderr by default. */
  log?: Logger;
}

interface Pending {
  readonly job: TimerJob;
  timer?: NodeJS.Timeout;
}

/**
 * The embedded default Scheduler: timers in this process only, lost on exit (the memory store
 * loses the games with them). Jobs with the same id collapse into the first one while it is
 * pending. Timers are unref'd, so a pending reminder never keeps the process alive, and a
 * failing handler is logged, never thrown into the event loop.
 */
export class InProcessScheduler implements Scheduler {
  private readonly pending = new Map<string, Pending>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly clock: Clock;
  private readonly log: Logger;
  private handler: ((job: TimerJob) => Promise<void>) | undefined;

  constructor(options: InProcessSchedulerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? consoleLogger();
  }

  /** Adds a job; one with the same id already pending wins. Before start() it only waits. */
  schedule(job: TimerJob): Promise<void> {
    const id = timerJobId(job);
    if (this.pending.has(id)) return Promise.resolve();
    const entry: Pending = { job };
    this.pending.set(id, entry);
    if (this.handler !== undefined) this.arm(id, entry);
    return Promise.resolve();
  }

  /** Starts delivering: jobs already due (scheduled before start) fire right away. */
  start(handler: (job: TimerJob) => Promise<void>): Promise<void> {
    this.handler = handler;
    for (const [id, entry] of this.pending) this.arm(id, entry);
    return Promise.resolve();
  }

  /**
   * Cancels every timer and waits for handlers already running. Pending jobs are kept, unfired:
   * a later start() would deliver them.
   */
  async stop(): Promise<void> {
    this.handler = undefined;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    await Promise.allSettled([...this.inFlight]);
  }

  /** How many jobs wait to fire (for tests and diagnostics). */
  get size(): number {
    return this.pending.size;
  }

  /** Timers due but not done yet: overdue ones and those firing (the metrics' backlog). */
  backlog(): number {
    const now = this.clock.now();
    let due = this.inFlight.size;
    for (const entry of this.pending.values()) if (entry.job.at <= now) due++;
    return due;
  }

  private arm(id: string, entry: Pending): void {
    clearTimeout(entry.timer);
    const wait = Math.max(0, entry.job.at - this.clock.now());
    entry.timer =
      wait > MAX_TIMEOUT_MS
        ? setTimeout(() => this.arm(id, entry), MAX_TIMEOUT_MS)
        : setTimeout(() => this.fire(id, entry), wait);
    entry.timer.unref();
  }

  private fire(id: string, entry: Pending): void {
    const handler = this.handler;
    if (handler === undefined || this.pending.get(id) !== entry) return;
    this.pending.delete(id);
    const run = (async () => {
      try {
        await handler(entry.job);
      } catch (error) {
        this.log.warn(`scheduler: timer job ${id} failed`, { err: error });
      }
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }
}
