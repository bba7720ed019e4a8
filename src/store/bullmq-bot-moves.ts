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
import type { Logger } from '../game/logger.js';
import type { AnalysisRequest, BotMoves, PositionAnalysis, PositionEval } from '../game/ports.js';
import { RemoteJobs, startJobWorker } from './bullmq-jobs.js';

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
    .update(`${request.variant}|${request.quietPlies ?? 0}|${request.fen}`)
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
    (r.quietPlies === undefined || typeof r.quietPlies === 'number')
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

/** The bot processes' side: BotMoves answered by whichever worker takes the job. */
export class QueuedBotMoves implements BotMoves, PositionAnalysis {
  private readonly jobs: RemoteJobs;

  constructor(
    options: BotMoveQueueOptions & {
      /** How long a request waits for a worker's answer; default two minutes. */
      readonly timeoutMs?: number;
    },
  ) {
    this.jobs = new RemoteJobs({ ...options, queueName: options.queueName ?? 'ai' });
  }

  /** Resolves once the queue's event stream is read (so no answer is missed). */
  ready(): Promise<void> {
    return this.jobs.ready();
  }

  async chooseMove(request: BotMoveRequest): Promise<string> {
    const jobId = botMoveJobId(request);
    const move = await this.jobs.run('move', request, { jobId, attempts: 2 });
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
    };
    const answer = await this.jobs.run('analyse', job, { jobId, attempts: 2 });
    if (!isEval(answer)) throw new Error(`analysis ${jobId}: no evaluation in the answer`);
    return answer;
  }

  /** Whether the queue's Redis answers (the bot process's `ai` health check). */
  reachable(): Promise<boolean> {
    return this.jobs.reachable();
  }

  /** Requests no worker has taken yet. */
  waiting(): Promise<number> {
    return this.jobs.waiting();
  }

  /** Worker processes connected to the queue. */
  workers(): Promise<number> {
    return this.jobs.workers();
  }

  close(): Promise<void> {
    return this.jobs.close();
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
        });
      }
      if (!isRequest(data)) throw new Error(`bot move ${jobId}: not a request`);
      return options.moves.chooseMove(data);
    },
  });
}
