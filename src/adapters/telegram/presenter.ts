import {
  moveEffects,
  seatOutEffects,
  type MoveEffects,
} from '../../chat/presenting/move-effects.js';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { LatestGames } from '../../chat/presenting/presented-games.js';
import { playerToMove } from '../../game/rules-strategy.js';
import { playerOf, type Challenge, type ChatView, type Game } from '../../game/model.js';
import { resultText } from '../../chat/words/board-caption.js';
import { quotableMove, startedText } from '../../chat/words/table-caption.js';
import type { Clock } from '../../game/ports.js';
import type { AcceptedIn, GameEvent } from '../../game/results.js';
import type { GameService, Logger } from '../../game/service.js';
import type { Messages } from '../../i18n/index.js';
import { chatSettingsAndMessages, gameLanguageHint } from '../../chat/presenting/chat-settings.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import { boardFace, keyboardPly, type BoardPainter } from './board-message.js';
import { BoardSync, plainText, type BoardFace } from './board-sync.js';
import type { ChatOutput } from './chat-output.js';
import type { ChatSettings, ChatState } from './chat-state.js';
import {
  inlineMessageIdOf,
  inlineView,
  isInlineChat,
  isPrivateChat,
  liveViews,
  mentionOf,
  nameOf,
  telegramView,
} from './identity.js';
import type { MediaLinks } from './media.js';
import { Notices } from './notices.js';
import { PendingPresentations } from '../../chat/presenting/pending-presentations.js';
import { ChatCards } from './chat-cards.js';
import { LeagueCards } from './league-cards.js';
import { isLeagueEvent, showLeagueEvent } from '../../chat/presenting/league-events.js';
import { ratedText } from '../../chat/words/league-text.js';
import type { PlayerRating } from '../../game/rating-model.js';
import { bestEffort } from '../../game/logger.js';
import { replayData } from '../../chat/presenting/replay.js';
import type { PuzzleService } from '../../game/puzzles.js';
import { puzzleImage } from './puzzle-message.js';
import { RequestReplies } from './request-replies.js';
import { ChatOrder } from '../../chat/presenting/chat-order.js';

/** The live views that can receive messages (pings, notices): not inline messages. */
function messageViews(views: readonly ChatView[]): ChatView[] {
  return liveViews(views).filter((view) => !isInlineChat(view.chatId));
}

/** The language to assume in a chat without a language setting (see gameLanguageHint). */
function languageHint(game: Game, chatId: string): string | undefined {
  return gameLanguageHint(game, { platform: 'telegram', userId: chatId });
}

export interface PresenterDeps {
  readonly out: ChatOutput;
  readonly service: GameService;
  readonly chats: ChatState;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly painter: BoardPainter;
  readonly tasks: BackgroundTasks;
  /** The bot's username, for the links on cards (known once the bot has started). */
  readonly botUsername?: () => string;
  /** Signed picture URLs (TELEGRAM_MEDIA_URL), for inline messages; absent when not served. */
  readonly media?: MediaLinks;
  /** The puzzles, for the pictures of puzzle replies (see request-replies.ts). */
  readonly puzzles?: Pick<PuzzleService, 'get'>;
}

/**
 * Shows the game service's events in Telegram. The order of a move's effects: every chat's
 * board first (one edit carries the news: picture, caption, keyboard), then — only when someone
 * must be pinged — the chat's one live notice, and cosmetic calls last.
 *
 * Nothing here waits for Telegram: `handle` queues deliveries in the chats' lanes and returns.
 * Before it does, it records the game as "pending" in the store (a durable hand-off): if the
 * process dies before the boards are brought up to date, the next process does it
 * (`recoverPending`). The record is cleared once every board shows the news.
 */
export class TelegramPresenter {
  readonly boards: BoardSync;
  readonly notices: Notices;
  private readonly cards: ChatCards;
  readonly league: LeagueCards;
  /** The newest record seen of each game: deliveries check it at the last moment. */
  private readonly latest = new LatestGames();
  private readonly pending: PendingPresentations;
  /** The replies of requests that make something (cards, puzzles), each sent once. */
  readonly replies: RequestReplies;
  /** Results, ratings, rounds and new boards, delivered in each chat in the events' order. */
  private readonly order = new ChatOrder();

  constructor(private readonly deps: PresenterDeps) {
    this.boards = new BoardSync(deps.out, (view) => deps.tasks.track(this.replaceGoneBoard(view)));
    this.notices = new Notices(deps.out, deps.chats, deps.logger);
    this.pending = new PendingPresentations(
      { store: deps.chats, logger: deps.logger, tasks: deps.tasks, platform: 'telegram' },
      {
        latest: (id) => this.latest.get(id),
        note: (game) => this.note(game),
        // A chat that removed the bot will never show it; it does not hold the game pending.
        shows: (game, version) =>
          liveViews(game.views).every(
            (view) =>
              deps.out.lanes.isUnreachable(view.chatId) || this.boards.isCurrent(view, version),
          ),
        // A game whose bot is to move stays pending until the bot's move is shown.
        holds: (game) => game.status === 'active' && playerToMove(game).botLevel !== undefined,
        chatsShowing: (game) => new Set(liveViews(game.views).map((view) => view.chatId)),
        post: (game, chatId) => this.sendBoard(game, chatId),
        updateBoards: (game) => this.updateBoards(game),
        getGame: (id) => deps.service.queries.getGame(id),
      },
    );
    this.replies = new RequestReplies({
      ...deps,
      picture: (puzzleId, ply) => {
        const puzzle = deps.puzzles?.get(puzzleId);
        return puzzle?.ok === true ? puzzleImage(puzzle.value, ply, deps.painter) : undefined;
      },
      shown: async (shows, view) => {
        const added =
          shows.kind === 'challenge'
            ? await deps.service.queries.addView({ kind: 'challenge', id: shows.id }, view)
            : await deps.service.league.addTournamentView(shows.id, view);
        if (!added.ok)
          deps.logger.warn(`telegram: could not record a ${shows.kind} card`, {
            id: shows.id,
            code: added.code,
          });
      },
    });
    this.league = new LeagueCards({ ...deps, order: this.order }, (chatId, fallback) =>
      this.chatContext(chatId, fallback),
    );
    this.cards = new ChatCards(
      deps,
      (chatId, fallback) => this.chatContext(chatId, fallback),
      (gameId, delivery) => this.pending.track(gameId, delivery),
      languageHint,
    );
  }

  /** The language and settings of a chat; `fallbackLanguage` is a platform language code. */
  chatContext(
    chatId: string | number,
    fallbackLanguage?: string,
  ): Promise<{ settings: ChatSettings; t: Messages }> {
    return chatSettingsAndMessages(
      this.deps.logger,
      'telegram',
      this.deps.chats.settings(chatId),
      { chatId },
      fallbackLanguage,
    );
  }

  /** Remembers a record if it is the newest seen; returns the newest. */
  note(game: Game): Game {
    return this.latest.note(game);
  }

  /** Queues the presentation of `events`; resolves once it is queued and handed off. */
  async handle(events: readonly GameEvent[]): Promise<void> {
    // A game's new ratings come right after its end: one notice says both (a call saved).
    const ratings = new Map<string, readonly PlayerRating[]>();
    for (const event of events)
      if (event.type === 'game-rated') ratings.set(event.game.id, event.ratings);
    const told = new Set(
      events.flatMap((event) =>
        event.type === 'game-over' && ratings.has(event.game.id) ? [event.game.id] : [],
      ),
    );
    await this.pending.presentAll(
      events,
      () => true,
      (event) =>
        event.type === 'game-rated' && told.has(event.game.id)
          ? Promise.resolve()
          : this.present(event, ratings.get('game' in event ? event.game.id : '')),
    );
  }

  /** Shows one event; `ratings`: a game-over's new ratings, said in the same notice. */
  private async present(event: GameEvent, ratings?: readonly PlayerRating[]): Promise<void> {
    if (isLeagueEvent(event))
      return showLeagueEvent(event, this.league, (game) => this.latest.get(game.id) ?? game);
    switch (event.type) {
      case 'challenge-created':
        return; // the command that created it posts the card
      case 'challenge-declined':
      case 'challenge-cancelled':
      case 'challenge-expired':
        return this.cards.closeChallengeCards(event.challenge, event.type);
      case 'challenge-updated':
        return this.cards.updateLobbyCards(event.challenge);
      case 'seat-out': {
        // A table game's player resigned or ran out of time: the boards say so, and the next
        // player is told it is their turn (when the turn passed).
        const game = this.latest.get(event.game.id) ?? event.game;
        await this.updateBoards(game);
        await this.afterMove(game, seatOutEffects(game, event));
        return;
      }
      case 'game-started':
        return this.startGame(event.game, event.challenge, event.ping, event.acceptedIn);
      case 'move-played': {
        const game = this.latest.get(event.game.id) ?? event.game;
        await this.updateBoards(game);
        await this.afterMove(game, moveEffects(game, event.game, event.ping), event.move);
        return;
      }
      case 'turn-nudge':
        return this.pingToMove(this.latest.get(event.game.id) ?? event.game);
      case 'draw-offered':
        await this.updateBoards(this.latest.get(event.game.id) ?? event.game);
        return this.cards.postDrawOffer(event.game, event.by);
      case 'draw-declined':
        await this.updateBoards(this.latest.get(event.game.id) ?? event.game);
        return this.cards.closeDrawOffers(event.game, nameOf(playerOf(event.game, event.by)));
      case 'reminder':
        return this.remind(event.game, event.deadline);
      case 'game-over': {
        const game = this.latest.get(event.game.id) ?? event.game;
        await this.updateBoards(game);
        await this.cards.closeDrawOffers(game, undefined);
        // An inline board cannot receive a notice: its caption says the result.
        for (const view of messageViews(game.views)) {
          const { t } = await this.chatContext(view.chatId, languageHint(game, view.chatId));
          const names = { name: nameOf, mention: mentionOf };
          // A player's own private chat is told of their resignation as theirs.
          const viewer = isPrivateChat(view.chatId)
            ? { platform: 'telegram' as const, userId: String(view.chatId) }
            : undefined;
          const result = t.gameOverNotice(resultText(game, event.result, t, names, viewer));
          const text =
            ratings === undefined ? result : `${result}\n\n${ratedText(game, ratings, t, names)}`;
          const replyTo = Number(view.messageId);
          // The notice comes with the game's animation (a table game's: as text), drawn while
          // the announcements before it in the chat are delivered.
          const replay = replayData(game, t);
          const animation =
            typeof replay === 'string' ? undefined : this.deps.painter.paintReplay(replay);
          animation?.catch(() => undefined); // handled by postAnimation, however late it comes
          this.pending.track(
            game.id,
            this.order.next(view.chatId, () =>
              animation === undefined
                ? this.notices.post(view.chatId, game.id, text, { replyTo })
                : this.notices.postAnimation(view.chatId, game.id, text, animation, { replyTo }),
            ),
          );
        }
        return;
      }
    }
  }

  // ---- boards -----------------------------------------------------------------------------

  /** Brings every chat's live board of a game up to date. */
  async updateBoards(game: Game): Promise<void> {
    for (const view of liveViews(game.views)) await this.showBoard(game, view);
  }

  /**
   * Queues the edit that makes one board message show `game` — with `keyboard` instead of the
   * stacks to move while a player is picking a move (then only the keyboard changes).
   */
  async showBoard(game: Game, view: ChatView, keyboard?: InlineKeyboardMarkup): Promise<void> {
    const face = await this.faceFor(game, view.chatId);
    this.pending.track(
      game.id,
      this.boards.show(view, keyboard === undefined ? face : { ...face, keyboard }),
    );
  }

  /** How a game's board should look in a chat, in the chat's language and orientation. */
  private async faceFor(game: Game, chatId: string): Promise<BoardFace> {
    const { settings, t } = await this.chatContext(chatId, languageHint(game, chatId));
    return boardFace(
      game,
      chatId,
      settings,
      t,
      this.deps.clock.now(),
      this.deps.painter,
      this.deps.media,
    );
  }

  /** A move that was applied before (the same update delivered again): show it everywhere. */
  async resync(game: Game): Promise<void> {
    const current = this.note(game);
    await this.pending.mark(current.id, current.version);
    await this.updateBoards(current);
    this.pending.settle(current.id);
  }

  /**
   * What a tapped board message shows, read from the tap (after a restart we know nothing of
   * it): its keyboard tells the ply it was made for, so an identical board is not sent again.
   */
  async observeTapped(
    game: Game,
    view: ChatView,
    message: { caption?: string; reply_markup?: { inline_keyboard: unknown[][] } },
  ): Promise<void> {
    if (this.boards.knows(view)) return;
    const face = await this.faceFor(game, view.chatId);
    const ply = keyboardPly(message.reply_markup as never);
    const sameBoard =
      ply === game.moves.length ||
      (ply === undefined &&
        game.status === 'finished' &&
        message.caption === plainText(face.caption));
    this.boards.assume(view, {
      imageKey: sameBoard ? face.imageKey : undefined,
      caption: message.caption,
      keyboard: (message.reply_markup as InlineKeyboardMarkup | undefined) ?? {
        inline_keyboard: [],
      },
    });
  }

  /**
   * Posts a new board message for a game in a chat and makes it the chat's live one (the
   * previous one loses its buttons). Queued; resolves when posted (or not).
   */
  async postBoard(game: Game, chatId: string): Promise<ChatView | undefined> {
    await this.pending.mark(game.id, game.version, chatId);
    return this.sendBoard(game, chatId);
  }

  /** The same, without waiting for Telegram: resolves once the post is handed off. */
  async queueBoard(game: Game, chatId: string): Promise<void> {
    await this.pending.mark(game.id, game.version, chatId);
    this.pending.track(game.id, this.sendBoard(game, chatId));
  }

  /**
   * A new game's board in a chat, once however often the request that started it is delivered
   * (`/play` again, in another process): not where the chat shows the game already, nor while
   * another delivery is posting it. Resolves once handed off; whether this call posts it.
   */
  async queueFirstBoard(game: Game, chatId: string): Promise<boolean> {
    if (!(await this.takeFirstPost(game, chatId))) return false;
    this.pending.track(game.id, this.sendBoard(game, chatId));
    return true;
  }

  /**
   * Takes on the post of a new game's first board in a chat, unless the chat shows the game
   * already (an inline card becomes the board: it is in the views from the start) or another
   * delivery of the same start holds the post.
   */
  private async takeFirstPost(game: Game, chatId: string): Promise<boolean> {
    const shown = !isInlineChat(chatId) && liveViews(game.views).some((v) => v.chatId === chatId);
    return !shown && this.pending.mark(game.id, game.version, chatId, false);
  }

  private async sendBoard(game: Game, chatId: string): Promise<ChatView | undefined> {
    const inline = inlineMessageIdOf(chatId);
    if (inline !== undefined) return this.showInline(game, inlineView(inline));
    const current = this.note(game);
    const face = await this.faceFor(current, chatId);
    const sent = await this.deps.out.sendPhoto(
      chatId,
      face.image,
      {
        caption: face.caption,
        parse_mode: 'HTML',
        reply_markup: face.keyboard,
      },
      { key: `post:${game.id}` },
    );
    if (!sent.ok) return undefined;
    const view = telegramView(sent.value.chat.id, sent.value.message_id);
    this.boards.assume(view, {
      imageKey: face.imageKey,
      caption: plainText(face.caption),
      keyboard: face.keyboard,
    });
    const old = liveViews(current.views).find((v) => v.chatId === chatId);
    const added = await this.deps.service.queries.addView({ kind: 'game', id: game.id }, view);
    if (!added.ok) {
      this.deps.logger.warn('telegram: could not record a board message', {
        gameId: game.id,
        code: added.code,
      });
      return view;
    }
    const updated = this.note(added.value as Game);
    await bestEffort(
      this.deps.logger,
      'telegram: could not clear a pending post; the sweep retries it',
      this.deps.chats.removePendingPost(game.id, chatId),
      { gameId: game.id, chatId },
    );
    await bestEffort(
      this.deps.logger,
      'telegram: could not note the chat’s last game (for /replay)',
      this.deps.chats.setLastGame(chatId, game.id),
      { gameId: game.id, chatId },
    );
    if (old !== undefined && old.messageId !== view.messageId) this.retireBoard(old);
    // The game may have moved on while the photo was on its way (a picked stack's keyboard,
    // shown meanwhile, is not undone for the new view's own record).
    const now = await this.faceFor(updated, chatId);
    if (now.imageKey !== face.imageKey || now.caption !== face.caption)
      this.pending.track(game.id, this.boards.show(view, now));
    return view;
  }

  /**
   * "Posting" a board in an inline message: nothing new can be sent there, so the message
   * itself (the challenge card it was) becomes the board, recorded as the game's view.
   */
  private async showInline(game: Game, view: ChatView): Promise<ChatView> {
    let current = this.note(game);
    if (!current.views.some((v) => v.chatId === view.chatId)) {
      const added = await this.deps.service.queries.addView({ kind: 'game', id: game.id }, view);
      if (added.ok) current = this.note(added.value as Game);
    }
    await bestEffort(
      this.deps.logger,
      'telegram: could not clear a pending post; the sweep retries it',
      this.deps.chats.removePendingPost(game.id, view.chatId),
      { gameId: game.id, chatId: view.chatId },
    );
    await this.showBoard(current, view);
    return view;
  }

  /** Takes the buttons off an old board message that is no longer the live one. */
  retireBoard(view: ChatView): void {
    this.boards.forget(view);
    void this.deps.out.editMarkup(view.chatId, Number(view.messageId), { inline_keyboard: [] });
  }

  private async replaceGoneBoard(view: ChatView): Promise<void> {
    if (isInlineChat(view.chatId)) return; // an inline message cannot be posted again
    const found = await this.deps.service.queries.findByView(view);
    if (!found.ok || found.value.kind !== 'game') return;
    const game = this.note(found.value.game);
    const live = liveViews(game.views).find((v) => v.chatId === view.chatId);
    if (live?.messageId !== view.messageId) return; // a newer board already replaced it
    await this.sendBoard(game, view.chatId);
  }

  // ---- the durable hand-off -----------------------------------------------------------------

  /**
   * Brings the boards of every pending game up to date: after a restart (a process that died
   * before its boards were shown) and now and then, for deliveries that failed.
   */
  async recoverPending(): Promise<number> {
    const replies = bestEffort(
      this.deps.logger,
      'telegram: could not recover the replies of requests',
      this.replies.recover(),
      {},
      0,
    );
    const boards = await this.pending.recover();
    await replies;
    return boards;
  }

  // ---- turns and notices ---------------------------------------------------------------------

  /** After a move's boards: the ping, "thinking…", or the removal of an answered notice. */
  private async afterMove(
    game: Game,
    effects: MoveEffects | undefined,
    move?: string,
  ): Promise<void> {
    if (effects === undefined) return;
    if (effects.botThinking) {
      const ply = game.moves.length;
      for (const view of messageViews(game.views))
        void this.deps.out.typing(view.chatId, () => this.stillToMove(game.id, ply));
    }
    if (effects.ping !== undefined) await this.pingToMove(game, move);
    if (effects.clearNotice)
      for (const view of messageViews(game.views)) await this.notices.clear(view.chatId, game.id);
  }

  /**
   * "@name, your move": in every chat of the game (a private chat only for its owner). Not for
   * a player of another platform: a mention here would notify nobody (their platform pings them).
   */
  private async pingToMove(game: Game, lastMove?: string): Promise<void> {
    if (game.status !== 'active') return;
    const player = playerToMove(game);
    if (player.botLevel !== undefined || player.platform !== 'telegram') return;
    const ply = game.moves.length;
    // A table's resignation or loss on time is in the history but is no move to quote.
    const move = quotableMove(lastMove ?? game.moves.at(-1));
    for (const view of messageViews(game.views)) {
      if (isPrivateChat(view.chatId) && view.chatId !== player.userId) continue;
      const { t } = await this.chatContext(view.chatId, player.language);
      this.pending.track(
        game.id,
        this.notices.post(view.chatId, game.id, t.yourMove(mentionOf(player), move), {
          replyTo: Number(view.messageId),
          wanted: () => this.stillToMove(game.id, ply),
        }),
      );
    }
  }

  /** Whether a game still waits for the move at `ply` (checked right before a ping is sent). */
  private async stillToMove(gameId: string, ply: number): Promise<boolean> {
    let game = this.latest.get(gameId);
    if (game === undefined) {
      const loaded = await this.deps.service.queries.getGame(gameId);
      if (!loaded.ok) return false;
      game = this.note(loaded.value);
    }
    return game.status === 'active' && game.moves.length === ply;
  }

  /** The clock's reminder, for a Telegram player (others are reminded on their platform). */
  private async remind(game: Game, deadline: number): Promise<void> {
    const player = playerToMove(game);
    if (player.botLevel !== undefined || player.platform !== 'telegram') return;
    const left = deadline - this.deps.clock.now();
    const ply = game.moves.length;
    // A direct message first, to a player who has started the bot; otherwise (or if Telegram
    // refuses: the user never started the bot or blocked it) a mention in the game's chats.
    let told = false;
    if (await this.deps.chats.hasStarted(player.userId)) {
      const { t } = await this.chatContext(player.userId, player.language);
      const sent = await this.deps.out.sendText(
        player.userId,
        t.reminder(mentionOf(player), t.duration(left)),
        { parse_mode: 'HTML' },
      );
      told = sent.ok;
      if (!sent.ok && sent.reason === 'unreachable')
        await bestEffort(
          this.deps.logger,
          'telegram: could not note that a user blocked the bot',
          this.deps.chats.setStarted(player.userId, false),
          { userId: player.userId },
        );
    }
    for (const view of messageViews(game.views)) {
      if (isPrivateChat(view.chatId) && (told || view.chatId !== player.userId)) continue;
      const { t } = await this.chatContext(view.chatId, player.language);
      this.pending.track(
        game.id,
        this.notices.post(view.chatId, game.id, t.reminder(mentionOf(player), t.duration(left)), {
          replyTo: Number(view.messageId),
          wanted: () => this.stillToMove(game.id, ply),
        }),
      );
    }
  }

  // ---- challenges ---------------------------------------------------------------------------

  /**
   * A game started: its board in the challenge's Telegram chats (whose cards say so) and in the
   * Telegram chat where it was accepted (by /join, say), each once.
   */
  private async startGame(
    game: Game,
    challenge: Challenge | undefined,
    ping: boolean,
    acceptedIn: AcceptedIn | undefined,
  ): Promise<void> {
    const chats = new Set<string>();
    for (const view of challenge?.views ?? []) {
      if (view.platform !== 'telegram') continue;
      chats.add(view.chatId);
      // An inline card becomes the board itself: one edit says both.
      if (isInlineChat(view.chatId)) continue;
      const { t } = await this.chatContext(view.chatId, languageHint(game, view.chatId));
      this.cards.editCard(view, startedText(game, t, { name: nameOf, mention: mentionOf }));
    }
    for (const view of liveViews(game.views)) if (isInlineChat(view.chatId)) chats.add(view.chatId);
    if (acceptedIn?.platform === 'telegram') chats.add(acceptedIn.chatId);
    const posts: Promise<unknown>[] = [];
    // A start shown again (its request delivered twice) posts only what is missing.
    // After the chat's announcements before it (a round's pairings come before its boards).
    for (const chatId of chats)
      if (await this.takeFirstPost(game, chatId))
        posts.push(this.order.next(chatId, () => this.sendBoard(game, chatId)));
    // The first ping goes under the new boards (whoever posts them pings).
    this.pending.track(
      game.id,
      Promise.all(posts).then(async () => {
        if (ping && posts.length > 0) await this.pingToMove(this.latest.get(game.id) ?? game);
      }),
    );
  }

  /**
   * A game's start once more, for its request delivered again (a /join, an Accept or the sit
   * that filled a table, `repeated`): its cards and boards, where its first delivery did not get
   * to show them — it may have died between the save and the hand-off.
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
}
