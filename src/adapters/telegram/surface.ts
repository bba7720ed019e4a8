import type { BoardPage } from './board-page-button.js';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Challenge, ChatView, Game, Player, Side } from '../../game/model.js';
import { playerOf } from '../../game/model.js';
import type { Clock } from '../../game/ports.js';
import type { GameService, Logger } from '../../game/service.js';
import type { Messages } from '../../i18n/index.js';
import { bestEffort } from '../../game/logger.js';
import type { PuzzleService } from '../../game/puzzles.js';
import { chatSettingsAndMessages } from '../../chat/presenting/chat-settings.js';
import { ChatPresenter } from '../../chat/presenting/chat-presenter.js';
import type { ChatSurface, Notice } from '../../chat/presenting/chat-surface.js';
import type { ReplayData } from '../../chat/presenting/replay.js';
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
import { ChatCards } from './chat-cards.js';
import { LeagueCards } from './league-cards.js';
import { puzzleImage } from './puzzle-message.js';
import { RequestReplies } from './request-replies.js';
import { lobbyKeyboard, lobbyText } from './table-cards.js';

export interface SurfaceDeps {
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
  /** The live board page (WEB_URL): an "Open the board" button under every board. */
  readonly boardPage?: BoardPage;
  /** The puzzles, for the pictures of puzzle replies (see request-replies.ts). */
  readonly puzzles?: Pick<PuzzleService, 'get'>;
}

/** The Telegram presenter: the one chat core on Telegram's surface. */
export type TelegramPresenter = ChatPresenter<TelegramSurface>;

export function telegramPresenter(deps: SurfaceDeps): TelegramPresenter {
  return new ChatPresenter(
    { ...deps, store: deps.chats.pending },
    (core) => new TelegramSurface(deps, core),
  );
}

/**
 * How a game looks and is delivered in Telegram: one board message per chat (a photo whose
 * caption and keyboard carry the news, edited in place), the chat's one live notice under it,
 * draw offers with their buttons, and inline messages (a card that becomes the board, and
 * cannot receive anything new). Nothing here waits for Telegram: deliveries are queued in the
 * chats' lanes (ChatOutput) and counted by the core's hand-off.
 */
export class TelegramSurface implements ChatSurface {
  readonly platform = 'telegram' as const;
  readonly names = { name: nameOf, mention: mentionOf };
  readonly ratingsWithResult = true;
  readonly boards: BoardSync;
  readonly notices: Notices;
  private readonly cards: ChatCards;
  readonly league: LeagueCards;
  /** The replies of requests that make something (cards, puzzles), each sent once. */
  readonly replies: RequestReplies;

  constructor(
    private readonly deps: SurfaceDeps,
    private readonly core: ChatPresenter<TelegramSurface>,
  ) {
    this.boards = new BoardSync(deps.out, (view) => deps.tasks.track(this.replaceGoneBoard(view)));
    this.notices = new Notices(deps.out, deps.chats, deps.logger);
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
    const context = (chatId: string | number, fallback?: string) =>
      this.chatContext(chatId, fallback);
    this.league = new LeagueCards(deps, context);
    this.cards = new ChatCards(
      deps,
      context,
      (gameId, delivery) => core.track(gameId, delivery),
      (game, chatId) => core.languageHint(game, chatId),
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

  async messages(chatId: string, fallback?: string): Promise<Messages> {
    return (await this.chatContext(chatId, fallback)).t;
  }

  noticeViews(game: Game): ChatView[] {
    return liveViews(game.views).filter((view) => !isInlineChat(view.chatId));
  }

  privateOwner(chatId: string): string | undefined {
    return isPrivateChat(chatId) ? chatId : undefined;
  }

  startsInPlace(chatId: string): boolean {
    return isInlineChat(chatId);
  }

  // A chat that removed the bot will never show it: it does not hold the game pending.
  shows(game: Game, version: number): boolean {
    return liveViews(game.views).every(
      (view) =>
        this.deps.out.lanes.isUnreachable(view.chatId) || this.boards.isCurrent(view, version),
    );
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
    this.core.track(
      game.id,
      this.boards.show(view, keyboard === undefined ? face : { ...face, keyboard }),
    );
  }

  /** How a game's board should look in a chat, in the chat's language and orientation. */
  private async faceFor(game: Game, chatId: string): Promise<BoardFace> {
    const { settings, t } = await this.chatContext(chatId, this.core.languageHint(game, chatId));
    return boardFace(
      game,
      chatId,
      settings,
      t,
      this.deps.clock.now(),
      this.deps.painter,
      this.deps.media,
      this.deps.boardPage === undefined
        ? undefined
        : { page: this.deps.boardPage, botUsername: this.deps.botUsername?.() },
    );
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

  /** /board: a new board message in a chat, without waiting for Telegram (handed off). */
  async queueBoard(game: Game, chatId: string): Promise<void> {
    await this.core.mark(game.id, game.version, chatId);
    this.core.track(game.id, this.postBoard(game, chatId));
  }

  /**
   * Posts a new board message for a game in a chat and makes it the chat's live one (the
   * previous one loses its buttons); in an inline message, the message itself becomes it.
   */
  async postBoard(game: Game, chatId: string): Promise<ChatView | undefined> {
    const inline = inlineMessageIdOf(chatId);
    if (inline !== undefined) return this.showInline(game, inlineView(inline));
    const current = this.core.note(game);
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
    const updated = this.core.note(added.value as Game);
    await this.forgetPendingPost(game.id, chatId);
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
      this.core.track(game.id, this.boards.show(view, now));
    return view;
  }

  /**
   * "Posting" a board in an inline message: nothing new can be sent there, so the message
   * itself (the challenge card it was) becomes the board, recorded as the game's view.
   */
  private async showInline(game: Game, view: ChatView): Promise<ChatView> {
    let current = this.core.note(game);
    if (!current.views.some((v) => v.chatId === view.chatId)) {
      const added = await this.deps.service.queries.addView({ kind: 'game', id: game.id }, view);
      if (added.ok) current = this.core.note(added.value as Game);
    }
    await this.forgetPendingPost(game.id, view.chatId);
    await this.showBoard(current, view);
    return view;
  }

  /** A pending post that is done; a failure leaves it to the sweep. */
  private async forgetPendingPost(gameId: string, chatId: string): Promise<void> {
    await bestEffort(
      this.deps.logger,
      'telegram: could not clear a pending post; the sweep retries it',
      this.deps.chats.pending.removePendingPost(gameId, chatId),
      { gameId, chatId },
    );
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
    const game = this.core.note(found.value.game);
    const live = liveViews(game.views).find((v) => v.chatId === view.chatId);
    if (live?.messageId !== view.messageId) return; // a newer board already replaced it
    await this.postBoard(game, view.chatId);
  }

  /** The replies of requests a process died before sending. */
  recover(): Promise<unknown> {
    return bestEffort(
      this.deps.logger,
      'telegram: could not recover the replies of requests',
      this.replies.recover(),
      {},
      0,
    );
  }

  // ---- notices, cards, messages --------------------------------------------------------------

  async notice(view: ChatView, game: Game, notice: Notice): Promise<void> {
    const replyTo = Number(view.messageId);
    const gameId = game.id;
    await (notice.animation === undefined
      ? this.notices.post(view.chatId, gameId, notice.text, { replyTo, wanted: notice.wanted })
      : this.notices.postAnimation(view.chatId, gameId, notice.text, notice.animation, {
          replyTo,
        }));
  }

  clearNotice(chatId: string, gameId: string): Promise<void> {
    return this.notices.clear(chatId, gameId);
  }

  thinking(chatId: string, wanted: () => Promise<boolean>): void {
    void this.deps.out.typing(chatId, wanted);
  }

  /** A direct message, to a player who has started the bot (others cannot get one). */
  async direct(player: Player, say: (t: Messages) => string): Promise<boolean> {
    if (!(await this.deps.chats.hasStarted(player.userId))) return false;
    // Their private chat's settings are their own choice of language.
    const t = await this.messages(player.userId, player.language);
    const sent = await this.deps.out.sendText(player.userId, say(t), { parse_mode: 'HTML' });
    if (!sent.ok && sent.reason === 'unreachable')
      await bestEffort(
        this.deps.logger,
        'telegram: could not note that a user blocked the bot',
        this.deps.chats.setStarted(player.userId, false),
        { userId: player.userId },
      );
    return sent.ok;
  }

  editCard(view: ChatView, text: string): void {
    this.cards.editCard(view, text);
  }

  showLobby(view: ChatView, challenge: Challenge, t: Messages): void {
    this.cards.editCard(
      view,
      lobbyText(challenge, t, this.deps.botUsername?.()),
      lobbyKeyboard(challenge, t),
    );
  }

  drawOffered(game: Game, by: Side): Promise<void> {
    return this.cards.postDrawOffer(game, by);
  }

  drawAnswered(game: Game, declinedBy: Side | undefined): Promise<void> {
    const name = declinedBy === undefined ? undefined : nameOf(playerOf(game, declinedBy));
    return this.cards.closeDrawOffers(game, name);
  }

  paintReplay(replay: ReplayData): Promise<Buffer> {
    return this.deps.painter.paintReplay(replay);
  }
}
