/**
 * Board model and per-variant rule switches of the reference move generator.
 *
 * Deliberately plain: a board is a Map from square name ("c3") to the stack on it, a stack is
 * an array of pieces bottom-to-top. Stacks are never mutated in place; every change builds a
 * new array, so copying a board is just `new Map(board)`.
 */

export type RefVariant =
  | 'bashni'
  | 'stolby'
  | 'laska'
  | 'giveaway'
  | 'adiyukh'
  | 'adiyukh-8x10'
  | 'adiyukh-10x10'
  | 'multistorey'
  | 'bashni-double'
  | 'bashni-double-2'
  | 'bashni-double-11'
  | 'borovikov'
  | 'stavropol';

export interface Piece {
  readonly white: boolean;
  readonly king: boolean;
}

/** Pieces bottom-to-top; never empty. The last element is the top piece. */
export type Stack = readonly Piece[];

/** Occupied squares only; an empty square has no entry. */
export type Board = Map<string, Stack>;

export interface Position {
  board: Board;
  whiteToMove: boolean;
  /** Moves the side to move still has in its turn: 1, or 2 in the middle of a double-move game. */
  movesLeft: number;
}

export interface VariantRules {
  /** Board is files (a…) across by ranks (1…) up. */
  files: number;
  ranks: number;
  /** Kings move and capture along whole diagonals; otherwise one square (laska officers). */
  flyingKings: boolean;
  /** Men capture backwards as well as forwards. */
  menCaptureBackward: boolean;
  /** Each stack jumped at most once per move; jumped squares stay blocked until it ends. */
  turkishStrike: boolean;
  /** A king taken prisoner goes under as a man. */
  capturedKingsBecomeMen: boolean;
  /** A man promoted during a capture stops there instead of capturing on as a king. */
  promotionEndsCapture: boolean;
  /** A king may not make a quiet move; it moves only by capturing (adiyukh). */
  kingsOnlyCapture?: boolean;
  /** When a capture ends, the top piece is a king if it stands on the far rank, else a man. */
  topIsKingOnlyOnFarRankAfterCapture?: boolean;
  /** A taken piece leaves the board instead of going under the jumping stack (multistorey). */
  takenPieceLeaves?: boolean;
  /** Single moves in a turn (2 in bashni-double, where White's first turn has 1). */
  movesPerTurn: number;
  /**
   * Double move "1+1": White's one move from the start position leaves Black one move too
   * (every other turn that ends leaves the opponent movesPerTurn).
   */
  oneMoveAnswerToStart?: boolean;
  /**
   * Borovikov: with no capture, a stack may also move onto an occupied square and lands on top;
   * opponent pieces sandwiched between the mover's pieces leave the board.
   */
  covering: boolean;
  /**
   * Stavropol: the player to move may move a stack of either colour (each moves as its top
   * colour); once every stack's top has one colour the game is over and nothing moves.
   */
  sharedPieces?: boolean;
}

const BASHNI: VariantRules = {
  files: 8,
  ranks: 8,
  flyingKings: true,
  menCaptureBackward: true,
  turkishStrike: false,
  capturedKingsBecomeMen: false,
  promotionEndsCapture: false,
  movesPerTurn: 1,
  covering: false,
};

const ADIYUKH: VariantRules = {
  ...BASHNI,
  kingsOnlyCapture: true,
  topIsKingOnlyOnFarRankAfterCapture: true,
};

export const VARIANT_RULES: Record<RefVariant, VariantRules> = {
  bashni: BASHNI,
  // Only the winner differs from bashni, which a move generator never sees.
  giveaway: BASHNI,
  stolby: { ...BASHNI, turkishStrike: true, capturedKingsBecomeMen: true },
  adiyukh: ADIYUKH,
  // Adiyukh on bigger boards: the same rules, 10 files by 8 ranks and 10 by 10.
  'adiyukh-8x10': { ...ADIYUKH, files: 10, ranks: 8 },
  'adiyukh-10x10': { ...ADIYUKH, files: 10, ranks: 10 },
  laska: {
    files: 7,
    ranks: 7,
    flyingKings: false,
    menCaptureBackward: false,
    turkishStrike: true,
    capturedKingsBecomeMen: false,
    promotionEndsCapture: true,
    movesPerTurn: 1,
    covering: false,
  },
  // Russian draughts with towers: Turkish strike, the taken top piece is thrown away.
  multistorey: { ...BASHNI, turkishStrike: true, takenPieceLeaves: true },
  // Each single move is a whole bashni move; only who moves next differs.
  'bashni-double': { ...BASHNI, movesPerTurn: 2 },
  // "2 from the start" differs only in its start position (W2); "1+1" in who moves next.
  'bashni-double-2': { ...BASHNI, movesPerTurn: 2 },
  'bashni-double-11': { ...BASHNI, movesPerTurn: 2, oneMoveAnswerToStart: true },
  borovikov: { ...BASHNI, covering: true },
  stavropol: {
    ...BASHNI,
    kingsOnlyCapture: true,
    topIsKingOnlyOnFarRankAfterCapture: true,
    sharedPieces: true,
  },
};

export const REF_VARIANTS: readonly RefVariant[] = [
  'bashni',
  'stolby',
  'laska',
  'giveaway',
  'adiyukh',
  'adiyukh-8x10',
  'adiyukh-10x10',
  'multistorey',
  'bashni-double',
  'bashni-double-2',
  'bashni-double-11',
  'borovikov',
  'stavropol',
];

const FILES = 'abcdefghij';

/** The four diagonal steps as [file delta, rank delta]. */
export const DIAGONALS: readonly (readonly [number, number])[] = [
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
];

export function squareName(file: number, rank: number): string {
  return `${FILES[file]}${rank + 1}`;
}

/** 0-based [file, rank] of a square name; throws on anything that is not a-j + 1-10. */
export function squareCoords(square: string): [number, number] {
  const match = /^([a-j])(10|[1-9])$/.exec(square);
  if (match === null) throw new Error(`not a square name: ${square}`);
  return [FILES.indexOf(match[1]!), Number(match[2]) - 1];
}

export function isOnBoard(rules: VariantRules, file: number, rank: number): boolean {
  return file >= 0 && file < rules.files && rank >= 0 && rank < rules.ranks;
}

/** a1 is dark. */
export function isDark(file: number, rank: number): boolean {
  return (file + rank) % 2 === 0;
}

/** All playable squares in canonical order: rank 1 first, within a rank file a first. */
export function playableSquares(rules: VariantRules): string[] {
  const squares: string[] = [];
  for (let rank = 0; rank < rules.ranks; rank++) {
    for (let file = 0; file < rules.files; file++) {
      if (isDark(file, rank)) squares.push(squareName(file, rank));
    }
  }
  return squares;
}

/** Rank delta of a forward step for the given colour. */
export function forward(white: boolean): number {
  return white ? 1 : -1;
}

/** Whether a man of this colour arriving on `rank` is promoted. */
export function isPromotionRank(rules: VariantRules, white: boolean, rank: number): boolean {
  return white ? rank === rules.ranks - 1 : rank === 0;
}

export function topOf(stack: Stack): Piece {
  const top = stack.at(-1);
  if (top === undefined) throw new Error('topOf: empty stack');
  return top;
}
