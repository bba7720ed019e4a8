/**
 * What the board page is told about a game: one JSON shape, sent by GET /api/games/<id> and by
 * every live update, so that a page that reconnects simply starts again from the latest view.
 * The page works the legal moves out from `fen` itself (the engine runs in the page too), so a
 * tap shows the targets at once, without asking the server.
 */
import { SEAT_COLORS } from '../engine/multi/index.js';
import {
  isTableVariant,
  seatPlayer,
  sideOf,
  type Game,
  type GameVariantId,
  type PlayerId,
  type SeatColor,
} from '../game/model.js';
import { sideToMove } from '../game/rules-strategy.js';

export { PUZZLE_BOARD_PREFIX, puzzleOfBoard } from '../game/board-ids.js';

/** One seat of the game as the page shows it. */
export interface SeatView {
  readonly color: SeatColor;
  readonly name: string;
  /** The AI level when the bot plays this seat. */
  readonly botLevel?: number;
}

export interface BoardView {
  readonly id: string;
  readonly variant: GameVariantId;
  /** Whether four play (Zhernov's table): `fen` is then a table FEN. */
  readonly table: boolean;
  /** Moves played: what a move, draw or resignation sends back as `ply` (compare-and-set). */
  readonly ply: number;
  readonly fen: string;
  readonly startFen: string;
  /** The moves in the game's notation, from the start. */
  readonly moves: readonly string[];
  readonly lastMove: Game['lastMove'] | null;
  readonly status: 'active' | 'finished';
  /** The colour to move (null once the game is over). */
  readonly toMove: SeatColor | null;
  readonly seats: readonly SeatView[];
  /** The seat of whoever asks, or null for a spectator (read-only). */
  readonly you: SeatColor | null;
  /** The side whose draw offer stands, if one does. */
  readonly drawOffer: 'white' | 'black' | null;
  /** How the game ended, once it has. */
  readonly result: {
    readonly winner: SeatColor | null;
    readonly reason: string;
  } | null;
  /** Days per move, or null without a clock. */
  readonly daysPerMove: number | null;
  /** When the side to move runs out of time (ms since the epoch), or null. */
  readonly deadline: number | null;
  /** The server's clock when the view was made, so the page counts down on the server's time. */
  readonly serverTime: number;
  /**
   * A puzzle's board instead of a game's (puzzle-api.ts): `moves` is the line so far, `you` the
   * solver's side, `result` how the attempt ended ('solved' or 'wrong').
   */
  readonly puzzle?: {
    /** Its goal and difficulty, as the chats' puzzle heading shows them. */
    readonly goal?: 'win' | 'block' | 'material';
    readonly difficulty?: number;
    /** The line's move the solver missed, once a wrong move ended the attempt. */
    readonly expected?: string;
  };
}

/** The view of `game` for `viewer` (undefined: someone not signed in, read-only). */
export function boardView(game: Game, viewer: PlayerId | undefined, now: number): BoardView {
  const active = game.status === 'active';
  return {
    id: game.id,
    variant: game.variant,
    table: isTableVariant(game.variant),
    ply: game.moves.length,
    fen: game.fen,
    startFen: game.startFen,
    moves: game.moves,
    lastMove: game.lastMove ?? null,
    status: game.status,
    toMove: active ? sideToMove(game) : null,
    seats: SEAT_COLORS.flatMap((color) => {
      const player = seatPlayer(game, color);
      if (player === undefined) return [];
      const bot = player.botLevel === undefined ? {} : { botLevel: player.botLevel };
      return [{ color, name: player.displayName, ...bot }];
    }),
    you: viewer === undefined ? null : (sideOf(game, viewer) ?? null),
    drawOffer: game.drawOffer,
    result:
      game.result === undefined ? null : { winner: game.result.winner, reason: game.result.reason },
    daysPerMove: game.daysPerMove,
    deadline: active ? game.deadline : null,
    serverTime: now,
  };
}
