import type { GameStatus, Move, Side, VariantId } from '../engine/index.js';

export type { Side } from '../engine/index.js';

/** A game's one outstanding nudge job: when it is due, and the ply it was set at (its id). */
export interface PendingNudge {
  readonly at: number;
  readonly ply: number;
}

/** Chat platforms a player can come from. */
export type Platform = 'telegram' | 'discord' | 'console';

/** Who someone is: a platform and that platform's user id (as text: ids exceed 2^53 on Discord). */
export interface PlayerId {
  readonly platform: Platform;
  readonly userId: string;
}

/** A player as we last saw them. */
export interface Player extends PlayerId {
  readonly displayName: string;
  /** Without the @, as the platform spells it. */
  readonly username?: string;
  /** IETF language tag from the platform (e.g. "ru", "en-GB"), when known. */
  readonly language?: string;
  /** Set for the bot itself when it plays (the AI level); absent for people. */
  readonly botLevel?: number;
}

/** A chat message that shows a game or a challenge. */
export interface ChatView {
  readonly platform: Platform;
  readonly chatId: string;
  readonly messageId: string;
}

/** Correspondence time control: days per move, or none. */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 14] as const;
export type DaysPerMove = (typeof DAYS_PER_MOVE)[number];
/** Days per move of a challenge that does not say. */
export const DEFAULT_DAYS_PER_MOVE: DaysPerMove = 3;

export type ChallengeTarget =
  | { readonly kind: 'user'; readonly player: PlayerId }
  /** Lower-case, without the @; matched case-insensitively on accept. */
  | { readonly kind: 'username'; readonly username: string }
  | { readonly kind: 'open' };

export type ChallengeStatus = 'open' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** The statuses of a challenge that can no longer be accepted (purged once old). */
export const CLOSED_CHALLENGE_STATUSES: ReadonlySet<ChallengeStatus> = new Set([
  'accepted',
  'declined',
  'cancelled',
  'expired',
]);

export interface Challenge {
  readonly id: string;
  readonly version: number;
  readonly challenger: Player;
  readonly target: ChallengeTarget;
  readonly variant: VariantId;
  readonly daysPerMove: DaysPerMove | null;
  /** The challenger's colour; 'random' is drawn at acceptance. */
  readonly challengerSide: Side | 'random';
  readonly status: ChallengeStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly expiresAt: number;
  readonly views: readonly ChatView[];
  /** The game started by accepting it. */
  readonly gameId?: string;
  /** An open challenge's code for /join on any platform (see invite-codes.ts). */
  readonly inviteCode?: string;
}

/**
 * Why a game ended: by the rules (the engine's verdicts), by the players and the clock, or
 * 'abandoned': nobody moved for IDLE_GAME_DAYS (no winner; see game/idle-games.ts).
 */
export type EndReason =
  | Exclude<GameStatus, { kind: 'ongoing' }>['reason']
  | 'resignation'
  | 'agreement'
  | 'time'
  | 'abandoned';

export interface GameResult {
  /** null for a draw. */
  readonly winner: Side | null;
  readonly reason: EndReason;
  /** The half count's [White, Black] scores, when it decided the game (adiyukh). */
  readonly counts?: readonly [number, number];
}

/**
 * A game as stored: plain JSON-able data. `fen`, `keys`, `quietPlies` and `lastMove` are derived
 * from `startFen` and `moves` but kept so that neither a move nor a picture of the board needs a
 * replay of the whole game.
 */
export interface Game {
  readonly id: string;
  readonly version: number;
  readonly variant: VariantId;
  readonly white: Player;
  readonly black: Player;
  readonly startFen: string;
  /** Moves in full-path notation. */
  readonly moves: readonly string[];
  readonly fen: string;
  /** Position keys since the start, for threefold repetition (dropped when the game ends). */
  readonly keys: readonly string[];
  /** Plies since either side's stack count changed (15-move rule). */
  readonly quietPlies: number;
  /** The last move's squares (engine square indices) for its highlight; absent before the first. */
  readonly lastMove?: Pick<Move, 'from' | 'path' | 'captures'>;
  readonly status: 'active' | 'finished';
  readonly result?: GameResult;
  readonly daysPerMove: DaysPerMove | null;
  /** When the side to move loses on time (ms since epoch), or null without a clock. */
  readonly deadline: number | null;
  readonly reminderSent: boolean;
  readonly drawOffer: Side | null;
  readonly views: readonly ChatView[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly finishedAt?: number;
  /** When the current turn began (the game's start or the last move). */
  readonly turnStartedAt?: number;
  /** Whether a ping (or the nudge) has announced the current turn (see game/notify.ts). */
  readonly turnAnnounced?: boolean;
  /** The game's one outstanding 'turn-nudge' job, if one is (see game/notify.ts). */
  readonly nudge?: PendingNudge;
  /**
   * Keys of the last requests that changed the game (e.g. a chat update's id): the same request
   * arriving again (an update delivered twice after a crash) is recognised, not applied twice.
   */
  readonly requestKeys?: readonly string[];
}

export function playerKey(player: PlayerId): string {
  return `${player.platform}:${player.userId}`;
}

export function samePlayer(a: PlayerId, b: PlayerId): boolean {
  return a.platform === b.platform && a.userId === b.userId;
}

export function sideOf(game: Game, player: PlayerId): Side | undefined {
  if (samePlayer(game.white, player)) return 'white';
  if (samePlayer(game.black, player)) return 'black';
  return undefined;
}

/** The player who plays `side` in a game. */
export function playerOf(game: Game, side: Side): Player {
  return side === 'white' ? game.white : game.black;
}

export function otherSide(side: Side): Side {
  return side === 'white' ? 'black' : 'white';
}

export function viewKey(view: ChatView): string {
  return `${view.platform}:${view.chatId}:${view.messageId}`;
}
