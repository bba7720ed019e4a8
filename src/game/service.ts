import { randomBytes } from 'node:crypto';
import { BotPlayer, type BotMoveOutcome } from './bot-player.js';
import { Challenges, type AcceptOptions, type ChallengeRequest } from './challenges.js';
import { DAY_MS } from './context.js';
import { DrawsAndResignation } from './draws-and-resignation.js';
import { IdleGames } from './idle-games.js';
import type { MoveInput } from './game-rules.js';
import {
  chatKey,
  type Challenge,
  type ChatView,
  type Game,
  type Player,
  type PlayerId,
} from './model.js';
import { Moves, type GameRequest } from './moves.js';
import {
  systemClock,
  type BotMoves,
  type Clock,
  type GameStore,
  type KeyValueStore,
  type PositionAnalysis,
  type Scheduler,
  type TimerJob,
} from './ports.js';
import { Queries, type ViewTarget } from './queries.js';
import { Reviews, type GameReview, type ReviewOptions, type ReviewWhere } from './review.js';
import { consoleLogger, type Logger } from './logger.js';
import { RecordUpdates } from './record-updates.js';
import type { AcceptedIn, GameEvent, ServiceResult } from './results.js';
import { Tables, type Seating } from './tables.js';
import { Timers } from './timers.js';
import type { VariantId } from '../engine/index.js';
import { AfterGame } from './after-game.js';
import type { ServiceContext } from './context.js';
import type { LeagueStore } from './league-ports.js';
import type { PlayerRating } from './rating-model.js';
import { Ratings } from './ratings.js';
import { refusal, success } from './results.js';
import type { Tournament, TournamentChat } from './tournament-model.js';
import { Tournaments, type TournamentRequest } from './tournaments.js';

/** The ratings and tournaments of a service with a league store. */
interface League {
  readonly ratings: Ratings;
  readonly tournaments: Tournaments;
  readonly afterGame: AfterGame;
}

export { DAY_MS } from './context.js';
export type { Logger } from './logger.js';
export type { ViewTarget } from './queries.js';
export type { BotMoveOutcome } from './bot-player.js';
export type { ChallengeRequest } from './challenges.js';
export type { GameRequest } from './moves.js';
export type { AcceptedIn } from './results.js';
export type { Seating } from './tables.js';
export type { TournamentRequest } from './tournaments.js';
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
 * The use cases of correspondence play, shared by every adapter (the chats and the terminal):
 * one object over the modules that hold them — challenges, moves, draws and resignation,
 * queries, timers and the bot as a player. Every change is a compare-and-set on the record's
 * version (RecordUpdates), so concurrent taps, chats and processes can never apply two moves or
 * lose one.
 */
export class GameService {
  private readonly timers: Timers;
  private readonly challenges: Challenges;
  private readonly moves: Moves;
  private readonly endings: DrawsAndResignation;
  private readonly queries: Queries;
  private readonly bot: BotPlayer;
  private readonly idle: IdleGames;
  private readonly tables: Tables;
  private readonly league: League | undefined;
  private readonly reviews: Reviews;

  constructor(options: GameServiceOptions) {
    const context = serviceContext(options);
    this.reviews = new Reviews(context, {
      analysis: options.analysis,
      kv: options.kv,
      ttlMs: options.reviewTtlMs ?? 90 * DAY_MS,
      concurrency: options.reviewConcurrency,
    });
    this.timers = new Timers(context, options.scheduler, {
      expireChallenge: (job) => this.challenges.expire(job),
      retryBotMove: (job) => this.bot.retry(job),
      gameGoesOn: (game) => followUp(game),
    });
    // After a game starts and after every move: the clock's timers, then the bot's move.
    const followUp = async (game: Game): Promise<void> => {
      await this.timers.scheduleClock(game);
      await this.timers.scheduleNudge(game);
      this.bot.request(game);
    };
    this.challenges = new Challenges(context, this.timers, followUp);
    this.tables = new Tables(context, followUp);
    this.moves = new Moves(context, followUp);
    this.endings = new DrawsAndResignation(context, followUp);
    this.queries = new Queries(context);
    this.idle = new IdleGames(context);
    this.bot = new BotPlayer(context, this.timers, options.bot, (...args) =>
      this.moves.play(...args),
    );
    this.league = options.league === undefined ? undefined : this.leagueOf(context, options.league);
  }

  private leagueOf(context: ServiceContext, store: LeagueStore): League {
    const ratings = new Ratings(context, store);
    const tournaments = new Tournaments(context, store, {
      startGame: (request) => this.moves.start(request),
      resign: (gameId, player) => this.endings.resign(gameId, player),
    });
    const afterGame = new AfterGame(context, store, ratings, tournaments);
    context.records.whenGamesFinish(afterGame);
    return { ratings, tournaments, afterGame };
  }

  /**
   * Starts delivering clock jobs to this service, and finishes what a crash interrupted: the
   * accounting of finished games, live tournaments' games.
   */
  async start(): Promise<void> {
    await this.timers.start();
    await this.league?.afterGame.sweep();
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

  // ---- challenges -------------------------------------------------------------------------

  createChallenge(input: ChallengeRequest): Promise<ServiceResult<Challenge>> {
    return this.challenges.create(input);
  }

  /** Accepts a challenge; `chat` is where the acceptor did it (the board is posted there too). */
  acceptChallenge(
    id: string,
    acceptor: Player,
    chat?: AcceptedIn,
    options?: AcceptOptions,
  ): Promise<ServiceResult<Game>> {
    return this.challenges.accept(id, acceptor, chat, options);
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

  // ---- table games (Zhernov's four-player lobby) -------------------------------------------

  /**
   * Sits a player down at a table game's lobby; the last seat taken starts the game. The same
   * `requestKey` again gets what it did back, `repeated` (also for the bot's seat and the start).
   */
  sitAtTable(
    id: string,
    player: Player,
    chat?: AcceptedIn,
    requestKey?: string,
  ): Promise<ServiceResult<Seating>> {
    return this.tables.sit(id, player, chat, requestKey);
  }

  /** Seats the bot at a level in the table's next free seat, for a player sitting there. */
  seatBotAtTable(
    id: string,
    player: PlayerId,
    level: number,
    botName: string,
    chat?: AcceptedIn,
    requestKey?: string,
  ): Promise<ServiceResult<Seating>> {
    return this.tables.seatBot(id, player, level, botName, chat, requestKey);
  }

  /** A player stands up from a table's lobby (its maker standing up closes the table). */
  standFromTable(id: string, player: PlayerId): Promise<ServiceResult<Challenge>> {
    return this.tables.stand(id, player);
  }

  /** Starts a full table's game (when the sit that filled it could not). */
  startTable(
    id: string,
    player: Player,
    chat?: AcceptedIn,
    requestKey?: string,
  ): Promise<ServiceResult<Game>> {
    return this.tables.start(id, player, chat, requestKey);
  }

  /** The challenged player says no. Open challenges cannot be declined, only left to expire. */
  declineChallenge(id: string, player: Player): Promise<ServiceResult<Challenge>> {
    return this.challenges.decline(id, player);
  }

  cancelChallenge(id: string, player: PlayerId): Promise<ServiceResult<Challenge>> {
    return this.challenges.cancel(id, player);
  }

  // ---- moves ------------------------------------------------------------------------------

  /**
   * Starts a game directly (against the bot, or set up by an adapter), without a challenge:
   * from the variant's start or a FEN, with any moves already played.
   */
  startGame(input: GameRequest): Promise<ServiceResult<Game>> {
    return this.moves.start(input);
  }

  /**
   * Plays a move; see Moves.play for `seenPly` (the board the player acted on) and
   * `requestKey` (the same request twice plays once).
   */
  play(
    gameId: string,
    player: PlayerId,
    input: MoveInput,
    options: { seenPly?: number; requestKey?: string } = {},
  ): Promise<ServiceResult<Game>> {
    return this.moves.play(gameId, player, input, options);
  }

  // ---- draws and resignation --------------------------------------------------------------

  resign(gameId: string, player: PlayerId, seenPly?: number): Promise<ServiceResult<Game>> {
    return this.endings.resign(gameId, player, seenPly);
  }

  /** Offers a draw; if the opponent has already offered one, the game is drawn. */
  offerDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.endings.offerDraw(gameId, player);
  }

  acceptDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.endings.answerDraw(gameId, player, 'accept');
  }

  declineDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.endings.answerDraw(gameId, player, 'decline');
  }

  // ---- queries and views ------------------------------------------------------------------

  /** Records that a chat message shows this game or challenge (a game may be in many chats). */
  addView(
    target: { kind: 'game' | 'challenge'; id: string },
    view: ChatView,
  ): Promise<ServiceResult<Game | Challenge>> {
    return this.queries.addView(target, view);
  }

  getGame(id: string): Promise<ServiceResult<Game>> {
    return this.queries.getGame(id);
  }

  getChallenge(id: string): Promise<ServiceResult<Challenge>> {
    return this.queries.getChallenge(id);
  }

  /** The game or challenge a chat message shows. */
  findByView(view: ChatView): Promise<ServiceResult<ViewTarget>> {
    return this.queries.findByView(view);
  }

  /** A player's active games; a corrupt one is logged and left out rather than hiding the rest. */
  activeGames(player: PlayerId): Promise<ServiceResult<Game[]>> {
    return this.queries.activeGames(player);
  }

  // ---- ratings and tournaments -------------------------------------------------------------

  /** A player's rating records (every variant and pool), most games first. */
  playerRatings(player: PlayerId): Promise<ServiceResult<PlayerRating[]>> {
    return this.withLeague(async ({ ratings }) => success(await ratings.records(player)));
  }

  /** A chat's leaderboard of a variant (everyone who played a rated game there). */
  chatLeaderboard(chatKey: string, variant: VariantId): Promise<ServiceResult<PlayerRating[]>> {
    return this.withLeague(async ({ ratings }) =>
      success(await ratings.chatLeaderboard(chatKey, variant)),
    );
  }

  /** The global leaderboard of a variant (established ratings only). */
  globalLeaderboard(variant: VariantId, limit: number): Promise<ServiceResult<PlayerRating[]>> {
    return this.withLeague(async ({ ratings }) =>
      success(await ratings.globalLeaderboard(variant, limit)),
    );
  }

  /** Opens a tournament's sign-up in a chat (the adapter checks the organiser may). */
  createTournament(
    input: TournamentRequest,
    views?: readonly ChatView[],
  ): Promise<ServiceResult<Tournament>> {
    return this.withLeague(({ tournaments }) => tournaments.create(input, views));
  }

  /** Records that a chat message shows a tournament's sign-up card. */
  addTournamentView(id: string, view: ChatView): Promise<ServiceResult<Tournament>> {
    return this.withLeague(({ tournaments }) => tournaments.addView(id, view));
  }

  getTournament(id: string): Promise<ServiceResult<Tournament>> {
    return this.withLeague(({ tournaments }) => tournaments.get(id));
  }

  /** The chat's newest tournament; refused as 'tournament-not-found' if it never had one. */
  chatTournament(chatKey: string): Promise<ServiceResult<Tournament>> {
    return this.withLeague(async ({ tournaments }) => {
      const latest = await tournaments.latest(chatKey);
      return latest === undefined
        ? refusal('tournament-not-found', 'This chat has no tournament.')
        : success(latest);
    });
  }

  joinTournament(id: string, player: Player): Promise<ServiceResult<Tournament>> {
    return this.withLeague(({ tournaments }) => tournaments.join(id, player));
  }

  /** Leaves a tournament's sign-up, or withdraws from it once it runs. */
  leaveTournament(id: string, player: PlayerId): Promise<ServiceResult<Tournament>> {
    return this.withLeague(({ tournaments }) => tournaments.leave(id, player));
  }

  cancelTournament(id: string, player: PlayerId, isAdmin: boolean) {
    return this.withLeague(({ tournaments }) => tournaments.cancel(id, player, isAdmin));
  }

  /** Enters the bot at a level into a tournament's sign-up (its organiser or an admin). */
  addBotToTournament(
    id: string,
    player: PlayerId,
    isAdmin: boolean,
    level: number,
    botName: string,
  ): Promise<ServiceResult<Tournament>> {
    return this.withLeague(({ tournaments }) =>
      tournaments.addBot(id, player, isAdmin, level, botName),
    );
  }

  startTournament(id: string, player: PlayerId, isAdmin: boolean) {
    return this.withLeague(({ tournaments }) => tournaments.start(id, player, isAdmin));
  }

  /** A player left a chat: they withdraw from its tournament; the events are returned. */
  async memberLeftChat(chat: TournamentChat, player: PlayerId): Promise<readonly GameEvent[]> {
    return this.league === undefined ? [] : this.league.tournaments.memberLeft(chat, player);
  }

  private async withLeague<T>(
    work: (league: League) => Promise<ServiceResult<T>>,
  ): Promise<ServiceResult<T>> {
    if (this.league === undefined)
      return refusal('store-unavailable', 'Ratings and tournaments are not available here.');
    return work(this.league);
  }

  // ---- reviews ----------------------------------------------------------------------------

  /**
   * The engine's review of a finished two-player game (src/game/review.ts): cached, searched
   * once however many ask at once; `onQueued` hears when it waits for other reviews first.
   * Refused for an active game ('game-not-over': no engine help during play), a table game,
   * an unknown one, or without an engine here ('review-unavailable').
   */
  reviewGame(
    gameId: string,
    by: PlayerId,
    options?: ReviewOptions,
  ): Promise<ServiceResult<GameReview>> {
    return this.reviews.review(gameId, by, options);
  }

  /** The id of the game most recently finished in a chat (else by the player), if known. */
  lastFinishedGame(where: ReviewWhere, player: PlayerId): Promise<string | undefined> {
    return this.reviews.lastFinished(where, player);
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

  /** Whether this service can review games (it has an engine and a store for reviews). */
  get canReview(): boolean {
    return this.reviews.available;
  }

  // ---- timers -----------------------------------------------------------------------------

  /** Runs a due timer job. Idempotent: stale or repeated jobs change nothing. */
  handleTimer(job: TimerJob): Promise<void> {
    return this.timers.handle(job);
  }

  /**
   * Ends, as abandoned, every active game without a change for `idleMs` (IDLE_GAME_DAYS);
   * their game-over events are published. Returns how many ended.
   */
  endIdleGames(idleMs: number): Promise<number> {
    return this.idle.end(idleMs);
  }

  // ---- the bot as a player ----------------------------------------------------------------

  /** Whether bot players get moves from this service (it was given an AI). */
  get hasBot(): boolean {
    return this.bot.available;
  }

  /**
   * Hears how every request for a bot move ends (the move, or the AI's failure), until the
   * returned function is called: for an adapter that waits for the bot's answer.
   */
  watchBotMoves(listener: (outcome: BotMoveOutcome) => void): () => void {
    return this.bot.watch(listener);
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
    newId: options.newId ?? (() => randomBytes(6).toString('base64url')),
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
