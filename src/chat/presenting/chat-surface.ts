/**
 * What the one chat core (chat-presenter.ts) asks of a platform: how a board, a card, a notice
 * and a direct message look and are sent there. The core decides what to show and when; a
 * surface only shows it.
 */
import type { Challenge, ChatView, Game, Player, Side } from '../../game/model.js';
import type { Messages, Platform } from '../../i18n/index.js';
import type { PlayerNames } from '../words/board-caption.js';
import type { LeagueSurface } from './league-announcements.js';
import type { ReplayData } from './replay.js';

/** A notice under a game's board: what it says, and for whom. */
export interface Notice {
  /** The catalogue's text (HTML, as every catalogue text), with the names already in. */
  readonly text: string;
  /** The person it is for, pinged where the platform pings by a list of users (Discord). */
  readonly to?: Player;
  /** Asked right before it is sent: a ping for a turn answered meanwhile is dropped. */
  readonly wanted?: () => Promise<boolean>;
  /** The game's animation, being drawn; the notice goes without it if it fails. */
  readonly animation?: Promise<Buffer>;
}

/** How one platform shows what the core decides (see the module's comment). */
export interface ChatSurface {
  readonly platform: Platform;
  /** How players are named (and mentioned, which notifies them) in this platform's texts. */
  readonly names: PlayerNames;
  /** How tournament cards and posts, and the ratings after a game, look here. */
  readonly league: LeagueSurface;
  /** Whether a game's new ratings are said in its result notice (else `league.rated` posts them). */
  readonly ratingsWithResult: boolean;
  /** A chat's settings' language, `fallback` a platform language code for a chat without one. */
  messages(chatId: string, fallback?: string): Promise<Messages>;
  /** The live views of a game that can take a new message (not Telegram's inline boards). */
  noticeViews(game: Game): ChatView[];
  /** The owner of a player's own private chat with the bot; undefined for shared chats. */
  privateOwner(chatId: string): string | undefined;
  /** Whether every board of `game` here shows `version` (or can never show it). */
  shows(game: Game, version: number): boolean;
  /** Brings every board of `game` here up to date (queued through the core's `track`). */
  updateBoards(game: Game): Promise<void> | void;
  /** Posts a new board message of `game` in a chat and makes it the live one there. */
  postBoard(game: Game, chatId: string): Promise<ChatView | undefined>;
  /**
   * The chats where a new game's board is there from the start, and which the start only edits
   * (Telegram's inline card becomes the board itself); their cards are not edited to "started".
   */
  startsInPlace(chatId: string): boolean;
  /** Posts a game's one live notice in a chat (the previous one goes); never rejects. */
  notice(view: ChatView, game: Game, notice: Notice): Promise<void>;
  /** Removes a chat's notice of a game once it has been answered; never rejects. */
  clearNotice(chatId: string, gameId: string): Promise<void>;
  /** Shows that the bot is thinking, while `wanted` says so. */
  thinking(chatId: string, wanted: () => Promise<boolean>): void;
  /** Sends a direct message, `say` in the player's own language; whether it reached them. */
  direct(player: Player, say: (t: Messages) => string): Promise<boolean>;
  /** Replaces a challenge card's text (and takes its buttons off). */
  editCard(view: ChatView, text: string): void;
  /** Shows a table's lobby (its seats and buttons) on one of its cards. */
  showLobby(view: ChatView, challenge: Challenge, t: Messages): void;
  drawOffered(game: Game, by: Side): Promise<void>;
  /** A draw offer answered: declined by `declinedBy`, or the game ended (undefined). */
  drawAnswered(game: Game, declinedBy: Side | undefined): Promise<void>;
  /** What else of this platform is recovered with the boards (never rejects). */
  recover?(): Promise<unknown>;
  /** Paints a game's animation (GIF) for its result notice. */
  paintReplay(replay: ReplayData): Promise<Buffer>;
}
