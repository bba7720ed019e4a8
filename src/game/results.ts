import type { Finish } from '../engine/multi/index.js';
import type { Challenge, DropOut, Game, GameResult, Platform, SeatColor, Side } from './model.js';
import type { PlayerRating } from './rating-model.js';
import type { Tournament } from './tournament-model.js';

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
  /** A puzzle's Next after the player was given a newer puzzle (pressed twice, or an old one). */
  | 'puzzle-next-stale'
  /** A 👍/👎 from someone who has not tried the puzzle. */
  | 'puzzle-vote-untried'
  | 'bad-daily-time'
  | 'unknown-time-zone'
  | 'store-unavailable'
  | 'corrupt-record'
  | 'bad-position'
  | 'not-due'
  | 'no-draws-at-table'
  | 'table-full'
  | 'table-not-full'
  | 'already-seated'
  | 'not-seated'
  | 'tournament-not-found'
  | 'tournament-live'
  | 'tournament-started'
  | 'tournament-over'
  | 'already-entered'
  | 'not-entered'
  | 'tournament-full'
  | 'too-few-entrants'
  | 'not-organiser'
  /** /review: an active game is not reviewed (fair play), nor a table game. */
  | 'game-not-over'
  | 'review-not-for-tables'
  /** /review: no engine here (or it failed). */
  | 'review-unavailable';

/** Something that happened, for adapters to show. Each carries the record as it now is. */
export type GameEvent =
  | { readonly type: 'challenge-created'; readonly challenge: Challenge }
  | { readonly type: 'challenge-declined'; readonly challenge: Challenge }
  | { readonly type: 'challenge-cancelled'; readonly challenge: Challenge }
  | { readonly type: 'challenge-expired'; readonly challenge: Challenge }
  /** A table's lobby changed: someone sat down or stood up, or a bot took a seat. */
  | { readonly type: 'challenge-updated'; readonly challenge: Challenge }
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
      readonly by: SeatColor;
      /** Whether to ping the player to move now (see notify.ts). */
      readonly ping: boolean;
      /** A table game's seats that finished with this move (a new count, seats left unable to move). */
      readonly finished?: readonly Finish[];
    }
  /**
   * A table game's player resigned or ran out of time: their seat is out; `finished` lists it
   * and any seats that then could not move.
   */
  | {
      readonly type: 'seat-out';
      readonly game: Game;
      readonly color: SeatColor;
      readonly why: DropOut;
      readonly finished: readonly Finish[];
      /**
       * Whether the turn passed, so its new player is to be pinged (see notify.ts): not when
       * a player resigned out of turn. Absent in events of older processes: pinged.
       */
      readonly ping?: boolean;
    }
  /** A turn that no ping announced is still open after a while (see notify.ts). */
  | { readonly type: 'turn-nudge'; readonly game: Game }
  | { readonly type: 'draw-offered'; readonly game: Game; readonly by: Side }
  | { readonly type: 'draw-declined'; readonly game: Game; readonly by: Side }
  | {
      readonly type: 'reminder';
      readonly game: Game;
      readonly side: SeatColor;
      readonly deadline: number;
    }
  | { readonly type: 'game-over'; readonly game: Game; readonly result: GameResult }
  /** A rated game's new ratings (one record per human side). */
  | { readonly type: 'game-rated'; readonly game: Game; readonly ratings: readonly PlayerRating[] }
  /** A tournament's sign-up changed (someone joined or left): its card is redrawn. */
  | { readonly type: 'tournament-updated'; readonly tournament: Tournament }
  /** A round was paired: the standings so far (after round > 1) and the pairings are posted. */
  | { readonly type: 'tournament-round'; readonly tournament: Tournament; readonly round: number }
  /** An entrant left a running event (withdrew, or left the chat). */
  | {
      readonly type: 'tournament-withdrawal';
      readonly tournament: Tournament;
      readonly entrant: number;
    }
  | { readonly type: 'tournament-finished'; readonly tournament: Tournament }
  | { readonly type: 'tournament-cancelled'; readonly tournament: Tournament };

/** A chat where something was done, on its platform. */
export interface AcceptedIn {
  readonly platform: Platform;
  readonly chatId: string;
}

/**
 * The facts a refusal carries, by code, for the message people read: the catalogue words it
 * (src/chat/refusal-text.ts) from these fields only, never from `message`. Codes not listed
 * carry none.
 */
export interface RefusalFacts {
  /** The move as the player gave it (normalised text, or the notation of a picked move). */
  readonly 'illegal-move': { readonly move: string; readonly legal: readonly string[] };
  /** A start position that does not parse, as given. */
  readonly 'bad-position': { readonly fen: string };
  /** A timer that came early: when it is due (ms since epoch). */
  readonly 'not-due': { readonly at: number };
  /**
   * A challenge someone else must answer: its challenged player (`target`, "@name" where the
   * challenge names one) or its challenger.
   */
  readonly 'not-for-you': { readonly only: 'challenged' | 'challenger'; readonly target?: string };
  /** A player's own challenge: made at themselves (`making`), or answered by its challenger. */
  readonly 'own-challenge': { readonly making: boolean };
}

type PlainCode = Exclude<ServiceErrorCode, keyof RefusalFacts>;

/**
 * A use case that said no: the code, its typed facts, and `message`, an English sentence for
 * logs and the terminal only. Code branches on `code` and the facts, never on `message`.
 */
export type Refusal = {
  readonly [C in ServiceErrorCode]: {
    readonly ok: false;
    readonly code: C;
    readonly message: string;
  } & (C extends keyof RefusalFacts ? RefusalFacts[C] : unknown);
}[ServiceErrorCode];

/** The refusal with this code. */
export type RefusalOf<C extends ServiceErrorCode> = Extract<Refusal, { readonly code: C }>;

export type ServiceResult<T> =
  | {
      readonly ok: true;
      readonly value: T;
      readonly events: readonly GameEvent[];
      /**
       * The same request (its key: a chat update's or interaction's) was done before — the
       * update delivered twice, or to two processes: `value` is what that first delivery made
       * or left, and nothing happened now (no events).
       */
      readonly repeated?: true;
    }
  | Refusal;

export function success<T>(value: T, events: readonly GameEvent[] = []): ServiceResult<T> {
  return { ok: true, value, events };
}

/** What a request already done gave (see ServiceResult's `repeated`): no events. */
export function repeated<T>(value: T): ServiceResult<T> {
  return { ok: true, value, events: [], repeated: true };
}

export function refusal<C extends PlainCode>(code: C, message: string): RefusalOf<C>;
export function refusal<C extends keyof RefusalFacts>(
  code: C,
  message: string,
  facts: RefusalFacts[C],
): RefusalOf<C>;
export function refusal(code: ServiceErrorCode, message: string, facts?: object): Refusal {
  return { ...facts, ok: false, code, message } as Refusal;
}
