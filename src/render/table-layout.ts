/**
 * Pure geometry and text of a table game's picture (Zhernov's four-player game): the board
 * turned so that one seat's home edge is at the bottom, every seat's edge marked in its colour,
 * and the standings under the board. Nothing here touches the canvas library.
 *
 *   +--------------------------------+
 *   |        ( B )  Black's edge      |   frame: coordinates outside, the seats' marks inside:
 *   |  +--------------------------+  |   a bar along each taken seat's home edge and a chip
 *   |  |                          |  |   with its letter in the middle of the side
 *   | (R)         8 x 8          (G) |
 *   |  |                          |  |
 *   |  +--------------------------+  |
 *   |        ( W )  White's edge      |
 *   +--------------------------------+
 *   | > (W) Anna            to move  |   standings: one line per seat, in seat order
 *   |   (R) Red                      |
 *   |   (B) Egor    [crown] count · #1 · 4 pts
 *   |   (G) Green          out · #4 · 0 pts
 *   +--------------------------------+
 *   | optional caption band           |
 *   +--------------------------------+
 *
 * Seats sit clockwise round the board (White rank 1, Red file a, Black rank 8, Green file h), and
 * so do the sides of the picture (bottom, left, top, right), so the seat at the bottom decides
 * where every other one goes: seat s is (s - bottom) sides clockwise from the bottom. Turning
 * the picture a quarter counter-clockwise brings the next seat clockwise to the bottom, so the
 * picture with seat s at the bottom is s quarter turns from White's view (layout.ts squareCell).
 */
import { GEOMETRY_8 } from '../engine/index.js';
import { activeSeats, standings, type Seat, type TablePosition } from '../engine/multi/index.js';
import {
  captionLayout,
  frameEdgeWidth,
  type BoardLayout,
  type CaptionLayout,
  type Point,
  type QuarterTurns,
  type Rect,
} from './layout.js';
import type { NormalisedTableLabels, NormalisedTableOptions } from './table-options.js';

export type ScreenSide = 'bottom' | 'left' | 'top' | 'right';

/** The sides of the picture clockwise from the bottom, as the seats sit clockwise. */
const SIDES_CLOCKWISE: readonly ScreenSide[] = ['bottom', 'left', 'top', 'right'];

export interface Circle {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

export type Triangle = readonly [Point, Point, Point];

/** The quarter turns of the picture with `bottom`'s home edge at the bottom. */
export function tableTurns(bottom: Seat): QuarterTurns {
  return bottom;
}

/** The side of the picture along which `seat`'s home edge lies when `bottom`'s is at the bottom. */
export function seatSide(seat: Seat, bottom: Seat): ScreenSide {
  return SIDES_CLOCKWISE[(seat - bottom + 4) % 4]!;
}

/** Where a seat's home edge is marked. */
export interface EdgeMark {
  readonly seat: Seat;
  readonly side: ScreenSide;
  /** The bar in the seat's colour along the whole side of the squares. */
  readonly bar: Rect;
  /** The gold rim behind the bar of the seat to move: the bar widened on both long sides. */
  readonly rim: Rect;
  /** The chip with the seat's letter, in the middle of the side. */
  readonly chip: Circle;
  readonly letterFontSize: number;
  /** The ring round the chip of the seat to move. */
  readonly ringWidth: number;
  /** Two arrowheads on the bar either side of the chip, pointing at the board (seat to move). */
  readonly arrows: readonly [Triangle, Triangle];
  /**
   * Everything the mark may paint, clear of the squares and of the other sides' zones: restored
   * from the background and read back on every render.
   */
  readonly zone: Rect;
}

/** One line of the standings. */
export interface StandingsLineLayout {
  readonly seat: Seat;
  readonly rect: Rect;
  readonly centerY: number;
  /** The arrow left of the chip on the line of the seat to move. */
  readonly marker: Triangle;
  readonly chip: Circle;
  readonly letterFontSize: number;
  /** Left end of the name. */
  readonly nameX: number;
  readonly nameFontSize: number;
  /** Right end of the status (to move, or title, place and points). */
  readonly statusRight: number;
  readonly statusFontSize: number;
  /** Width of the coronet drawn before the status of a count. */
  readonly crownWidth: number;
  /** Room for the name, the status and the coronet together. */
  readonly textWidth: number;
}

export interface StandingsLayout {
  /** The panel under the board: painted whole on every render. */
  readonly area: Rect;
  /** Height of the rule across its top. */
  readonly ruleHeight: number;
  readonly lines: readonly StandingsLineLayout[];
}

export interface TableLayout {
  readonly size: number;
  /** Height of the whole image: board, standings and caption. */
  readonly height: number;
  /** The board part (size x size), turned; its edge band holds the seats' bars. */
  readonly board: BoardLayout;
  /** One per seat taken, in seat order. */
  readonly edges: readonly EdgeMark[];
  readonly standings: StandingsLayout;
  readonly caption: CaptionLayout | null;
}

/** Shares of the image width: the seats' bars next to the squares, and the frame outside them. */
const EDGE_BAND = 0.032;
const OUTER_WITH_COORDINATES = 0.05;
const OUTER_PLAIN = 0.022;
/** A standings line's height, as a share of the image width, and its floor in px. */
const STANDINGS_LINE = 0.062;
const STANDINGS_LINE_MIN = 18;

/**
 * The layout of a table picture `size` px wide with `bottom`'s home edge at the bottom, marks
 * on the edges of the seats taken, one standings line per seat taken, and a caption band if
 * `caption`.
 */
export function tableLayout(
  size: number,
  bottom: Seat,
  coordinates: boolean,
  seats: readonly Seat[],
  caption: boolean,
): TableLayout {
  const edgeBand = Math.max(6, Math.round(size * EDGE_BAND));
  const margin = edgeBand + Math.round(size * (coordinates ? OUTER_WITH_COORDINATES : OUTER_PLAIN));
  const n = GEOMETRY_8.files;
  const squareSize = Math.floor((size - 2 * margin) / n);
  const left = Math.floor((size - squareSize * n) / 2);
  const turns = tableTurns(bottom);
  const board: BoardLayout = {
    size,
    height: size,
    columns: n,
    rows: n,
    squareSize,
    left,
    top: left,
    flipped: turns === 2,
    turns,
    coordinates,
    edgeBand,
    tally: false,
  };
  const edges = seats.map((seat) => edgeMark(board, seat, seatSide(seat, bottom)));
  const standingsLayout = standingsPanel(size, size, seats);
  const standingsBottom = standingsLayout.area.y + standingsLayout.area.height;
  const band = caption ? captionLayout(size, standingsBottom) : null;
  return {
    size,
    height: band === null ? standingsBottom : band.band.y + band.band.height,
    board,
    edges,
    standings: standingsLayout,
    caption: band,
  };
}

function rectBetween(a: Point, b: Point): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/**
 * The mark of one seat's edge. Written once in side coordinates (`along` the side from one
 * corner of the squares, `out` away from them) and mapped to each side of the picture.
 */
function edgeMark(board: BoardLayout, seat: Seat, side: ScreenSide): EdgeMark {
  const { left: x0, top: y0, squareSize } = board;
  const length = squareSize * board.columns;
  const frame = board.left;
  const at = (along: number, out: number): Point => {
    switch (side) {
      case 'bottom':
        return { x: x0 + along, y: y0 + length + out };
      case 'top':
        return { x: x0 + length - along, y: y0 - out };
      case 'left':
        return { x: x0 - out, y: y0 + along };
      case 'right':
        return { x: x0 + length + out, y: y0 + length - along };
    }
  };
  const inlay = 2 * frameEdgeWidth(board.size);
  // Room between the inlay and the bar for the rim of the seat to move.
  const ringWidth = Math.max(2, Math.round(frame * 0.07));
  const barOut = Math.max(inlay + Math.max(1, Math.round(board.edgeBand * 0.08)), ringWidth);
  const barThickness = Math.max(3, board.edgeBand - barOut - Math.round(board.edgeBand * 0.12));
  const radius = Math.round(frame * 0.34);
  const middle = length / 2;
  const chipCenter = at(middle, frame / 2);
  // Arrowheads across the whole edge band, tips at the squares, a little off the ring.
  const arrowHeight = board.edgeBand - inlay;
  const arrowWidth = arrowHeight * 1.6;
  const arrow = (direction: 1 | -1): Triangle => {
    const near = middle + direction * (radius + ringWidth * 2);
    const far = near + direction * arrowWidth;
    const center = (near + far) / 2;
    return [at(near, board.edgeBand), at(center, inlay), at(far, board.edgeBand)];
  };
  return {
    seat,
    side,
    bar: rectBetween(at(0, barOut), at(length, barOut + barThickness)),
    rim: rectBetween(at(0, barOut - ringWidth), at(length, barOut + barThickness + ringWidth)),
    chip: { x: chipCenter.x, y: chipCenter.y, radius },
    letterFontSize: Math.max(8, Math.round(radius * 1.15)),
    ringWidth,
    arrows: [arrow(-1), arrow(1)],
    zone: rectBetween(at(0, 0), at(length, frame)),
  };
}

function standingsPanel(size: number, top: number, seats: readonly Seat[]): StandingsLayout {
  const lineHeight = Math.max(STANDINGS_LINE_MIN, Math.round(size * STANDINGS_LINE));
  const padding = Math.max(4, Math.round(size * 0.022));
  const ruleHeight = Math.max(2, Math.round(size * 0.004));
  const area: Rect = {
    x: 0,
    y: top,
    width: size,
    height: 2 * padding + ruleHeight + seats.length * lineHeight,
  };
  const inset = Math.round(size * 0.035);
  const radius = Math.round(lineHeight * 0.32);
  const markerWidth = Math.round(lineHeight * 0.3);
  const gap = Math.round(lineHeight * 0.25);
  const lines = seats.map((seat, i): StandingsLineLayout => {
    const y = top + ruleHeight + padding + i * lineHeight;
    const centerY = y + lineHeight / 2;
    const markerLeft = inset;
    const chipX = markerLeft + markerWidth + gap + radius;
    const nameX = chipX + radius + gap;
    const statusRight = size - inset;
    const half = markerWidth * 0.6;
    return {
      seat,
      rect: { x: 0, y, width: size, height: lineHeight },
      centerY,
      marker: [
        { x: markerLeft, y: centerY - half },
        { x: markerLeft + markerWidth, y: centerY },
        { x: markerLeft, y: centerY + half },
      ],
      chip: { x: chipX, y: centerY, radius },
      letterFontSize: Math.max(8, Math.round(radius * 1.15)),
      nameX,
      nameFontSize: Math.max(9, Math.round(lineHeight * 0.46)),
      statusRight,
      statusFontSize: Math.max(9, Math.round(lineHeight * 0.4)),
      crownWidth: Math.round(lineHeight * 0.5),
      textWidth: statusRight - nameX,
    };
  });
  return { area, ruleHeight, lines };
}

// ---------------------------------------------------------------------------------------------
// What the picture says

/**
 * 'to-move': the seat to move; 'playing': in the game, waiting (or the game ended with it
 * still playing); 'finished': became count or went out.
 */
export type SeatState = 'to-move' | 'playing' | 'finished';

/** One seat's line of the standings, as text. */
export interface StandingLine {
  readonly seat: Seat;
  readonly letter: string;
  readonly name: string;
  readonly state: SeatState;
  /** Became count: a coronet goes before the status. */
  readonly count: boolean;
  /** "to move", or the title, place and points once placed; empty while waiting. */
  readonly status: string;
}

/**
 * How the game ended, if it did: the caller's word, or 'last-player' once fewer than two seats
 * are playing (the engine's tableStatus says the same).
 */
export function tableEnd(
  position: TablePosition,
  end: NormalisedTableOptions['end'],
): 'last-player' | 'no-capture-limit' | null {
  if (end !== null) return end;
  return activeSeats(position).length < 2 ? 'last-player' : null;
}

/** The seat to move, or null when the game is over. */
export function seatToMove(
  position: TablePosition,
  end: NormalisedTableOptions['end'],
): Seat | null {
  return tableEnd(position, end) === null ? position.turn : null;
}

/** Points as people write them: whole, or with at most two decimals (shared places). */
export function formatPoints(points: number): string {
  return Number.isInteger(points) ? String(points) : String(Math.round(points * 100) / 100);
}

function fill(template: string, name: string, value: string): string {
  return template.split(`{${name}}`).join(value);
}

/** The text of every standings line, in seat order (the seats taken only). */
export function tableStandings(
  position: TablePosition,
  options: Pick<NormalisedTableOptions, 'names' | 'letters' | 'labels' | 'end'>,
): StandingLine[] {
  const end = tableEnd(position, options.end);
  const toMove = seatToMove(position, options.end);
  const finished = new Set(position.finished.map((finish) => finish.seat));
  const labels: NormalisedTableLabels = options.labels;
  return standings(position, end ?? undefined).map((line): StandingLine => {
    const seat = line.seat;
    const parts: string[] = [];
    if (seat === toMove) parts.push(labels.toMove);
    if (finished.has(seat)) parts.push(line.count ? labels.count : labels.out);
    if (line.place !== null) parts.push(fill(labels.place, 'place', String(line.place)));
    if (line.points !== null) parts.push(fill(labels.points, 'points', formatPoints(line.points)));
    return {
      seat,
      letter: options.letters[seat],
      name: options.names[seat],
      state: seat === toMove ? 'to-move' : finished.has(seat) ? 'finished' : 'playing',
      count: line.count,
      status: parts.filter((part) => part !== '').join(' · '),
    };
  });
}
