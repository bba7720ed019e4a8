import { squareIndex, GEOMETRY_8 } from '../geometry.js';
import type { Move } from '../moves.js';
import { TableBoard } from './board.js';
import { activeSeats, standings } from './standings.js';
import { SEATS, type Column, type Seat, type TablePosition, type TableState } from './types.js';
import type { TableEnd, TableStatus } from './types.js';
import { startSquaresOf, TABLE_VARIANTS } from './variants.js';

/**
 * Full rounds without a capture that end a table game (VARIANTS.md's choice): the limit in
 * plies is this times the number of active seats.
 */
export const NO_CAPTURE_ROUNDS = 20;

/**
 * Moves after which a table game ends whatever else happens, the seats still playing sharing the
 * free places (our choice, docs/rules-choices.md): a bound far above any game that does not
 * cycle, since repetition ends the cycles and the no-capture limit the quiet play.
 */
export const TABLE_PLY_LIMIT = 1000;

/**
 * The key of a position for repetition: 16 hex digits, two 32-bit hashes over every square's
 * column (owner, height, king flag), the seat to move and the finished seats in order.
 * Finishing cannot be undone, so two positions of one game with the same finished seats list
 * them in the same order.
 */
export function tableKey(position: TablePosition): string {
  let high = 0x811c9dc5;
  let low = 0x9e3779b9;
  const mix = (value: number) => {
    high = Math.imul(high ^ value, 0x01000193);
    low = Math.imul(low ^ value, 0x5bd1e995);
    low ^= low >>> 15;
  };
  for (const column of position.columns) {
    mix(column === null ? 0 : 1 + column.owner + 4 * (column.king ? 1 : 0) + 8 * column.height);
  }
  mix(position.turn);
  for (const { seat, how } of position.finished) mix(16 + seat + (how === 'count' ? 4 : 0));
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(high) + hex(low);
}

/** The history of `state` carried on to `next` (a new position), `moved` when a move made it. */
function carryOn(state: TableState, next: TableState, moved: boolean): TableState {
  const known = state.keys;
  const keys = known !== undefined && known.length > 0 ? known : [tableKey(state.position)];
  return {
    ...next,
    keys: [...keys, tableKey(next.position)],
    plies: (state.plies ?? 0) + (moved ? 1 : 0),
  };
}

/** How many times the current position of `state` has occurred, this time included. */
export function tableRepetitions(state: TableState): number {
  const keys = state.keys;
  if (keys === undefined || keys.length === 0) return 1;
  const current = keys[keys.length - 1];
  return keys.filter((key) => key === current).length;
}

/**
 * The start of Zhernov's game for the given seats (2 to 4 different ones, any order: turns
 * always go clockwise, White → Red → Black → Green): each seat's three 2-high columns on its
 * edge. The first of them in turn order moves first. Throws on a seat list that makes no game.
 */
export function tableStart(seats: readonly Seat[] = SEATS): TablePosition {
  const variant = TABLE_VARIANTS.zhernov;
  const taken = [...new Set(seats)].sort((a, b) => a - b);
  if (
    taken.length !== seats.length ||
    taken.length < variant.minSeats ||
    taken.length > variant.maxSeats ||
    taken.some((seat) => !SEATS.includes(seat))
  ) {
    throw new Error(`tableStart: seats [${seats.join(', ')}] are not 2 to 4 different seats`);
  }
  const columns = new Array<Column | null>(GEOMETRY_8.squareCount).fill(null);
  for (const seat of taken) {
    for (const name of startSquaresOf(variant, seat)) {
      columns[squareIndex(GEOMETRY_8, name)] = {
        owner: seat,
        height: variant.startHeight,
        king: false,
      };
    }
  }
  return { variant: variant.id, seats: taken, turn: taken[0]!, columns, finished: [] };
}

/** A fresh game: the start for the given seats, no quiet plies yet, its key the first. */
export function tableStartState(seats: readonly Seat[] = SEATS): TableState {
  const position = tableStart(seats);
  return { position, quietPlies: 0, keys: [tableKey(position)], plies: 0 };
}

/**
 * The legal moves of the seat to move: every complete capture when there is one (capturing is
 * mandatory and played to the end; any column it does not own may be jumped, finished seats'
 * too), else every quiet move. Empty when fewer than two seats are active (the game is over).
 * The no-capture limit is tableStatus's to say; this looks at the position only.
 */
export function tableMoves(position: TablePosition): Move[] {
  return new TableBoard({ position, quietPlies: 0 }).moves();
}

function sameMove(a: Move, b: Move): boolean {
  return (
    a.from === b.from &&
    a.promotes === b.promotes &&
    a.path.length === b.path.length &&
    a.captures.length === b.captures.length &&
    a.path.every((square, i) => square === b.path[i]) &&
    a.captures.every((square, i) => square === b.captures[i])
  );
}

/**
 * The state after `move`, which must be one of tableMoves (else this throws): the jumped
 * columns lose a storey each (a king column its crown too, a lone chip disappears), the moving
 * column grows by one storey per chip taken from an active seat, a mover that now owns a
 * column of 6 or more becomes count, and the turn passes clockwise to the next active seat
 * that can move; seats that cannot are out on the way. quietPlies restarts on a capture; the
 * new position's key joins the history and the move counts toward the ply limit.
 */
export function applyTableMove(state: TableState, move: Move): TableState {
  const board = new TableBoard(state);
  const legal = board.moves().find((candidate) => sameMove(candidate, move));
  if (legal === undefined) {
    throw new Error(
      `applyTableMove: the move from square ${move.from} is not legal for seat ${state.position.turn}`,
    );
  }
  board.make(legal);
  return carryOn(state, board.toState(), true);
}

/**
 * The state after `seat` leaves the game (resignation, or loss on time): it is out (the worst
 * free place), its columns stay as neutral obstacles, and if it was its turn the turn passes
 * on as after a move (a new position for repetition; not a move for the limits). Throws for a
 * seat that is not active, or when the game is over.
 */
export function resignSeat(state: TableState, seat: Seat): TableState {
  const board = new TableBoard(state);
  if (!board.isActive(seat)) throw new Error(`resignSeat: seat ${seat} is not active`);
  if (board.activeCount() < 2) throw new Error('resignSeat: the game is over');
  board.resign(seat);
  return carryOn(state, board.toState(), false);
}

/**
 * The state with its seat to move put out if it has no legal move (and the next, and so on),
 * as the rules do when a seat's turn comes: for positions set up by FEN, where the seat to
 * move may already be stuck. Moves and resignations do this themselves. A settled position
 * starts the history afresh (it is where the game really begins).
 */
export function settleTableTurn(state: TableState): TableState {
  const board = new TableBoard(state);
  board.settleTurn();
  const settled = board.toState();
  if (board.finished.length === state.position.finished.length) return state;
  return { ...state, ...settled, keys: [tableKey(settled.position)] };
}

/**
 * Whether a table game is over, checked in this order: fewer than two seats are active
 * ('last-player'); the position stands for the third time ('threefold-repetition'); after
 * NO_CAPTURE_ROUNDS full rounds of the active seats without a capture ('no-capture-limit');
 * after TABLE_PLY_LIMIT moves ('ply-limit'). With the standings then.
 */
export function tableStatus(state: TableState): TableStatus {
  const { position } = state;
  const playing = activeSeats(position).length;
  const over = (reason: TableEnd): TableStatus => ({
    kind: 'over',
    reason,
    standings: standings(position, reason),
  });
  if (playing < 2) return over('last-player');
  if (tableRepetitions(state) >= 3) return over('threefold-repetition');
  if (state.quietPlies >= NO_CAPTURE_ROUNDS * playing) return over('no-capture-limit');
  if ((state.plies ?? 0) >= TABLE_PLY_LIMIT) return over('ply-limit');
  return { kind: 'ongoing' };
}

/**
 * Perft of a table game: the number of move sequences of `depth` plies (every capture route
 * its own move), played with make/unmake; the last ply is counted without being played.
 */
export function tablePerft(state: TableState, depth: number): number {
  const board = new TableBoard(state);
  const count = (left: number): number => {
    const moves = board.moves();
    if (left <= 1) return left === 1 ? moves.length : 1;
    let nodes = 0;
    for (const move of moves) {
      board.make(move);
      nodes += count(left - 1);
      board.unmake();
    }
    return nodes;
  };
  return count(depth);
}
