import type { Challenge, Game, GameResult, Platform, Side } from './model.js';

/** Why a use case refused; adapters translate the code into a message for people. */
export type ServiceErrorCode =
  | 'not-found'
  | 'not-a-player'
  | 'not-your-turn'
  | 'illegal-move'
  | 'stale-version'
  | 'game-over'
  | 'not-for-you'
  | 'own-challenge'
  | 'challenge-closed'
  | 'challenge-expired'
  | 'no-draw-offer'
  | 'own-draw-offer'
  | 'challenge-not-found'
  | 'draw-already-offered'
  | 'busy'
  | 'puzzle-not-found'
  | 'no-puzzle-left'
  | 'bad-daily-time'
  | 'unknown-time-zone'
  | 'store-unavailable'
  | 'corrupt-record';

/** Something that happened, for adapters to show. Each carries the record as it now is. */
export type GameEvent =
  | { readonly type: 'challenge-created'; readonly challenge: Challenge }
  | { readonly type: 'challenge-declined'; readonly challenge: Challenge }
  | { readonly type: 'challenge-cancelled'; readonly challenge: Challenge }
  | { readonly type: 'challenge-expired'; readonly challenge: Challenge }
  | {
      readonly type: 'game-started';
      readonly game: Game;
      readonly challenge?: Challenge;
      /** Whether to ping the player to move now (see notify.ts). */
      readonly ping: boolean;
      /** The chat where the acceptor accepted (a board is posted there too). */
      readonly acceptedIn?: AcceptedIn;
    }
  | {
      readonly type: 'move-played';
      readonly game: Game;
      readonly move: string;
      readonly by: Side;
      /** Whether to ping the player to move now (see notify.ts). */
      readonly ping: boolean;
    }
  /** A turn that no ping announced is still open after a while (see notify.ts). */
  | { readonly type: 'turn-nudge'; readonly game: Game }
  | { readonly type: 'draw-offered'; readonly game: Game; readonly by: Side }
  | { readonly type: 'draw-declined'; readonly game: Game; readonly by: Side }
  | {
      readonly type: 'reminder';
      readonly game: Game;
      readonly side: Side;
      readonly deadline: number;
    }
  | { readonly type: 'game-over'; readonly game: Game; readonly result: GameResult };

/** A chat where something was done, on its platform. */
export interface AcceptedIn {
  readonly platform: Platform;
  readonly chatId: string;
}

/** A use case that said no, and why. */
export interface Refusal {
  readonly ok: false;
  readonly code: ServiceErrorCode;
  readonly message: string;
  /** Extra facts for the message (e.g. the legal moves for 'illegal-move'). */
  readonly details?: Readonly<Record<string, unknown>>;
}

export type ServiceResult<T> =
  { readonly ok: true; readonly value: T; readonly events: readonly GameEvent[] } | Refusal;

export function success<T>(value: T, events: readonly GameEvent[] = []): ServiceResult<T> {
  return { ok: true, value, events };
}

export function refusal(
  code: ServiceErrorCode,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): Refusal {
  return { ok: false, code, message, details };
}
