/**
 * The one chat core: what each of the game service's events shows in a chat, and in which
 * order, the same on every platform. A move: every chat's board first (one edit carries the
 * news: picture, caption, buttons), then — only when someone must be pinged — the chat's one
 * live notice under the board, and cosmetic calls last ("thinking…", the removal of a notice
 * that has been answered). A result: the boards, then the result notice (the game's animation
 * with it) in the chat's order of announcements. A start: the challenge's cards say so, the new
 * boards are posted once however often the start is delivered, then the first ping.
 *
 * Each platform is a `ChatSurface`: how a board, a card, a notice and a direct message look and
 * are sent there. The core decides what to show; the surface only shows it. Before anything is
 * queued the game is recorded as pending (the durable hand-off, PendingPresentations), so a
 * process that dies before its boards are brought up to date leaves them to the next one.
 */
import { playerToMove } from '../../game/rules-strategy.js';
import type { Challenge, ChatView, Game, GameResult, Player } from '../../game/model.js';
import type { AcceptedIn, GameEvent } from '../../game/results.js';
import type { GameService, Logger } from '../../game/service.js';
import type { PlayerRating } from '../../game/rating-model.js';
import type { Clock } from '../../game/ports.js';
import type { Messages } from '../../i18n/index.js';
import type { BackgroundTasks } from '../tasks/background-tasks.js';
import { resultText } from '../words/board-caption.js';
import { quotableMove, startedText } from '../words/table-caption.js';
import { ratedText } from '../words/league-text.js';
import { gameLanguageHint } from './chat-settings.js';
import { ChatOrder } from './chat-order.js';
import type { ChatSurface } from './chat-surface.js';
import { LeagueAnnouncements } from './league-announcements.js';
import { isLeagueEvent, showLeagueEvent } from './league-events.js';
import { moveEffects, seatOutEffects, type MoveEffects } from './move-effects.js';
import { PendingPresentations, type PendingStore } from './pending-presentations.js';
import { closedChallengeText, LatestGames, liveViews } from './presented-games.js';
import { replayData } from './replay.js';

export interface ChatPresenterDeps {
  /** Where the platform keeps its pending records (its key-value state). */
  readonly store: PendingStore;
  readonly logger: Logger;
  readonly tasks: BackgroundTasks;
  readonly clock: Clock;
  readonly service: Pick<GameService, 'queries'>;
}

/** The core that presents the service's events on one platform's surface `S`. */
export class ChatPresenter<S extends ChatSurface = ChatSurface> {
  readonly surface: S;
  /** The newest record seen of each game: deliveries build from it at the last moment. */
  private readonly latestGames = new LatestGames();
  private readonly pending: PendingPresentations;
  /** Results, ratings, rounds and new boards, delivered in each chat in the events' order. */
  readonly order = new ChatOrder();
  /** What the league's events show (in the same order of announcements). */
  private readonly league: LeagueAnnouncements;

  constructor(
    private readonly deps: ChatPresenterDeps,
    surfaceOf: (core: ChatPresenter<S>) => S,
  ) {
    this.surface = surfaceOf(this);
    const { surface } = this;
    this.league = new LeagueAnnouncements(surface.league, this.order, deps.tasks);
    this.pending = new PendingPresentations(
      { store: deps.store, logger: deps.logger, tasks: deps.tasks, platform: surface.platform },
      {
        latest: (id) => this.latest(id),
        note: (game) => this.note(game),
        shows: (game, version) => surface.shows(game, version),
        // A game whose bot is to move stays pending until the bot's move is shown.
        holds: (game) => game.status === 'active' && playerToMove(game).botLevel !== undefined,
        chatsShowing: (game) => new Set(this.liveViews(game).map((view) => view.chatId)),
        post: (game, chatId) => surface.postBoard(game, chatId),
        updateBoards: (game) => surface.updateBoards(game),
        getGame: (id) => deps.service.queries.getGame(id),
      },
    );
  }

  /** The newest record known of a game. */
  latest(gameId: string): Game | undefined {
    return this.latestGames.get(gameId);
  }

  /** Remembers a record if it is the newest seen; returns the newest. */
  note(game: Game): Game {
    return this.latestGames.note(game);
  }

  /** The game's live board message in each chat of this platform. */
  liveViews(game: Game): ChatView[] {
    return liveViews(game.views, this.surface.platform);
  }

  /** Counts a delivery of a game's presentation (the game stays pending until it is done). */
  track(gameId: string, delivery: Promise<unknown>): void {
    this.pending.track(gameId, delivery);
  }

  /** Records a game as pending before its boards are queued (see PendingPresentations.mark). */
  mark(gameId: string, version: number, postIn?: string): Promise<boolean> {
    return this.pending.mark(gameId, version, postIn);
  }

  /** Queues the presentation of `events`; resolves once it is queued and handed off. */
  async handle(events: readonly GameEvent[]): Promise<void> {
    // Where the result notice says the ratings too, a game's ratings come with its end.
    const ratings = new Map<string, readonly PlayerRating[]>();
    if (this.surface.ratingsWithResult)
      for (const event of events)
        if (event.type === 'game-rated') ratings.set(event.game.id, event.ratings);
    const told = new Set(
      events.flatMap((event) =>
        event.type === 'game-over' && ratings.has(event.game.id) ? [event.game.id] : [],
      ),
    );
    await this.pending.presentAll(
      events,
      (game) => this.liveViews(game).length > 0,
      (event) =>
        event.type === 'game-rated' && told.has(event.game.id)
          ? Promise.resolve()
          : this.present(event, ratings.get('game' in event ? event.game.id : '')),
    );
  }

  /**
   * Brings the boards of every pending game up to date, and posts those still to post: after a
   * restart (a process that died before its boards were shown) and now and then (failed edits).
   */
  async recoverPending(): Promise<number> {
    const own = this.surface.recover?.();
    const boards = await this.pending.recover();
    await own;
    return boards;
  }

  /** A move that was applied before (the same request delivered again): show it everywhere. */
  async resync(game: Game): Promise<void> {
    const current = this.note(game);
    await this.pending.mark(current.id, current.version);
    await this.surface.updateBoards(current);
    this.pending.settle(current.id);
  }

  /**
   * A new game's board in a chat, once however often the request that started it is delivered
   * (`/play` again, in another process): not where the chat shows the game already, nor while
   * another delivery is posting it. Resolves once handed off; whether this call posts it.
   */
  async queueFirstBoard(game: Game, chatId: string): Promise<boolean> {
    if (!(await this.takeFirstPost(game, chatId))) return false;
    this.pending.track(game.id, this.surface.postBoard(game, chatId));
    return true;
  }

  /**
   * A game's start once more, for its request delivered again (a /join, an Accept or the sit
   * that filled a table): its cards and boards where its first delivery did not get to show
   * them — it may have died between the save and the hand-off.
   */
  async showStartAgain(game: Game, acceptedIn: AcceptedIn | undefined): Promise<void> {
    const current = this.note(game);
    const challenge =
      current.challengeId === undefined
        ? undefined
        : await this.deps.service.queries.getChallenge(current.challengeId);
    await this.pending.mark(current.id, current.version);
    const from = challenge?.ok === true ? challenge.value : undefined;
    await this.startGame(current, from, current.turnAnnounced === true, acceptedIn);
    this.pending.settle(current.id);
  }

  private current(game: Game): Game {
    return this.latest(game.id) ?? game;
  }

  /** Shows one event; `ratings`: a game-over's new ratings, said in the same notice. */
  private async present(event: GameEvent, ratings?: readonly PlayerRating[]): Promise<void> {
    const { surface } = this;
    if (isLeagueEvent(event))
      return showLeagueEvent(event, this.league, (game) => this.current(game));
    switch (event.type) {
      case 'challenge-created':
        return; // the command that created it posts the card
      case 'challenge-declined':
      case 'challenge-cancelled':
      case 'challenge-expired':
        return this.closeCards(event.challenge, event.type);
      case 'challenge-updated':
        return this.showLobby(event.challenge);
      case 'game-started':
        return this.startGame(event.game, event.challenge, event.ping, event.acceptedIn);
      case 'move-played':
      case 'seat-out': {
        // A table's resignation or loss on time pings the next player only if the turn passed.
        const game = this.current(event.game);
        await surface.updateBoards(game);
        const effects =
          event.type === 'move-played'
            ? moveEffects(game, event.game, event.ping)
            : seatOutEffects(game, event);
        await this.afterMove(game, effects, event.type === 'move-played' ? event.move : undefined);
        return;
      }
      case 'turn-nudge':
        return this.pingToMove(this.current(event.game));
      case 'draw-offered':
        await surface.updateBoards(this.current(event.game));
        return surface.drawOffered(event.game, event.by);
      case 'draw-declined':
        await surface.updateBoards(this.current(event.game));
        return surface.drawAnswered(event.game, event.by);
      case 'reminder':
        return this.remind(event.game, event.deadline);
      case 'game-over':
        return this.gameOver(this.current(event.game), event.result, ratings);
    }
  }

  /** A challenge declined, withdrawn or expired: each of its cards here says so. */
  private async closeCards(
    challenge: Challenge,
    why: 'challenge-declined' | 'challenge-cancelled' | 'challenge-expired',
  ): Promise<void> {
    const { surface } = this;
    for (const view of challenge.views) {
      if (view.platform !== surface.platform) continue;
      const t = await surface.messages(view.chatId, challenge.challenger.language);
      surface.editCard(view, closedChallengeText(t, why, surface.names.name(challenge.challenger)));
    }
  }

  /** A table's lobby changed (someone sat down or stood up): each of its cards here shows it. */
  private async showLobby(challenge: Challenge): Promise<void> {
    if (challenge.status !== 'open') return;
    const { surface } = this;
    for (const view of challenge.views) {
      if (view.platform !== surface.platform) continue;
      surface.showLobby(
        view,
        challenge,
        await surface.messages(view.chatId, challenge.challenger.language),
      );
    }
  }

  /** The boards, then in each chat the result notice (with the game's animation). */
  private async gameOver(
    game: Game,
    result: GameResult,
    ratings: readonly PlayerRating[] | undefined,
  ): Promise<void> {
    const { surface } = this;
    await surface.updateBoards(game);
    await surface.drawAnswered(game, undefined);
    // An inline board cannot receive a notice: its caption says the result.
    for (const view of surface.noticeViews(game)) {
      const t = await surface.messages(view.chatId, this.languageHint(game, view.chatId));
      // A player's own private chat is told of their resignation as theirs.
      const owner = surface.privateOwner(view.chatId);
      const viewer =
        owner === undefined ? undefined : { platform: surface.platform, userId: owner };
      const said = t.gameOverNotice(resultText(game, result, t, surface.names, viewer));
      const text =
        ratings === undefined ? said : `${said}\n\n${ratedText(game, ratings, t, surface.names)}`;
      // Drawn while the announcements before it in the chat are delivered.
      const replay = replayData(game, t);
      const animation = typeof replay === 'string' ? undefined : surface.paintReplay(replay);
      animation?.catch(() => undefined); // the notice handles it, however late it comes
      this.pending.track(
        game.id,
        this.order.next(view.chatId, () => surface.notice(view, game, { text, animation })),
      );
    }
  }

  /** After a move's boards: the ping, "thinking…", or the removal of an answered notice. */
  private async afterMove(
    game: Game,
    effects: MoveEffects | undefined,
    move?: string,
  ): Promise<void> {
    if (effects === undefined) return;
    const { surface } = this;
    if (effects.botThinking) {
      const ply = game.moves.length;
      for (const view of surface.noticeViews(game))
        surface.thinking(view.chatId, () => this.stillToMove(game.id, ply));
    }
    if (effects.ping !== undefined) await this.pingToMove(game, move);
    if (effects.clearNotice)
      for (const view of surface.noticeViews(game))
        this.pending.track(game.id, surface.clearNotice(view.chatId, game.id));
  }

  /**
   * "@name, your move" under the board in every chat of the game (a private chat only for its
   * owner). Not for a player of another platform: a mention here would notify nobody (their own
   * platform pings them).
   */
  private async pingToMove(game: Game, lastMove?: string): Promise<void> {
    if (game.status !== 'active') return;
    const player = playerToMove(game);
    if (!this.isPersonHere(player)) return;
    const ply = game.moves.length;
    // A table's resignation or loss on time is in the history but is no move to quote.
    const move = quotableMove(lastMove ?? game.moves.at(-1));
    await this.noticeToPlayer(
      game,
      player,
      (t) => t.yourMove(this.surface.names.mention(player), move),
      ply,
    );
  }

  /**
   * The clock's reminder: by direct message where that reaches the player (a Telegram player
   * who started the bot); otherwise as a notice that mentions them in the game's chats.
   */
  private async remind(game: Game, deadline: number): Promise<void> {
    const player = playerToMove(game);
    if (!this.isPersonHere(player)) return;
    const { surface } = this;
    const left = deadline - this.deps.clock.now();
    const say = (t: Messages): string =>
      t.reminder(surface.names.mention(player), t.duration(left));
    if (await surface.direct(player, say)) return;
    await this.noticeToPlayer(game, player, say, game.moves.length);
  }

  /** A notice for `player` in every chat of the game, while the game waits for `ply`. */
  private async noticeToPlayer(
    game: Game,
    player: Player,
    say: (t: Messages) => string,
    ply: number,
  ): Promise<void> {
    const { surface } = this;
    for (const view of surface.noticeViews(game)) {
      const owner = surface.privateOwner(view.chatId);
      if (owner !== undefined && owner !== player.userId) continue;
      const t = await surface.messages(view.chatId, player.language);
      this.pending.track(
        game.id,
        surface.notice(view, game, {
          text: say(t),
          to: player,
          wanted: () => this.stillToMove(game.id, ply),
        }),
      );
    }
  }

  /** Whether a player is a person of this platform (whom a notice here can reach). */
  private isPersonHere(player: Player): boolean {
    return player.botLevel === undefined && player.platform === this.surface.platform;
  }

  /** Whether a game still waits for the move at `ply` (checked right before a ping is sent). */
  private async stillToMove(gameId: string, ply: number): Promise<boolean> {
    let game = this.latest(gameId);
    if (game === undefined) {
      const loaded = await this.deps.service.queries.getGame(gameId);
      if (!loaded.ok) return false;
      game = this.note(loaded.value);
    }
    return game.status === 'active' && game.moves.length === ply;
  }

  /** The language to assume in a chat without a language setting (see gameLanguageHint). */
  languageHint(game: Game, chatId: string): string | undefined {
    return gameLanguageHint(game, { platform: this.surface.platform, userId: chatId });
  }

  /**
   * A game started: its cards say so, and its board goes up in the challenge's chats here and
   * in the chat where it was accepted (by /join, say), each once, after the chat's
   * announcements before it (a round's pairings come before its boards); then the first ping,
   * under the new boards (whoever posts them pings).
   */
  private async startGame(
    game: Game,
    challenge: Challenge | undefined,
    ping: boolean,
    acceptedIn: AcceptedIn | undefined,
  ): Promise<void> {
    const { surface } = this;
    const chats = new Set<string>();
    for (const view of challenge?.views ?? []) {
      if (view.platform !== surface.platform) continue;
      chats.add(view.chatId);
      // A card that becomes the board itself: one edit says both.
      if (surface.startsInPlace(view.chatId)) continue;
      const t = await surface.messages(view.chatId, this.languageHint(game, view.chatId));
      surface.editCard(view, startedText(game, t, surface.names));
    }
    for (const view of this.liveViews(game))
      if (surface.startsInPlace(view.chatId)) chats.add(view.chatId);
    if (acceptedIn?.platform === surface.platform) chats.add(acceptedIn.chatId);
    const posts: Promise<unknown>[] = [];
    // A start shown again (its request delivered twice) posts only what is missing.
    for (const chatId of chats)
      if (await this.takeFirstPost(game, chatId))
        posts.push(this.order.next(chatId, () => surface.postBoard(game, chatId)));
    this.pending.track(
      game.id,
      Promise.all(posts).then(async () => {
        if (ping && posts.length > 0) await this.pingToMove(this.current(game));
      }),
    );
  }

  /**
   * Takes on the post of a new game's first board in a chat, unless the chat shows the game
   * already (a card that becomes the board is in the views from the start) or another delivery
   * of the same start holds the post.
   */
  private async takeFirstPost(game: Game, chatId: string): Promise<boolean> {
    const shown =
      !this.surface.startsInPlace(chatId) &&
      this.liveViews(game).some((view) => view.chatId === chatId);
    return !shown && this.pending.mark(game.id, game.version, chatId, false);
  }
}
