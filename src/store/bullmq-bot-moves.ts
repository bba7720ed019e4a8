/**
 * The bot's moves searched by other processes: a bot process puts each request on one BullMQ
 * queue in Redis and waits for its answer; `npm run worker` processes (on this machine or
 * others) take the requests and search them on their worker threads. The bot processes then
 * need no AI threads, and the search capacity grows by starting more workers.
 *
 * Reviews of finished games (/review) go the same way: each position is an 'analyse' job on the
 * same queue (a job id of the position alone: two reviews of one position search it once), so
 * they take turns with the bot's moves one search at a time.
 *
 * A request's job id is the game and the position, so the same bot move asked twice (by two
 * processes, or by the durable retry) is searched once. A request that gets no answer within
 * the timeout fails: the game's durable 'bot-move' timer asks again later.
 */
import { createHash } from 'node:crypto';
import type { Job } from 'bullmq';
import { consoleLogger, type Logger } from '../game/logger.js';
import type { AnalysisRequest, BotMoves, PositionAnalysis, PositionEval } from '../game/ports.js';
import { RemoteJobs, startJobWorker } from './bullmq-jobs.js';
import type { RedisAddress } from './redis-connection.js';
import type { PartHealth, StoreHealthReport } from './store-health.js';

export type BotMoveRequest = Parameters<BotMoves['chooseMove']>[0];
type SearchOptions = Parameters<BotMoves['chooseMove']>[1];

export interface BotMoveQueueOptions {
  /** Where Redis is (each side makes the connections BullMQ needs and closes them). */
  readonly url: RedisAddress;
  /** BullMQ key prefix (keys are <prefix>:<queue>:...), in braces; default "{bashni:bull}". */
  readonly prefix?: string;
  /** Queue name; default "ai". */
  readonly queueName?: string;
  readonly log?: Logger;
  /** Where the store faults of its Redis commands go (the store's health). */
  readonly health?: StoreHealthReport;
}

/** The job id of a request: the game and a digest of the position (BullMQ ids hold no ':'). */
export function botMoveJobId(request: BotMoveRequest): string {
  const position = createHash('sha1')
    .update(`${request.variant}|${request.level}|${request.fen}`)
    .digest('hex')
    .slice(0, 20);
  return `move-${encodeURIComponent(request.gameId).replace(/%/g, '_')}-${position}`;
}

/** The job id of one position of a review. */
export function analysisJobId(request: AnalysisRequest): string {
  const position = createHash('sha1')
    .update(
      `${request.variant}|${request.quietPlies ?? 0}|${request.fen}${request.deep === true ? '|deep' : ''}`,
    )
    .digest('hex')
    .slice(0, 24);
  return `analyse-${position}`;
}

/** An 'analyse' job's data: the position, marked so the worker tells it from a bot move. */
interface AnalysisJob extends AnalysisRequest {
  readonly kind: 'analyse';
}

function isAnalysisJob(data: unknown): data is AnalysisJob {
  if (typeof data !== 'object' || data === null) return false;
  const r = data as Record<string, unknown>;
  return (
    r.kind === 'analyse' &&
    typeof r.variant === 'string' &&
    typeof r.fen === 'string' &&
    (r.quietPlies === undefined || typeof r.quietPlies === 'number') &&
    (r.deep === undefined || typeof r.deep === 'boolean')
  );
}

function isEval(value: unknown): value is PositionEval {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.best === 'string' &&
    Array.isArray(r.pv) &&
    typeof r.score === 'number' &&
    typeof r.whiteChances === 'number'
  );
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

/**
 * Where a bot process searches when no worker takes its requests: after `afterMs` a request
 * that no worker has taken is taken back from the queue and searched on `local()` (made when
 * first needed); until a worker is seen again, requests go there at once.
 */
export interface QueueFallback {
  readonly afterMs: number;
  readonly local: () => BotMoves & PositionAnalysis;
}

/** The bot processes' side: BotMoves answered by whichever worker takes the job. */
export class QueuedBotMoves implements BotMoves, PositionAnalysis {
  private readonly jobs: RemoteJobs;
  private readonly fallback: QueueFallback | undefined;
  private readonly log: Logger;
  /** When a worker was last seen connected (this process's start until one is). */
  private workerSeenAt = Date.now();
  /** Searching here: no worker took a request in time, and none has been seen since. */
  private searchingHere = false;

  constructor(
    options: BotMoveQueueOptions & {
      /** How long a request waits for a worker's answer; default two minutes. */
      readonly timeoutMs?: number;
      /** Without one, a request waits for a worker until the timeout. */
      readonly fallback?: QueueFallback;
    },
  ) {
    this.jobs = new RemoteJobs({ ...options, queueName: options.queueName ?? 'ai' });
    this.fallback = options.fallback;
    this.log = options.log ?? consoleLogger();
  }

  /** Resolves once the queue's event stream is read (so no answer is missed). */
  ready(): Promise<void> {
    return this.jobs.ready();
  }

  async chooseMove(request: BotMoveRequest, options?: SearchOptions): Promise<string> {
    const jobId = botMoveJobId(request);
    const move = await this.run('move', request, jobId, (local) =>
      local.chooseMove(request, options),
    );
    if (typeof move !== 'string') throw new Error(`bot move ${jobId}: no move in the answer`);
    return move;
  }

  /** One position of a review, searched by whichever worker takes the job. */
  async analyse(request: AnalysisRequest): Promise<PositionEval> {
    const jobId = analysisJobId(request);
    const job: AnalysisJob = {
      kind: 'analyse',
      variant: request.variant,
      fen: request.fen,
      ...(request.quietPlies === undefined ? {} : { quietPlies: request.quietPlies }),
      ...(request.deep === true ? { deep: true } : {}),
    };
    const answer = await this.run('analyse', job, jobId, (local) => local.analyse(request));
    if (!isEval(answer)) throw new Error(`analysis ${jobId}: no evaluation in the answer`);
    return answer;
  }

  /**
   * The `ai` health check: failing when the queue's Redis does not answer, degraded while no
   * worker is connected (the moves are then searched here, after the fallback's wait).
   */
  async health(): Promise<PartHealth> {
    if (!(await this.jobs.reachable()))
      return { status: 'failing', reason: 'the AI queue’s Redis does not answer' };
    if ((await this.workers()) > 0) return { status: 'ok' };
    const seconds = Math.round((Date.now() - this.workerSeenAt) / 1000);
    const here =
      this.fallback === undefined
        ? 'bot moves wait for one'
        : `bot moves are searched in this process after ${Math.round(this.fallback.afterMs / 1000)} s`;
    return { status: 'degraded', reason: `no AI worker has been seen for ${seconds} s; ${here}` };
  }

  /** Whether the queue's Redis answers. */
  reachable(): Promise<boolean> {
    return this.jobs.reachable();
  }

  /** Requests no worker has taken yet. */
  waiting(): Promise<number> {
    return this.jobs.waiting();
  }

  /** Worker processes connected to the queue. */
  async workers(): Promise<number> {
    const count = await this.jobs.workers();
    if (count > 0) this.workerSeenAt = Date.now();
    return count;
  }

  close(): Promise<void> {
    return this.jobs.close();
  }

  /**
   * One request: through the queue, or (with a fallback) here when no worker takes it within
   * the fallback's wait — or at once while no worker has come back since the last time.
   */
  private async run(
    name: string,
    data: unknown,
    jobId: string,
    here: (local: BotMoves & PositionAnalysis) => Promise<unknown>,
  ): Promise<unknown> {
    const fallback = this.fallback;
    if (fallback === undefined) return this.jobs.run(name, data, { jobId, attempts: 2 });
    if (this.searchingHere) {
      if ((await this.workers()) === 0) return here(fallback.local());
      this.searchingHere = false;
      this.log.info('AI queue: a worker is back; bot moves go to the queue again');
    }
    const { job, finished } = await this.jobs.start(name, data, { jobId, attempts: 2 });
    const answer = finished.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'waited'>((resolve) => {
        timer = setTimeout(() => resolve('waited'), fallback.afterMs);
      });
      const outcome = await Promise.race([answer, waited]);
      clearTimeout(timer);
      if (outcome !== 'waited') {
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      }
      if (await this.noWorkerFor(job)) break;
    }
    this.searchHere(fallback);
    return here(fallback.local());
  }

  /** From now on, until a worker is seen: moves are searched here (logged when it starts). */
  private searchHere(fallback: QueueFallback): void {
    if (this.searchingHere) return;
    this.searchingHere = true;
    this.log.warn(
      `AI queue: no worker took a bot move in ${Math.round(fallback.afterMs / 1000)} s; searching in this process until a worker is back`,
    );
  }

  /**
   * After a wait: whether the job is to be searched here — no worker took it (it is taken back
   * from the queue), or the worker that took it is gone and no other is connected.
   */
  private async noWorkerFor(job: Job): Promise<boolean> {
    try {
      const state = await this.jobs.takeBack(job);
      return state === 'taken back' || (state === 'taken' && (await this.workers()) === 0);
    } catch {
      return false; // Redis does not answer: the request's timeout decides
    }
  }
}

/**
 * The worker processes' side: takes requests from the queue (`concurrency` at once, one per
 * search thread) and answers each with `moves` (the local AI pool).
 */
export function startBotMoveWorker(
  options: BotMoveQueueOptions & {
    readonly moves: BotMoves;
    /** Reviews' positions ('analyse' jobs); without it such jobs fail. */
    readonly analysis?: PositionAnalysis;
    readonly concurrency: number;
  },
): { close(): Promise<void> } {
  return startJobWorker({
    ...options,
    queueName: options.queueName ?? 'ai',
    handle: async (data, jobId) => {
      if (isAnalysisJob(data)) {
        if (options.analysis === undefined) throw new Error(`analysis ${jobId}: no engine here`);
        return options.analysis.analyse({
          variant: data.variant,
          fen: data.fen,
          quietPlies: data.quietPlies,
          ...(data.deep === true ? { deep: true } : {}),
        });
      }
      if (!isRequest(data)) throw new Error(`bot move ${jobId}: not a request`);
      return options.moves.chooseMove(data);
    },
  });
}
