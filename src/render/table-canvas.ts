/** Paints a table game's picture (Zhernov's four-player game) where table-layout.ts placed it. */
import { GEOMETRY_8, type Stack } from '../engine/index.js';
import type { Column, Seat, TablePosition } from '../engine/multi/index.js';
import { background } from './board-background.js';
import { paintCaption } from './caption-canvas.js';
import { BOLD_FONT, fontCoverage, REGULAR_FONT } from './fonts.js';
import {
  cellRect,
  crownShape,
  stackProfile,
  topCrown,
  type Rect,
  type StackProfile,
} from './layout.js';
import { paintMarkedPieces, touchedCells } from './marks-canvas.js';
import { paintCrown, paintPile } from './pile-canvas.js';
import { encodeOpaquePng } from './png.js';
import {
  fontSpec,
  newCanvas,
  registerRenderFonts,
  spriteCache,
  type Context,
  type Sprite,
} from './primitives/canvas.js';
import { readBack, surfaceFor } from './primitives/surface.js';
import { paintDot, paintLine } from './primitives/text.js';
import {
  tableLayout,
  tableStandings,
  type Circle,
  type EdgeMark,
  type SeatState,
  type StandingLine,
  type StandingsLayout,
  type Triangle,
} from './table-layout.js';
import type { NormalisedTableOptions } from './table-options.js';
import { THEMES, type PieceColors, type Theme } from './themes.js';

const columnSprites = spriteCache(1024, 32 * 1024 * 1024);

/**
 * A column as a pile: its chips are all its owner's, so the two-player pile painter draws it
 * with the seat's colours in place of both engine colours. Only the top disc carries the king
 * flag: a king column shows the crown on top, not a gold ring on every storey.
 */
function columnSprite(theme: Theme, column: Column, squareSize: number, letter: string): Sprite {
  const key = `${theme.id}|${squareSize}|${column.owner}.${column.height}.${column.king}|${letter}`;
  const cached = columnSprites.get(key);
  if (cached !== undefined) return cached;
  const canvas = newCanvas(squareSize, squareSize);
  const ctx = canvas.getContext('2d');
  const stack: Stack = {
    height: column.height,
    colors: 0,
    kings: column.king ? 2 ** (column.height - 1) : 0,
  };
  // One colour: the count on the side of a compressed run would repeat the height badge.
  const profile = { ...stackProfile(stack, squareSize), runLabels: [] };
  const colors = theme.seats[column.owner];
  paintPile(ctx, profile, theme, [colors, colors]);
  if (!column.king) paintPieceLetter(ctx, profile, colors, letter);
  columnSprites.set(key, canvas);
  return canvas;
}

/**
 * The seat's letter, thin, on the top face of a man column (where a king column has its crown):
 * the colours already differ in lightness, the letter names them for whoever cannot tell them
 * apart.
 */
function paintPieceLetter(
  ctx: Context,
  profile: StackProfile,
  colors: PieceColors,
  letter: string,
): void {
  const crown = topCrown(profile);
  const [left, right] = crown.band;
  const x = (left.x + right.x) / 2;
  const y = profile.discs[profile.discs.length - 1]!.top;
  const fontSize = Math.max(7, Math.round(Math.min(profile.radiusY * 1.45, crown.width * 0.62)));
  ctx.font = fontSpec(REGULAR_FONT, fontSize);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.globalAlpha = 0.85;
  ctx.fillStyle = colors.text;
  ctx.fillText(letter, x, y + fontSize * 0.04);
  ctx.globalAlpha = 1;
}

function fillTriangle(ctx: Context, triangle: Triangle): void {
  ctx.beginPath();
  triangle.forEach((point, i) =>
    i === 0 ? ctx.moveTo(point.x, point.y) : ctx.lineTo(point.x, point.y),
  );
  ctx.closePath();
}

/** A round chip with a seat's letter: on the edges and in the standings. */
function paintChip(
  ctx: Context,
  chip: Circle,
  letter: string,
  fontSize: number,
  colors: { fill: string; outline: string; text: string },
): void {
  paintDot(ctx, chip.x, chip.y, chip.radius, {
    fill: colors.fill,
    outline: colors.outline,
    outlineWidth: Math.max(1, chip.radius * 0.1),
  });
  ctx.fillStyle = colors.text;
  ctx.font = fontSpec(BOLD_FONT, fontSize);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(letter, chip.x, chip.y + fontSize * 0.05);
}

function seatChipColors(
  theme: Theme,
  seat: Seat,
  finished: boolean,
): { fill: string; outline: string; text: string } {
  if (finished) return theme.finishedSeat;
  const colors = theme.seats[seat];
  return { fill: colors.faceDark, outline: colors.outline, text: colors.text };
}

/**
 * A seat's home edge: a bar in its colour (grey once finished) and its chip; the seat to move
 * also gets a ring round the chip and two arrowheads pointing at the board.
 */
function paintEdge(
  ctx: Context,
  mark: EdgeMark,
  state: SeatState,
  letter: string,
  theme: Theme,
): void {
  const finished = state === 'finished';
  const colors = seatChipColors(theme, mark.seat, finished);
  const { bar } = mark;
  const toMove = state === 'to-move';
  if (toMove) {
    // A gold rim along the bar: the side to watch stands out at a glance.
    const { rim } = mark;
    ctx.fillStyle = theme.turn;
    ctx.fillRect(rim.x, rim.y, rim.width, rim.height);
  }
  ctx.fillStyle = colors.fill;
  ctx.fillRect(bar.x, bar.y, bar.width, bar.height);
  ctx.strokeStyle = colors.outline;
  ctx.lineWidth = 1;
  ctx.strokeRect(bar.x + 0.5, bar.y + 0.5, bar.width - 1, bar.height - 1);
  if (toMove) {
    for (const arrow of mark.arrows) {
      fillTriangle(ctx, arrow);
      ctx.fillStyle = theme.turn;
      ctx.fill();
      ctx.strokeStyle = theme.turnOutline;
      ctx.lineWidth = Math.max(1, mark.ringWidth * 0.4);
      ctx.lineJoin = 'round';
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(mark.chip.x, mark.chip.y, mark.chip.radius + mark.ringWidth / 2, 0, Math.PI * 2);
    ctx.strokeStyle = theme.turn;
    ctx.lineWidth = mark.ringWidth;
    ctx.stroke();
  }
  paintChip(ctx, mark.chip, letter, mark.letterFontSize, colors);
}

function paintStandings(
  ctx: Context,
  panel: StandingsLayout,
  lines: readonly StandingLine[],
  theme: Theme,
): void {
  const { area } = panel;
  ctx.fillStyle = theme.captionBackground;
  ctx.fillRect(area.x, area.y, area.width, area.height);
  ctx.fillStyle = theme.captionRule;
  ctx.fillRect(area.x, area.y, area.width, panel.ruleHeight);
  const nameCoverage = fontCoverage(REGULAR_FONT);
  const boldCoverage = fontCoverage(BOLD_FONT);
  lines.forEach((line, i) => {
    const geometry = panel.lines[i]!;
    const toMove = line.state === 'to-move';
    const finished = line.state === 'finished';
    if (toMove) {
      const { rect } = geometry;
      ctx.fillStyle = theme.turnTint;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
      fillTriangle(ctx, geometry.marker);
      ctx.fillStyle = theme.turn;
      ctx.fill();
      ctx.strokeStyle = theme.turnOutline;
      ctx.lineWidth = Math.max(1, geometry.chip.radius * 0.08);
      ctx.lineJoin = 'round';
      ctx.stroke();
    }
    paintChip(
      ctx,
      geometry.chip,
      line.letter,
      geometry.letterFontSize,
      seatChipColors(theme, line.seat, finished),
    );
    // The status first: it is short and must show whole; the name takes what is left.
    const gap = geometry.chip.radius;
    const crownRoom = line.count ? geometry.crownWidth + gap / 2 : 0;
    const statusFont = toMove ? BOLD_FONT : REGULAR_FONT;
    ctx.fillStyle = toMove ? theme.turn : finished ? theme.standingsMuted : theme.captionText;
    const statusWidth = paintLine(
      ctx,
      (toMove ? boldCoverage : nameCoverage).filter(line.status),
      statusFont,
      geometry.statusFontSize,
      geometry.statusRight,
      geometry.centerY,
      geometry.textWidth * 0.55 - crownRoom,
      0.7,
      'right',
    );
    if (line.count) {
      const crownX = geometry.statusRight - statusWidth - gap / 2 - geometry.crownWidth / 2;
      const crown = crownShape(crownX, geometry.centerY, geometry.crownWidth);
      paintCrown(ctx, crown, theme, Math.max(1, geometry.crownWidth * 0.06));
    }
    ctx.fillStyle = finished ? theme.standingsMuted : theme.captionTitle;
    const nameFont = toMove ? BOLD_FONT : REGULAR_FONT;
    paintLine(
      ctx,
      (toMove ? boldCoverage : nameCoverage).filter(line.name),
      nameFont,
      geometry.nameFontSize,
      geometry.nameX,
      geometry.centerY,
      geometry.textWidth - statusWidth - crownRoom - (statusWidth > 0 ? gap : 0),
      0.7,
      'left',
    );
  });
}

/**
 * Paints a validated table position with normalised options and encodes it as PNG: the turned
 * board with its columns and marks, the seats' edges, the standings and the optional caption.
 * `readBackAll` reads every pixel back instead of the touched parts only: tests compare the two.
 */
export function paintTable(
  position: TablePosition,
  options: NormalisedTableOptions,
  readBackAll = false,
): Buffer {
  registerRenderFonts();
  const theme = THEMES[options.theme];
  const table = tableLayout(
    options.size,
    options.bottom,
    options.coordinates,
    position.seats,
    options.caption !== null,
  );
  const layout = table.board;
  const { size: width, height } = table;
  const { ctx, pixels } = surfaceFor(width, height);
  const base = background(theme, layout);
  const geometry = GEOMETRY_8;

  const n = layout.columns;
  const touched = readBackAll
    ? Array.from({ length: n * layout.rows }, (_, cell) => cell)
    : [...touchedCells(position.columns, geometry, layout, options)];
  const touchedRects = touched.map((cell) => cellRect(layout, cell % n, Math.floor(cell / n)));
  for (const mark of table.edges) touchedRects.push(mark.zone);
  // Everything under the board is painted whole on every render.
  const below: Rect = { x: 0, y: layout.height, width, height: height - layout.height };

  ctx.save();
  if (readBackAll) ctx.drawImage(base.canvas, 0, 0);
  for (const rect of touchedRects) {
    const { x, y, width: w, height: h } = rect;
    ctx.drawImage(base.canvas, x, y, w, h, x, y, w, h);
  }
  paintMarkedPieces(ctx, { geometry, layout, marks: options, theme }, (square) => {
    const column = position.columns[square] ?? null;
    if (column === null) return null;
    return columnSprite(theme, column, layout.squareSize, options.letters[column.owner]);
  });
  const lines = tableStandings(position, options);
  const states = new Map(lines.map((line) => [line.seat, line.state]));
  for (const mark of table.edges) {
    paintEdge(ctx, mark, states.get(mark.seat)!, options.letters[mark.seat], theme);
  }
  paintStandings(ctx, table.standings, lines, theme);
  if (options.caption !== null) {
    paintCaption(
      ctx,
      width,
      table.standings.area.y + table.standings.area.height,
      options.caption,
      theme,
    );
  }
  ctx.restore();

  pixels.set(base.pixels);
  if (readBackAll) readBack(ctx, pixels, width, { x: 0, y: 0, width, height: layout.height });
  for (const rect of touchedRects) readBack(ctx, pixels, width, rect);
  readBack(ctx, pixels, width, below);
  return encodeOpaquePng(pixels, width, height);
}

/** Drops the column sprites (to time a cold render). */
export function clearColumnSprites(): void {
  columnSprites.clear();
}
