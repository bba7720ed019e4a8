import {
  VARIANT_IDS,
  type GameStatus,
  type Move,
  type Side,
  type VariantId,
} from '../engine/index.js';
import {
  SEAT_COLORS,
  TABLE_VARIANT_IDS,
  type SeatColor,
  type Standing,
  type TableEnd,
  type TableVariantId,
} from '../engine/multi/index.js';

export type { Side } from '../engine/index.js';
export type { SeatColor } from '../engine/multi/index.js';

/** Every game's variant: a two-player one, or a table game for more (Zhernov's). */
export type GameVariantId = VariantId | TableVariantId;

/** Every variant a game may be of, the two-player ones first (in the engine's order). */
export const GAME_VARIANT_IDS: readonly GameVariantId[] = [...VARIANT_IDS, ...TABLE_VARIANT_IDS];

/** Why a table game's seat left by its player's doing rather than the rules: resigned, or ran out of time. */
export type DropOut = 'resign' | 'time';

/** Whether a variant is played at a table of more than two (Zhernov's four-player game). */
export function isTableVariant(variant: GameVariantId): variant is TableVariantId {
  return variant === 'zhernov';
}

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
  readonly variant: GameVariantId;
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
  /**
   * A table game's lobby (Zhernov): who sits at each seat (0 White, 1 Red, 2 Black, 3 Green),
   * null for a free one. The challenger sits at one; the game starts when every seat is taken.
   */
  readonly seats?: readonly (Player | null)[];
  /** Whether the game it starts is rated (two people; see game/ratings.ts). Casual if absent. */
  readonly rated?: boolean;
  /**
   * Keys of the last requests that changed it (as a game's `requestKeys`): a /join or a sit
   * delivered twice is recognised, not applied twice.
   */
  readonly requestKeys?: readonly string[];
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
  | 'abandoned'
  | TableEnd;

export interface GameResult {
  /** null for a draw, and at a table when the first place is shared or nobody took it. */
  readonly winner: SeatColor | null;
  readonly reason: EndReason;
  /** The half count's [White, Black] scores, when it decided the game (adiyukh). */
  readonly counts?: readonly [number, number];
  /** A table game's final standings (places, points, counts), one line per seat taken. */
  readonly standings?: readonly Standing[];
}

/**
 * A game as stored: plain JSON-able data. `fen`, `keys`, `quietPlies` and `lastMove` are derived
 * from `startFen` and `moves` but kept so that neither a move nor a picture of the board needs a
 * replay of the whole game.
 */
export interface Game {
  readonly id: string;
  readonly version: number;
  readonly variant: GameVariantId;
  readonly white: Player;
  readonly black: Player;
  /** A table game's players at the Red and Green seats (Zhernov: White and Black above). */
  readonly red?: Player;
  readonly green?: Player;
  readonly startFen: string;
  /**
   * Moves in full-path notation. A table game also lists its players' resignations and losses
   * on time where they happened (see game/table-rules.ts): every entry is a ply.
   */
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
  /** Whether the game counts for ratings (two-player games only). Casual if absent. */
  readonly rated?: boolean;
  /** The tournament board this game is, if any. */
  readonly tournament?: TournamentSlot;
  /**
   * The challenge it was started from (accepted, or a full table's lobby), if any: its cards
   * are the game's start to show again (a start delivered twice shows it once).
   */
  readonly challengeId?: string;
}

/** A tournament game's place in its event (see tournament-model.ts). */
export interface TournamentSlot {
  /** The tournament's id. */
  readonly id: string;
  readonly round: number;
  /** 0-based board of the round. */
  readonly board: number;
}

export function playerKey(player: PlayerId): string {
  return `${player.platform}:${player.userId}`;
}

export function samePlayer(a: PlayerId, b: PlayerId): boolean {
  return a.platform === b.platform && a.userId === b.userId;
}

/** The colour a player plays in a game (a seat's colour at a table), if they play in it. */
export function sideOf(game: Game, player: PlayerId): SeatColor | undefined {
  return SEAT_COLORS.find((color) => {
    const seated = seatPlayer(game, color);
    return seated !== undefined && samePlayer(seated, player);
  });
}

/** The player at a seat, if it is taken (White and Black always are). */
export function seatPlayer(game: Game, color: SeatColor): Player | undefined {
  return game[color];
}

/**
 * The player who plays `side` in a game. A seat nobody takes is a corrupt record or a caller's
 * bug: it throws.
 */
export function playerOf(game: Game, side: SeatColor): Player {
  const player = seatPlayer(game, side);
  if (player === undefined) throw new Error(`game ${game.id} has no ${side} player`);
  return player;
}

/** A two-player game's colour: a Red or Green seat there is a caller's bug (it throws). */
export function twoPlayerSide(color: SeatColor): Side {
  if (color !== 'white' && color !== 'black') throw new Error(`no ${color} in a two-player game`);
  return color;
}

/** The seat a player takes in a table's lobby, if they sit there. */
export function lobbySeatOf(challenge: Challenge, player: PlayerId): SeatColor | undefined {
  const at = (challenge.seats ?? []).findIndex((p) => p !== null && samePlayer(p, player));
  return at < 0 ? undefined : SEAT_COLORS[at];
}

/** Everyone else who plays in a game with `player`: the opponent, or the rest of the table. */
export function opponentsOf(game: Game, player: PlayerId): Player[] {
  return gamePlayers(game).filter((other) => !samePlayer(other, player));
}

/** Everyone who plays in a game, in seat order (White, Red, Black, Green). */
export function gamePlayers(game: Game): Player[] {
  return SEAT_COLORS.flatMap((color) => seatPlayer(game, color) ?? []);
}

export function otherSide(side: Side): Side {
  return side === 'white' ? 'black' : 'white';
}

/** A chat as one key ('platform:chatId'): leaderboards, tournaments and daily posts use it. */
export function chatKey(chat: { readonly platform: Platform; readonly chatId: string }): string {
  return `${chat.platform}:${chat.chatId}`;
}

export function viewKey(view: ChatView): string {
  return `${view.platform}:${view.chatId}:${view.messageId}`;
}
