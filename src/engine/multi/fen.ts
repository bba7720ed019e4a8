import { GEOMETRY_8, squareIndex } from '../geometry.js';
import { SQUARE_PATTERN } from '../notation.js';
import { fail, ok, quoted, type Result } from '../result.js';
import { SEAT_LETTERS, type Column, type Finish, type Seat, type TablePosition } from './types.js';

/**
 * The tallest column a table FEN may hold: a bound of the FEN's, not of the engine's. A column's
 * height is a plain count there, and a seat owning a column of COUNT_HEIGHT or more at the end
 * of its move is finished, so a column grows past its FEN height in one move at most.
 */
export const MAX_COLUMN_HEIGHT = 32;

/** Longer than any table FEN (32 columns of 32 storeys, four lists, four finishes). */
const MAX_FEN_LENGTH = 1600;

const COLUMN_TOKEN = new RegExp(`^(K?)(${SQUARE_PATTERN})(?:\\(([01]+)\\))?$`, 'i');

const SEAT_NAMES = ['White', 'Red', 'Black', 'Green'];

/** A seat's letter (W, R, B, G). */
export function seatLetter(seat: Seat): string {
  return SEAT_LETTERS.charAt(seat);
}

function seatOfLetter(letter: string): Seat | undefined {
  const index = SEAT_LETTERS.indexOf(letter.toUpperCase());
  return index < 0 || letter.length !== 1 ? undefined : (index as Seat);
}

/**
 * A table position as FEN:
 * `W:Wc1(00),e1(00),g1(00):Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00)`.
 * The seat to move (W, R, B or G), then one list per seat in the game, in turn order, each its
 * letter and its columns in square order: `c3` a lone man, `Kc3` a lone king, `c3(000)` a man
 * column of three, `c3(111)` a king column of three (one digit per storey, top first, all the
 * same). Then, if any seat has finished, `:F` and the finishes in order: the seat's letter and
 * `+` for count, `-` for out (`:FW+,B-`).
 */
export function makeTableFen(position: TablePosition): string {
  const lists = position.seats.map((seat) => {
    const tokens: string[] = [];
    position.columns.forEach((column, square) => {
      if (column === null || column.owner !== seat) return;
      tokens.push(columnToken(GEOMETRY_8.names[square]!, column));
    });
    return seatLetter(seat) + tokens.join(',');
  });
  const finished =
    position.finished.length === 0
      ? ''
      : ':F' +
        position.finished
          .map((f) => seatLetter(f.seat) + (f.how === 'count' ? '+' : '-'))
          .join(',');
  return `${seatLetter(position.turn)}:${lists.join(':')}${finished}`;
}

function columnToken(square: string, column: Column): string {
  if (column.height === 1) return column.king ? `K${square}` : square;
  return `${square}(${(column.king ? '1' : '0').repeat(column.height)})`;
}

/**
 * Reads a table FEN (see makeTableFen; letters and squares in either case, spaces around the
 * separators allowed, seat lists in any order). Never throws; every error has a code and a
 * sentence. The seats with a list are the seats of the game (at least two; a list may be
 * empty, `:G`); the seat to move must be one of them and not finished.
 */
export function parseTableFen(text: string): Result<TablePosition> {
  if (text.length > MAX_FEN_LENGTH) {
    return fail('fen-too-long', `A table FEN has at most ${MAX_FEN_LENGTH} characters.`);
  }
  const parts = text
    .trim()
    .split(':')
    .map((part) => part.trim());
  const turn = seatOfLetter(parts[0] ?? '');
  if (turn === undefined) {
    return fail(
      'fen-syntax',
      'A table FEN starts with the seat to move (W, R, B or G), then a list per seat (:W…:R…:B…:G…).',
    );
  }
  const columns = new Array<Column | null>(GEOMETRY_8.squareCount).fill(null);
  const seats: Seat[] = [];
  let finished: Finish[] = [];
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    const letter = part.charAt(0).toUpperCase();
    if (letter === 'F') {
      if (i !== parts.length - 1) {
        return fail('fen-syntax', 'The finished seats (:F…) come last in a table FEN.');
      }
      const read = readFinished(part.slice(1));
      if (!read.ok) return read;
      finished = read.value;
      continue;
    }
    const seat = seatOfLetter(letter);
    if (seat === undefined) {
      return fail(
        'fen-syntax',
        `Expected a seat's list (W…, R…, B… or G…) or the finished seats (F…), got ${quoted(part)}.`,
      );
    }
    if (seats.includes(seat)) {
      return fail('fen-duplicate-seat', `${SEAT_NAMES[seat]}'s list (${letter}…) is given twice.`);
    }
    seats.push(seat);
    const body = part.slice(1).trim();
    if (body === '') continue;
    for (const rawToken of body.split(',')) {
      const token = rawToken.trim();
      const column = readColumn(token, seat);
      if (!column.ok) return column;
      const { square, value } = column.value;
      if (columns[square] !== null) {
        return fail('fen-duplicate-square', `Square ${GEOMETRY_8.names[square]} is listed twice.`);
      }
      columns[square] = value;
    }
  }
  seats.sort((a, b) => a - b);
  if (seats.length < 2) {
    return fail(
      'fen-seats',
      'A table game needs at least two seats, each with its list (W, R, B, G).',
    );
  }
  if (!seats.includes(turn)) {
    return fail('fen-turn', `${SEAT_NAMES[turn]} is to move but has no list in this FEN.`);
  }
  for (const finish of finished) {
    if (!seats.includes(finish.seat)) {
      return fail(
        'fen-finished',
        `${SEAT_NAMES[finish.seat]} is listed as finished but does not play in this FEN.`,
      );
    }
  }
  if (finished.some((finish) => finish.seat === turn)) {
    return fail('fen-turn', `${SEAT_NAMES[turn]} is to move but has finished.`);
  }
  return ok({ variant: 'zhernov', seats, turn, columns, finished });
}

function readColumn(token: string, owner: Seat): Result<{ square: number; value: Column }> {
  const match = COLUMN_TOKEN.exec(token);
  if (match === null) {
    return fail('fen-column', `${quoted(token)} is not a column like c3, Kc3, c3(00) or c3(111).`);
  }
  const [, kingPrefix, squareName, digits] = match;
  if (kingPrefix !== '' && digits !== undefined) {
    return fail(
      'fen-column',
      `${quoted(token)}: use either the K prefix or the storeys in parentheses, not both.`,
    );
  }
  const square = squareIndex(GEOMETRY_8, squareName!);
  if (square < 0) {
    return fail('no-such-square', `${squareName} is not a playable (dark) square of the board.`);
  }
  const storeys = digits ?? (kingPrefix === '' ? '0' : '1');
  if (storeys.length > MAX_COLUMN_HEIGHT) {
    return fail(
      'fen-column',
      `${quoted(token)}: a column holds at most ${MAX_COLUMN_HEIGHT} storeys.`,
    );
  }
  if (storeys.includes('0') && storeys.includes('1')) {
    return fail(
      'fen-mixed-column',
      `${quoted(token)}: a column is all men (0…) or all king (1…); one flag crowns the whole column.`,
    );
  }
  return ok({ square, value: { owner, height: storeys.length, king: storeys.startsWith('1') } });
}

function readFinished(body: string): Result<Finish[]> {
  const finished: Finish[] = [];
  if (body.trim() === '') return ok(finished);
  for (const raw of body.split(',')) {
    const entry = raw.trim();
    const seat = entry.length === 2 ? seatOfLetter(entry.charAt(0)) : undefined;
    const mark = entry.charAt(1);
    if (seat === undefined || (mark !== '+' && mark !== '-')) {
      return fail(
        'fen-finished',
        `${quoted(entry)} is not a finished seat like W+ (count) or B- (out).`,
      );
    }
    if (finished.some((finish) => finish.seat === seat)) {
      return fail('fen-finished', `${SEAT_NAMES[seat]} is listed as finished twice.`);
    }
    finished.push({ seat, how: mark === '+' ? 'count' : 'out' });
  }
  return ok(finished);
}
