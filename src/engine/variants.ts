import { GEOMETRY_10, GEOMETRY_10X8, GEOMETRY_7, GEOMETRY_8, type Geometry } from './geometry.js';
import { fail, ok, type Result } from './result.js';

export type VariantId =
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

/**
 * Everything that distinguishes one variant from another. The move generator reads these
 * flags; there is one generator for all variants.
 */
export interface Variant {
  readonly id: VariantId;
  /** English and Russian names for people. */
  readonly name: { readonly en: string; readonly ru: string };
  readonly geometry: Geometry;
  /** Starting squares of each side's men (White's side is rank 1). */
  readonly start: { readonly white: readonly string[]; readonly black: readonly string[] };
  /** Men capture backwards as well as forwards (Russian rules) or only forwards (Laska). */
  readonly manCapturesBackward: boolean;
  /** Kings move and capture along whole diagonals ("flying"), or one square (Laska officers). */
  readonly flyingKings: boolean;
  /**
   * How a stack may be jumped again within one move:
   * - 'rejump': a stack still topped by the enemy may be jumped again (never straight back),
   *   and a square emptied by the capture is empty at once (Bashni);
   * - 'turkish': each stack is jumped at most once and every jumped square stays blocked until
   *   the move ends (Turkish strike).
   */
  readonly repeatedJumps: 'rejump' | 'turkish';
  /** A captured king becomes a man as it goes under the capturing stack (Stolby). */
  readonly capturedKingDemoted: boolean;
  /** A man promoted during a capture ends its move there (Laska) instead of going on as a king. */
  readonly promotionEndsCapture: boolean;
  /** What having no legal move on one's turn means for that side (unless `outcome` overrides). */
  readonly noMoveMeans: 'loss' | 'win';
  /** King-topped stacks have no quiet moves: they move only by capturing (Adiyukh). */
  readonly kingsCaptureOnly?: boolean;
  /**
   * At the end of a capture the moving stack's top is a man again, unless the move ends on the
   * mover's far rank, where it is (or becomes) a king (Adiyukh). Prisoners keep their rank.
   */
  readonly kingRevertsAfterCapture?: boolean;
  /**
   * How the game ends and is scored. Absent: by `noMoveMeans`, draws by threefold repetition
   * and the 15-move rule. 'half-count' (Adiyukh): the game ends when the side to move has no
   * legal move or on a third repetition, and every piece is counted by the half of the board
   * it stands on; White wins with more pieces on Black's half (the upper half of the ranks:
   * 5–8 on 8x8 and 10x8, 6–10 on 10x10), Black with more on White's half, equal counts draw.
   * No 15-move rule.
   */
  readonly outcome?: 'half-count';
  /**
   * Height of every start stack, all of the owner's men (Multistorey: 2-high towers).
   * Absent: 1, single men.
   */
  readonly startHeight?: number;
  /**
   * A jumped piece leaves the board instead of going under the capturing stack (Multistorey:
   * Russian draughts with towers). Stacks then never hold prisoners. Absent: false.
   */
  readonly capturedPiecesLeave?: boolean;
  /**
   * What the 15-move rule counts: plies in a row in which neither side's number of stacks
   * changed ('stack-counts', Bashni), or plies without any capture ('captures', Multistorey,
   * where a capture always lowers the piece count). Absent: 'stack-counts'.
   */
  readonly fifteenMoveRule?: 'stack-counts' | 'captures';
  /**
   * Two moves per turn (Bashni double-move): each single move is one ply, the side to move
   * changes only after the turn's last move, and the first turns may be shorter
   * (doubleMoveScheme). The moves left in the turn are part of the position (Position.movesLeft, the FEN's
   * `W1`/`W2`/`B1`/`B2`, the hash). Capturing is mandatory per move, and a side that cannot make
   * its first or its second move has no legal move (noMoveMeans).
   */
  readonly doubleMove: boolean;
  /**
   * Double-move variants only: how the first turns go. '1+2' (absent): White's first turn has
   * one move, then every turn two. '2': every turn two moves, White's first too (the start is
   * `W2`). '1+1': White's first turn has one move and so has Black's answer, then two each;
   * the move made from the start position (which cannot come back: position.ts
   * answeredByOneMove) is the one that hands the opponent a one-move turn.
   */
  readonly doubleMoveScheme?: '1+2' | '2' | '1+1';
  /**
   * Borovikov's "covering": when no jump exists, a stack may also move onto an occupied square
   * (own or enemy) along its quiet-move geometry (a man one square forward, a king to the first
   * occupied square of a diagonal) and lands on top; then every opponent piece of the new stack
   * with a mover's piece above and below it leaves the board for good. Absent means false.
   */
  readonly covering?: boolean;
  /**
   * Shared pieces (Stavropol Adiyukh): on their turn either player may move ANY stack. The
   * stack's top colour, not the player, decides its direction, far rank and what it may jump
   * (white-topped stacks jump black-topped ones and the reverse); capturing is mandatory over
   * the whole board. `Position.turn` names the PLAYER to move. A position whose stacks all have
   * tops of one colour is over (no legal moves; the half count scores it). Absent means false.
   */
  readonly sharedPieces?: boolean;
}

const RUSSIAN_START = {
  white: ['a1', 'c1', 'e1', 'g1', 'b2', 'd2', 'f2', 'h2', 'a3', 'c3', 'e3', 'g3'],
  black: ['b6', 'd6', 'f6', 'h6', 'a7', 'c7', 'e7', 'g7', 'b8', 'd8', 'f8', 'h8'],
};

/** Every dark square of the given ranks (1-based, inclusive) of a board's geometry. */
function darkSquaresOfRanks(geometry: Geometry, first: number, last: number): string[] {
  return geometry.names.filter((_, s) => {
    const rank = geometry.rank[s]! + 1;
    return rank >= first && rank <= last;
  });
}

const BASHNI: Variant = {
  id: 'bashni',
  name: { en: 'Bashni', ru: 'Башни' },
  geometry: GEOMETRY_8,
  start: RUSSIAN_START,
  manCapturesBackward: true,
  flyingKings: true,
  repeatedJumps: 'rejump',
  capturedKingDemoted: false,
  promotionEndsCapture: false,
  noMoveMeans: 'loss',
  doubleMove: false,
};

export const VARIANTS: Readonly<Record<VariantId, Variant>> = {
  bashni: BASHNI,
  stolby: {
    ...BASHNI,
    id: 'stolby',
    name: { en: 'Stolby', ru: 'Столбы' },
    repeatedJumps: 'turkish',
    capturedKingDemoted: true,
  },
  laska: {
    id: 'laska',
    name: { en: 'Laska', ru: 'Ласка' },
    geometry: GEOMETRY_7,
    start: {
      white: ['a1', 'c1', 'e1', 'g1', 'b2', 'd2', 'f2', 'a3', 'c3', 'e3', 'g3'],
      black: ['a5', 'c5', 'e5', 'g5', 'b6', 'd6', 'f6', 'a7', 'c7', 'e7', 'g7'],
    },
    manCapturesBackward: false,
    flyingKings: false,
    repeatedJumps: 'turkish',
    capturedKingDemoted: false,
    promotionEndsCapture: true,
    noMoveMeans: 'loss',
    doubleMove: false,
  },
  giveaway: {
    ...BASHNI,
    id: 'giveaway',
    name: { en: 'Column giveaway', ru: 'Столбовые поддавки' },
    noMoveMeans: 'win',
  },
  adiyukh: {
    ...BASHNI,
    id: 'adiyukh',
    name: { en: 'Adiyukh', ru: 'Адиюх' },
    kingsCaptureOnly: true,
    kingRevertsAfterCapture: true,
    outcome: 'half-count',
  },
  // Dagaz's "8x10": 10 files (a–j) by 8 ranks, 15 men each on the first and last three ranks.
  'adiyukh-8x10': {
    ...BASHNI,
    id: 'adiyukh-8x10',
    name: { en: 'Adiyukh 10×8', ru: 'Адиюх 10×8' },
    geometry: GEOMETRY_10X8,
    start: {
      white: darkSquaresOfRanks(GEOMETRY_10X8, 1, 3),
      black: darkSquaresOfRanks(GEOMETRY_10X8, 6, 8),
    },
    kingsCaptureOnly: true,
    kingRevertsAfterCapture: true,
    outcome: 'half-count',
  },
  // 10x10, 20 men each on the first and last four ranks.
  'adiyukh-10x10': {
    ...BASHNI,
    id: 'adiyukh-10x10',
    name: { en: 'Adiyukh 10×10', ru: 'Адиюх 10×10' },
    geometry: GEOMETRY_10,
    start: {
      white: darkSquaresOfRanks(GEOMETRY_10, 1, 4),
      black: darkSquaresOfRanks(GEOMETRY_10, 7, 10),
    },
    kingsCaptureOnly: true,
    kingRevertsAfterCapture: true,
    outcome: 'half-count',
  },
  multistorey: {
    ...BASHNI,
    id: 'multistorey',
    name: { en: 'Multistorey draughts', ru: 'Многоэтажные шашки' },
    repeatedJumps: 'turkish',
    startHeight: 2,
    capturedPiecesLeave: true,
    fifteenMoveRule: 'captures',
  },
  'bashni-double': {
    ...BASHNI,
    id: 'bashni-double',
    name: { en: 'Double-move Bashni', ru: 'Двухходовые башни' },
    doubleMove: true,
  },
  'bashni-double-2': {
    ...BASHNI,
    id: 'bashni-double-2',
    name: {
      en: 'Double-move Bashni (2 from the start)',
      ru: 'Двухходовые башни (2 с первого хода)',
    },
    doubleMove: true,
    doubleMoveScheme: '2',
  },
  'bashni-double-11': {
    ...BASHNI,
    id: 'bashni-double-11',
    name: { en: 'Double-move Bashni (1+1)', ru: 'Двухходовые башни (1+1)' },
    doubleMove: true,
    doubleMoveScheme: '1+1',
  },
  borovikov: {
    ...BASHNI,
    id: 'borovikov',
    name: { en: "Borovikov's checkers", ru: 'Боровицкие шашки' },
    covering: true,
  },
  stavropol: {
    ...BASHNI,
    id: 'stavropol',
    name: { en: 'Stavropol Adiyukh', ru: 'Ставропольские шашки Адиюх' },
    kingsCaptureOnly: true,
    kingRevertsAfterCapture: true,
    outcome: 'half-count',
    sharedPieces: true,
  },
};

export const VARIANT_IDS = Object.keys(VARIANTS) as VariantId[];

/** Looks a variant up by its id (case-insensitive). */
export function parseVariant(text: string): Result<Variant> {
  const id = text.trim().toLowerCase();
  // Own keys only: "constructor" or "__proto__" are not variants.
  const variant = Object.hasOwn(VARIANTS, id) ? VARIANTS[id as VariantId] : undefined;
  if (variant === undefined) {
    return fail(
      'unknown-variant',
      `Unknown variant "${text}"; expected one of ${VARIANT_IDS.join(', ')}.`,
    );
  }
  return ok(variant);
}

/**
 * Most pieces a side can have in this variant: its starting count, since pieces are never added
 * (Borovikov's sandwich removes pieces for good, which only lowers the count).
 */
export function maxPiecesPerSide(variant: Variant): number {
  return variant.start.white.length * (variant.startHeight ?? 1);
}

/**
 * Most stacks a side can own: its number of start squares. With single men at the start a
 * side never owns more stacks than pieces; with towers (Multistorey) stacks never split.
 * Move lists rely on it: under the Turkish strike a move jumps each enemy stack at most once.
 */
export function maxStacksPerSide(variant: Variant): number {
  return variant.start.white.length;
}
