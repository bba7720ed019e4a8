import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Scheduler, TimerJob } from '../game/ports.js';
import { StoreError, TIMER_KINDS, timerJobId } from '../game/ports.js';
import { consoleLogger, type Logger } from '../game/logger.js';
import { isConnectionError, OutageReporter } from './outage.js';
import {
  clientFor,
  createBullMqRedis,
  type RedisAddress,
  type RedisClient,
} from './redis-connection.js';
import { pauseOnRefusals } from './bullmq-refusals.js';
import { storeFault } from './redis-faults.js';
import type { StoreHealthReport } from './store-health.js';

/**
 * BullMQ accepts ':' in a custom job id only in the legacy three-part form and plans to forbid
 * it, and refuses ids that look like integers. timerJobId() is "kind:target:ply", and a target
 * id may itself hold ':', so the id is escaped: '%' and ':' become %25 and %3A. The mapping is
 * one-to-one (equal timer ids give equal job ids, different ones differ), and the result starts
 * with the kind, so it is never an integer.
 */
export function bullJobId(job: Pick<TimerJob, 'kind' | 'targetId' | 'ply'>): string {
  return timerJobId(job).replace(/%/g, '%25').replace(/:/g, '%3A');
}

export interface BullMqSchedulerOptions {
  /**
   * Where Redis is (the scheduler then makes its client with createBullMqRedis and closes it
   * in stop()), or a client owned by the caller, made by createBullMqRedis. The worker makes
   * its own duplicates of it for blocking reads.
   */
  connection: RedisAddress | RedisClient;
  /** Queue name; default "timers". */
  queueName?: string;
  /**
   * BullMQ key prefix (keys are <prefix>:<queue>:...); default "{bashni:bull}"
   * (KeyBuilder.bullMqPrefix): in braces, so that a queue's keys share a cluster slot.
   */
  prefix?: string;
  /** Tries per job when the handler throws; default 5. */
  attempts?: number;
  /** First retry delay, doubled each time; default 1000 ms. */
  backoffMs?: number;
  /** Jobs handled at once by this process; default 4. */
  concurrency?: number;
  /** How long schedule() waits for Redis before failing with store-unavailable; default 5 s. */
  scheduleTimeoutMs?: number;
  /** Where errors are reported (a lost connection once per outage); stderr by default. */
  log?: Logger;
  /**
   * Where the outcomes of its Redis commands go (the store's health). Refusals (READONLY ...)
   * are then counted there instead of logged one by one.
   */
  health?: StoreHealthReport;
}

/** Completed jobs are kept a day, so the same timer scheduled again soon after it fired (by a
 * slower process) still collapses into it; failed ones a week, for a look at what went wrong. */
const KEEP_COMPLETED = { age: 24 * 3600 };
const KEEP_FAILED = { age: 7 * 24 * 3600 };

const KINDS: ReadonlySet<string> = new Set(TIMER_KINDS);

function isTimerJob(data: unknown): data is TimerJob {
  if (typeof data !== 'object' || data === null) return false;
  const job = data as Record<string, unknown>;
  return (
    KINDS.has(job.kind as string) &&
    typeof job.targetId === 'string' &&
    typeof job.ply === 'number' &&
    typeof job.at === 'number'
  );
}

/**
 * Scheduler on BullMQ: one queue of delayed jobs in Redis. Jobs survive restarts (any instance
 * started later on the same Redis picks them up), each is delivered to one worker of one
 * process, and a job whose id exists (pending, or finished within the retention above) is not
 * added again, which is how "same id, one job" holds across processes. A handler that throws is
 * retried with exponential backoff; the handler must be idempotent anyway (a worker that dies
 * mid-job has it redelivered).
 */
export class BullMqScheduler implements Scheduler {
  private readonly connection: RedisClient;
  private readonly ownsConnection: boolean;
  private readonly queueName: string;
  private readonly prefix: string;
  private readonly jobOptions: JobsOptions;
  private readonly concurrency: number;
  private readonly scheduleTimeoutMs: number;
  private readonly log: Logger;
  private readonly outage: OutageReporter;
  private readonly health: StoreHealthReport | undefined;
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private stopped = false;

  constructor(options: BullMqSchedulerOptions) {
    const { client, owned } = clientFor(options.connection, createBullMqRedis);
    this.ownsConnection = owned;
    this.connection = client;
    this.queueName = options.queueName ?? 'timers';
    this.prefix = options.prefix ?? '{bashni:bull}';
    this.concurrency = options.concurrency ?? 4;
    this.scheduleTimeoutMs = options.scheduleTimeoutMs ?? 5_000;
    this.log = options.log ?? consoleLogger();
    this.jobOptions = {
      attempts: options.attempts ?? 5,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 1_000 },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    };
    this.outage = new OutageReporter('scheduler', this.log);
    this.health = options.health;
    // BullMQ and ioredis emit 'error' on connection trouble; unheard, that would crash us.
    if (this.ownsConnection) this.connection.on('error', this.outage.error);
    this.connection.on('close', this.onClose);
    this.connection.on('ready', this.outage.ready);
    this.queue = new Queue(this.queueName, { connection: this.connection, prefix: this.prefix });
    this.queue.on('error', this.reportError('queue'));
  }

  private readonly onClose = (): void => {
    if (!this.stopped) this.outage.closed();
  };

  /**
   * The queue and the worker pass on their connections' errors, the worker's blocking
   * connection included: once per failed reconnect of each. Those count towards the one outage
   * that this.connection's 'ready' ends. While this.connection is ready they are dropped: it
   * reaches the same server, so a real outage shows on it too, and a blocking connection's last
   * failed try landing just after the outage ended must not open one that nothing closes.
   */
  private reportError(source: string): (error: unknown) => void {
    return (error) => {
      this.health?.failure(error);
      if (isConnectionError(error)) {
        if (this.connection.status !== 'ready') this.outage.error(error);
      } else if (this.health === undefined || storeFault(error) === undefined) {
        this.log.warn(`scheduler: ${source} error`, { err: error });
      }
    };
  }

  /**
   * Adds the job with its id as BullMQ job id, delayed until `job.at` (at once if past). Fails
   * with StoreError('store-unavailable') when Redis does not answer in time; the add may still
   * go through later, which is harmless since the id collapses duplicates.
   */
  async schedule(job: TimerJob): Promise<void> {
    if (this.stopped) throw new Error('scheduler: schedule() after stop()');
    const id = bullJobId(job);
    const data: TimerJob = { kind: job.kind, targetId: job.targetId, ply: job.ply, at: job.at };
    const add = this.queue.add(job.kind, data, {
      ...this.jobOptions,
      jobId: id,
      delay: Math.max(0, job.at - Date.now()),
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new StoreError(
              'store-unavailable',
              `scheduler: scheduling ${id} got no answer from Redis in ${this.scheduleTimeoutMs} ms`,
              job.targetId,
            ),
          ),
        this.scheduleTimeoutMs,
      );
    });
    try {
      await Promise.race([add, timeout]);
      this.health?.success();
    } catch (error) {
      this.health?.failure(error);
      add.catch(() => {}); // the race is lost: a late failure must not be unhandled
      if (error instanceof StoreError) throw error;
      throw new StoreError(
        'store-unavailable',
        `scheduler: scheduling ${id} failed`,
        job.targetId,
        {
          cause: error,
        },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts this process's worker; due jobs (also those of earlier processes) start flowing. */
  async start(handler: (job: TimerJob) => Promise<void>): Promise<void> {
    if (this.stopped) throw new Error('scheduler: start() after stop()');
    if (this.worker !== undefined) throw new Error('scheduler: already started');
    const worker = new Worker(
      this.queueName,
      async (bullJob: Job) => {
        if (!isTimerJob(bullJob.data))
          throw new UnrecoverableError(`timer job ${String(bullJob.id)} holds no timer`);
        await handler(bullJob.data);
      },
      { connection: this.connection, prefix: this.prefix, concurrency: this.concurrency },
    );
    worker.on('error', this.reportError('worker'));
    pauseOnRefusals(worker);
    worker.on('failed', (bullJob, error) => {
      const final =
        bullJob === undefined ||
        error instanceof UnrecoverableError ||
        bullJob.attemptsMade >= (bullJob.opts.attempts ?? 1);
      this.log.warn(
        `scheduler: timer job ${String(bullJob?.id)} failed${final ? ', giving up' : ', will retry'}`,
        { err: error },
      );
    });
    this.worker = worker;
    await worker.waitUntilReady();
  }

  /** Timers due but not done yet: jobs waiting for the worker and jobs running (metrics). */
  async backlog(): Promise<number> {
    // BullMQ types the counts as always present; a count it did not send reads as 0.
    const counts: Partial<Record<string, number>> = await this.queue.getJobCounts(
      'waiting',
      'active',
    );
    return (counts.waiting ?? 0) + (counts.active ?? 0);
  }

  /** Closes the worker (letting running handlers finish) and the queue. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.close();
    await this.queue.close();
    this.connection.off('close', this.onClose);
    this.connection.off('ready', this.outage.ready);
    if (this.ownsConnection) {
      try {
        await this.connection.quit();
      } catch {
        this.connection.disconnect();
      }
    }
  }
}
