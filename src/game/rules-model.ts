/**
 * The rules of a game as one strategy, chosen once per variant (rulesOf): what the game service,
 * the chat layer and the adapters ask of a game, the same for two players (game-rules.ts) and
 * for a table of up to four (table-rules.ts, Zhernov's). Callers ask the strategy rather than
 * which kind of game it is.
 */
import type { Geometry, VariantId } from '../engine/index.js';
import type { Finish, TablePosition, TableVariantId } from '../engine/multi/index.js';
import type { Position, Move } from '../engine/index.js';
import type { DropOut, Game, GameResult, Player, SeatColor } from './model.js';
import type { Mutation } from './record-updates.js';
import type { Refusal, RefusalOf } from './results.js';

/** The fields of a new game that its start position and the moves already played decide. */
export type OpeningFields = Pick<
  Game,
  'startFen' | 'moves' | 'fen' | 'keys' | 'quietPlies' | 'lastMove'
>;

/** A position of any game: two players', or a table's (Zhernov's). */
export type AnyPosition = Position | TablePosition;

/** A move as a player gives it: notation text, or a Move taken from the legal list. */
export type MoveInput = string | Move;

/** The record after a legal move, its text, its result if it ended the game; at a table, the seats it finished. */
export type PlayedMove =
  | { ok: true; game: Game; text: string; result?: GameResult; finished?: readonly Finish[] }
  | RefusalOf<'illegal-move'>;

/** A new game's position fields, or why the start or the moves given are refused. */
export type Opening = { ok: true; opening: OpeningFields } | Refusal;

/** The players and position a new game is asked for (see GameRequest). */
export interface OpeningRequest {
  readonly white: Player;
  readonly black: Player;
  readonly red?: Player;
  readonly green?: Player;
  /** The start position; the variant's own by default. */
  readonly fen?: string;
  /** Moves already played from the start, in notation. */
  readonly moves?: readonly string[];
}

/** The players of a game against the bot: the human plays White, the bot every other seat. */
export type BotGamePlayers = Pick<OpeningRequest, 'white' | 'black' | 'red' | 'green'>;

/** What the rules of every game answer (see GameRules). */
interface CommonRules {
  /** The board it is played on. */
  readonly geometry: Geometry;
  /** The variant whose ratings, leaderboards and tournaments it counts in; none at a table. */
  readonly league: VariantId | undefined;
  /** Whether a finished game is reviewed by the engine. */
  readonly reviewed: boolean;
  /** Whether a finished game's replay is animated. */
  readonly replayed: boolean;
  /** Whether its players may offer each other a draw. */
  readonly drawOffers: boolean;
  /** How a player joins an open challenge: by accepting it, or by sitting down at a seat. */
  readonly joining: 'accept' | 'sit-down';
  /**
   * Whether a ping owed to a bot's turn passes on to the next player (at a table: the player
   * before it dropped out, or thought long, and the bot answers at once).
   */
  readonly owedPingPassesOn: boolean;
  /** The current position of a game record (a corrupt one throws corruptGame). */
  position(game: Game): AnyPosition;
  /** The colour whose turn it is (a seat's colour at a table). */
  sideToMove(game: Game): SeatColor;
  /** A new game's position fields: the start asked for, and the moves already played. */
  opening(request: OpeningRequest): Opening;
  /** The record after the move a player means, or why it is not legal. */
  play(game: Game, input: MoveInput, now: number): PlayedMove;
  /** Whether the player of `color` still plays (at a table, a seat may have finished). */
  stillPlays(game: Game, color: SeatColor): boolean;
  /**
   * The player of `color` resigns or runs out of time, as a change for RecordUpdates: a
   * two-player game is lost; at a table the seat is out and the others play on.
   */
  dropOut(game: Game, color: SeatColor, why: DropOut, now: number, dayMs: number): Mutation<Game>;
  /** The players of a game against the bot at `level`, named `botName`. */
  botGame(player: Player, level: number, botName: string): BotGamePlayers;
}

/**
 * The rules of a game; `kind` is which words and pictures the chat layer gives it (captions,
 * results, the record file), and narrows `variant` for the engine's two-player or table calls.
 */
export type GameRules =
  | (CommonRules & { readonly kind: 'two-player'; readonly variant: VariantId })
  | (CommonRules & { readonly kind: 'table'; readonly variant: TableVariantId });
