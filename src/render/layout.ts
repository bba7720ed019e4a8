/**
 * Pure geometry of a board image: where every square, label, disc, crown and marker goes, in
 * pixels. Nothing here touches the canvas library, so tests (and the pixel tests that need to
 * know where to look) can use it directly.
 *
 * The image is `size` px wide: a frame (wider when it carries coordinates) around `columns` x
 * `rows` squares (files x ranks) of a whole number of pixels each, so that square edges are
 * crisp. A square board's image is square; a wider board's (Adiyukh's 10 files by 8 ranks) is
 * as much lower. Screen columns run left to right and rows top to bottom. A two-player board
 * is seen from White's or Black's side; a square board may also be turned a quarter (the
 * four-player table, seen from the side of any seat), counted in quarter turns of the picture
 * counter-clockwise, n = columns = rows:
 *
 *   0, White at the bottom:  column = file,               row = rows - 1 - rank
 *   1, rank 1 on the right:  column = n - 1 - rank,       row = n - 1 - file
 *   2, Black at the bottom:  column = columns - 1 - file, row = rank
 *   3, rank 1 on the left:   column = rank,               row = file
 *
 * A stack is drawn as a side view of a pile of discs standing in its square, bottom piece at
 * the bottom. Each disc is a short cylinder seen slightly from above: a side band of thickness
 * `t` between two ellipses of radii (radiusX, radiusY). Discs are painted bottom first, so each
 * one hides the top face of the disc below and leaves its side band showing:
 *
 *        ____________
 *       (   top face   )   <- top disc: face centre at disc.top
 *       |(____________)|   <- disc.bottom of the top disc = disc.top of the disc below
 *       |(____________)|
 *        (____________)    <- bottom disc's lower edge: ellipse centred at its disc.bottom
 */
import {
  FILE_LETTERS,
  type Color,
  type HalfCounts,
  type Side,
  type Stack,
} from '../engine/index.js';

/** Accepted image widths in pixels: below 200 a board is unreadable, above 2000 it is waste. */
export const MIN_SIZE = 200;
export const MAX_SIZE = 2000;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Files across and ranks up (a Geometry is one). */
export interface BoardShape {
  readonly files: number;
  readonly ranks: number;
}

/** Quarter turns of the picture counter-clockwise from White's view (see the top of this file). */
export type QuarterTurns = 0 | 1 | 2 | 3;

export interface BoardLayout {
  /** Width of the board image. */
  readonly size: number;
  /** Its height (without a caption band): `size` for a square board. */
  readonly height: number;
  /** Screen columns (files) and rows (ranks) of squares. */
  readonly columns: number;
  readonly rows: number;
  /** Side of one square in whole pixels. */
  readonly squareSize: number;
  /** Top-left corner of the squares. */
  readonly left: number;
  readonly top: number;
  /** Seen from Black's side (two quarter turns). */
  readonly flipped: boolean;
  /** Quarter turns counter-clockwise; 1 and 3 only on square boards. */
  readonly turns: QuarterTurns;
  readonly coordinates: boolean;
  /**
   * Width of a band of the frame next to the squares kept free of coordinates (the table's
   * seat marks); 0 on two-player boards, whose coordinates are centred in the whole frame.
   */
  readonly edgeBand: number;
  /**
   * Whether a strip on the right of the board is kept for the half count (variants scored by
   * it): the squares are then a little smaller and sit left of centre. False for all others,
   * whose layout does not change.
   */
  readonly tally: boolean;
}

/** Frame width as a share of the image: room for coordinates, or a thin wooden edge. */
const FRAME_WITH_COORDINATES = 0.05;
const FRAME_PLAIN = 0.02;
/** Width of the half-count strip as a share of the image, on top of the frame. */
const TALLY_STRIP = 0.08;

/** The layout of an image `size` px wide of a board of `shape` (n: an n x n board). */
export function boardLayout(
  size: number,
  shape: number | BoardShape,
  orientation: Side,
  coordinates: boolean,
  tally = false,
): BoardLayout {
  const { files: columns, ranks: rows } =
    typeof shape === 'number' ? { files: shape, ranks: shape } : shape;
  const margin = Math.round(size * (coordinates ? FRAME_WITH_COORDINATES : FRAME_PLAIN));
  const strip = tally ? Math.round(size * TALLY_STRIP) : 0;
  const squareSize = Math.floor(
    Math.min((size - 2 * margin - strip) / columns, (size - 2 * margin) / rows),
  );
  const left = Math.floor((size - strip - squareSize * columns) / 2);
  // A board wider than high gets a frame as wide at the top and bottom as at the sides.
  const height = rows === columns ? size : squareSize * rows + 2 * left;
  // Without a strip on a square board this is `left`: the board is centred.
  const top = Math.floor((height - squareSize * rows) / 2);
  return {
    size,
    height,
    columns,
    rows,
    squareSize,
    left,
    top,
    flipped: orientation === 'black',
    turns: orientation === 'black' ? 2 : 0,
    coordinates,
    edgeBand: 0,
    tally,
  };
}

/** Width of the frame's outer edge and half the width of the inlay line round the squares. */
export function frameEdgeWidth(size: number): number {
  return Math.max(1, Math.round(size * 0.003));
}

/** Screen column and row of a square given by its 0-based file and rank. */
export function squareCell(
  layout: BoardLayout,
  file: number,
  rank: number,
): { column: number; row: number } {
  const { columns, rows } = layout;
  switch (layout.turns) {
    case 0:
      return { column: file, row: rows - 1 - rank };
    case 1:
      return { column: columns - 1 - rank, row: rows - 1 - file };
    case 2:
      return { column: columns - 1 - file, row: rank };
    case 3:
      return { column: rank, row: file };
  }
}

/** The 0-based file and rank shown in a screen cell: the inverse of squareCell. */
export function cellSquare(
  layout: BoardLayout,
  column: number,
  row: number,
): { file: number; rank: number } {
  const { columns, rows } = layout;
  switch (layout.turns) {
    case 0:
      return { file: column, rank: rows - 1 - row };
    case 1:
      return { file: rows - 1 - row, rank: columns - 1 - column };
    case 2:
      return { file: columns - 1 - column, rank: row };
    case 3:
      return { file: row, rank: column };
  }
}

export function cellRect(layout: BoardLayout, column: number, row: number): Rect {
  const s = layout.squareSize;
  return { x: layout.left + column * s, y: layout.top + row * s, width: s, height: s };
}

export function squareRect(layout: BoardLayout, file: number, rank: number): Rect {
  const { column, row } = squareCell(layout, file, rank);
  return cellRect(layout, column, row);
}

export function squareCenter(layout: BoardLayout, file: number, rank: number): Point {
  const rect = squareRect(layout, file, rank);
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/** Whether a screen cell is a dark (playable) square: a1 is dark, so file + rank is even. */
export function cellIsDark(layout: BoardLayout, column: number, row: number): boolean {
  const { file, rank } = cellSquare(layout, column, row);
  return (file + rank) % 2 === 0;
}

export interface Label {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

/**
 * Labels under the board and to its left, centred in the frame outside its edge band: file
 * letters below and rank numbers left when the files run across the screen (White or Black at
 * the bottom), rank numbers below and file letters left on a board turned a quarter. `files`
 * are the labels under the board and `ranks` those to its left, whatever they name.
 */
export function coordinateLabels(layout: BoardLayout): {
  fontSize: number;
  files: Label[];
  ranks: Label[];
} {
  const s = layout.squareSize;
  const { columns, rows, edgeBand } = layout;
  const bottomFrame = layout.height - (layout.top + s * rows) - edgeBand;
  const leftFrame = layout.left - edgeBand;
  const filesAcross = layout.turns % 2 === 0;
  // Two-digit ranks (10) must fit the left frame as well as one-digit ones.
  const digits = rows >= 10 ? 0.5 : 0.62;
  const fontSize = Math.max(9, Math.round(Math.min(leftFrame, bottomFrame) * digits));
  const name = (square: { file: number; rank: number }, file: boolean): string =>
    file ? FILE_LETTERS.charAt(square.file) : String(square.rank + 1);
  const files: Label[] = [];
  const ranks: Label[] = [];
  for (let i = 0; i < columns; i++) {
    files.push({
      text: name(cellSquare(layout, i, rows - 1), filesAcross),
      x: layout.left + i * s + s / 2,
      y: layout.top + s * rows + edgeBand + bottomFrame / 2,
    });
  }
  for (let i = 0; i < rows; i++) {
    ranks.push({
      text: name(cellSquare(layout, 0, i), !filesAcross),
      x: leftFrame / 2,
      y: layout.top + i * s + s / 2,
    });
  }
  return { fontSize, files, ranks };
}

// ---------------------------------------------------------------------------------------------
// Stack profiles

/** One disc of a pile, in pixels from the top-left corner of its square. */
export interface DiscShape {
  readonly color: Color;
  readonly king: boolean;
  /** Centre of the disc's top face. */
  readonly top: number;
  /** Centre of the ellipse that closes its side band below. */
  readonly bottom: number;
}

/** A run of same-coloured discs (a stack has at most two: owner over prisoners). */
export interface RunShape {
  readonly color: Color;
  readonly count: number;
  readonly top: number;
  readonly bottom: number;
}

/** The printed height of a tall stack: a rounded badge in the square's top-right corner. */
export interface Badge {
  readonly text: string;
  readonly rect: Rect;
  readonly fontSize: number;
}

/** A count printed on the side of a run when the discs are too thin to count. */
export interface RunLabel {
  readonly color: Color;
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly fontSize: number;
}

export interface StackProfile {
  readonly squareSize: number;
  readonly centerX: number;
  readonly radiusX: number;
  readonly radiusY: number;
  /** Bottom disc first. */
  readonly discs: readonly DiscShape[];
  /** Bottom run first. */
  readonly runs: readonly RunShape[];
  /**
   * True when the discs are thinner than the smallest countable thickness: runs are then given
   * a minimum height, discs are separated by hairlines only and each run prints its count.
   */
  readonly compressed: boolean;
  /** Whether buried kings get a small crown on their side band (when it is thick enough). */
  readonly bandCrowns: boolean;
  readonly badge: Badge | null;
  readonly runLabels: readonly RunLabel[];
}

/** Shares of the square side. */
const PILE_RADIUS_X = 0.42;
const PILE_RADIUS_Y = 0.15;
const PILE_MAX_THICKNESS = 0.19;
/** The pile stays inside this share of the square height, centred. */
const PILE_ROOM = 0.94;
/** Stacks from this height on print their height even when every disc can be counted. */
export const BADGE_FROM_HEIGHT = 5;

/** Thinnest disc, in px, that still shows its colour between two outlines. */
function minimumThickness(squareSize: number): number {
  return Math.max(4, Math.round(squareSize * 0.06));
}

/** Where every disc of `stack` goes inside a square of `squareSize` px. */
export function stackProfile(stack: Stack, squareSize: number): StackProfile {
  const s = squareSize;
  const height = stack.height;
  const radiusX = s * PILE_RADIUS_X;
  const radiusY = s * PILE_RADIUS_Y;
  const bandRoom = s * PILE_ROOM - 2 * radiusY;
  const even = Math.floor(Math.min(s * PILE_MAX_THICKNESS, bandRoom / height));
  const compressed = even < minimumThickness(s);

  const colors: Color[] = [];
  const kings: boolean[] = [];
  for (let i = 0; i < height; i++) {
    colors.push(((stack.colors >>> i) & 1) as Color);
    kings.push(((stack.kings >>> i) & 1) === 1);
  }
  const runSpans: { color: Color; start: number; count: number }[] = [];
  colors.forEach((color, i) => {
    const run = runSpans.at(-1);
    if (run !== undefined && run.color === color) run.count++;
    else runSpans.push({ color, start: i, count: 1 });
  });

  // Thickness of every disc, bottom first.
  const thickness: number[] = [];
  if (!compressed) {
    for (let i = 0; i < height; i++) thickness.push(even);
  } else {
    // Every run gets a floor so that one prisoner under twenty pieces still shows, and the
    // rest of the room in proportion to its count. (A legal stack has at most two runs; the
    // floor shrinks for anything else.)
    const floor = Math.min(Math.max(6, s * 0.12), bandRoom / runSpans.length);
    const spare = Math.max(0, bandRoom - floor * runSpans.length);
    for (const run of runSpans) {
      const runHeight = floor + (spare * run.count) / height;
      for (let i = 0; i < run.count; i++) thickness.push(runHeight / run.count);
    }
  }
  const band = thickness.reduce((sum, t) => sum + t, 0);
  const pileTop = Math.round((s - (band + 2 * radiusY)) / 2);
  const discs: DiscShape[] = [];
  let bottom = pileTop + radiusY + band;
  // thickness, colors and kings all hold one entry per piece, `height` in all.
  for (let i = 0; i < height; i++) {
    const top = bottom - thickness[i]!;
    discs.push({ color: colors[i]!, king: kings[i]!, top, bottom });
    bottom = top;
  }
  const runs: RunShape[] = runSpans.map((run) => ({
    color: run.color,
    count: run.count,
    top: discs[run.start + run.count - 1]!.top,
    bottom: discs[run.start]!.bottom,
  }));

  const runLabels: RunLabel[] = [];
  if (compressed) {
    for (const run of runs) {
      const fontSize = Math.min(Math.round(s * 0.3), Math.floor((run.bottom - run.top) * 0.95));
      if (fontSize < 7) continue;
      runLabels.push({
        color: run.color,
        text: String(run.count),
        x: s / 2,
        // The front of a run's side band lies radiusY below its disc centres.
        y: (run.top + run.bottom) / 2 + radiusY,
        fontSize,
      });
    }
  }

  return {
    squareSize: s,
    centerX: s / 2,
    radiusX,
    radiusY,
    discs,
    runs,
    compressed,
    bandCrowns: !compressed && even >= 10,
    badge:
      compressed || height >= BADGE_FROM_HEIGHT
        ? heightBadge(height, s, discs[height - 1]!.top, s / 2 + radiusX)
        : null,
    runLabels,
  };
}

/** DejaVu Sans Bold digits are 0.696 em wide. */
const DIGIT_WIDTH_EM = 0.696;

/**
 * The height badge sits on the right end of the pile's top face, so that it moves with the
 * pile, never covers a side band, and leaves the left of the face for a king's crown.
 */
function heightBadge(height: number, s: number, faceY: number, pileRight: number): Badge {
  const text = String(height);
  const fontSize = Math.max(9, Math.round(s * 0.25));
  const badgeHeight = Math.round(fontSize * 1.3);
  const width = Math.max(
    badgeHeight,
    Math.ceil(text.length * DIGIT_WIDTH_EM * fontSize + fontSize * 0.6),
  );
  const inset = Math.max(1, Math.round(s * 0.02));
  const right = Math.min(s - inset, pileRight + s * 0.04);
  const y = Math.max(inset, Math.round(faceY - badgeHeight / 2));
  return { text, rect: { x: Math.round(right - width), y, width, height: badgeHeight }, fontSize };
}

// ---------------------------------------------------------------------------------------------
// Crown

export interface CrownShape {
  /**
   * Closed outline of the crown, clockwise: base left, the three tips with the two dips between
   * them, base right. Point 3 is the middle tip, the crown's top.
   */
  readonly outline: readonly [Point, Point, Point, Point, Point, Point, Point];
  /** Balls on the three tips. */
  readonly jewels: readonly { x: number; y: number; r: number }[];
  /** The band across the crown's base. */
  readonly band: readonly [Point, Point];
  readonly width: number;
  readonly height: number;
}

/** Crown height as a share of its width. */
const CROWN_ASPECT = 0.62;

/** A three-pointed crown of `width` px centred on (cx, cy). */
export function crownShape(cx: number, cy: number, width: number): CrownShape {
  const height = width * CROWN_ASPECT;
  const x0 = cx - width / 2;
  const y0 = cy - height / 2;
  const at = (u: number, v: number): Point => ({ x: x0 + u * width, y: y0 + v * height });
  return {
    outline: [
      at(0.12, 1),
      at(0.02, 0.3),
      at(0.3, 0.6),
      at(0.5, 0.12),
      at(0.7, 0.6),
      at(0.98, 0.3),
      at(0.88, 1),
    ],
    jewels: [
      { ...at(0.02, 0.27), r: width * 0.075 },
      { ...at(0.5, 0.09), r: width * 0.08 },
      { ...at(0.98, 0.27), r: width * 0.075 },
    ],
    band: [at(0.1, 0.82), at(0.9, 0.82)],
    width,
    height,
  };
}

/** The crown painted on the top face of a king-topped pile. */
export function topCrown(profile: StackProfile): CrownShape {
  // A stack has at least one piece, so a profile has at least one disc.
  const top = profile.discs[profile.discs.length - 1]!;
  const y = top.top + profile.radiusY * 0.05;
  const full = profile.squareSize * 0.44;
  if (profile.badge === null) return crownShape(profile.centerX, y, full);
  // Beside the height badge: centred in what is left of the face on its left.
  const left = profile.centerX - profile.radiusX;
  const room = profile.badge.rect.x - left;
  return crownShape(left + room / 2, y, Math.min(full, room * 0.8));
}

/** A point well inside the crown's body (below the middle tip, above the base band). */
export function crownProbe(crown: CrownShape): Point {
  const [left, right] = crown.band;
  return { x: (left.x + right.x) / 2, y: left.y - crown.height * 0.12 };
}

// ---------------------------------------------------------------------------------------------
// Markers and caption

export interface MarkerMetrics {
  /** Dashed frame around a jumped square. */
  readonly jumpedInset: number;
  readonly jumpedWidth: number;
  readonly jumpedDash: readonly [number, number];
  /** Solid frame around the selected stack's square. */
  readonly selectedInset: number;
  readonly selectedWidth: number;
  /** Dot on a legal target square. */
  readonly targetRadius: number;
  /** Route line of the last move, and the width of its darker edge. */
  readonly lineWidth: number;
  readonly lineCasing: number;
}

export function markerMetrics(squareSize: number): MarkerMetrics {
  const s = squareSize;
  const jumpedWidth = Math.max(2, Math.round(s * 0.055));
  return {
    jumpedInset: jumpedWidth / 2 + Math.max(1, Math.round(s * 0.03)),
    jumpedWidth,
    jumpedDash: [Math.max(4, Math.round(s * 0.13)), Math.max(3, Math.round(s * 0.085))],
    selectedInset: Math.max(2, Math.round(s * 0.04)),
    selectedWidth: Math.max(3, Math.round(s * 0.075)),
    targetRadius: Math.max(4, Math.round(s * 0.15)),
    lineWidth: Math.max(3, Math.round(s * 0.08)),
    lineCasing: Math.max(1, Math.round(s * 0.012)),
  };
}

export interface CaptionLayout {
  /** The band under the board. */
  readonly band: Rect;
  readonly titleFontSize: number;
  readonly textFontSize: number;
  /** Vertical centres of the title and text lines (one centred line when the other is empty). */
  readonly titleY: number;
  readonly textY: number;
  readonly singleLineY: number;
  readonly maxTextWidth: number;
  /** The smallest share of its font size a line may shrink to before it is cut with "…". */
  readonly minimumScale: number;
}

/** The caption band of an image `size` px wide, under a board image `top` px high. */
export function captionLayout(size: number, top = size): CaptionLayout {
  const bandHeight = Math.round(size * 0.17);
  return {
    band: { x: 0, y: top, width: size, height: bandHeight },
    titleFontSize: Math.round(size * 0.054),
    textFontSize: Math.round(size * 0.041),
    titleY: top + bandHeight * 0.36,
    textY: top + bandHeight * 0.72,
    singleLineY: top + bandHeight * 0.5,
    maxTextWidth: size - 2 * Math.round(size * 0.04),
    minimumScale: 0.7,
  };
}

// ---------------------------------------------------------------------------------------------
// Half-count tally

/** One count of the tally: a rounded badge in the colour of the side it scores for. */
export interface TallyBadge {
  /** Whose score this is (engine colour): the half's count scores for the side facing it. */
  readonly color: Color;
  readonly text: string;
  readonly rect: Rect;
  readonly fontSize: number;
}

export interface TallyLayout {
  /**
   * The strip right of the board that holds the badges: painted on every render (restored
   * from the background first), whole pixels.
   */
  readonly area: Rect;
  /** The thin line across the board between its halves, and its width. */
  readonly boardLine: { readonly x1: number; readonly x2: number; readonly y: number };
  /** Its continuation across the strip, between the two badges. */
  readonly stripLine: { readonly x1: number; readonly x2: number; readonly y: number };
  readonly lineWidth: number;
  /** The upper half's count first, then the lower half's (screen order). */
  readonly badges: readonly [TallyBadge, TallyBadge];
}

/**
 * Where the half count goes on a board laid out with `tally`: each half's count next to that
 * half, in the strip right of the board, and a thin line marking the middle. `counts` are
 * [White's score, Black's score] (engine halfCounts): White scores the pieces on Black's half
 * (the upper half with White at the bottom), Black those on White's half. So the upper badge
 * is White's score in a white badge with White at the bottom, and Black's in a black badge
 * when the board is flipped: each number sits beside the squares it counts either way.
 */
export function tallyLayout(layout: BoardLayout, counts: HalfCounts): TallyLayout {
  const { size, squareSize: s, rows: n, columns, left, top } = layout;
  const edge = frameEdgeWidth(size);
  const boardRight = left + columns * s;
  const x = boardRight + edge;
  const area: Rect = { x, y: top, width: size - edge - x, height: n * s };
  const middle = top + (n / 2) * s;
  const digits = Math.max(2, ...counts.map((count) => String(count).length));
  const inset = Math.max(2, Math.round(area.width * 0.08));
  const fontSize = Math.max(
    9,
    Math.min(
      Math.round(s * 0.34),
      Math.floor((area.width - 2 * inset) / (digits * DIGIT_WIDTH_EM + 0.6)),
    ),
  );
  const width = Math.ceil(digits * DIGIT_WIDTH_EM * fontSize + fontSize * 0.6);
  const height = Math.round(fontSize * 1.45);
  const centerX = area.x + area.width / 2;
  const badge = (color: Color, centerY: number): TallyBadge => ({
    color,
    text: String(counts[color]),
    rect: {
      x: Math.round(centerX - width / 2),
      y: Math.round(centerY - height / 2),
      width,
      height,
    },
    fontSize,
  });
  // With White at the bottom the upper half is Black's, whose pieces score for White.
  const upper: Color = layout.flipped ? 1 : 0;
  return {
    area,
    boardLine: { x1: left, x2: boardRight, y: middle },
    stripLine: { x1: x, x2: size - edge, y: middle },
    lineWidth: edge,
    badges: [badge(upper, top + (n / 4) * s), badge((upper ^ 1) as Color, top + ((3 * n) / 4) * s)],
  };
}
