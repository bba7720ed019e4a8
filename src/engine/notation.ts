import { squareIndex } from './geometry.js';
import { legalMoves, moveDestination, type Move } from './moves.js';
import { variantOf, type Position } from './position.js';
import { fail, ok, type Result } from './result.js';
import type { Variant } from './variants.js';

/**
 * A square name in a regular expression: a file letter and a rank of one or two digits ("c3",
 * "b10"); whether the square is on a board is parseSquare's question.
 */
export const SQUARE_PATTERN = '[a-z](?:10|[1-9])';
const SQUARE = new RegExp(`^${SQUARE_PATTERN}$`, 'i');
const MOVE_TEXT = new RegExp(`^${SQUARE_PATTERN}(\\s*[-:x]\\s*${SQUARE_PATTERN})+$`);

/** The name of a square ("c3") on a variant's board. */
export function makeSquare(variant: Variant, square: number): string {
  const name = variant.geometry.names[square];
  if (name === undefined) {
    throw new Error(`makeSquare: square ${square} is not on the ${variant.id} board`);
  }
  return name;
}

/** Reads a square name ("c3", case-insensitive) on a variant's board. */
export function parseSquare(variant: Variant, text: string): Result<number> {
  const trimmed = text.trim();
  if (!SQUARE.test(trimmed)) {
    return fail('bad-square', `"${text}" is not a square name like c3.`);
  }
  const index = squareIndex(variant.geometry, trimmed);
  if (index < 0) {
    return fail(
      'no-such-square',
      `${trimmed} is not a playable (dark) square of the ${variant.id} board.`,
    );
  }
  return ok(index);
}

/** A move in full-path notation: `c3-d4` for a quiet move, `c3:e5:c7` for a capture. */
export function makeMove(variant: Variant, move: Move): string {
  if (move.captures.length === 0) {
    return `${makeSquare(variant, move.from)}-${makeSquare(variant, moveDestination(move))}`;
  }
  return [move.from, ...move.path].map((s) => makeSquare(variant, s)).join(':');
}

/** Text quoted back in a message: at most 40 characters. */
function shortQuote(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`;
}

/**
 * `text` without the run of `marks` characters at its end ("c3-d4?!" → "c3-d4"). A loop, not
 * a regex: /[!?]+$/ takes quadratic time on a long run of marks followed by something else.
 */
export function withoutTrailing(text: string, marks: string): string {
  let end = text.length;
  while (end > 0 && marks.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/**
 * Reads a move typed by a person and finds it among the legal moves of the position.
 * Accepts the full landing path (`c3:e5:c7`, also with `-` or `x` between squares), and a
 * short `from-to` or `from:to` when exactly one legal move starts and ends there.
 */
export function parseMove(position: Position, text: string): Result<Move> {
  const variant = variantOf(position);
  return findTypedMove(text, {
    example: 'c3-d4',
    square: (name) => parseSquare(variant, name),
    moves: () => legalMoves(position),
    write: (move) => makeMove(variant, move),
  });
}

/** How a game's typed moves are read: its squares, its legal moves and how it writes one. */
export interface TypedMoveRules {
  /** A quiet move of the game for the error message (`c3-d4`). */
  readonly example: string;
  readonly square: (name: string) => Result<number>;
  readonly moves: () => readonly Move[];
  readonly write: (move: Move) => string;
  /** Words after "is not a legal move here." (the table game names the legal moves). */
  readonly illegalHint?: (moves: readonly Move[], from: number) => string;
}

/**
 * The move a person typed, found among the legal moves: the full landing path, or a short
 * `from-to` / `from:to` when exactly one legal move starts and ends there (several give an
 * 'ambiguous-move' error listing them). Shared by the two-player and the table games' parsers.
 */
export function findTypedMove(text: string, rules: TypedMoveRules): Result<Move> {
  // No move is that long: refused before any pattern looks at it.
  const cleaned = text.length > 300 ? '' : withoutTrailing(text.trim().toLowerCase(), '!?+#');
  if (!MOVE_TEXT.test(cleaned)) {
    return fail(
      'bad-move-syntax',
      `"${shortQuote(text.trim())}" is not a move; write it like ${rules.example} or c3:e5:g3.`,
    );
  }
  const squares: number[] = [];
  for (const name of cleaned.split(/\s*[-:x]\s*/)) {
    const square = rules.square(name);
    if (!square.ok) return square;
    squares.push(square.value);
  }
  const moves = rules.moves();
  const [from, ...landings] = squares as [number, ...number[]];
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
      const options = short.map(rules.write).join(', ');
      return fail(
        'ambiguous-move',
        `${cleaned} could be several moves: ${options}. Write the whole path.`,
      );
    }
  }
  const hint = rules.illegalHint?.(moves, from) ?? '';
  return fail('illegal-move', `${cleaned} is not a legal move here.${hint}`);
}
