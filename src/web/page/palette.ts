/**
 * The board's colours: the PNG pictures' wood theme (src/render/themes.ts), copied because the
 * page may not import the renderer's modules beyond its pure layout. The board keeps them in
 * light and dark mode alike, as a wooden board looks the same at night; the page round it
 * follows the theme.
 */
import type { SeatColor } from '../../engine/multi/index.js';

/** How one colour of piece is painted (themes.ts PieceColors). */
export interface PieceColors {
  readonly faceLight: string;
  readonly faceDark: string;
  readonly groove: string;
  readonly sideLight: string;
  readonly sideDark: string;
  readonly outline: string;
  readonly text: string;
}

/** Each seat's piece colours (White and Black are the two-player pieces). */
export const PIECES: Readonly<Record<SeatColor, PieceColors>> = {
  white: {
    faceLight: '#fffaf0',
    faceDark: '#e6d5b5',
    groove: '#c8b08a',
    sideLight: '#fbf3e2',
    sideDark: '#bfa983',
    outline: '#4a3523',
    text: '#2a1c10',
  },
  black: {
    faceLight: '#4a4440',
    faceDark: '#1e1b19',
    groove: '#5d5650',
    sideLight: '#4d4640',
    sideDark: '#121010',
    outline: '#050404',
    text: '#fff4dc',
  },
  red: {
    faceLight: '#d9483b',
    faceDark: '#a3241b',
    groove: '#7c1a12',
    sideLight: '#c93a2e',
    sideDark: '#751711',
    outline: '#2b0805',
    text: '#fff1e6',
  },
  green: {
    faceLight: '#8fd066',
    faceDark: '#5fa83a',
    groove: '#3f7f22',
    sideLight: '#82c65a',
    sideDark: '#3f7a22',
    outline: '#12290a',
    text: '#0b1c05',
  },
};

/** Everything on the board that is not a piece's own colour. */
export const BOARD = {
  frame: '#5a3820',
  frameEdge: '#2e1b0e',
  coordinates: '#f4e3c1',
  lightSquare: '#ecd3a6',
  darkSquare: '#a26c3f',
  crownFill: '#f7c531',
  crownShade: '#d08e12',
  crownOutline: '#3d2404',
  shadow: 'rgba(40, 20, 5, 0.35)',
  badgeFill: '#2a1a0e',
  badgeText: '#fff1d0',
  badgeOutline: '#f4d68c',
  lastMoveTint: 'rgba(255, 214, 64, 0.55)',
  lastMovePathTint: 'rgba(255, 214, 64, 0.30)',
  lastMoveLine: 'rgba(255, 236, 150, 0.85)',
  lastMoveLineCasing: 'rgba(70, 40, 10, 0.35)',
  jumped: '#d2381b',
  jumpedTint: 'rgba(210, 56, 27, 0.22)',
  selected: '#1f6fd1',
  target: 'rgba(31, 111, 209, 0.80)',
  targetOutline: '#f8f1e2',
  turn: '#ffd23f',
  finishedSeat: '#8a8178',
} as const;
