/**
 * What a caller may ask of the picture of a table game (Zhernov's four-player game), its
 * validation and the canonical cache key. Pure: no canvas here. The picture's text (colour
 * names, "to move", "count"...) comes in through `labels`, so that the caller localises it and
 * the renderer imports no message catalog.
 */
import { GEOMETRY_8 } from '../engine/index.js';
import {
  activeSeats,
  SEATS,
  type Column,
  type Finish,
  type Seat,
  type TablePosition,
} from '../engine/multi/index.js';
import { RenderError } from './errors.js';
import {
  checkCoordinates,
  checkSize,
  checkTheme,
  normaliseCaption,
  normaliseMarks,
  sharedOptionsKey,
  type Caption,
  type LastMove,
  type Selection,
  type Unchecked,
} from './options.js';
import type { ThemeId } from './themes.js';

/** One string per seat, in seat order: White, Red, Black, Green. */
export type PerSeat<T> = readonly [T, T, T, T];

/** The words of the picture. Every field is optional; the defaults are English. */
export interface TableLabels {
  /**
   * The seats' colours in words, in seat order: the names of seats without a player name, and
   * by their first letter the seat letters on pieces, edges and standings chips. Default
   * White, Red, Black, Green (so W, R, B, G).
   */
  readonly colors?: PerSeat<string>;
  /** After the name of the seat to move. Default 'to move'. */
  readonly toMove?: string;
  /** The title of a seat that built a column of six. Default 'count'. */
  readonly count?: string;
  /** A seat that could not move or resigned. Default 'out'. */
  readonly out?: string;
  /** A finished seat's place, `{place}` standing for the number. Default '#{place}'. */
  readonly place?: string;
  /** A finished seat's points, `{points}` standing for the number. Default '{points} pts'. */
  readonly points?: string;
}

export interface TableRenderOptions {
  /** Width of the image in px, 200 to 2000 (the standings make it taller). Default 720. */
  readonly size?: number;
  /** The seat whose home edge is at the bottom; the board turns with it. Default 0 (White). */
  readonly bottom?: Seat;
  /** Marks the origin, every landing square and every jumped square of this move. */
  readonly lastMove?: LastMove | null;
  readonly selected?: Selection | null;
  /** Square coordinates in the frame, turning with the board. Default true. */
  readonly coordinates?: boolean;
  /** Default 'wood'. */
  readonly theme?: ThemeId;
  /** Player names by seat; a seat without one is named by its colour. */
  readonly names?: Partial<Record<Seat, string>>;
  readonly labels?: TableLabels;
  /**
   * How the game ended, if it did (tableStatus's reason): the standings then place the seats
   * still playing, and nobody is to move. A position with fewer than two seats playing is
   * taken as ended by 'last-player' without it.
   */
  readonly end?: 'last-player' | 'no-capture-limit' | null;
  /** A band under the standings: a bold title line and one line of text. */
  readonly caption?: Caption | null;
}

/** The labels with every default filled in. */
export interface NormalisedTableLabels {
  readonly colors: PerSeat<string>;
  readonly toMove: string;
  readonly count: string;
  readonly out: string;
  readonly place: string;
  readonly points: string;
}

/** Options with every default filled in: plain data, sent as is to a render worker. */
export interface NormalisedTableOptions {
  readonly size: number;
  readonly bottom: Seat;
  readonly lastMove: LastMove | null;
  readonly selected: Selection | null;
  readonly coordinates: boolean;
  readonly theme: ThemeId;
  /** Every seat's name: the player's, or its colour. */
  readonly names: PerSeat<string>;
  /** Every seat's letter (the first letter of its colour's name, upper case). */
  readonly letters: PerSeat<string>;
  readonly labels: NormalisedTableLabels;
  readonly end: 'last-player' | 'no-capture-limit' | null;
  readonly caption: Caption | null;
}

export const DEFAULT_TABLE_LABELS: NormalisedTableLabels = {
  colors: ['White', 'Red', 'Black', 'Green'],
  toMove: 'to move',
  count: 'count',
  out: 'out',
  place: '#{place}',
  points: '{points} pts',
};

/**
 * The tallest column drawn: no game gets near it (a column of six ends its owner's game), but
 * the table FEN allows it.
 */
export const MAX_TABLE_COLUMN_HEIGHT = 32;
/** Longest label accepted: labels are the program's own words, so a longer one is a bug. */
export const MAX_LABEL_LENGTH = 40;
/**
 * Player names are cut to this many characters rather than refused: they come from players
 * (chat display names), and the picture cuts them again with "…" to fit the line.
 */
export const MAX_NAME_LENGTH = 64;

function isSeat(value: unknown): value is Seat {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

function badPosition(message: string, context: Record<string, unknown>): RenderError {
  return new RenderError('bad-position', message, context);
}

/**
 * Checks that the renderer can draw `position` and returns a plain copy of it (only the fields
 * the picture uses, as fresh arrays and objects): what the render pool sends to a worker.
 */
export function validateTablePosition(position: TablePosition): TablePosition {
  const input = position as Unchecked<TablePosition>;
  if (input?.variant !== 'zhernov') {
    throw new RenderError(
      'unknown-variant',
      `unknown table variant ${JSON.stringify(input?.variant)}`,
      { variant: input?.variant },
    );
  }
  const seats = input.seats;
  if (
    !Array.isArray(seats) ||
    seats.length < 2 ||
    seats.length > 4 ||
    !seats.every(isSeat) ||
    !seats.every((seat, i) => i === 0 || seat > (seats[i - 1] as Seat))
  ) {
    throw badPosition(
      `seats must be 2 to 4 different seats (0 to 3) in turn order, got ${JSON.stringify(seats)}`,
      { seats },
    );
  }
  const taken = new Set<Seat>(seats);
  const finishedInput = input.finished;
  if (!Array.isArray(finishedInput)) {
    throw badPosition('finished must be an array of finishes', { finished: finishedInput });
  }
  const finished: Finish[] = finishedInput.map((entry: Unchecked<Finish>, i) => {
    const seat = entry?.seat;
    const how = entry?.how;
    if (!isSeat(seat) || !taken.has(seat) || (how !== 'count' && how !== 'out')) {
      throw badPosition(
        `finished[${i}] is ${JSON.stringify(entry)}; expected a taken seat and 'count' or 'out'`,
        { index: i },
      );
    }
    return { seat, how };
  });
  if (new Set(finished.map((finish) => finish.seat)).size !== finished.length) {
    throw badPosition('a seat is listed as finished twice', { finished });
  }
  const turn = input.turn;
  if (!isSeat(turn) || !taken.has(turn)) {
    throw badPosition(`turn must be one of the seats ${seats.join(', ')}, got ${String(turn)}`, {
      turn,
    });
  }
  const copy: TablePosition = {
    variant: 'zhernov',
    seats: [...seats],
    turn,
    columns: [],
    finished,
  };
  const playing = activeSeats(copy);
  if (playing.length >= 2 && !playing.includes(turn)) {
    throw badPosition(`seat ${turn} is to move but has finished`, { turn });
  }
  const columnsInput = input.columns;
  const squares = GEOMETRY_8.squareCount;
  if (!Array.isArray(columnsInput) || columnsInput.length !== squares) {
    throw badPosition(
      `a table position has ${squares} squares, got ${
        Array.isArray(columnsInput) ? columnsInput.length : typeof columnsInput
      }`,
      { squares: Array.isArray(columnsInput) ? columnsInput.length : null },
    );
  }
  const columns = columnsInput.map((column: Unchecked<Column>, square): Column | null => {
    if (column === null) return null;
    const name = GEOMETRY_8.names[square];
    const owner = column?.owner;
    const height = column?.height;
    const king = column?.king;
    if (!isSeat(owner) || !taken.has(owner)) {
      throw new RenderError(
        'bad-stack',
        `the column on ${name} belongs to ${JSON.stringify(owner)}, not a seat of this game`,
        { square: name, owner },
      );
    }
    if (
      !Number.isInteger(height) ||
      (height as number) < 1 ||
      (height as number) > MAX_TABLE_COLUMN_HEIGHT
    ) {
      throw new RenderError(
        'bad-stack',
        `the column on ${name} has height ${String(height)}; expected 1 to ${MAX_TABLE_COLUMN_HEIGHT}`,
        { square: name, height },
      );
    }
    if (typeof king !== 'boolean') {
      throw new RenderError(
        'bad-stack',
        `the column on ${name} has king ${JSON.stringify(king)}; expected true or false`,
        { square: name, king },
      );
    }
    return { owner, height: height as number, king };
  });
  return { ...copy, columns };
}

function checkLabel(value: unknown, fallback: string, what: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') {
    throw new RenderError('bad-option', `labels.${what} must be a string, got ${typeof value}`, {
      [what]: value,
    });
  }
  const single = value.replace(/\s+/g, ' ').trim();
  if (single.length > MAX_LABEL_LENGTH) {
    throw new RenderError(
      'bad-option',
      `labels.${what} is ${single.length} characters; at most ${MAX_LABEL_LENGTH}`,
      { length: single.length },
    );
  }
  return single;
}

function normaliseLabels(input: unknown): NormalisedTableLabels {
  if (input !== undefined && (typeof input !== 'object' || input === null)) {
    throw new RenderError('bad-option', 'labels must be an object', { labels: input });
  }
  const labels = input as Unchecked<TableLabels>;
  const defaults = DEFAULT_TABLE_LABELS;
  const colorsInput = labels?.colors;
  if (colorsInput !== undefined && (!Array.isArray(colorsInput) || colorsInput.length !== 4)) {
    throw new RenderError('bad-option', 'labels.colors must be four strings, one per seat', {
      colors: colorsInput,
    });
  }
  const colors = SEATS.map((seat) => {
    const color = checkLabel(
      (colorsInput as unknown[] | undefined)?.[seat],
      defaults.colors[seat],
      `colors[${seat}]`,
    );
    if (color === '') {
      throw new RenderError('bad-option', `labels.colors[${seat}] is empty`, { seat });
    }
    return color;
  }) as unknown as PerSeat<string>;
  return {
    colors,
    toMove: checkLabel(labels?.toMove, defaults.toMove, 'toMove'),
    count: checkLabel(labels?.count, defaults.count, 'count'),
    out: checkLabel(labels?.out, defaults.out, 'out'),
    place: checkLabel(labels?.place, defaults.place, 'place'),
    points: checkLabel(labels?.points, defaults.points, 'points'),
  };
}

function normaliseNames(input: unknown, colors: PerSeat<string>): PerSeat<string> {
  if (input !== undefined && (typeof input !== 'object' || input === null)) {
    throw new RenderError('bad-option', 'names must be an object of names by seat', {
      names: input,
    });
  }
  const names = input as Unchecked<Record<Seat, string>>;
  return SEATS.map((seat) => {
    const name: unknown = names?.[seat];
    if (name === undefined || name === null) return colors[seat];
    if (typeof name !== 'string') {
      throw new RenderError('bad-option', `names[${seat}] must be a string, got ${typeof name}`, {
        seat,
      });
    }
    const single = [...name.replace(/\s+/g, ' ').trim()].slice(0, MAX_NAME_LENGTH).join('');
    return single === '' ? colors[seat] : single;
  }) as unknown as PerSeat<string>;
}

/** Fills in defaults and refuses anything the renderer cannot draw. */
export function normaliseTableOptions(options: TableRenderOptions = {}): NormalisedTableOptions {
  const input = options as Unchecked<TableRenderOptions>;
  const bottom = input?.bottom ?? 0;
  if (!isSeat(bottom)) {
    throw new RenderError(
      'bad-orientation',
      `bottom must be a seat 0 to 3 (White, Red, Black, Green), got ${JSON.stringify(bottom)}`,
      { bottom },
    );
  }
  const end = input?.end ?? null;
  if (end !== null && end !== 'last-player' && end !== 'no-capture-limit') {
    throw new RenderError(
      'bad-option',
      `end must be 'last-player' or 'no-capture-limit', got ${JSON.stringify(end)}`,
      { end },
    );
  }
  const labels = normaliseLabels(input?.labels);
  const { lastMove, selected } = normaliseMarks(
    GEOMETRY_8.squareCount,
    input?.lastMove as LastMove | null | undefined,
    input?.selected as Selection | null | undefined,
  );
  const captionInput = input?.caption as Caption | null | undefined;
  const caption =
    captionInput === undefined || captionInput === null ? null : normaliseCaption(captionInput);
  return {
    size: checkSize(input?.size),
    bottom,
    lastMove,
    selected,
    coordinates: checkCoordinates(input?.coordinates),
    theme: checkTheme(input?.theme),
    names: normaliseNames(input?.names, labels.colors),
    letters: labels.colors.map((color) =>
      [...color][0]!.toUpperCase(),
    ) as unknown as PerSeat<string>,
    labels,
    end,
    caption,
  };
}

/**
 * The cache key: everything the picture depends on and nothing else (the position's columns,
 * seats, turn and finishes, and every option). Apart from the board kind and the content, it
 * cannot collide with a two-player board's key, which starts 'board' or 'captioned'.
 */
export function tableRenderKey(position: TablePosition, options: NormalisedTableOptions): string {
  const columns = position.columns
    .map((column) =>
      column === null ? '' : `${column.owner}.${column.height}${column.king ? 'k' : ''}`,
    )
    .join(',');
  return [
    'table',
    position.variant,
    position.seats.join(''),
    position.turn,
    position.finished
      .map((finish) => `${finish.seat}${finish.how === 'count' ? '+' : '-'}`)
      .join(','),
    columns,
    options.size,
    options.bottom,
    ...sharedOptionsKey(options),
    options.end ?? '',
    // The words last, as JSON so that no separator inside them can make two keys equal.
    JSON.stringify([options.names, options.labels, options.caption]),
  ].join('|');
}

/**
 * A table render request checked and made canonical: a plain copy of the position, the
 * normalised options and the cache key. Throws RenderError on what cannot be drawn.
 */
export function prepareTableRender(
  position: TablePosition,
  options: TableRenderOptions = {},
): { position: TablePosition; options: NormalisedTableOptions; key: string } {
  const checked = validateTablePosition(position);
  const normalised = normaliseTableOptions(options);
  return { position: checked, options: normalised, key: tableRenderKey(checked, normalised) };
}
