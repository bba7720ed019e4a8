/**
 * The marks on a board's squares (the last move, the selection and its targets, a suggested
 * move's arrow) and the screen cells a render touches, for two-player boards and table games.
 */
import type { Geometry } from '../engine/index.js';
import {
  markerMetrics,
  squareCell,
  squareCenter,
  squareRect,
  type BoardLayout,
  type Rect,
} from './layout.js';
import type { LastMove, NormalisedOptions } from './options.js';
import type { Context, Sprite } from './primitives/canvas.js';
import { paintDot } from './primitives/text.js';
import type { Theme } from './themes.js';

function insetRect(rect: Rect, inset: number): Rect {
  return {
    x: rect.x + inset,
    y: rect.y + inset,
    width: rect.width - 2 * inset,
    height: rect.height - 2 * inset,
  };
}

/** The marks drawn on squares: the last move and the selection (normalised). */
export type Marks = Pick<NormalisedOptions, 'lastMove' | 'selected'> &
  Partial<Pick<NormalisedOptions, 'hint'>>;

/** A board as the marks see it: where its squares are, what is marked, in which theme. */
export interface MarkedBoard {
  readonly geometry: Geometry;
  readonly layout: BoardLayout;
  readonly marks: Marks;
  readonly theme: Theme;
}

function paintMarkersUnderStacks(ctx: Context, board: MarkedBoard): void {
  const { geometry, layout, marks: options, theme } = board;
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

/**
 * The pieces with their marks: the last move and the selection under them, the selection's
 * targets over them. `spriteAt` is a square's piece picture, or null where the square is empty.
 */
export function paintMarkedPieces(
  ctx: Context,
  board: MarkedBoard,
  spriteAt: (square: number) => Sprite | null,
): void {
  const { geometry, layout } = board;
  paintMarkersUnderStacks(ctx, board);
  for (let square = 0; square < geometry.squareCount; square++) {
    const sprite = spriteAt(square);
    if (sprite === null) continue;
    const rect = squareRect(layout, geometry.file[square]!, geometry.rank[square]!);
    ctx.drawImage(sprite, rect.x, rect.y);
  }
  paintTargets(ctx, board);
}

/** A suggested move's arrow: along its path over the stacks, a head at its destination. */
export const HINT_COLOR = 'rgba(32, 140, 64, 0.85)';

export function paintHint(
  ctx: Context,
  geometry: Geometry,
  layout: BoardLayout,
  hint: LastMove,
): void {
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

function paintTargets(ctx: Context, board: MarkedBoard): void {
  const { geometry, layout, marks: options, theme } = board;
  if (options.selected === null) return;
  const metrics = markerMetrics(layout.squareSize);
  for (const square of options.selected.targets) {
    const center = squareCenter(layout, geometry.file[square]!, geometry.rank[square]!);
    paintDot(ctx, center.x, center.y, metrics.targetRadius, {
      fill: theme.target,
      outline: theme.targetOutline,
      outlineWidth: Math.max(1.5, layout.squareSize * 0.03),
    });
  }
}

/**
 * Screen cells a render may change: those with a stack (a non-null entry of `occupied`, by
 * square) or a marker, and those the route line of
 * the last move crosses. A diagonal line passes exactly through the corners between cells, so
 * its stroke also grazes the two other cells at each corner.
 */
export function touchedCells(
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
