import type { VariantId } from '../engine/index.js';
import type { ChatView, DaysPerMove, Platform, Player, TournamentSlot } from './model.js';

export type { TournamentSlot } from './model.js';

/**
 * A chat's championship: sign-up, then rounds of correspondence games started by the bot, then
 * the standings and a winner. Plain JSON-able data like a game, changed only by compare-and-set
 * on `version`, so that two processes never pair a round twice.
 */
export type TournamentFormat = 'round-robin' | 'swiss';

export type TournamentStatus = 'signup' | 'running' | 'finished' | 'cancelled';

/** Why an entrant stopped playing before the end. */
export type WithdrawalReason = 'withdrew' | 'left-chat';

export interface Entrant {
  readonly player: Player;
  /** The entrant's rating in the variant when the event started (seeding); absent before. */
  readonly rating?: number;
  /** Out of the event from this round on: their later games are forfeited or not paired. */
  readonly outFrom?: number;
  readonly outWhy?: WithdrawalReason;
}

/**
 * One board of a round, by entrant index (the seed order fixed at the start). `black` null is a
 * bye. `whiteScore` is set once the game ends (or is forfeited); `forfeit` marks a result that no
 * game decided on the board: a withdrawal, or a loss on time without a move.
 */
export interface TournamentBoard {
  readonly white: number;
  readonly black: number | null;
  readonly gameId?: string;
  readonly whiteScore?: 0 | 0.5 | 1;
  readonly forfeit?: boolean;
}

export interface TournamentRound {
  /** 1-based. */
  readonly number: number;
  readonly boards: readonly TournamentBoard[];
  readonly startedAt: number;
  readonly finishedAt?: number;
}

/** Where a tournament is run: the chat that made it. */
export interface TournamentChat {
  readonly platform: Platform;
  readonly chatId: string;
}

export interface Tournament {
  readonly id: string;
  readonly version: number;
  readonly chat: TournamentChat;
  readonly organiser: Player;
  readonly format: TournamentFormat;
  readonly variant: VariantId;
  readonly daysPerMove: DaysPerMove;
  /**
   * Swiss: the number of rounds; 0 until the start when the organiser left it to the field
   * (defaultSwissRounds of the entrants). Round robin: the number of cycles (1 single, 2
   * double), known in rounds once the field is.
   */
  readonly rounds: number;
  /** Whether its games are rated. */
  readonly rated: boolean;
  readonly status: TournamentStatus;
  /** In seed order once it runs (best rated first), in sign-up order before. */
  readonly entrants: readonly Entrant[];
  readonly played: readonly TournamentRound[];
  /** The messages that show its sign-up card (edited as people join and leave). */
  readonly views: readonly ChatView[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly startedAt?: number;
  readonly finishedAt?: number;
}

/** The id of a tournament game: the same board always gets the same id (created once). */
export function tournamentGameId(slot: TournamentSlot): string {
  return `${slot.id}-r${slot.round}b${slot.board}`;
}
