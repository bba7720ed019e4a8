/**
 * Where the page's board goes: layout.ts's boardLayout for two players, and for Zhernov's table
 * the same board turned a quarter per seat with a band in the frame for the seats' edge marks
 * (the table picture's proportions, src/render/table-layout.ts). `size` is the board's width in
 * CSS pixels, so stacks are profiled for the size they are seen at, as the PNGs are.
 */
import type { Geometry } from '../../engine/index.js';
import { SEAT_COLORS, type SeatColor } from '../../engine/multi/index.js';
import { boardLayout, type BoardLayout, type QuarterTurns } from '../../render/layout.js';

/** Shares of the width: the seats' band next to the squares, the frame outside it. */
const EDGE_BAND = 0.032;
const OUTER = 0.05;

/** The screen sides clockwise from the bottom, as the seats sit clockwise round the table. */
export type ScreenSide = 'bottom' | 'left' | 'top' | 'right';
const SIDES: readonly ScreenSide[] = ['bottom', 'left', 'top', 'right'];

/** The board's layout `size` px wide, with `bottom`'s side at the bottom. */
export function pageLayout(
  size: number,
  geometry: Geometry,
  table: boolean,
  bottom: SeatColor,
): BoardLayout {
  if (!table) {
    const shape = { files: geometry.files, ranks: geometry.ranks };
    return boardLayout(size, shape, bottom === 'black' ? 'black' : 'white', true);
  }
  const edgeBand = Math.max(6, Math.round(size * EDGE_BAND));
  const margin = edgeBand + Math.round(size * OUTER);
  const squares = geometry.files;
  const squareSize = Math.floor((size - 2 * margin) / squares);
  const left = Math.floor((size - squareSize * squares) / 2);
  // The picture with seat s at the bottom is s quarter turns from White's view.
  const turns = SEAT_COLORS.indexOf(bottom) as QuarterTurns;
  return {
    size,
    height: size,
    columns: squares,
    rows: squares,
    squareSize,
    left,
    top: left,
    flipped: turns === 2,
    turns,
    coordinates: true,
    edgeBand,
    tally: false,
  };
}

/** The side of the screen along which `seat`'s home edge lies with `bottom` at the bottom. */
export function seatSide(seat: SeatColor, bottom: SeatColor): ScreenSide {
  return SIDES[(SEAT_COLORS.indexOf(seat) - SEAT_COLORS.indexOf(bottom) + 4) % 4]!;
}

/** The side the flip button turns to: the other player, or at a table the next seat round. */
export function flipped(bottom: SeatColor, table: boolean, seats: readonly SeatColor[]): SeatColor {
  if (!table) return bottom === 'black' ? 'white' : 'black';
  const order = SEAT_COLORS.filter((seat) => seats.includes(seat));
  const ring = order.length > 0 ? order : SEAT_COLORS;
  return ring[(ring.indexOf(bottom) + 1) % ring.length] ?? ring[0]!;
}
