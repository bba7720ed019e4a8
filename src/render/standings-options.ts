/**
 * The tournament standings picture: what a caller gives and its validation (its cache key is
 * kinds/themed.ts's). Pure: no canvas here. All text comes in translated, so the renderer
 * imports no catalog.
 */
import {
  checkArray,
  checkFlag,
  checkLine,
  checkOptionalLine,
  checkRecord,
  cutName,
} from './picture-checks.js';
import { MAX_NAME_LENGTH } from './table-options.js';

/** Headings of the columns beside the grid. */
export interface StandingsHeaders {
  readonly place: string;
  readonly player: string;
  readonly points: string;
  /** One per tie-break column, e.g. ["SB"] or ["Buch", "SB"]. */
  readonly tieBreaks: readonly string[];
}

/** One player's line of the table. */
export interface StandingsRow {
  /** "1", or a shared place such as "2-3". */
  readonly place: string;
  /** As the player chose it: long names are cut with "…", characters the font lacks dropped. */
  readonly name: string;
  /** "2½" */
  readonly points: string;
  /** One per tie-break heading. */
  readonly tieBreaks: readonly string[];
  /**
   * One per grid column: "1", "0", "½", "+", "−", "=" (bye), "" (not played), "×" (the player
   * against themself in a round robin: the cell is shaded), or any short text (Swiss "12w1").
   */
  readonly cells: readonly string[];
  /** Drawn greyed, the name struck through. */
  readonly withdrawn?: boolean;
  /** Tinted and bold (the winner, or the player looking at the table). */
  readonly highlight?: boolean;
}

/** Everything the standings picture shows; all text is already translated by the caller. */
export interface StandingsPicture {
  /** e.g. "Autumn Cup — Bashni, round robin" */
  readonly title: string;
  /** e.g. "after round 3 of 5" */
  readonly subtitle?: string;
  readonly headers: StandingsHeaders;
  /** Grid column headings: round robin "1".."n" (opponent numbers), Swiss "1".."k" (rounds). */
  readonly gridHeaders: readonly string[];
  readonly rows: readonly StandingsRow[];
  readonly footer?: string;
}

/**
 * A checked standings picture: every text one line, absent text '', flags filled in. Plain
 * data, sent as is to a render worker (which checks it again).
 */
export interface NormalisedStandings extends StandingsPicture {
  readonly subtitle: string;
  readonly rows: readonly NormalisedStandingsRow[];
  readonly footer: string;
}

export interface NormalisedStandingsRow extends StandingsRow {
  readonly withdrawn: boolean;
  readonly highlight: boolean;
}

/**
 * Most rows and grid columns accepted. The picture is laid out for 24 rows and 23 columns
 * (a phone screen's worth); up to these it still draws, taller or with narrower cells.
 */
export const MAX_STANDINGS_ROWS = 64;
export const MAX_GRID_COLUMNS = 32;
export const MAX_TIE_BREAKS = 4;
/** Longest title, subtitle and footer. */
export const MAX_STANDINGS_LINE_LENGTH = 160;
/** Longest heading (a column's name). */
export const MAX_HEADING_LENGTH = 24;
/** Longest place, points, tie-break value or grid cell: they are numbers and short marks. */
export const MAX_CELL_LENGTH = 10;

const CODE = 'bad-standings';

function normaliseRow(
  input: unknown,
  index: number,
  gridColumns: number,
  tieBreaks: number,
): NormalisedStandingsRow {
  const what = `rows[${index}]`;
  const row = checkRecord(CODE, input, what);
  const short = (value: unknown, field: string) =>
    checkLine(CODE, value, `${what}.${field}`, MAX_CELL_LENGTH);
  const list = (value: unknown, field: string, length: number) =>
    checkArray(CODE, value, `${what}.${field}`, length, length).map((entry, i) =>
      short(entry, `${field}[${i}]`),
    );
  return {
    place: short(row.place, 'place'),
    name: cutName(CODE, row.name, `${what}.name`, MAX_NAME_LENGTH),
    points: short(row.points, 'points'),
    tieBreaks: list(row.tieBreaks, 'tieBreaks', tieBreaks),
    cells: list(row.cells, 'cells', gridColumns),
    withdrawn: checkFlag(CODE, row.withdrawn, `${what}.withdrawn`),
    highlight: checkFlag(CODE, row.highlight, `${what}.highlight`),
  };
}

/**
 * Checks a standings picture and returns its canonical copy. Throws RenderError 'bad-standings'
 * on anything it cannot draw: a missing or overlong text, a row whose cells do not match the
 * grid headings or whose tie-breaks do not match theirs, more rows or columns than the limits.
 */
export function normaliseStandings(picture: StandingsPicture): NormalisedStandings {
  const input = checkRecord(CODE, picture, 'the standings picture');
  const headersInput = checkRecord(CODE, input.headers, 'headers');
  const heading = (value: unknown, what: string) =>
    checkLine(CODE, value, what, MAX_HEADING_LENGTH);
  const tieBreaks = checkArray(CODE, headersInput.tieBreaks, 'headers.tieBreaks', MAX_TIE_BREAKS);
  const gridHeaders = checkArray(CODE, input.gridHeaders, 'gridHeaders', MAX_GRID_COLUMNS);
  const rows = checkArray(CODE, input.rows, 'rows', MAX_STANDINGS_ROWS);
  return {
    title: checkLine(CODE, input.title, 'title', MAX_STANDINGS_LINE_LENGTH),
    subtitle: checkOptionalLine(CODE, input.subtitle, 'subtitle', MAX_STANDINGS_LINE_LENGTH),
    headers: {
      place: heading(headersInput.place, 'headers.place'),
      player: heading(headersInput.player, 'headers.player'),
      points: heading(headersInput.points, 'headers.points'),
      tieBreaks: tieBreaks.map((value, i) => heading(value, `headers.tieBreaks[${i}]`)),
    },
    gridHeaders: gridHeaders.map((value, i) =>
      checkLine(CODE, value, `gridHeaders[${i}]`, MAX_CELL_LENGTH),
    ),
    rows: rows.map((row, i) => normaliseRow(row, i, gridHeaders.length, tieBreaks.length)),
    footer: checkOptionalLine(CODE, input.footer, 'footer', MAX_STANDINGS_LINE_LENGTH),
  };
}
