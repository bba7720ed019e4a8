/**
 * The board's colours: the PNG pictures' wood theme (src/render/themes.ts, plain data), so the
 * page and the pictures look alike. The board keeps them in light and dark mode alike, as a
 * wooden board looks the same at night; the page round it follows the theme.
 */
import type { SeatColor } from '../../engine/multi/index.js';
import { THEMES, type PieceColors } from '../../render/themes.js';

export type { PieceColors };

/** Everything on the board that is not a piece's own colour. */
export const BOARD = THEMES.wood;

/** Each seat's piece colours (White and Black are the two-player pieces). */
export const PIECES: Readonly<Record<SeatColor, PieceColors>> = {
  white: BOARD.seats[0],
  red: BOARD.seats[1],
  black: BOARD.seats[2],
  green: BOARD.seats[3],
};
