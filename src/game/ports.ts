import type { Challenge, ChatView, Game, Platform, PlayerId } from './model.js';
import type { GameEvent } from './results.js';
import type { AnalysisRequest, PositionEval } from '../ai/index.js';

/** Why a store operation failed; adapters turn the code into a message for people. */
export type StoreErrorCode = 'store-unavailable' | 'corrupt-record';

/** A store failure with context (which record), never a crash of the process. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    readonly recordId?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

/**
 * Where games and challenges live. Every write of an existing record is a compare-and-set on
 * its version: `save*` stores `next` (whose version must be `expectedVersion + 1`) only if the
 * stored record still has `expectedVersion`, atomically with its index updates, and returns
 * false otherwise. Reads return undefined for a missing record and throw StoreError
 * ('corrupt-record') for one that cannot be decoded; every method throws StoreError
 * ('store-unavailable') when the backing service cannot be reached.
 */
export interface GameStore {
  /**
   * Stores a new challenge (version 1) with its invite code's index; false if the id exists, or
   * the code is taken (by a challenge not yet purged).
   */
  createChallenge(challenge: Challenge): Promise<boolean>;
  getChallenge(id: string): Promise<Challenge | undefined>;
  /** The id of the challenge with this invite code (exactly as stored), until it is purged. */
  findChallengeByCode(code: string): Promise<string | undefined>;
  saveChallenge(next: Challenge, expectedVersion: number): Promise<boolean>;
  /** Ids of the open challenges a player made (indexed with every write of a challenge). */
  openChallengeIds(challenger: PlayerId): Promise<string[]>;

  /**
   * Accepting a challenge, atomically: saves `next` (the accepted challenge) by compare-and-set
   * and creates `game` with its indexes, or does neither and returns false.
   */
  startGame(next: Challenge, expectedVersion: number, game: Game): Promise<boolean>;

  /** Stores a new game (version 1) with its indexes; false if the id exists. */
  createGame(game: Game): Promise<boolean>;
  getGame(id: string): Promise<Game | undefined>;
  saveGame(next: Game, expectedVersion: number): Promise<boolean>;

  /** Ids of the active games of a player. */
  activeGameIds(player: PlayerId): Promise<string[]>;
  /** The game or challenge shown by a chat message. */
  findByView(view: ChatView): Promise<{ kind: 'game' | 'challenge'; id: string } | undefined>;

  /**
   * Ids of active games whose last change (updatedAt) is older than `olderThan` (ms since
   * epoch), oldest first, at most `limit`: the candidates to end as abandoned.
   */
  idleGameIds(olderThan: number, limit: number): Promise<string[]>;

  /**
   * Deletes finished games and closed challenges (accepted, declined, cancelled, expired)
   * whose last change is older than `olderThan` (ms since epoch), with their indexes (views,
   * invite codes).
   */
  purge(olderThan: number): Promise<{ games: number; challenges: number }>;
}

/** Every kind of timer job (see TimerJob), for schedulers that check what they deliver. */
export const TIMER_KINDS = [
  'reminder',
  'timeout',
  'challenge-expiry',
  'bot-move',
  'turn-nudge',
] as const;

/** Timed work of the clocks: a reminder at 80% of the time per move and the time-out. */
export interface TimerJob {
  /**
   * 'bot-move' is the bot's safety net: the bot's move is asked for at once, in process, and
   * this durable job asks again later if the game still waits for it (the process restarted
   * mid-search, or the search failed). 'turn-nudge' announces a turn that no ping announced
   * (see notify.ts), if it is still open by then.
   */
  readonly kind: (typeof TIMER_KINDS)[number];
  /** Game id, or challenge id for 'challenge-expiry'. */
  readonly targetId: string;
  /**
   * What the timer belongs to: the number of moves played when it was set (a later move makes
   * it stale), or the challenge version for 'challenge-expiry'.
   */
  readonly ply: number;
  readonly at: number;
}

/**
 * Runs timer jobs at their time, after restarts too, and exactly once even with several
 * processes. Jobs with the same id collapse into one. The handler must be idempotent: it may
 * be called late, and the service re-checks the record before acting.
 */
export interface Scheduler {
  schedule(job: TimerJob): Promise<void>;
  /** Starts delivering due jobs to `handler`. */
  start(handler: (job: TimerJob) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Same job, same id: scheduling it twice (from two processes) keeps one. */
export function timerJobId(job: Pick<TimerJob, 'kind' | 'targetId' | 'ply'>): string {
  return `${job.kind}:${job.targetId}:${job.ply}`;
}

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * How the service asks for the bot's move in a game against the bot. Implemented by the AI
 * worker pool; the service calls it after every human move and plays the answer. The signal
 * is aborted when the service stops before the answer came (the search may then be dropped).
 */
export interface BotMoves {
  chooseMove(
    request: {
      gameId: string;
      variant: Game['variant'];
      fen: string;
      level: number;
      /** Plies since the last capture (a table game's no-capture limit). */
      quietPlies?: number;
    },
    options?: { signal?: AbortSignal },
  ): Promise<string>;
}

/** A review's question to the engine and the answer, as src/ai/analysis.ts defines them. */
export type { AnalysisRequest, PositionEval };

/**
 * The engine's look at single positions, for reviews of finished games: one bounded,
 * node-budgeted search per call, off the main thread (the AI pool; with AI_MODE=queue a job on
 * the AI queue). The review asks for one position at a time so that live games' bot moves never
 * wait behind a whole review.
 */
export interface PositionAnalysis {
  analyse(request: AnalysisRequest, options?: { signal?: AbortSignal }): Promise<PositionEval>;
}

/**
 * Small state of the chat adapters that must survive restarts but is not part of a game: chat
 * settings (language, board orientation), the last "your move" notice per chat. Values are
 * strings (adapters encode their own JSON); errors are StoreErrors like GameStore's.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  /** Stores a value, optionally expiring after `ttlMs`. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Stores a value expiring after `ttlMs` unless the key holds one; whether it stored it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Adds a member to a named set (a durable to-do list that survives restarts). */
  addToSet(set: string, member: string): Promise<void>;
  removeFromSet(set: string, member: string): Promise<void>;
  /** Every member of the set, in no particular order. */
  setMembers(set: string): Promise<string[]>;
}

/**
 * Carries game events to the processes that show a platform's chats (durably, each batch to one
 * process). Used when the adapters run in separate processes; see game/event-routing.ts.
 */
/**
 * Word that a game changed, to every process (the live board pages, which any process may
 * serve): a broadcast of game ids, unlike the relay, which hands each platform's events to one
 * process. It carries no state, only "read this game again": a page that missed a word catches
 * up on the next one or on reconnecting, so losing a word in a Redis outage loses nothing.
 */
export interface GameChangeFeed {
  /** Tells every subscriber, in every process, that these games changed. */
  publish(gameIds: readonly string[]): Promise<void>;
  /** Hears of every game that changes from now on (until stop). */
  subscribe(listener: (gameId: string) => void): Promise<void>;
  stop(): Promise<void>;
}

export interface EventRelay {
  publish(platform: Platform, events: readonly GameEvent[]): Promise<void>;
  /** Starts handing `platform`'s events to `handler`; a batch is acknowledged when handler resolves. */
  subscribe(
    platform: Platform,
    handler: (events: readonly GameEvent[]) => Promise<void>,
  ): Promise<void>;
  stop(): Promise<void>;
}
