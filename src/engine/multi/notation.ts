import { GEOMETRY_8, squareIndex } from '../geometry.js';
import { moveDestination, type Move } from '../moves.js';
import { SQUARE_PATTERN, withoutTrailing } from '../notation.js';
import { fail, ok, type Result } from '../result.js';
import { tableMoves } from './table.js';
import type { TablePosition } from './types.js';

const SQUARE = new RegExp(`^${SQUARE_PATTERN}$`, 'i');
const MOVE_TEXT = new RegExp(`^${SQUARE_PATTERN}(\\s*[-:x]\\s*${SQUARE_PATTERN})+$`);

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

function shortQuote(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`;
}

/**
 * Reads a move typed by a person and finds it among the legal moves of the seat to move, as
 * parseMove does in Bashni: the full landing path (`c3:e5:g3`, with `-`, `:` or `x` between
 * squares, any case), or a short `from-to` / `from:to` when exactly one legal move starts and
 * ends there; several give an 'ambiguous-move' error listing them.
 */
export function parseTableMove(position: TablePosition, text: string): Result<Move> {
  // No move is that long: refused before any pattern looks at it.
  const cleaned = text.length > 300 ? '' : withoutTrailing(text.trim().toLowerCase(), '!?+#');
  if (!MOVE_TEXT.test(cleaned)) {
    return fail(
      'bad-move-syntax',
      `"${shortQuote(text.trim())}" is not a move; write it like c1-b2 or c3:e5:g3.`,
    );
  }
  const squares: number[] = [];
  for (const name of cleaned.split(/\s*[-:x]\s*/)) {
    const square = parseTableSquare(name);
    if (!square.ok) return square;
    squares.push(square.value);
  }
  const moves = tableMoves(position);
  const [from, ...landings] = squares;
  const exact = moves.filter(
    (m) =>
      m.from === from &&
      m.path.length === landings.length &&
      m.path.every((s, i) => s === landings[i]),
  );
  if (exact.length === 1) return ok(exact[0]!);
  if (landings.length === 1) {
    const short = moves.filter((m) => m.from === from && moveDestination(m) === landings[0]);
    if (short.length === 1) return ok(short[0]!);
    if (short.length > 1) {
      const options = short.map(makeTableMove).join(', ');
      return fail(
        'ambiguous-move',
        `${cleaned} could be several moves: ${options}. Write the whole path.`,
      );
    }
  }
  return fail('illegal-move', `${cleaned} is not a legal move here.${candidates(moves, from!)}`);
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
