/**
 * Colour themes. Plain data, so that layout tests and the cache key can use them without the
 * canvas library.
 *
 * Both themes keep white and black pieces apart by luminance and by outline, never by hue alone,
 * and mark the last move, jumped stacks, the selection and its targets with different shapes
 * (tint, dashed frame, solid frame, dot) as well as different colours. The four colours of a
 * table game are four steps of lightness (white, green, red, black: light to dark), so that they
 * stay apart in grey and for red-green colour blindness; each piece also carries its seat's
 * letter.
 */
export type ThemeId = 'wood' | 'contrast';

/** How one colour of piece is painted. */
export interface PieceColors {
  /** Top face: centre and rim of its radial shading. */
  readonly faceLight: string;
  readonly faceDark: string;
  /** Groove ring on the top face. */
  readonly groove: string;
  /** Side of a disc: highlight and shadow of its cylindrical shading. */
  readonly sideLight: string;
  readonly sideDark: string;
  /** Edge of every disc; also the line between discs in a pile. */
  readonly outline: string;
  /** Text printed on a disc of this colour (height labels). */
  readonly text: string;
}

/**
 * The league pictures (tournament standings, rating graphs): dark ink on light paper, as a
 * printed table, readable on a phone in daylight.
 */
export interface SheetColors {
  readonly paper: string;
  /** Every other row of a table. */
  readonly stripe: string;
  /** The heading row: its band and its text. */
  readonly heading: string;
  readonly headingText: string;
  readonly ink: string;
  /** Withdrawn players, footers, axis labels. */
  readonly muted: string;
  /** Lines between columns, under the title, and the graph's grid. */
  readonly rule: string;
  /** Tint of a highlighted row. */
  readonly highlight: string;
  /** A player's cell against themself (the round robin's diagonal). */
  readonly diagonal: string;
  /** The rating line and its dots, the band of ± 2 deviations, the last value's pill. */
  readonly line: string;
  readonly band: string;
  readonly labelText: string;
}

export interface Theme {
  readonly id: ThemeId;
  readonly frame: string;
  readonly frameEdge: string;
  readonly coordinates: string;
  readonly lightSquare: string;
  readonly darkSquare: string;
  /** Wood grain drawn over the squares: strength 0 disables it. */
  readonly grain: { readonly light: string; readonly dark: string; readonly strength: number };
  /** Indexed by engine colour: 0 White, 1 Black. */
  readonly pieces: readonly [PieceColors, PieceColors];
  readonly crownFill: string;
  readonly crownShade: string;
  readonly crownOutline: string;
  readonly shadow: string;
  /** Height badge on tall stacks. */
  readonly badgeFill: string;
  readonly badgeText: string;
  readonly badgeOutline: string;
  /** Last move: tint of origin and destination, of intermediate landings, and the route line. */
  readonly lastMoveTint: string;
  readonly lastMovePathTint: string;
  readonly lastMoveLine: string;
  /** A darker edge round the route line, so that it shows on light and dark squares alike. */
  readonly lastMoveLineCasing: string;
  /** Squares whose stacks were jumped: dashed frame. */
  readonly jumped: string;
  readonly jumpedTint: string;
  /** Selected stack: solid frame; its legal targets: dots. */
  readonly selected: string;
  readonly target: string;
  readonly targetOutline: string;
  readonly captionBackground: string;
  readonly captionRule: string;
  readonly captionTitle: string;
  readonly captionText: string;
  /**
   * Table games: each seat's pieces, edge mark and chip, indexed by seat (0 White, 1 Red,
   * 2 Black, 3 Green). White and Black are the two-player pieces.
   */
  readonly seats: readonly [PieceColors, PieceColors, PieceColors, PieceColors];
  /** The edge mark and chip of a seat that has finished: grey, whatever its colour. */
  readonly finishedSeat: { readonly fill: string; readonly outline: string; readonly text: string };
  /** The seat to move: the ring round its chip, its arrow, and its standings line's tint. */
  readonly turn: string;
  readonly turnOutline: string;
  readonly turnTint: string;
  /** Standings text of a seat that has finished. */
  readonly standingsMuted: string;
  readonly sheet: SheetColors;
}

const WOOD_WHITE: PieceColors = {
  faceLight: '#fffaf0',
  faceDark: '#e6d5b5',
  groove: '#c8b08a',
  sideLight: '#fbf3e2',
  sideDark: '#bfa983',
  outline: '#4a3523',
  text: '#2a1c10',
};

const WOOD_BLACK: PieceColors = {
  faceLight: '#4a4440',
  faceDark: '#1e1b19',
  groove: '#5d5650',
  sideLight: '#4d4640',
  sideDark: '#121010',
  outline: '#050404',
  text: '#fff4dc',
};

const WOOD: Theme = {
  id: 'wood',
  frame: '#5a3820',
  frameEdge: '#2e1b0e',
  coordinates: '#f4e3c1',
  lightSquare: '#ecd3a6',
  darkSquare: '#a26c3f',
  grain: { light: '#c9a16b', dark: '#6e4322', strength: 1 },
  pieces: [WOOD_WHITE, WOOD_BLACK],
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
  captionBackground: '#3b2414',
  captionRule: '#a8773f',
  captionTitle: '#fff1d0',
  captionText: '#ead6b0',
  seats: [
    WOOD_WHITE,
    {
      faceLight: '#d9483b',
      faceDark: '#a3241b',
      groove: '#7c1a12',
      sideLight: '#c93a2e',
      sideDark: '#751711',
      outline: '#2b0805',
      text: '#fff1e6',
    },
    WOOD_BLACK,
    {
      faceLight: '#8fd066',
      faceDark: '#5fa83a',
      groove: '#3f7f22',
      sideLight: '#82c65a',
      sideDark: '#3f7a22',
      outline: '#12290a',
      text: '#0b1c05',
    },
  ],
  finishedSeat: { fill: '#8a8178', outline: '#3a342e', text: '#e8e2da' },
  turn: '#ffd23f',
  turnOutline: '#2a1a0e',
  turnTint: 'rgba(255, 210, 63, 0.16)',
  standingsMuted: '#9c8a70',
  sheet: {
    paper: '#fbf4e6',
    stripe: '#f0e2c6',
    heading: '#5a3820',
    headingText: '#fff1d0',
    ink: '#2a1c10',
    muted: '#8c7a62',
    rule: '#cdb38a',
    highlight: 'rgba(255, 200, 40, 0.38)',
    diagonal: '#a26c3f',
    line: '#a3241b',
    band: 'rgba(163, 36, 27, 0.14)',
    labelText: '#fff1e6',
  },
};

const CONTRAST_WHITE: PieceColors = {
  faceLight: '#ffffff',
  faceDark: '#e9e9e9',
  groove: '#9a9a9a',
  sideLight: '#ffffff',
  sideDark: '#c4c4c4',
  outline: '#000000',
  text: '#000000',
};

const CONTRAST_BLACK: PieceColors = {
  faceLight: '#303030',
  faceDark: '#0c0c0c',
  groove: '#5a5a5a',
  sideLight: '#3a3a3a',
  sideDark: '#000000',
  outline: '#ffffff',
  text: '#ffffff',
};

const CONTRAST: Theme = {
  id: 'contrast',
  frame: '#101010',
  frameEdge: '#000000',
  coordinates: '#ffffff',
  lightSquare: '#f3f3f3',
  darkSquare: '#7b8794',
  grain: { light: '#000000', dark: '#000000', strength: 0 },
  pieces: [CONTRAST_WHITE, CONTRAST_BLACK],
  crownFill: '#ffd000',
  crownShade: '#f09a00',
  crownOutline: '#000000',
  shadow: 'rgba(0, 0, 0, 0.40)',
  badgeFill: '#000000',
  badgeText: '#ffffff',
  badgeOutline: '#ffd000',
  lastMoveTint: 'rgba(255, 214, 0, 0.70)',
  lastMovePathTint: 'rgba(255, 214, 0, 0.38)',
  lastMoveLine: 'rgba(255, 240, 120, 0.90)',
  lastMoveLineCasing: 'rgba(0, 0, 0, 0.70)',
  jumped: '#ff5a00',
  jumpedTint: 'rgba(255, 90, 0, 0.25)',
  selected: '#0050ff',
  target: 'rgba(0, 80, 255, 0.90)',
  targetOutline: '#ffffff',
  captionBackground: '#000000',
  captionRule: '#ffd000',
  captionTitle: '#ffffff',
  captionText: '#f0f0f0',
  seats: [
    CONTRAST_WHITE,
    {
      faceLight: '#e0302a',
      faceDark: '#b01010',
      groove: '#700808',
      sideLight: '#d42020',
      sideDark: '#7a0a0a',
      outline: '#000000',
      text: '#ffffff',
    },
    CONTRAST_BLACK,
    {
      faceLight: '#7ad866',
      faceDark: '#4cb83a',
      groove: '#26781a',
      sideLight: '#6ccf58',
      sideDark: '#2e8a20',
      outline: '#000000',
      text: '#000000',
    },
  ],
  finishedSeat: { fill: '#8c8c8c', outline: '#000000', text: '#ffffff' },
  turn: '#ffd000',
  turnOutline: '#000000',
  turnTint: 'rgba(255, 208, 0, 0.22)',
  standingsMuted: '#a0a0a0',
  sheet: {
    paper: '#ffffff',
    stripe: '#e6e6e6',
    heading: '#000000',
    headingText: '#ffffff',
    ink: '#000000',
    muted: '#6b6b6b',
    rule: '#9a9a9a',
    highlight: 'rgba(255, 208, 0, 0.50)',
    diagonal: '#303030',
    line: '#0050ff',
    band: 'rgba(0, 80, 255, 0.16)',
    labelText: '#ffffff',
  },
};

export const THEMES: Readonly<Record<ThemeId, Theme>> = { wood: WOOD, contrast: CONTRAST };

export const THEME_IDS = Object.keys(THEMES) as ThemeId[];

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(THEMES, value);
}
