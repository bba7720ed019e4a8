import { randomId } from './request-ids.js';
import { BotPlayer } from './bot-player.js';
import { Challenges } from './challenges.js';
import { DAY_MS } from './context.js';
import type { ServiceContext } from './context.js';
import { DrawsAndResignation } from './draws-and-resignation.js';
import { IdleGames } from './idle-games.js';
import { noLeague, storeLeague, type League } from './league.js';
import type { LeagueStore } from './league-ports.js';
import { consoleLogger, type Logger } from './logger.js';
import { chatKey, type Game, type Player, type PlayerId } from './model.js';
import { Moves } from './moves.js';
import {
  systemClock,
  type BotMoves,
  type Clock,
  type GameStore,
  type KeyValueStore,
  type PositionAnalysis,
  type Scheduler,
} from './ports.js';
import { Queries } from './queries.js';
import { RecordUpdates } from './record-updates.js';
import type { AcceptedIn, GameEvent, ServiceResult } from './results.js';
import { Reviews, type ReviewWhere } from './review.js';
import { Tables, type Seating } from './tables.js';
import { Timers } from './timers.js';

export { DAY_MS } from './context.js';
export type { Logger } from './logger.js';
export type { ViewTarget } from './queries.js';
export type { BotMoveOutcome } from './bot-player.js';
export type { ChallengeRequest } from './challenges.js';
export type { GameRequest } from './moves.js';
export type { AcceptedIn } from './results.js';
export type { Seating } from './tables.js';
export type { TournamentRequest } from './tournaments.js';
export type { League } from './league.js';
export type { GameReview, ReviewedPly, ReviewOptions, ReviewWhere, SideSummary } from './review.js';

export interface GameServiceOptions {
  readonly store: GameStore;
  readonly scheduler: Scheduler;
  readonly clock?: Clock;
  /** Length of a "day" of the correspondence clock (tests shorten it). */
  readonly dayMs?: number;
  /** How long an unanswered challenge stays open. */
  readonly challengeTtlMs?: number;
  /** Share of the time per move after which the one reminder is sent. */
  readonly reminderAt?: number;
  readonly newId?: () => string;
  readonly random?: () => number;
  readonly bot?: BotMoves;
  /** Receives events that happen outside a request: clock reminders, time-outs, bot moves. */
  readonly onEvents?: (events: readonly GameEvent[]) => Promise<void> | void;
  readonly logger?: Logger;
  /**
   * Where players' ratings and tournaments live. Without it games change no rating and
   * tournaments are refused as 'store-unavailable' (a service for the terminal game).
   */
  readonly league?: LeagueStore;
  /**
   * The engine's look at positions for reviews of finished games (the AI pool); without it, or
   * without `kv` (where reviews are kept), /review is refused as 'review-unavailable'.
   */
  readonly analysis?: PositionAnalysis;
  readonly kv?: KeyValueStore;
  /** How long a review (and a chat's last finished game) is kept; default 90 days. */
  readonly reviewTtlMs?: number;
  /** Reviews searching at once in this process (default 1; the others wait their turn). */
  readonly reviewConcurrency?: number;
}

/**
 * The use cases of correspondence play, shared by every adapter (the chats and the terminal),
 * by concern: challenges, table lobbies, moves, draws and resignation, queries, the league
 * (ratings and tournaments), reviews, timers and the bot as a player — each its own module,
 * reached as a field (`service.moves.play(…)`). Every change is a compare-and-set on the
 * record's version (RecordUpdates), so concurrent taps, chats and processes can never apply two
 * moves or lose one.
 */
export class GameService {
  readonly timers: Timers;
  readonly challenges: Challenges;
  readonly moves: Moves;
  /** Draws and resignation. */
  readonly endings: DrawsAndResignation;
  readonly queries: Queries;
  readonly bot: BotPlayer;
  /** Games nobody plays, ended as abandoned (IDLE_GAME_DAYS). */
  readonly idle: IdleGames;
  /** Table games' lobbies (Zhernov's four-player game). */
  readonly tables: Tables;
  /** Ratings and tournaments; refused as 'store-unavailable' without a league store. */
  readonly league: League;
  /** The engine's reviews of finished two-player games. */
  readonly reviews: Reviews;

  constructor(options: GameServiceOptions) {
    const context = serviceContext(options);
    this.reviews = new Reviews(context, {
      analysis: options.analysis,
      kv: options.kv,
      ttlMs: options.reviewTtlMs ?? 90 * DAY_MS,
      concurrency: options.reviewConcurrency,
    });
    this.timers = new Timers(context, options.scheduler);
    // After a game starts and after every move: the clock's timers, then the bot's move.
    const followUp = async (game: Game): Promise<void> => {
      await this.timers.scheduleClock(game);
      await this.timers.scheduleNudge(game);
      this.bot.request(game);
    };
    this.timers.on(['reminder', 'timeout'], (job) => this.timers.clock(job, followUp));
    this.challenges = new Challenges(context, this.timers, followUp);
    this.tables = new Tables(context, followUp);
    this.moves = new Moves(context, followUp);
    this.endings = new DrawsAndResignation(context, followUp);
    this.queries = new Queries(context);
    this.idle = new IdleGames(context);
    this.bot = new BotPlayer(context, this.timers, options.bot, (...args) =>
      this.moves.play(...args),
    );
    this.league =
      options.league === undefined
        ? noLeague
        : storeLeague(context, options.league, {
            startGame: (request) => this.moves.start(request),
            resign: (gameId, player) => this.endings.resign(gameId, player),
          });
  }

  /**
   * Starts delivering clock jobs to this service, and finishes what a crash interrupted: the
   * accounting of finished games, live tournaments' games.
   */
  async start(): Promise<void> {
    await this.timers.start();
    await this.league.sweep();
  }

  /**
   * Stops: bot moves being thought about get `timeoutMs` (default 0) to be played, then are
   * handed back (their durable jobs ask again after a restart); then the timers stop, after the
   * jobs already running.
   */
  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    try {
      await this.bot.stop(options.timeoutMs ?? 0);
    } finally {
      await this.timers.stop();
    }
  }

  /**
   * Accepts the open challenge with this invite code, typed any way (trimmed, any letter case,
   * with spaces or dashes), or sits down at the table game it names (the game, once the table
   * is full); an unknown code is refused as 'challenge-not-found'. `requestKey`: the request
   * (a chat update's key); the same request again gets what it did back, `repeated`.
   */
  async joinByCode(
    code: string,
    acceptor: Player,
    chat?: AcceptedIn,
    requestKey?: string,
  ): Promise<ServiceResult<Game | Seating>> {
    const found = await this.challenges.findByCode(code);
    if (!found.ok) return found;
    const challenge = await this.queries.getChallenge(found.value);
    if (challenge.ok && challenge.value.seats !== undefined)
      return this.tables.sit(found.value, acceptor, chat, requestKey);
    return this.challenges.accept(found.value, acceptor, chat, { requestKey });
  }

  /**
   * The game `/review` means in a chat when none is named: the one most recently finished there
   * (a table game too: its review is refused as such), else the player's game in progress there
   * (refused: reviews come after the game), else the one the player most recently finished.
   */
  async gameToReview(where: ReviewWhere, player: PlayerId): Promise<string | undefined> {
    const finished = await this.reviews.lastFinishedIn(where);
    if (finished !== undefined) return finished;
    const active = await this.queries.activeGames(player);
    const here = chatKey(where);
    const playing = active.ok
      ? active.value.find((game) => game.views.some((view) => chatKey(view) === here))
      : undefined;
    return playing?.id ?? this.reviews.lastFinishedBy(player);
  }
}

/** The options with their defaults, shared by every use case. */
function serviceContext(options: GameServiceOptions): ServiceContext {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? consoleLogger();
  return {
    store: options.store,
    records: new RecordUpdates(options.store, clock, logger),
    clock,
    logger,
    dayMs: options.dayMs ?? DAY_MS,
    challengeTtlMs: options.challengeTtlMs ?? DAY_MS,
    reminderAt: options.reminderAt ?? 0.8,
    newId: options.newId ?? (() => randomId()),
    random: options.random ?? Math.random,
    publish: async (events) => {
      try {
        await options.onEvents?.(events);
      } catch (error) {
        logger.error('event listener failed', { err: error });
      }
    },
  };
}
