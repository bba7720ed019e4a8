import { timerJobId, type Clock, type Scheduler, type TimerJob } from '../../src/game/ports.js';

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(public time = 1_000_000) {}
  now(): number {
    return this.time;
  }
}

/**
 * A scheduler the test drives: it records jobs (same id collapses, as the real ones do) and
 * `runDue()` hands every job due by the clock to the handler, in time order.
 */
export class ManualScheduler implements Scheduler {
  readonly jobs = new Map<string, TimerJob>();
  private handler: ((job: TimerJob) => Promise<void>) | undefined;

  constructor(private readonly clock: ManualClock) {}

  schedule(job: TimerJob): Promise<void> {
    this.jobs.set(timerJobId(job), job);
    return Promise.resolve();
  }

  start(handler: (job: TimerJob) => Promise<void>): Promise<void> {
    this.handler = handler;
    return Promise.resolve();
  }

  stop(): Promise<void> {
    this.handler = undefined;
    return Promise.resolve();
  }

  /** Runs the due jobs; returns how many ran. */
  async runDue(): Promise<number> {
    const due = [...this.jobs.entries()]
      .filter(([, job]) => job.at <= this.clock.now())
      .sort((a, b) => a[1].at - b[1].at);
    for (const [id, job] of due) {
      this.jobs.delete(id);
      await this.handler?.(job);
    }
    return due.length;
  }
}
