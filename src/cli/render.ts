/**
 * `render`: draws a position to a PNG file, for developers, operators and the README.
 *
 *   render [--variant V] [--fen F] [--last MOVE] [--black-bottom] [--select SQUARE]
 *          [--theme T] [--size PX] [--no-coordinates] [--title T] [--text T] --out FILE.png
 *
 * `--last` names the move that was just played to reach the FEN. The move cannot be un-applied
 * to check it, so it is read as squares: `c3-d4` is a quiet move; `c3:e5:g7`, `c3xe5xg7` or any
 * path of three or more squares is a capture through every landing square. Every step must run
 * along a diagonal and the last square must hold the stack that moved. The jumped square of each
 * capture step is the one square strictly between its two landing squares that holds a stack
 * now (the stack that lost its top piece); when none does, the jumped stack was a single piece
 * that was taken away: for a short jump that is the middle square, for a king's long jump it
 * cannot be known and that step marks no jumped square. Two stacks between two landing squares
 * is an error.
 *
 * `--select` marks a stack and the squares its legal moves end on (tap-to-move). `--title`
 * and `--text` add a caption band (puzzles, game ends).
 *
 * `--variant zhernov` draws a table FEN (the four-seat start without --fen) with its standings;
 * `--black-bottom` puts Black's edge at the bottom; --last and --select are not available.
 *
 * `render --help` is answered by src/cli.ts, like every command's.
 *
 * Exit codes: 0 written, 1 the file could not be written, 2 bad arguments (one line on stderr).
 */
import { writeFile } from 'node:fs/promises';
import {
  FILE_LETTERS,
  legalMoves,
  moveDestination,
  parseSquare,
  SQUARE_PATTERN,
  squareIndex,
  VARIANTS,
  type Position,
  type Variant,
} from '../engine/index.js';
import {
  MAX_SIZE,
  MIN_SIZE,
  RenderError,
  renderPicture,
  THEME_IDS,
  type LastMove,
  type RenderOptions,
  type Selection,
  type ThemeId,
} from '../render/index.js';
import { readOptions, UsageError } from './options.js';
import { isTableVariant, tablePositionOption } from './table-commands.js';

/** Where the command writes; tests pass their own. */
export interface RenderCommandOutput {
  info(line: string): void;
  error(line: string): void;
}

const CONSOLE_OUTPUT: RenderCommandOutput = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

/** Runs `render` with the arguments after the command name; resolves to the exit code. */
export async function renderCommand(
  args: string[],
  output: RenderCommandOutput = CONSOLE_OUTPUT,
): Promise<number> {
  let request: { png: Buffer; out: string };
  try {
    request = readArguments(args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof RenderError) {
      output.error(`error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  try {
    await writeFile(request.out, request.png);
  } catch (error) {
    output.error(`error: cannot write ${request.out}: ${(error as Error).message}`);
    return 1;
  }
  output.info(`wrote ${request.out} (${request.png.length} bytes)`);
  return 0;
}

function readArguments(args: string[]): { png: Buffer; out: string } {
  const opts = readOptions(args, {
    strings: 'variant fen last select theme size title text out',
    flags: 'black-bottom no-coordinates',
  });
  const { values } = opts;
  if (values.out === undefined || values.out === '') {
    throw new UsageError('--out FILE.png is required (try: render --help)');
  }
  const size = opts.optionalInteger('size', MIN_SIZE, MAX_SIZE);
  if (values.theme !== undefined && !(THEME_IDS as string[]).includes(values.theme)) {
    throw new UsageError(`--theme must be one of ${THEME_IDS.join(', ')}, got "${values.theme}"`);
  }
  const caption =
    values.title === undefined && values.text === undefined
      ? null
      : { title: values.title ?? '', text: values.text ?? '' };

  if (isTableVariant(values.variant)) {
    if (values.last !== undefined || values.select !== undefined)
      throw new UsageError('--last and --select are not available for zhernov');
    const png = renderPicture('table', tablePositionOption(values.fen), {
      size,
      theme: values.theme as ThemeId | undefined,
      // The seat opposite White's: Black's edge at the bottom.
      bottom: opts.flag('black-bottom') ? 2 : 0,
      coordinates: !opts.flag('no-coordinates'),
      caption,
    });
    return { png, out: values.out };
  }

  const position = opts.position();
  const variant = VARIANTS[position.variant];

  const options: RenderOptions = {
    size,
    theme: values.theme as ThemeId | undefined,
    orientation: opts.flag('black-bottom') ? 'black' : 'white',
    coordinates: !opts.flag('no-coordinates'),
    lastMove: values.last === undefined ? null : readLastMove(variant, position, values.last),
    selected: values.select === undefined ? null : readSelection(variant, position, values.select),
  };
  const png = renderPicture('board', position, options, caption ?? undefined);
  return { png, out: values.out };
}

/** Reads `--last` as squares; see the module comment for how jumped squares are found. */
export function readLastMove(variant: Variant, position: Position, text: string): LastMove {
  const cleaned = text.trim().toLowerCase();
  if (!new RegExp(`^${SQUARE_PATTERN}(\\s*[-:x]\\s*${SQUARE_PATTERN})+$`).test(cleaned)) {
    throw new UsageError(`--last "${text}" is not a move like c3-d4 or c3:e5:g7`);
  }
  const squares = cleaned.split(/\s*[-:x]\s*/).map((name) => {
    const square = parseSquare(variant, name);
    if (!square.ok) throw new UsageError(`--last: ${square.error.message}`);
    return square.value;
  });
  const quiet = squares.length === 2 && !/[:x]/.test(cleaned);
  // Squares parsed by parseSquare index the geometry's tables, and the pattern above spells two
  // squares or more.
  const { file, rank, names } = variant.geometry;
  const origin = squares[0]!;
  const destination = squares[squares.length - 1]!;
  if (position.stacks[destination] === null) {
    throw new UsageError(
      `--last ${cleaned}: no stack on ${names[destination]}; --last is the move that led to the --fen position`,
    );
  }
  const captures: number[] = [];
  for (let i = 1; i < squares.length; i++) {
    const from = squares[i - 1]!;
    const to = squares[i]!;
    const df = file[to]! - file[from]!;
    const dr = rank[to]! - rank[from]!;
    if (Math.abs(df) !== Math.abs(dr) || df === 0) {
      throw new UsageError(
        `--last ${cleaned}: ${names[from]} to ${names[to]} is not along a diagonal`,
      );
    }
    if (quiet) break;
    const between = squaresBetween(variant, from, to);
    const occupied = between.filter(
      (square) => square !== destination && position.stacks[square] !== null,
    );
    if (occupied.length > 1) {
      throw new UsageError(
        `--last ${cleaned}: ${occupied.map((s) => names[s]).join(' and ')} both hold stacks; a jump passes over one`,
      );
    }
    const [jumped] = occupied.length === 1 ? occupied : between.length === 1 ? between : [];
    if (jumped !== undefined) captures.push(jumped);
  }
  return { from: origin, path: squares.slice(1), captures };
}

function squaresBetween(variant: Variant, from: number, to: number): number[] {
  const { file, rank } = variant.geometry;
  // `from` and `to` are parsed squares, valid indices of the geometry's tables.
  const toFile = file[to]!;
  const stepFile = Math.sign(toFile - file[from]!);
  const stepRank = Math.sign(rank[to]! - rank[from]!);
  const squares: number[] = [];
  for (
    let f = file[from]! + stepFile, r = rank[from]! + stepRank;
    f !== toFile;
    f += stepFile, r += stepRank
  ) {
    squares.push(squareIndex(variant.geometry, FILE_LETTERS.charAt(f) + String(r + 1)));
  }
  return squares;
}

function readSelection(variant: Variant, position: Position, text: string): Selection {
  const square = parseSquare(variant, text);
  if (!square.ok) throw new UsageError(`--select: ${square.error.message}`);
  if (position.stacks[square.value] === null) {
    throw new UsageError(`--select: there is no stack on ${variant.geometry.names[square.value]}`);
  }
  const targets = legalMoves(position)
    .filter((move) => move.from === square.value)
    .map(moveDestination);
  return { square: square.value, targets };
}
