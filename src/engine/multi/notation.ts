import { GEOMETRY_8, squareIndex } from '../geometry.js';
import { moveDestination, type Move } from '../moves.js';
import { findTypedMove, SQUARE_PATTERN } from '../notation.js';
import { fail, ok, type Result } from '../result.js';
import { tableMoves } from './table.js';
import type { TablePosition } from './types.js';

const SQUARE = new RegExp(`^${SQUARE_PATTERN}$`, 'i');

/** The name of a square ("c3") of the table board. */
export function makeTableSquare(square: number): string {
  const name = GEOMETRY_8.names[square];
  if (name === undefined) throw new Error(`makeTableSquare: square ${square} is not on the board`);
  return name;
}

/** Reads a square name ("c3", case-insensitive) of the table board. */
export function parseTableSquare(text: string): Result<number> {
  const trimmed = text.trim();
  if (!SQUARE.test(trimmed)) return fail('bad-square', `"${text}" is not a square name like c3.`);
  const index = squareIndex(GEOMETRY_8, trimmed);
  if (index < 0) {
    return fail('no-such-square', `${trimmed} is not a playable (dark) square of the board.`);
  }
  return ok(index);
}

/** A move in full-path notation, as in Bashni: `c1-b2` for a quiet move, `c3:e5:g3` for a capture. */
export function makeTableMove(move: Move): string {
  if (move.captures.length === 0) {
    return `${makeTableSquare(move.from)}-${makeTableSquare(moveDestination(move))}`;
  }
  return [move.from, ...move.path].map(makeTableSquare).join(':');
}

/** Most legal moves an error message lists. */
const MAX_CANDIDATES = 8;

/**
 * Reads a move typed by a person and finds it among the legal moves of the seat to move, as
 * parseMove does in Bashni: the full landing path (`c3:e5:g3`, with `-`, `:` or `x` between
 * squares, any case), or a short `from-to` / `from:to` when exactly one legal move starts and
 * ends there; several give an 'ambiguous-move' error listing them.
 */
export function parseTableMove(position: TablePosition, text: string): Result<Move> {
  return findTypedMove(text, {
    example: 'c1-b2',
    square: parseTableSquare,
    moves: () => tableMoves(position),
    write: makeTableMove,
    illegalHint: candidates,
  });
}

/** The legal moves worth naming after an illegal one: those from its square, or all if few. */
function candidates(moves: readonly Move[], from: number): string {
  const fromThere = moves.filter((m) => m.from === from);
  const shown = fromThere.length > 0 ? fromThere : moves;
  if (shown.length === 0) return ' There is no legal move.';
  if (shown.length > MAX_CANDIDATES) return '';
  const capture = moves[0]!.captures.length > 0 ? ' (capturing is compulsory)' : '';
  const where = fromThere.length > 0 ? `from ${makeTableSquare(from)}` : 'here';
  return ` Legal ${where}${capture}: ${shown.map(makeTableMove).join(', ')}.`;
}
