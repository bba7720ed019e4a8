import { randomBytes } from 'node:crypto';
import {
  legalMoves,
  makeMove,
  parseFen,
  startPosition,
  VARIANTS,
  type VariantId,
} from '../engine/index.js';
import {
  finish,
  gamePosition,
  initialState,
  recordMove,
  resolveMove,
  sideToMove,
  type MoveInput,
} from './game-rules.js';
import {
  otherSide,
  samePlayer,
  sideOf,
  type Challenge,
  type ChallengeTarget,
  type ChatView,
  type DaysPerMove,
  type Game,
  type Player,
  type PlayerId,
  type Side,
} from './model.js';
import {
  StoreError,
  systemClock,
  type BotMoves,
  type Clock,
  type GameStore,
  type Scheduler,
  type TimerJob,
} from './ports.js';
import { clockJobs, clockStep } from './clocks.js';
import { normaliseMoveText } from './move-input.js';
import { NUDGE_AFTER_MS, shouldPing, shouldPingAtStart } from './notify.js';
import {
  CAS_ATTEMPTS,
  consoleLogger,
  RecordUpdates,
  type Logger,
  type Mutation,
} from './record-updates.js';
import { refusal, success, type GameEvent, type Refusal, type ServiceResult } from './results.js';

export const DAY_MS = 86_400_000;

export type { Logger } from './record-updates.js';

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
}

/** When the durable 'bot-move' job asks again for a bot move that has not come (see TimerJob). */
const BOT_RETRY_MS = 60_000;

export type ViewTarget = { kind: 'game'; game: Game } | { kind: 'challenge'; challenge: Challenge };

/**
 * The use cases of correspondence play, shared by every chat adapter: challenges, moves,
 * resignations, draws and clocks. Every change is a compare-and-set on the record's version,
 * so concurrent taps, chats and processes can never apply two moves or lose one.
 */
export class GameService {
  private readonly store: GameStore;
  private readonly scheduler: Scheduler;
  private readonly clock: Clock;
  private readonly dayMs: number;
  private readonly challengeTtlMs: number;
  private readonly reminderAt: number;
  private readonly newId: () => string;
  private readonly random: () => number;
  private readonly logger: Logger;
  private readonly records: RecordUpdates;

  constructor(private readonly options: GameServiceOptions) {
    this.store = options.store;
    this.scheduler = options.scheduler;
    this.clock = options.clock ?? systemClock;
    this.dayMs = options.dayMs ?? DAY_MS;
    this.challengeTtlMs = options.challengeTtlMs ?? DAY_MS;
    this.reminderAt = options.reminderAt ?? 0.8;
    this.newId = options.newId ?? (() => randomBytes(6).toString('base64url'));
    this.random = options.random ?? Math.random;
    this.logger = options.logger ?? consoleLogger;
    this.records = new RecordUpdates(this.store, this.clock, this.logger);
  }

  /** Starts delivering clock jobs to this service. */
  async start(): Promise<void> {
    await this.scheduler.start((job) => this.handleTimer(job));
  }

  async stop(): Promise<void> {
    await this.scheduler.stop();
  }

  // ---- challenges -------------------------------------------------------------------------

  async createChallenge(input: {
    challenger: Player;
    target: ChallengeTarget;
    variant?: VariantId;
    daysPerMove?: DaysPerMove | null;
    side?: Side | 'random';
    views?: readonly ChatView[];
  }): Promise<ServiceResult<Challenge>> {
    return this.records.guard(async () => {
      const { challenger, target } = input;
      if (target.kind === 'user' && samePlayer(target.player, challenger)) {
        return refusal('own-challenge', 'You cannot challenge yourself.');
      }
      if (
        target.kind === 'username' &&
        target.username.toLowerCase() === challenger.username?.toLowerCase()
      ) {
        return refusal('own-challenge', 'You cannot challenge yourself.');
      }
      const now = this.clock.now();
      const challenge: Challenge = {
        id: this.newId(),
        version: 1,
        challenger,
        target:
          target.kind === 'username'
            ? { kind: 'username', username: target.username.replace(/^@/, '').toLowerCase() }
            : target,
        variant: input.variant ?? 'bashni',
        daysPerMove: input.daysPerMove ?? null,
        challengerSide: input.side ?? 'random',
        status: 'open',
        createdAt: now,
        updatedAt: now,
        expiresAt: now + this.challengeTtlMs,
        views: input.views ?? [],
      };
      if (!(await this.store.createChallenge(challenge)))
        return refusal('busy', 'Please try again.');
      await this.schedule({
        kind: 'challenge-expiry',
        targetId: challenge.id,
        ply: 0,
        at: challenge.expiresAt,
      });
      return success(challenge, [{ type: 'challenge-created', challenge }]);
    });
  }

  async acceptChallenge(id: string, acceptor: Player): Promise<ServiceResult<Game>> {
    return this.records.guard(async () => {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const challenge = await this.store.getChallenge(id);
        if (challenge === undefined)
          return refusal('challenge-not-found', 'This challenge no longer exists.');
        const refused = this.checkAcceptable(challenge, acceptor);
        if (refused !== undefined) return refused;
        const now = this.clock.now();
        const challengerSide =
          challenge.challengerSide === 'random'
            ? this.random() < 0.5
              ? 'white'
              : 'black'
            : challenge.challengerSide;
        const [white, black] =
          challengerSide === 'white'
            ? [challenge.challenger, acceptor]
            : [acceptor, challenge.challenger];
        const game = this.newGame({
          variant: challenge.variant,
          white,
          black,
          daysPerMove: challenge.daysPerMove,
          views: [],
          now,
        });
        const accepted: Challenge = {
          ...challenge,
          version: challenge.version + 1,
          status: 'accepted',
          gameId: game.id,
          updatedAt: now,
        };
        if (await this.store.startGame(accepted, challenge.version, game)) {
          await this.scheduleClock(game);
          this.requestBotMove(game);
          const ping = shouldPingAtStart(
            samePlayer(white, challenge.challenger),
            now - challenge.createdAt,
          );
          if (!ping) await this.scheduleNudge(game);
          return success(game, [{ type: 'game-started', game, challenge: accepted, ping }]);
        }
      }
      return refusal('busy', 'Too many changes at once; please try again.');
    });
  }

  private checkAcceptable(
    challenge: Challenge,
    acceptor: Player,
  ): ServiceResult<never> | undefined {
    if (
      challenge.status === 'expired' ||
      (challenge.status === 'open' && this.clock.now() > challenge.expiresAt)
    ) {
      return refusal('challenge-expired', 'This challenge has expired.');
    }
    if (challenge.status !== 'open')
      return refusal('challenge-closed', 'This challenge is no longer open.');
    if (samePlayer(challenge.challenger, acceptor))
      return refusal('own-challenge', 'This is your own challenge.');
    if (!this.isTarget(challenge.target, acceptor))
      return refusal('not-for-you', 'This challenge is for someone else.');
    return undefined;
  }

  private isTarget(target: ChallengeTarget, player: Player): boolean {
    switch (target.kind) {
      case 'open':
        return true;
      case 'user':
        return samePlayer(target.player, player);
      case 'username':
        return player.username !== undefined && player.username.toLowerCase() === target.username;
    }
  }

  /** The challenged player says no. Open challenges cannot be declined, only left to expire. */
  async declineChallenge(id: string, player: Player): Promise<ServiceResult<Challenge>> {
    return this.records.challenge(id, (challenge) => {
      if (challenge.status !== 'open')
        return refusal('challenge-closed', 'This challenge is no longer open.');
      if (challenge.target.kind === 'open' || !this.isTarget(challenge.target, player)) {
        return refusal('not-for-you', 'Only the challenged player can decline.');
      }
      const next: Challenge = { ...challenge, status: 'declined' };
      return { ok: true, next, events: [{ type: 'challenge-declined', challenge: next }] };
    });
  }

  async cancelChallenge(id: string, player: PlayerId): Promise<ServiceResult<Challenge>> {
    return this.records.challenge(id, (challenge) => {
      if (challenge.status !== 'open')
        return refusal('challenge-closed', 'This challenge is no longer open.');
      if (!samePlayer(challenge.challenger, player))
        return refusal('not-for-you', 'Only the challenger can cancel.');
      const next: Challenge = { ...challenge, status: 'cancelled' };
      return { ok: true, next, events: [{ type: 'challenge-cancelled', challenge: next }] };
    });
  }

  // ---- games ------------------------------------------------------------------------------

  /**
   * Starts a game directly (against the bot, or set up by an adapter), without a challenge.
   */
  async startGame(input: {
    white: Player;
    black: Player;
    variant?: VariantId;
    daysPerMove?: DaysPerMove | null;
    fen?: string;
    views?: readonly ChatView[];
  }): Promise<ServiceResult<Game>> {
    return this.records.guard(async () => {
      const variant = input.variant ?? 'bashni';
      let start = startPosition(variant);
      if (input.fen !== undefined) {
        const parsed = parseFen(input.fen, variant);
        if (!parsed.ok) return refusal('illegal-move', parsed.error.message);
        start = parsed.value;
      }
      const game = this.newGame({
        ...input,
        variant,
        daysPerMove: input.daysPerMove ?? null,
        views: input.views ?? [],
        now: this.clock.now(),
        start,
      });
      if (!(await this.store.createGame(game))) return refusal('busy', 'Please try again.');
      await this.scheduleClock(game);
      this.requestBotMove(game);
      // Started by a player's own command: they are here, and nudged later if not.
      await this.scheduleNudge(game);
      return success(game, [{ type: 'game-started', game, ping: false }]);
    });
  }

  private newGame(input: {
    variant: VariantId;
    white: Player;
    black: Player;
    daysPerMove: DaysPerMove | null;
    views: readonly ChatView[];
    now: number;
    start?: ReturnType<typeof startPosition>;
  }): Game {
    const start = input.start ?? startPosition(input.variant);
    return {
      id: this.newId(),
      version: 1,
      variant: input.variant,
      white: input.white,
      black: input.black,
      ...initialState(start),
      moves: [],
      status: 'active',
      daysPerMove: input.daysPerMove,
      deadline: input.daysPerMove === null ? null : input.now + input.daysPerMove * this.dayMs,
      reminderSent: false,
      drawOffer: null,
      views: input.views,
      createdAt: input.now,
      updatedAt: input.now,
      turnStartedAt: input.now,
    };
  }

  /**
   * Plays a move for `player`: notation text (as people type it: see move-input.ts) or a Move
   * from the legal list. `seenPly` is the board the player acted on (the number of moves
   * played, carried by their buttons): if a move has been made since, the action is stale and
   * changes nothing. Other changes to the record (a draw offer, a new chat showing the game) do
   * not make a board stale. `requestKey` names the request (a chat update): the same request
   * again succeeds without playing anything (no events).
   */
  async play(
    gameId: string,
    player: PlayerId,
    input: MoveInput,
    options: { seenPly?: number; requestKey?: string } = {},
  ): Promise<ServiceResult<Game>> {
    const result = await this.records.game(
      gameId,
      (game) => {
        const side = sideOf(game, player);
        if (game.status === 'finished') return refusal('game-over', 'This game is over.');
        if (side === undefined) return refusal('not-a-player', 'You are not playing in this game.');
        if (sideToMove(game) !== side) return refusal('not-your-turn', 'It is not your turn.');
        const position = gamePosition(game);
        const move = resolveMove(
          position,
          typeof input === 'string' ? normaliseMoveText(input) : input,
        );
        if (!move.ok) {
          const variant = VARIANTS[game.variant];
          const legal = legalMoves(position).map((m) => makeMove(variant, m));
          return refusal('illegal-move', move.message, { legal });
        }
        const now = this.clock.now();
        const played = recordMove(game, position, move.move, now);
        let next: Game = { ...played.game, turnStartedAt: now };
        if (next.status === 'active' && next.daysPerMove !== null) {
          next = { ...next, deadline: now + next.daysPerMove * this.dayMs, reminderSent: false };
        }
        const ping = shouldPing(now - (game.turnStartedAt ?? game.updatedAt));
        const events: GameEvent[] = [
          { type: 'move-played', game: next, move: played.text, by: side, ping },
        ];
        if (played.result !== undefined)
          events.push({ type: 'game-over', game: next, result: played.result });
        return { ok: true, next, events };
      },
      options,
    );
    if (result.ok && result.events.length > 0) {
      await this.scheduleClock(result.value);
      this.requestBotMove(result.value);
      const event = result.events[0];
      if (event.type === 'move-played' && !event.ping) await this.scheduleNudge(result.value);
    }
    return result;
  }

  /** A turn that no ping announced gets a nudge later, if the player has not moved by then. */
  private async scheduleNudge(game: Game): Promise<void> {
    if (game.status !== 'active') return;
    const player = sideToMove(game) === 'white' ? game.white : game.black;
    if (player.botLevel !== undefined) return;
    await this.schedule({
      kind: 'turn-nudge',
      targetId: game.id,
      ply: game.moves.length,
      at: (game.turnStartedAt ?? this.clock.now()) + NUDGE_AFTER_MS,
    });
  }

  async resign(gameId: string, player: PlayerId, seenPly?: number): Promise<ServiceResult<Game>> {
    return this.records.game(
      gameId,
      (game) => {
        const side = this.activeSide(game, player);
        if (typeof side !== 'string') return side;
        const result = { winner: otherSide(side), reason: 'resignation' as const };
        const next = finish({ ...game, version: game.version + 1 }, result, this.clock.now());
        return { ok: true, next, events: [{ type: 'game-over', game: next, result }] };
      },
      { seenPly },
    );
  }

  /** Offers a draw; if the opponent has already offered one, the game is drawn. */
  async offerDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.records.game(gameId, (game) => {
      const side = this.activeSide(game, player);
      if (typeof side !== 'string') return side;
      if (game.drawOffer === side)
        return refusal('draw-already-offered', 'You have already offered a draw.');
      const now = this.clock.now();
      if (game.drawOffer === otherSide(side)) return this.agreeDraw(game, now);
      const next: Game = { ...game, version: game.version + 1, drawOffer: side, updatedAt: now };
      return { ok: true, next, events: [{ type: 'draw-offered', game: next, by: side }] };
    });
  }

  async acceptDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.records.game(gameId, (game) => {
      const side = this.activeSide(game, player);
      if (typeof side !== 'string') return side;
      if (game.drawOffer === side) return refusal('own-draw-offer', 'This draw offer is your own.');
      if (game.drawOffer !== otherSide(side))
        return refusal('no-draw-offer', 'There is no draw offer to accept.');
      return this.agreeDraw(game, this.clock.now());
    });
  }

  async declineDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.records.game(gameId, (game) => {
      const side = this.activeSide(game, player);
      if (typeof side !== 'string') return side;
      if (game.drawOffer === side) return refusal('own-draw-offer', 'This draw offer is your own.');
      if (game.drawOffer !== otherSide(side))
        return refusal('no-draw-offer', 'There is no draw offer to decline.');
      const next: Game = {
        ...game,
        version: game.version + 1,
        drawOffer: null,
        updatedAt: this.clock.now(),
      };
      return { ok: true, next, events: [{ type: 'draw-declined', game: next, by: side }] };
    });
  }

  private agreeDraw(game: Game, now: number): Mutation<Game> {
    const result = { winner: null, reason: 'agreement' as const };
    const next = finish({ ...game, version: game.version + 1 }, result, now);
    return { ok: true, next, events: [{ type: 'game-over', game: next, result }] };
  }

  private activeSide(game: Game, player: PlayerId): Side | Refusal {
    if (game.status === 'finished') return refusal('game-over', 'This game is over.');
    return sideOf(game, player) ?? refusal('not-a-player', 'You are not playing in this game.');
  }

  /** Records that a chat message shows this game or challenge (a game may be in many chats). */
  async addView(
    target: { kind: 'game' | 'challenge'; id: string },
    view: ChatView,
  ): Promise<ServiceResult<Game | Challenge>> {
    const add = <T extends { views: readonly ChatView[] }>(record: T): Mutation<T> => ({
      ok: true,
      next: {
        ...record,
        views: [
          ...record.views.filter(
            (v) =>
              !(
                v.platform === view.platform &&
                v.chatId === view.chatId &&
                v.messageId === view.messageId
              ),
          ),
          view,
        ],
      },
      events: [],
    });
    return target.kind === 'game'
      ? this.records.game(target.id, add)
      : this.records.challenge(target.id, add);
  }

  async getGame(id: string): Promise<ServiceResult<Game>> {
    return this.records.guard(async () => {
      const game = await this.store.getGame(id);
      return game === undefined ? refusal('not-found', 'No such game.') : success(game);
    });
  }

  async getChallenge(id: string): Promise<ServiceResult<Challenge>> {
    return this.records.guard(async () => {
      const challenge = await this.store.getChallenge(id);
      return challenge === undefined
        ? refusal('challenge-not-found', 'No such challenge.')
        : success(challenge);
    });
  }

  /** The game or challenge a chat message shows. */
  async findByView(view: ChatView): Promise<ServiceResult<ViewTarget>> {
    return this.records.guard(async (): Promise<ServiceResult<ViewTarget>> => {
      const found = await this.store.findByView(view);
      if (found === undefined) return refusal('not-found', 'This message shows no game.');
      if (found.kind === 'game') {
        const game = await this.store.getGame(found.id);
        return game === undefined
          ? refusal('not-found', 'No such game.')
          : success({ kind: 'game', game });
      }
      const challenge = await this.store.getChallenge(found.id);
      return challenge === undefined
        ? refusal('challenge-not-found', 'No such challenge.')
        : success({ kind: 'challenge', challenge });
    });
  }

  /** A player's active games; a corrupt one is logged and left out rather than hiding the rest. */
  async activeGames(player: PlayerId): Promise<ServiceResult<Game[]>> {
    return this.records.guard(async () => {
      const games: Game[] = [];
      for (const id of await this.store.activeGameIds(player)) {
        try {
          const game = await this.store.getGame(id);
          if (game !== undefined && game.status === 'active') games.push(game);
        } catch (error) {
          if (!(error instanceof StoreError) || error.code !== 'corrupt-record') throw error;
          this.logger.error('active game record is corrupt', { gameId: id, error: error.message });
        }
      }
      return success(games.sort((a, b) => b.updatedAt - a.updatedAt));
    });
  }

  // ---- clocks -----------------------------------------------------------------------------

  /** Runs a due timer job. Idempotent: stale or repeated jobs change nothing. */
  async handleTimer(job: TimerJob): Promise<void> {
    let result: ServiceResult<unknown>;
    if (job.kind === 'challenge-expiry') {
      result = await this.records.challenge(job.targetId, (challenge) => {
        if (challenge.status !== 'open') return refusal('challenge-closed', 'already closed');
        if (this.clock.now() < challenge.expiresAt) return refusal('busy', 'not yet');
        const next: Challenge = { ...challenge, status: 'expired' };
        return { ok: true, next, events: [{ type: 'challenge-expired', challenge: next }] };
      });
      if (!result.ok && result.message === 'not yet') {
        const challenge = await this.store.getChallenge(job.targetId).catch(() => undefined);
        if (challenge !== undefined) await this.schedule({ ...job, at: challenge.expiresAt });
      }
    } else if (job.kind === 'bot-move') {
      result = await this.retryBotMove(job);
    } else if (job.kind === 'turn-nudge') {
      const loaded = await this.getGame(job.targetId);
      result =
        loaded.ok && loaded.value.status === 'active' && loaded.value.moves.length === job.ply
          ? success(loaded.value, [{ type: 'turn-nudge', game: loaded.value }])
          : refusal('stale-version', 'the player has moved');
    } else {
      result = await this.records.game(job.targetId, (game) =>
        clockStep(game, job, this.clock.now()),
      );
      if (!result.ok && result.message === 'not yet') await this.schedule(job);
    }
    if (result.ok && result.events.length > 0) await this.publish(result.events);
    if (
      !result.ok &&
      (result.code === 'store-unavailable' || result.code === 'busy') &&
      result.message !== 'not yet'
    ) {
      // Let the scheduler retry the job later.
      throw new Error(`timer ${job.kind} for ${job.targetId}: ${result.message}`);
    }
  }

  private async scheduleClock(game: Game): Promise<void> {
    for (const job of clockJobs(game, this.dayMs, this.reminderAt)) await this.schedule(job);
  }

  private async schedule(job: TimerJob): Promise<void> {
    try {
      await this.scheduler.schedule(job);
    } catch (error) {
      // The move itself is saved; a missing timer only delays a reminder or a time-out.
      this.logger.error('could not schedule a timer', { job, error: String(error) });
    }
  }

  // ---- the bot as a player ----------------------------------------------------------------

  /** The bot player whose turn it is, if any (and if this service has a bot). */
  private botToMove(game: Game): Player | undefined {
    if (game.status !== 'active' || this.options.bot === undefined) return undefined;
    const player = sideToMove(game) === 'white' ? game.white : game.black;
    return player.botLevel === undefined ? undefined : player;
  }

  /** Asks for the bot's move now, with a durable job as the safety net (see TimerJob). */
  private requestBotMove(game: Game): void {
    const bot = this.botToMove(game);
    if (bot === undefined) return;
    const ply = game.moves.length;
    void (async () => {
      await this.schedule({
        kind: 'bot-move',
        targetId: game.id,
        ply,
        at: this.clock.now() + BOT_RETRY_MS,
      });
      try {
        const result = await this.playBotMove(game, bot);
        if (result.ok) await this.publish(result.events);
        else if (result.code !== 'stale-version') {
          this.logger.warn('bot move refused', { gameId: game.id, code: result.code });
        }
      } catch (error) {
        this.logger.error('bot move failed', { gameId: game.id, error: String(error) });
      }
    })();
  }

  /** The safety net: plays the bot's move if the game still waits for it at that ply. */
  private async retryBotMove(job: TimerJob): Promise<ServiceResult<unknown>> {
    const loaded = await this.getGame(job.targetId);
    if (!loaded.ok) return loaded;
    const game = loaded.value;
    const bot = this.botToMove(game);
    if (game.moves.length !== job.ply || bot === undefined) {
      return refusal('stale-version', 'the bot has moved');
    }
    this.logger.warn('bot move retried', { gameId: game.id, ply: job.ply });
    // A failing search throws: the scheduler tries the job again later.
    return this.playBotMove(game, bot);
  }

  /** Asks the AI for the bot's move in `game` and plays it (unless the game moved on); the
   * caller publishes the events. */
  private async playBotMove(game: Game, bot: Player): Promise<ServiceResult<Game>> {
    const move = await this.options.bot!.chooseMove({
      gameId: game.id,
      variant: game.variant,
      fen: game.fen,
      level: bot.botLevel!,
    });
    return this.play(game.id, bot, move, { seenPly: game.moves.length });
  }

  // ---- plumbing ---------------------------------------------------------------------------

  private async publish(events: readonly GameEvent[]): Promise<void> {
    try {
      await this.options.onEvents?.(events);
    } catch (error) {
      this.logger.error('event listener failed', { error: String(error) });
    }
  }
}
