/**
 * The bot's moves searched by other processes: a bot process puts each request on one BullMQ
 * queue in Redis and waits for its answer; `npm run worker` processes (on this machine or
 * others) take the requests and search them on their worker threads. The bot processes then
 * need no AI threads, and the search capacity grows by starting more workers.
 *
 * A request's job id is the game and the position, so the same bot move asked twice (by two
 * processes, or by the durable retry) is searched once. A request that gets no answer within
 * the timeout fails: the game's durable 'bot-move' timer asks again later.
 */
import { createHash } from 'node:crypto';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BotMoves } from '../game/ports.js';
import { StoreError } from '../game/ports.js';
import { createBullMqRedis } from './bullmq-scheduler.js';
import { consoleLogger, type Logger } from '../game/logger.js';

export type BotMoveRequest = Parameters<BotMoves['chooseMove']>[0];

export interface BotMoveQueueOptions {
  /** The Redis URL (each side makes the connections BullMQ needs and closes them). */
  readonly url: string;
  /** BullMQ key prefix (keys are <prefix>:<queue>:...); default "bashni:bull". */
  readonly prefix?: string;
  /** Queue name; default "ai". */
  readonly queueName?: string;
  readonly log?: Logger;
}

/**
 * Answers are small: kept an hour, so a late duplicate finds its answer without a search. A
 * failed job is removed at once: the same request asked again (the durable retry) must be a
 * new job, not the old failure.
 */
const KEEP_COMPLETED = { age: 3600 };

/** The job id of a request: the game and a digest of the position (BullMQ ids hold no ':'). */
export function botMoveJobId(request: BotMoveRequest): string {
  const position = createHash('sha1')
    .update(`${request.variant}|${request.level}|${request.fen}`)
    .digest('hex')
    .slice(0, 20);
  return `move-${encodeURIComponent(request.gameId).replace(/%/g, '_')}-${position}`;
}

function isRequest(data: unknown): data is BotMoveRequest {
  if (typeof data !== 'object' || data === null) return false;
  const r = data as Record<string, unknown>;
  return (
    typeof r.gameId === 'string' &&
    typeof r.variant === 'string' &&
    typeof r.fen === 'string' &&
    typeof r.level === 'number'
  );
}

/** The bot processes' side: BotMoves answered by whichever worker takes the job. */
export class QueuedBotMoves implements BotMoves {
  private readonly connection: Redis;
  private readonly eventsConnection: Redis;
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly log: Logger;
  private readonly timeoutMs: number;

  constructor(
    options: BotMoveQueueOptions & {
      /** How long a request waits for a worker's answer; default two minutes. */
      readonly timeoutMs?: number;
    },
  ) {
    this.log = options.log ?? consoleLogger();
    this.timeoutMs = options.timeoutMs ?? 120_000;
    const name = options.queueName ?? 'ai';
    const prefix = options.prefix ?? 'bashni:bull';
    this.connection = createBullMqRedis(options.url);
    this.eventsConnection = createBullMqRedis(options.url);
    for (const connection of [this.connection, this.eventsConnection])
      connection.on('error', (error) => this.log.warn('bot moves: Redis error', { err: error }));
    this.queue = new Queue(name, { connection: this.connection, prefix });
    this.events = new QueueEvents(name, { connection: this.eventsConnection, prefix });
    this.queue.on('error', (error) => this.log.warn('bot moves: queue error', { err: error }));
    this.events.on('error', (error) =>
      this.log.warn('bot moves: queue events error', { err: error }),
    );
  }

  /** Resolves once the queue's event stream is read (so no answer is missed). */
  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  async chooseMove(request: BotMoveRequest): Promise<string> {
    let job: Job;
    try {
      job = await this.queue.add('move', request, {
        jobId: botMoveJobId(request),
        attempts: 2,
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: true,
      });
    } catch (error) {
      throw new StoreError('store-unavailable', `could not queue a bot move: ${String(error)}`);
    }
    const move: unknown = await job.waitUntilFinished(this.events, this.timeoutMs);
    if (typeof move !== 'string') throw new Error(`bot move ${job.id}: no move in the answer`);
    return move;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    this.connection.disconnect();
    this.eventsConnection.disconnect();
  }
}

/**
 * The worker processes' side: takes requests from the queue (`concurrency` at once, one per
 * search thread) and answers each with `moves` (the local AI pool).
 */
export function startBotMoveWorker(
  options: BotMoveQueueOptions & { readonly moves: BotMoves; readonly concurrency: number },
): { close(): Promise<void> } {
  const log = options.log ?? consoleLogger();
  const connection = createBullMqRedis(options.url);
  connection.on('error', (error) => log.warn('bot move worker: Redis error', { err: error }));
  const worker = new Worker(
    options.queueName ?? 'ai',
    async (job: Job) => {
      if (!isRequest(job.data)) throw new Error(`bot move ${job.id}: not a request`);
      return options.moves.chooseMove(job.data);
    },
    {
      connection,
      prefix: options.prefix ?? 'bashni:bull',
      concurrency: options.concurrency,
    },
  );
  worker.on('error', (error) => log.warn('bot move worker: error', { err: error }));
  worker.on('failed', (job, error) =>
    log.warn('bot move worker: job failed', { jobId: job?.id, err: error }),
  );
  return {
    close: async () => {
      await worker.close();
      connection.disconnect();
    },
  };
}
