/**
 * The one module that touches the canvas library: it paints what layout.ts (and, for the
 * pictures of table games, table-layout.ts) has placed.
 *
 * Speed comes from caching what does not change between moves: the board background (frame,
 * squares, wood grain, coordinates, and its pixels) per theme, size and orientation, and the
 * picture of each distinct stack per theme and square size. A render then restores the
 * background of the cells it touches, paints a few translucent markers and one sprite per
 * stack, reads back only those cells over a copy of the background's pixels, and encodes the
 * PNG (png.ts).
 */
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { LRUCache } from 'lru-cache';
import {
  GEOMETRY_8,
  halfCounts,
  seededRandom,
  type Geometry,
  type Position,
  type Stack,
  type Variant,
} from '../engine/index.js';
import type { Column, Seat, TablePosition } from '../engine/multi/index.js';
import { RenderError } from './errors.js';
import { BOLD_FONT, fontCoverage, REGULAR_FONT, type RenderFont } from './fonts.js';
import {
  boardLayout,
  captionLayout,
  cellIsDark,
  cellRect,
  coordinateLabels,
  crownShape,
  frameEdgeWidth,
  markerMetrics,
  squareCell,
  squareCenter,
  squareRect,
  stackProfile,
  tallyLayout,
  topCrown,
  type BoardLayout,
  type CrownShape,
  type DiscShape,
  type Rect,
  type StackProfile,
} from './layout.js';
import type { Caption, LastMove, NormalisedOptions } from './options.js';
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
import { encodeOpaquePng } from './png.js';
import { fitLine, type FontWeight } from './text-fit.js';
import { THEMES, type PieceColors, type Theme } from './themes.js';

type Context = SKRSContext2D;
/** The canvas library's 2D context, for the modules that paint the league pictures. */
export type PaintContext = Context;
type Gradient = ReturnType<Context['createLinearGradient']>;

let fontsRegistered = false;

/**
 * Registers the shipped fonts under their private family names. Idempotent; every render calls
 * it, and main.ts may call it at start-up to fail fast when assets/fonts is missing.
 */
export function registerRenderFonts(): void {
  if (fontsRegistered) return;
  for (const font of [REGULAR_FONT, BOLD_FONT]) {
    if (!existsSync(font.path) || GlobalFonts.registerFromPath(font.path, font.family) === null) {
      throw new RenderError('font-missing', `cannot load the font ${font.path}`, {
        path: font.path,
      });
    }
  }
  fontsRegistered = true;
}

function fontSpec(font: RenderFont, px: number): string {
  return `${px}px ${font.family}`;
}

// ---------------------------------------------------------------------------------------------
// Deterministic noise for the wood grain

/**
 * Wood grain as straight, pixel-aligned streaks along the square (vertical on dark squares,
 * horizontal on light ones, like a parquet). Straight streaks keep every row or column of a
 * square identical, which PNG's row filters compress to almost nothing; wavy grain looked no
 * better at chat size and tripled the file.
 */
function paintGrain(
  ctx: Context,
  rect: Rect,
  color: string,
  strength: number,
  seed: number,
  vertical: boolean,
): void {
  if (strength <= 0) return;
  const random = seededRandom(seed);
  const across = vertical ? rect.width : rect.height;
  const scale = Math.max(1, across / 60);
  ctx.save();
  ctx.fillStyle = color;
  let position = Math.floor(random() * 3 * scale);
  while (position < across) {
    const width = Math.max(1, Math.round((0.6 + random() * 1.8) * scale));
    ctx.globalAlpha = (0.05 + random() * 0.16) * strength;
    const span = Math.min(width, across - position);
    if (vertical) {
      ctx.fillRect(rect.x + position, rect.y, span, rect.height);
    } else {
      ctx.fillRect(rect.x, rect.y + position, rect.width, span);
    }
    position += width + Math.round((1 + random() * 5) * scale);
  }
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------
// Background: frame, squares, coordinates

interface Background {
  readonly canvas: Canvas;
  /** Its RGBA pixels, read once: a render copies them and reads back only what it changed. */
  readonly pixels: Uint8ClampedArray;
}

/** Bounded by bytes too: a 720 px background holds 4 MB (canvas and pixels), a 2000 px one 32 MB. */
const backgrounds = new LRUCache<string, Background>({
  max: 32,
  maxSize: 96 * 1024 * 1024,
  sizeCalculation: (entry) => entry.pixels.length * 2,
});

function background(theme: Theme, layout: BoardLayout): Background {
  const key = [
    theme.id,
    layout.size,
    layout.height,
    `${layout.columns}x${layout.rows}`,
    layout.squareSize,
    layout.left,
    layout.top,
    layout.turns,
    layout.edgeBand,
    layout.coordinates,
    layout.tally,
  ].join('|');
  const cached = backgrounds.get(key);
  if (cached !== undefined) return cached;
  const { size, height, squareSize: s, columns, rows } = layout;
  const canvas = createCanvas(size, height);
  const ctx = canvas.getContext('2d');

  ctx.fillStyle = theme.frame;
  ctx.fillRect(0, 0, size, height);
  const frameRect = { x: 0, y: 0, width: size, height };
  paintGrain(ctx, frameRect, theme.frameEdge, theme.grain.strength * 0.8, 7, false);
  const edge = frameEdgeWidth(size);
  ctx.strokeStyle = theme.frameEdge;
  ctx.lineWidth = edge * 2;
  ctx.strokeRect(0, 0, size, height);

  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const rect = cellRect(layout, column, row);
      const dark = cellIsDark(layout, column, row);
      ctx.fillStyle = dark ? theme.darkSquare : theme.lightSquare;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
      // Seeded by the screen cell, so a turned board keeps the same parquet.
      const seed = 1000 + row * 31 + column * 7 + (dark ? 500 : 0);
      paintGrain(
        ctx,
        rect,
        dark ? theme.grain.dark : theme.grain.light,
        theme.grain.strength,
        seed,
        dark,
      );
    }
  }
  // A dark inlay line around the squares.
  ctx.strokeStyle = theme.frameEdge;
  ctx.lineWidth = edge * 2;
  ctx.strokeRect(
    layout.left - edge,
    layout.top - edge,
    columns * s + 2 * edge,
    rows * s + 2 * edge,
  );
  if (layout.tally) paintHalfLine(ctx, layout, theme);

  if (layout.coordinates) {
    const labels = coordinateLabels(layout);
    ctx.fillStyle = theme.coordinates;
    ctx.font = fontSpec(BOLD_FONT, labels.fontSize);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const label of [...labels.files, ...labels.ranks]) {
      ctx.fillText(label.text, label.x, label.y);
    }
  }
  const entry = { canvas, pixels: ctx.getImageData(0, 0, size, height).data };
  backgrounds.set(key, entry);
  return entry;
}

/**
 * The middle of a board scored by the half count: a thin line between its halves, dark across
 * the squares (under the stacks) and light across the strip that holds the counts. The counts
 * themselves change with the position and are painted per render (paintTally).
 */
function paintHalfLine(ctx: Context, layout: BoardLayout, theme: Theme): void {
  // The line does not depend on the counts.
  const tally = tallyLayout(layout, [0, 0]);
  ctx.lineWidth = tally.lineWidth;
  ctx.lineCap = 'butt';
  for (const [line, color] of [
    [tally.boardLine, theme.frameEdge],
    [tally.stripLine, theme.coordinates],
  ] as const) {
    ctx.strokeStyle = color;
    ctx.beginPath();
    ctx.moveTo(line.x1, line.y);
    ctx.lineTo(line.x2, line.y);
    ctx.stroke();
  }
}

// ---------------------------------------------------------------------------------------------
// Stacks

const stackSprites = new LRUCache<string, Canvas>({
  max: 2048,
  maxSize: 48 * 1024 * 1024,
  sizeCalculation: (sprite) => sprite.width * sprite.height * 4,
});

function stackSprite(theme: Theme, stack: Stack, squareSize: number): Canvas {
  const key = `${theme.id}|${squareSize}|${stack.height}.${stack.colors}.${stack.kings}`;
  const cached = stackSprites.get(key);
  if (cached !== undefined) return cached;
  const canvas = createCanvas(squareSize, squareSize);
  paintPile(canvas.getContext('2d'), stackProfile(stack, squareSize), theme);
  stackSprites.set(key, canvas);
  return canvas;
}

/** Outline of a disc's body: its side band closed by the lower half of the bottom ellipse. */
function bodyPath(ctx: Context, profile: StackProfile, top: number, bottom: number): void {
  const { centerX: cx, radiusX: rx, radiusY: ry } = profile;
  ctx.beginPath();
  ctx.moveTo(cx - rx, top);
  ctx.lineTo(cx - rx, bottom);
  ctx.ellipse(cx, bottom, rx, ry, 0, Math.PI, 0, true);
  ctx.lineTo(cx + rx, top);
  ctx.ellipse(cx, top, rx, ry, 0, 0, Math.PI, true);
  ctx.closePath();
}

/** The strip of a disc's side between two curves following its lower edge, y1 above y2. */
function stripPath(ctx: Context, profile: StackProfile, y1: number, y2: number): void {
  const { centerX: cx, radiusX: rx, radiusY: ry } = profile;
  ctx.beginPath();
  ctx.moveTo(cx - rx, y1);
  ctx.ellipse(cx, y1, rx, ry, 0, Math.PI, 0, true);
  ctx.lineTo(cx + rx, y2);
  ctx.ellipse(cx, y2, rx, ry, 0, 0, Math.PI, false);
  ctx.closePath();
}

function sideGradient(ctx: Context, profile: StackProfile, colors: PieceColors): Gradient {
  const { centerX: cx, radiusX: rx } = profile;
  const gradient = ctx.createLinearGradient(cx - rx, 0, cx + rx, 0);
  gradient.addColorStop(0, colors.sideDark);
  gradient.addColorStop(0.22, colors.sideLight);
  gradient.addColorStop(0.45, colors.sideLight);
  gradient.addColorStop(1, colors.sideDark);
  return gradient;
}

/**
 * Paints a pile. `pieces` gives the colours of its discs by their engine colour: the theme's
 * white and black for a two-player stack, one seat's colours twice for a table game's column.
 */
function paintPile(
  ctx: Context,
  profile: StackProfile,
  theme: Theme,
  pieces: readonly [PieceColors, PieceColors] = theme.pieces,
): void {
  const { centerX: cx, radiusX: rx, radiusY: ry, squareSize: s, discs } = profile;
  const outlineWidth = Math.max(1, s * 0.02);
  // A stack has height 1 or more (validatePosition), so its profile has at least one disc.
  const bottomDisc = discs[0]!;
  const topDisc = discs[discs.length - 1]!;

  ctx.fillStyle = theme.shadow;
  ctx.beginPath();
  ctx.ellipse(
    cx + rx * 0.05,
    bottomDisc.bottom + ry * 0.3,
    rx * 1.03,
    ry * 1.05,
    0,
    0,
    Math.PI * 2,
  );
  ctx.fill();

  if (!profile.compressed) {
    for (const disc of discs) {
      const colors = pieces[disc.color];
      bodyPath(ctx, profile, disc.top, disc.bottom);
      ctx.fillStyle = sideGradient(ctx, profile, colors);
      ctx.fill();
      if (disc.king) {
        paintKingStripe(ctx, profile, disc, theme, profile.bandCrowns && disc !== topDisc);
      }
      bodyPath(ctx, profile, disc.top, disc.bottom);
      ctx.strokeStyle = colors.outline;
      ctx.lineWidth = outlineWidth;
      ctx.stroke();
    }
  } else {
    // Too thin to outline every disc: each run is one body, discs are parted by hairlines.
    for (const run of profile.runs) {
      const colors = pieces[run.color];
      bodyPath(ctx, profile, run.top, run.bottom);
      ctx.fillStyle = sideGradient(ctx, profile, colors);
      ctx.fill();
    }
    ctx.lineWidth = Math.max(0.75, s * 0.008);
    for (const disc of discs) {
      // Hairlines closer than 3 px would only grey the run out.
      if (disc === bottomDisc || disc.bottom - disc.top < 3) continue;
      ctx.strokeStyle = pieces[disc.color].outline;
      ctx.globalAlpha = 0.45;
      ctx.beginPath();
      ctx.ellipse(cx, disc.bottom, rx, ry, 0, Math.PI, 0, true);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    for (const disc of discs) if (disc.king) paintKingStripe(ctx, profile, disc, theme, false);
    for (const run of profile.runs) {
      bodyPath(ctx, profile, run.top, run.bottom);
      ctx.strokeStyle = pieces[run.color].outline;
      ctx.lineWidth = outlineWidth;
      ctx.stroke();
    }
    for (const label of profile.runLabels) {
      ctx.font = fontSpec(BOLD_FONT, label.fontSize);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      // A halo in the run's own colour keeps the count clear of stripes and hairlines.
      ctx.strokeStyle = pieces[label.color].sideLight;
      ctx.lineWidth = Math.max(2, label.fontSize * 0.22);
      ctx.lineJoin = 'round';
      ctx.strokeText(label.text, label.x, label.y);
      ctx.fillStyle = pieces[label.color].text;
      ctx.fillText(label.text, label.x, label.y);
    }
  }

  paintTopFace(ctx, profile, topDisc, pieces[topDisc.color]);
  if (topDisc.king) paintCrown(ctx, topCrown(profile), theme, Math.max(1, s * 0.022));
  if (profile.badge !== null) paintBadge(ctx, profile, theme);
}

function paintTopFace(
  ctx: Context,
  profile: StackProfile,
  disc: DiscShape,
  colors: PieceColors,
): void {
  const { centerX: cx, radiusX: rx, radiusY: ry, squareSize: s } = profile;
  const gradient = ctx.createRadialGradient(
    cx - rx * 0.25,
    disc.top - ry * 0.3,
    0,
    cx,
    disc.top,
    rx,
  );
  gradient.addColorStop(0, colors.faceLight);
  gradient.addColorStop(1, colors.faceDark);
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.ellipse(cx, disc.top, rx, ry, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = colors.groove;
  ctx.lineWidth = Math.max(1, s * 0.018);
  ctx.beginPath();
  ctx.ellipse(cx, disc.top, rx * 0.74, ry * 0.74, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.strokeStyle = colors.outline;
  ctx.lineWidth = Math.max(1, s * 0.02);
  ctx.beginPath();
  ctx.ellipse(cx, disc.top, rx, ry, 0, 0, Math.PI * 2);
  ctx.stroke();
}

/** A king's mark on its side band: a gold ring round the disc, and a small crown if it fits. */
function paintKingStripe(
  ctx: Context,
  profile: StackProfile,
  disc: DiscShape,
  theme: Theme,
  withCrown: boolean,
): void {
  const thickness = disc.bottom - disc.top;
  const stripe = Math.max(2, thickness * 0.36);
  const middle = (disc.top + disc.bottom) / 2;
  stripPath(ctx, profile, middle - stripe / 2, middle + stripe / 2);
  const { centerX: cx, radiusX: rx } = profile;
  const gradient = ctx.createLinearGradient(cx - rx, 0, cx + rx, 0);
  gradient.addColorStop(0, theme.crownShade);
  gradient.addColorStop(0.35, theme.crownFill);
  gradient.addColorStop(1, theme.crownShade);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.strokeStyle = theme.crownOutline;
  ctx.lineWidth = Math.max(0.75, profile.squareSize * 0.01);
  ctx.stroke();
  if (withCrown) {
    const width = (thickness * 0.95) / 0.62;
    paintCrown(
      ctx,
      crownShape(cx, middle + profile.radiusY, width),
      theme,
      Math.max(1, width * 0.06),
    );
  }
}

function paintCrown(ctx: Context, crown: CrownShape, theme: Theme, lineWidth: number): void {
  ctx.lineJoin = 'round';
  ctx.beginPath();
  crown.outline.forEach((point, i) =>
    i === 0 ? ctx.moveTo(point.x, point.y) : ctx.lineTo(point.x, point.y),
  );
  ctx.closePath();
  const top = crown.outline[3].y;
  const gradient = ctx.createLinearGradient(0, top, 0, crown.outline[0].y);
  gradient.addColorStop(0, theme.crownFill);
  gradient.addColorStop(1, theme.crownShade);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.strokeStyle = theme.crownOutline;
  ctx.lineWidth = lineWidth;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(crown.band[0].x, crown.band[0].y);
  ctx.lineTo(crown.band[1].x, crown.band[1].y);
  ctx.lineWidth = lineWidth * 0.8;
  ctx.stroke();
  for (const jewel of crown.jewels) {
    ctx.beginPath();
    ctx.arc(jewel.x, jewel.y, jewel.r, 0, Math.PI * 2);
    ctx.fillStyle = theme.crownFill;
    ctx.fill();
    ctx.lineWidth = lineWidth * 0.8;
    ctx.stroke();
  }
}

function roundedRect(ctx: Context, rect: Rect, radius: number): void {
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.width, rect.height, radius);
}

function paintBadge(ctx: Context, profile: StackProfile, theme: Theme): void {
  const badge = profile.badge!;
  paintPill(ctx, badge, {
    fill: theme.badgeFill,
    outline: theme.badgeOutline,
    outlineWidth: Math.max(1, profile.squareSize * 0.018),
    text: theme.badgeText,
  });
}

/**
 * A number in a rounded pill (a stack's height, a half's count, a rating graph's last value),
 * its text centred.
 */
export function paintPill(
  ctx: Context,
  pill: { readonly rect: Rect; readonly text: string; readonly fontSize: number },
  colors: { fill: string; outline: string; outlineWidth: number; text: string },
): void {
  const { rect } = pill;
  roundedRect(ctx, rect, rect.height / 2);
  ctx.fillStyle = colors.fill;
  ctx.fill();
  ctx.strokeStyle = colors.outline;
  ctx.lineWidth = colors.outlineWidth;
  ctx.stroke();
  ctx.fillStyle = colors.text;
  ctx.font = fontSpec(BOLD_FONT, pill.fontSize);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(pill.text, rect.x + rect.width / 2, rect.y + rect.height / 2 + pill.fontSize * 0.04);
}

// ---------------------------------------------------------------------------------------------
// Markers

function insetRect(rect: Rect, inset: number): Rect {
  return {
    x: rect.x + inset,
    y: rect.y + inset,
    width: rect.width - 2 * inset,
    height: rect.height - 2 * inset,
  };
}

/** The marks drawn on squares: the last move and the selection (normalised). */
type Marks = Pick<NormalisedOptions, 'lastMove' | 'selected'> &
  Partial<Pick<NormalisedOptions, 'hint'>>;

function paintMarkersUnderStacks(
  ctx: Context,
  geometry: Geometry,
  layout: BoardLayout,
  options: Marks,
  theme: Theme,
): void {
  const rectOf = (square: number) =>
    squareRect(layout, geometry.file[square]!, geometry.rank[square]!);
  const metrics = markerMetrics(layout.squareSize);
  const last = options.lastMove;
  if (last !== null) {
    // normaliseOptions refuses an empty path.
    const destination = last.path[last.path.length - 1]!;
    for (const square of last.path.slice(0, -1)) {
      const rect = rectOf(square);
      ctx.fillStyle = theme.lastMovePathTint;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
    }
    for (const square of new Set([last.from, destination])) {
      const rect = rectOf(square);
      ctx.fillStyle = theme.lastMoveTint;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
    }
    for (const square of new Set(last.captures)) {
      const rect = rectOf(square);
      ctx.fillStyle = theme.jumpedTint;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
      const frame = insetRect(rect, metrics.jumpedInset);
      ctx.setLineDash([...metrics.jumpedDash]);
      ctx.strokeStyle = theme.jumped;
      ctx.lineWidth = metrics.jumpedWidth;
      ctx.strokeRect(frame.x, frame.y, frame.width, frame.height);
      ctx.setLineDash([]);
    }
    // The route, so that a long multi-capture reads at a glance.
    const points = [last.from, ...last.path].map((sq) =>
      squareCenter(layout, geometry.file[sq]!, geometry.rank[sq]!),
    );
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.strokeStyle = theme.lastMoveLineCasing;
    ctx.lineWidth = metrics.lineWidth + 2 * metrics.lineCasing;
    ctx.stroke();
    ctx.strokeStyle = theme.lastMoveLine;
    ctx.lineWidth = metrics.lineWidth;
    ctx.stroke();
  }
  if (options.selected !== null) {
    const rect = rectOf(options.selected.square);
    const frame = insetRect(rect, metrics.selectedInset + metrics.selectedWidth / 2);
    ctx.strokeStyle = theme.selected;
    ctx.lineWidth = metrics.selectedWidth;
    ctx.strokeRect(frame.x, frame.y, frame.width, frame.height);
  }
}

/** A suggested move's arrow: along its path over the stacks, a head at its destination. */
export const HINT_COLOR = 'rgba(32, 140, 64, 0.85)';

function paintHint(ctx: Context, geometry: Geometry, layout: BoardLayout, hint: LastMove): void {
  const metrics = markerMetrics(layout.squareSize);
  const points = [hint.from, ...hint.path].map((sq) =>
    squareCenter(layout, geometry.file[sq]!, geometry.rank[sq]!),
  );
  const end = points.at(-1)!;
  const before = points.at(-2)!;
  const angle = Math.atan2(end.y - before.y, end.x - before.x);
  const head = layout.squareSize * 0.38;
  // The shaft stops at the head's base, so the head's tip is sharp.
  const shaftEnd = {
    x: end.x - Math.cos(angle) * head * 0.8,
    y: end.y - Math.sin(angle) * head * 0.8,
  };
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = HINT_COLOR;
  ctx.lineWidth = metrics.lineWidth * 1.3;
  ctx.beginPath();
  points.slice(0, -1).forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.lineTo(shaftEnd.x, shaftEnd.y);
  ctx.stroke();
  ctx.fillStyle = HINT_COLOR;
  ctx.beginPath();
  ctx.moveTo(end.x, end.y);
  ctx.lineTo(end.x - Math.cos(angle - 0.45) * head, end.y - Math.sin(angle - 0.45) * head);
  ctx.lineTo(end.x - Math.cos(angle + 0.45) * head, end.y - Math.sin(angle + 0.45) * head);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

function paintTargets(
  ctx: Context,
  geometry: Geometry,
  layout: BoardLayout,
  options: Marks,
  theme: Theme,
): void {
  if (options.selected === null) return;
  const metrics = markerMetrics(layout.squareSize);
  for (const square of options.selected.targets) {
    const center = squareCenter(layout, geometry.file[square]!, geometry.rank[square]!);
    ctx.beginPath();
    ctx.arc(center.x, center.y, metrics.targetRadius, 0, Math.PI * 2);
    ctx.fillStyle = theme.target;
    ctx.fill();
    ctx.strokeStyle = theme.targetOutline;
    ctx.lineWidth = Math.max(1.5, layout.squareSize * 0.03);
    ctx.stroke();
  }
}

// ---------------------------------------------------------------------------------------------
// Half-count tally

/** Each half's count beside it, in a badge of the colour it scores for (layout.ts tallyLayout). */
function paintTally(ctx: Context, layout: BoardLayout, position: Position, theme: Theme): void {
  const tally = tallyLayout(layout, halfCounts(position));
  for (const badge of tally.badges) {
    const colors = theme.pieces[badge.color];
    paintPill(ctx, badge, {
      fill: colors.faceLight,
      outline: theme.badgeOutline,
      outlineWidth: Math.max(1, badge.fontSize * 0.08),
      text: colors.text,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Caption

/**
 * Draws one line of text at (x, y), centred vertically and aligned on x, shrinking it to fit
 * `maxWidth` and cutting it with "…" if need be (text-fit.ts). Returns the width drawn.
 */
export function paintLine(
  ctx: Context,
  text: string,
  font: RenderFont,
  fontSize: number,
  x: number,
  y: number,
  maxWidth: number,
  minimumScale: number,
  align: 'left' | 'center' | 'right' = 'center',
): number {
  if (text === '') return 0;
  const fitted = fitLine(text, fontSize, maxWidth, minimumScale, (candidate, size) => {
    ctx.font = fontSpec(font, size);
    return ctx.measureText(candidate).width;
  });
  ctx.font = fontSpec(font, fitted.size);
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.fillText(fitted.text, x, y);
  return fitted.width;
}

let measuring: Context | undefined;
/** The font last set on `measuring`: setting a font costs more than measuring with it. */
let measuringFont = '';

/**
 * Text widths in the shipped fonts, for laying out a picture before its canvas exists (its
 * size depends on them): measured on a scratch canvas of its own.
 */
export function measureText(text: string, weight: FontWeight, size: number): number {
  registerRenderFonts();
  measuring ??= createCanvas(1, 1).getContext('2d');
  const font = fontSpec(weight === 'bold' ? BOLD_FONT : REGULAR_FONT, size);
  if (font !== measuringFont) {
    measuring.font = font;
    measuringFont = font;
  }
  return measuring.measureText(text).width;
}

function paintCaption(
  ctx: Context,
  size: number,
  top: number,
  caption: Caption,
  theme: Theme,
): void {
  const layout = captionLayout(size, top);
  const { band } = layout;
  ctx.fillStyle = theme.captionBackground;
  ctx.fillRect(band.x, band.y, band.width, band.height);
  ctx.fillStyle = theme.captionRule;
  ctx.fillRect(band.x, band.y, band.width, Math.max(2, Math.round(size * 0.004)));
  const title = fontCoverage(BOLD_FONT).filter(caption.title);
  const text = fontCoverage(REGULAR_FONT).filter(caption.text);
  const both = title !== '' && text !== '';
  ctx.fillStyle = theme.captionTitle;
  paintLine(
    ctx,
    title,
    BOLD_FONT,
    layout.titleFontSize,
    size / 2,
    both ? layout.titleY : layout.singleLineY,
    layout.maxTextWidth,
    layout.minimumScale,
  );
  ctx.fillStyle = theme.captionText;
  paintLine(
    ctx,
    text,
    REGULAR_FONT,
    layout.textFontSize,
    size / 2,
    both ? layout.textY : layout.singleLineY,
    layout.maxTextWidth,
    layout.minimumScale,
  );
}

// ---------------------------------------------------------------------------------------------
// The whole image

/**
 * Screen cells a render may change: those with a stack (a non-null entry of `occupied`, by
 * square) or a marker, and those the route line of
 * the last move crosses. A diagonal line passes exactly through the corners between cells, so
 * its stroke also grazes the two other cells at each corner.
 */
function touchedCells(
  occupied: readonly unknown[],
  geometry: Geometry,
  layout: BoardLayout,
  options: Marks,
): Set<number> {
  const { columns, rows } = layout;
  const cells = new Set<number>();
  const cellOf = (square: number) =>
    squareCell(layout, geometry.file[square]!, geometry.rank[square]!);
  const add = (column: number, row: number) => {
    if (column >= 0 && column < columns && row >= 0 && row < rows)
      cells.add(row * columns + column);
  };
  const addSquare = (square: number) => {
    const { column, row } = cellOf(square);
    add(column, row);
  };
  occupied.forEach((piece, square) => {
    if (piece !== null) addSquare(square);
  });
  for (const last of [options.lastMove, options.hint ?? null]) {
    if (last === null) continue;
    const route = [last.from, ...last.path].map(cellOf);
    for (let i = 1; i < route.length; i++) {
      const a = route[i - 1]!;
      const b = route[i]!;
      const dc = Math.sign(b.column - a.column);
      const dr = Math.sign(b.row - a.row);
      if (Math.abs(b.column - a.column) === Math.abs(b.row - a.row)) {
        for (let c = a.column, r = a.row; c !== b.column || r !== b.row; c += dc, r += dr) {
          add(c, r);
          add(c + dc, r);
          add(c, r + dr);
        }
        add(b.column, b.row);
      } else {
        // Not a diagonal (only a hand-made move can be): take the whole box around it.
        for (let c = Math.min(a.column, b.column) - 1; c <= Math.max(a.column, b.column) + 1; c++) {
          for (let r = Math.min(a.row, b.row) - 1; r <= Math.max(a.row, b.row) + 1; r++) add(c, r);
        }
      }
    }
    for (const square of last.captures) addSquare(square);
  }
  if (options.selected !== null) {
    addSquare(options.selected.square);
    for (const square of options.selected.targets) addSquare(square);
  }
  return cells;
}

interface Surface {
  readonly canvas: Canvas;
  readonly ctx: Context;
  /** Scratch RGBA pixels of the whole image. */
  readonly pixels: Uint8Array;
}

/**
 * One reusable canvas per image size. Reading a whole 720 px canvas back costs 4 to 10 ms, most
 * of the frame budget, so the background's pixels are copied from memory and only the cells a
 * render touched (and the caption band) are read back. Rendering is synchronous, so a surface
 * is never shared by two renders at once.
 */
const surfaces = new LRUCache<string, Surface>({ max: 4 });

function surfaceFor(width: number, height: number): Surface {
  const key = `${width}x${height}`;
  let surface = surfaces.get(key);
  if (surface === undefined) {
    const canvas = createCanvas(width, height);
    surface = { canvas, ctx: canvas.getContext('2d'), pixels: new Uint8Array(width * height * 4) };
    surfaces.set(key, surface);
  }
  return surface;
}

function readBack(ctx: Context, pixels: Uint8Array, width: number, rect: Rect): void {
  const data = ctx.getImageData(rect.x, rect.y, rect.width, rect.height).data;
  const rowBytes = rect.width * 4;
  for (let row = 0; row < rect.height; row++) {
    const from = row * rowBytes;
    pixels.set(data.subarray(from, from + rowBytes), ((rect.y + row) * width + rect.x) * 4);
  }
}

/**
 * A picture painted whole on every render (the league pictures: standings, rating graphs), as
 * PNG: `paint` draws on a `width` x `height` surface filled with `background`. Unlike a board,
 * such a picture has no cached background to copy pixels from, so every pixel is read back.
 */
export function paintWholePicture(
  width: number,
  height: number,
  background: string,
  paint: (ctx: Context) => void,
): Buffer {
  registerRenderFonts();
  const { ctx, pixels } = surfaceFor(width, height);
  ctx.save();
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  paint(ctx);
  ctx.restore();
  readBack(ctx, pixels, width, { x: 0, y: 0, width, height });
  return encodeOpaquePng(pixels, width, height);
}

/**
 * A line of text across a picture, from `x` (a title, subtitle or footer): shrunk, then cut
 * with "…", to fit `maxWidth`.
 */
export function paintTextLine(
  ctx: Context,
  text: string,
  font: RenderFont,
  line: { readonly y: number; readonly fontSize: number },
  x: number,
  maxWidth: number,
): void {
  paintLine(ctx, text, font, line.fontSize, x, line.y, maxWidth, 0.7, 'left');
}

/**
 * Paints a validated position with normalised options and encodes it as PNG. `readBackAll`
 * reads every pixel back instead of the touched cells only: tests compare the two.
 */
export function paintBoard(
  position: Position,
  variant: Variant,
  options: NormalisedOptions,
  caption?: Caption,
  readBackAll = false,
): Buffer {
  const { pixels, width, height } = paintBoardPixels(
    position,
    variant,
    options,
    caption,
    readBackAll,
  );
  return encodeOpaquePng(pixels, width, height);
}

/** An image's RGBA pixels, row by row. */
export interface Pixels {
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/**
 * The pixels paintBoard encodes (the animation encodes them as GIF frames). The array is the
 * surface's scratch buffer: the next paint of the same size overwrites it, so use or copy it
 * before painting again.
 */
export function paintBoardPixels(
  position: Position,
  variant: Variant,
  options: NormalisedOptions,
  caption?: Caption,
  readBackAll = false,
): Pixels {
  registerRenderFonts();
  const theme = THEMES[options.theme];
  const tally = variant.outcome === 'half-count';
  const layout = boardLayout(
    options.size,
    variant.geometry,
    options.orientation,
    options.coordinates,
    tally,
  );
  const width = options.size;
  const band = caption === undefined ? null : captionLayout(width, layout.height).band;
  const height = layout.height + (band === null ? 0 : band.height);
  const { ctx, pixels } = surfaceFor(width, height);
  const base = background(theme, layout);

  const n = layout.columns;
  const touched = readBackAll
    ? Array.from({ length: n * layout.rows }, (_, cell) => cell)
    : [...touchedCells(position.stacks, variant.geometry, layout, options)];
  const touchedRects = touched.map((cell) => cellRect(layout, cell % n, Math.floor(cell / n)));
  // The counts change with the position: their strip is restored and read back like a cell.
  if (tally && !readBackAll) touchedRects.push(tallyLayout(layout, [0, 0]).area);

  ctx.save();
  // Only the touched cells are read back, so only they need their background restored.
  if (readBackAll) ctx.drawImage(base.canvas, 0, 0);
  for (const rect of touchedRects) {
    const { x, y, width: w, height: h } = rect;
    ctx.drawImage(base.canvas, x, y, w, h, x, y, w, h);
  }
  const geometry = variant.geometry;
  paintMarkersUnderStacks(ctx, geometry, layout, options, theme);
  position.stacks.forEach((stack, square) => {
    if (stack === null) return;
    const rect = squareRect(layout, geometry.file[square]!, geometry.rank[square]!);
    ctx.drawImage(stackSprite(theme, stack, layout.squareSize), rect.x, rect.y);
  });
  paintTargets(ctx, geometry, layout, options, theme);
  if (options.hint !== null) paintHint(ctx, geometry, layout, options.hint);
  if (tally) paintTally(ctx, layout, position, theme);
  if (caption !== undefined) paintCaption(ctx, width, layout.height, caption, theme);
  ctx.restore();

  pixels.set(base.pixels);
  if (readBackAll) readBack(ctx, pixels, width, { x: 0, y: 0, width, height: layout.height });
  for (const rect of touchedRects) readBack(ctx, pixels, width, rect);
  if (band !== null) readBack(ctx, pixels, width, band);
  return { pixels, width, height };
}

// ---------------------------------------------------------------------------------------------
// Table games (Zhernov's four-player game)

const columnSprites = new LRUCache<string, Canvas>({
  max: 1024,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (sprite) => sprite.width * sprite.height * 4,
});

/**
 * A column as a pile: its chips are all its owner's, so the two-player pile painter draws it
 * with the seat's colours in place of both engine colours. Only the top disc carries the king
 * flag: a king column shows the crown on top, not a gold ring on every storey.
 */
function columnSprite(theme: Theme, column: Column, squareSize: number, letter: string): Canvas {
  const key = `${theme.id}|${squareSize}|${column.owner}.${column.height}.${column.king}|${letter}`;
  const cached = columnSprites.get(key);
  if (cached !== undefined) return cached;
  const canvas = createCanvas(squareSize, squareSize);
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
  ctx.beginPath();
  ctx.arc(chip.x, chip.y, chip.radius, 0, Math.PI * 2);
  ctx.fillStyle = colors.fill;
  ctx.fill();
  ctx.strokeStyle = colors.outline;
  ctx.lineWidth = Math.max(1, chip.radius * 0.1);
  ctx.stroke();
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
  paintMarkersUnderStacks(ctx, geometry, layout, options, theme);
  position.columns.forEach((column, square) => {
    if (column === null) return;
    const rect = squareRect(layout, geometry.file[square]!, geometry.rank[square]!);
    const letter = options.letters[column.owner];
    ctx.drawImage(columnSprite(theme, column, layout.squareSize, letter), rect.x, rect.y);
  });
  paintTargets(ctx, geometry, layout, options, theme);
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

/** Drops the background, stack and surface caches (to time a cold render). */
export function clearSpriteCaches(): void {
  backgrounds.clear();
  stackSprites.clear();
  columnSprites.clear();
  surfaces.clear();
}
