/**
 * Work done by other processes, through BullMQ queues in Redis: a caller puts a job on a named
 * queue and waits for its result; `npm run worker` processes on any machine take the jobs. The
 * bot's searches (bullmq-bot-moves.ts) and puzzle mining (`puzzles generate --queue`) use it.
 *
 * A job id makes the same request asked twice one job (its result is kept a while, so a late
 * duplicate finds it without new work). A failed job is removed at once: asked again, it is new
 * work, not the old failure.
 */
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { consoleLogger, type Logger } from '../game/logger.js';
import { StoreError } from '../game/ports.js';
import { createBullMqRedis, type RedisAddress, type RedisClient } from './redis-connection.js';
import { pauseOnRefusals } from './bullmq-refusals.js';
import { storeFault } from './redis-faults.js';
import type { StoreHealthReport } from './store-health.js';

export interface JobQueueOptions {
  /** Where Redis is (each side makes the connections BullMQ needs and closes them). */
  readonly url: RedisAddress;
  /** BullMQ key prefix (keys are <prefix>:<queue>:...), in braces; default "{bashni:bull}". */
  readonly prefix?: string;
  readonly queueName: string;
  readonly log?: Logger;
  /**
   * Where the store faults of its Redis commands go (the store's health): counted there instead
   * of logged one by one.
   */
  readonly health?: StoreHealthReport;
}

/**
 * The 'error' listener of a queue's connections and BullMQ objects: store faults to `health`
 * (when given), everything else (and without `health`, everything) logged as `${name}: ${what}`.
 */
function errorListener(
  options: JobQueueOptions,
  log: Logger,
  name: string,
): (what: string) => (error: unknown) => void {
  return (what) => (error) => {
    options.health?.failure(error);
    if (options.health === undefined || storeFault(error) === undefined)
      log.warn(`${name}: ${what}`, { err: error });
  };
}

/** How a job is run: its id (the same request asked twice is one job) and its tries. */
export interface JobRunOptions {
  readonly jobId: string;
  readonly attempts?: number;
}

/** The callers' side: run a job somewhere, wait for its result. */
export class RemoteJobs {
  private readonly connections: readonly [RedisClient, RedisClient];
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly timeoutMs: number;
  private readonly keepSeconds: number;
  private readonly health: StoreHealthReport | undefined;

  constructor(
    options: JobQueueOptions & {
      /** How long a job's caller waits for its result; default two minutes. */
      readonly timeoutMs?: number;
      /** How long a result is kept for duplicates; default an hour. */
      readonly keepSeconds?: number;
    },
  ) {
    const log = options.log ?? consoleLogger();
    const prefix = options.prefix ?? '{bashni:bull}';
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.keepSeconds = options.keepSeconds ?? 3600;
    this.health = options.health;
    this.connections = [createBullMqRedis(options.url), createBullMqRedis(options.url)];
    const report = errorListener(options, log, `${options.queueName} jobs`);
    for (const connection of this.connections) connection.on('error', report('Redis error'));
    this.queue = new Queue(options.queueName, { connection: this.connections[0], prefix });
    this.events = new QueueEvents(options.queueName, { connection: this.connections[1], prefix });
    this.queue.on('error', report('queue error'));
    this.events.on('error', report('queue events error'));
  }

  /** Resolves once the queue's event stream is read (so no result is missed). */
  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  /**
   * Runs a job and resolves with its result; rejects when it failed (every attempt) or no
   * result came within the timeout. `jobId` must hold no ':' and not be a number.
   */
  async run(name: string, data: unknown, options: JobRunOptions): Promise<unknown> {
    return (await this.start(name, data, options)).finished;
  }

  /**
   * Puts a job on the queue (as run()) and resolves once it is there, with the job and its
   * result to come (`finished`: settles as run() does).
   */
  async start(
    name: string,
    data: unknown,
    options: JobRunOptions,
  ): Promise<{ job: Job; finished: Promise<unknown> }> {
    let job: Job;
    try {
      job = await this.queue.add(name, data, {
        jobId: options.jobId,
        attempts: options.attempts ?? 1,
        removeOnComplete: { age: this.keepSeconds },
        removeOnFail: true,
      });
      this.health?.success();
    } catch (error) {
      this.health?.failure(error);
      throw new StoreError(
        'store-unavailable',
        `could not queue a job: ${String(error)}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    return { job, finished: job.waitUntilFinished(this.events, this.timeoutMs) };
  }

  /**
   * Takes a job back from the queue if no worker has taken it: 'taken back' when it is gone
   * from the queue (removed now, or by another caller of the same job), 'taken' when a worker
   * holds it, 'finished' when it is done (its result comes through `finished`).
   */
  async takeBack(job: Job): Promise<'taken back' | 'taken' | 'finished'> {
    const before = await job.getState();
    if (before === 'unknown') return 'taken back';
    if (before === 'waiting' || before === 'prioritized' || before === 'delayed') {
      try {
        await job.remove(); // refused once a worker holds it (its lock)
        return 'taken back';
      } catch (error) {
        const after = await job.getState();
        if (after === 'waiting' || after === 'prioritized' || after === 'delayed') throw error;
        return after === 'unknown' ? 'taken back' : after === 'active' ? 'taken' : 'finished';
      }
    }
    return before === 'active' ? 'taken' : 'finished';
  }

  /** Whether Redis answers on the queue's connection. */
  async reachable(): Promise<boolean> {
    const [connection] = this.connections;
    // Not ready: a ping would wait in the offline queue (BullMQ's connections keep one).
    if (connection.status !== 'ready') return false;
    try {
      await connection.ping();
      return true;
    } catch {
      return false;
    }
  }

  /** Jobs no worker has taken yet. */
  waiting(): Promise<number> {
    return this.queue.getJobCountByTypes('waiting', 'prioritized');
  }

  /** Worker processes connected to the queue (BullMQ names their connections). */
  workers(): Promise<number> {
    return this.queue.getWorkersCount();
  }

  async close(): Promise<void> {
    const closing = Promise.allSettled([this.events.close(), this.queue.close()]);
    // BullMQ's close waits for a connection first: with Redis down it would wait forever.
    if (this.connections.every((connection) => connection.status === 'ready')) await closing;
    for (const connection of this.connections) connection.disconnect();
  }
}

/** The workers' side: takes jobs from the queue (`concurrency` at once) and runs `handle`. */
export function startJobWorker(
  options: JobQueueOptions & {
    readonly concurrency: number;
    /** The job's result; throws for a job it cannot do (bad data, a failed search). */
    readonly handle: (data: unknown, jobId: string) => Promise<unknown>;
  },
): { close(): Promise<void> } {
  const log = options.log ?? consoleLogger();
  const connection = createBullMqRedis(options.url);
  const what = `${options.queueName} worker`;
  const report = errorListener(options, log, what);
  connection.on('error', report('Redis error'));
  const worker = new Worker(
    options.queueName,
    (job: Job) => options.handle(job.data, job.id ?? ''),
    { connection, prefix: options.prefix ?? '{bashni:bull}', concurrency: options.concurrency },
  );
  worker.on('error', report('error'));
  pauseOnRefusals(worker);
  worker.on('failed', (job, error) =>
    log.warn(`${what}: job failed`, { jobId: job?.id, err: error }),
  );
  return {
    close: async () => {
      // With Redis down, close would wait for a connection forever (the jobs in hand are lost
      // anyway: their locks lapse and another worker takes them again).
      const closing = worker.close();
      if (connection.status === 'ready') await closing;
      else closing.catch(() => undefined);
      connection.disconnect();
    },
  };
}
