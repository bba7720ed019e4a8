import { maxPiecesPerSide, stepMasks, type Board, type Variant } from '../engine/index.js';
import * as bits from './bits.js';
import { ScanEvaluator } from './evaluate-scan.js';
import * as terms from './stack-terms.js';
import { maskOf, squareTables } from './square-tables.js';
import { WEIGHT_NAMES, type Weights } from './weights.js';

// Module-local copies: imported bindings can compile to getter calls (vitest, CJS).
const popcount = bits.popcount;
const shift = bits.shift;
const lowestBit = bits.lowestBit;
const { captureLoss, fragileLoss, prisonersOf, stackWorth } = terms;

/** The only weights Stavropol's evaluation reads (sharedEvaluate). */
const SHARED_READ: readonly (keyof Weights)[] = ['halfCount', 'crossing', 'tempo'];

/** Weights that describe prisoners, which a variant whose captured pieces leave never has. */
const PRISONER_WEIGHTS: readonly (keyof Weights)[] = [
  'prisonerSafe',
  'prisonerThin',
  'prisonerKing',
  'fragile',
];

/**
 * The weights a variant's evaluation never reads (tuning leaves them as they are): the goal
 * terms outside the half-count variants, everything but the goal terms and the tempo in
 * Stavropol, and the prisoner terms where captured pieces leave the board.
 */
export function unreadWeights(variant: Variant): readonly (keyof Weights)[] {
  if (variant.sharedPieces === true)
    return WEIGHT_NAMES.filter((name) => !SHARED_READ.includes(name));
  const unread: (keyof Weights)[] = [];
  if (variant.outcome !== 'half-count') unread.push('halfCount');
  unread.push('crossing');
  if (variant.capturedPiecesLeave === true) unread.push(...PRISONER_WEIGHTS);
  return unread;
}

/**
 * Static evaluation of a Board for the side to move, in centi-men.
 *
 * A stack is read as its owner's run of pieces on top of a run of prisoners (docs/rules.md: at most
 * two colour layers). For each stack the owner scores:
 *   - the top piece (man or king) — the piece that moves;
 *   - each own piece under it (a reserve: one more jump is needed to take the stack over);
 *   - each enemy prisoner, more when two or more own pieces sit on it (a single cover piece can
 *     be jumped once and every prisoner walks free), minus a fragility charge per prisoner when
 *     that single cover is exposed (an empty square on one side of it along a diagonal and no
 *     own piece on the other);
 *   - for a man-topped stack: advancement (quadratic in ranks), one step from promotion, a free
 *     promotion square, back-rank guard, and being blocked (no forward square free).
 * Board-wide terms: quiet mobility of men and kings, central squares, the side to move's
 * exposure to the capture threats it faces (its largest loss, freed prisoners included, and
 * each further threatened stack), a trade-down bonus for the side ahead as the board empties,
 * and the tempo. In adiyukh, whose game is scored by the half count, each piece (of either
 * colour) on the opponent's half counts the halfCount weight for the side whose goal it serves.
 *
 * Borovikov (covering): the side to move's exposure also counts the stacks the opponent could
 * cover (an enemy man diagonally behind them in its forward direction, or an enemy king with
 * only empty squares between): a cover takes the whole stack, and the own run above prisoners
 * leaves the board.
 *
 * The search calls this only when the side to move has no capture (captures are mandatory and
 * resolved by the search), so only the opponent's threats are pending.
 *
 * Boards of up to 32 squares are read from the Board's bitboards; wide boards (10x8, 10x10),
 * which have none, go to ScanEvaluator (evaluate-scan.ts), which computes the same terms
 * square by square (the choice is made once, in the constructor).
 */
export class Evaluator {
  private readonly board: Board;
  private readonly w: Weights;
  private readonly masks: Int32Array;
  private readonly step: Int8Array;
  private readonly flyingKings: boolean;
  private readonly menCaptureBackward: boolean;
  private readonly covering: boolean;
  /** Per colour and square: the man-topped stack's positional value (advance, back rank...). */
  private readonly manSquare: Int32Array;
  private readonly squareCount: number;
  private readonly center: number;
  /** Squares one step from promotion, per colour. */
  private readonly nearPromotion: Int32Array;
  private readonly maxPieces: number;
  /** Adiyukh: the half count's value per piece (0 in other variants). */
  private readonly halfCountPiece: number;
  /** Squares of Black's half (the upper half of the ranks: 5–8 on 8x8). */
  private readonly blackHalf: number;
  /** Stavropol (shared pieces): the half count's goal only, see sharedEvaluate. */
  private readonly sharedPieces: boolean;
  /** The square-by-square evaluator of a wide board (or when asked for); null: bitboards. */
  private readonly scan: ScanEvaluator | null;
  /** scan or sharedPieces: evaluate() leaves the bitboard path (one test for both). */
  private readonly otherPath: boolean;

  /**
   * @param options.scan evaluate square by square on a board of up to 32 squares too (tests
   *   compare the two ways); wide boards always do.
   */
  constructor(board: Board, weights: Weights, options: { scan?: boolean } = {}) {
    this.board = board;
    this.w = { ...weights };
    const g = board.geometry;
    this.step = g.step;
    this.flyingKings = board.variant.flyingKings;
    this.menCaptureBackward = board.variant.manCapturesBackward;
    this.covering = board.variant.covering === true;
    this.squareCount = g.squareCount;
    this.maxPieces = 2 * maxPiecesPerSide(board.variant);
    this.halfCountPiece = board.variant.outcome === 'half-count' ? weights.halfCount : 0;
    this.sharedPieces = board.variant.sharedPieces === true;
    this.otherPath = this.sharedPieces || board.wide || options.scan === true;
    const n = g.squareCount;
    const tables = squareTables(g, weights);
    this.manSquare = tables.manSquare;
    if (board.wide || options.scan === true) {
      this.scan = new ScanEvaluator(board, this.w, tables);
      this.masks = new Int32Array(8);
      this.nearPromotion = new Int32Array(2);
      this.center = 0;
      this.blackHalf = 0;
      return;
    }
    this.scan = null;
    this.masks = stepMasks(g);
    this.nearPromotion = Int32Array.of(
      maskOf(tables.nearPromotion, 0, n),
      maskOf(tables.nearPromotion, n, n),
    );
    this.center = maskOf(tables.center, 0, n);
    this.blackHalf = maskOf(tables.blackHalf, 0, n);
  }

  /** The position's value for the side to move. */
  evaluate(): number {
    if (this.otherPath) return this.scan !== null ? this.scan.evaluate() : this.sharedEvaluate();
    const board = this.board;
    const w = this.w;
    const masks = this.masks;
    const height = board.height;
    const colors = board.colors;
    const kings = board.kings;
    const whiteBits = board.whiteBits;
    const blackBits = board.blackBits;
    const kingBits = board.kingBits;
    const empty = ~(whiteBits | blackBits) & board.allSquares;
    const n = this.squareCount;

    // Stacks that an enemy could jump along some diagonal: empty on one side, not own on the other.
    const notWhite = ~whiteBits & board.allSquares;
    const notBlack = ~blackBits & board.allSquares;
    let exposedWhite = 0;
    let exposedBlack = 0;
    for (let d = 0; d < 4; d++) {
      const landing = shift(masks, empty, 3 - d);
      exposedWhite |= landing & shift(masks, notWhite, d);
      exposedBlack |= landing & shift(masks, notBlack, d);
    }

    let score = 0; // White minus Black
    let whitePieces = 0;
    let blackPieces = 0;
    for (let bits = whiteBits | blackBits; bits !== 0; bits &= bits - 1) {
      const s = lowestBit(bits);
      const h = height[s]!;
      const c = colors[s]!;
      const owner = (c >>> (h - 1)) & 1;
      const p = h > 1 ? prisonersOf(h, c, owner) : 0;
      let v = stackWorth(w, h, kings[s]!, p, this.manSquare[owner * n + s]!);
      if ((((owner === 0 ? exposedWhite : exposedBlack) >>> s) & 1) === 1)
        v -= fragileLoss(w, h, p);
      if (owner === 0) {
        score += v;
        whitePieces += h - p;
      } else {
        score -= v;
        blackPieces += h - p;
      }
    }

    // Mobility, blocked men and promotion threats.
    const whiteMen = whiteBits & ~kingBits;
    const blackMen = blackBits & ~kingBits;
    const whiteFree = shift(masks, empty, 3) | shift(masks, empty, 2); // NE or NW square empty
    const blackFree = shift(masks, empty, 0) | shift(masks, empty, 1); // SW or SE square empty
    score +=
      w.manMobility *
      (popcount(shift(masks, whiteMen, 0) & empty) +
        popcount(shift(masks, whiteMen, 1) & empty) -
        popcount(shift(masks, blackMen, 2) & empty) -
        popcount(shift(masks, blackMen, 3) & empty));
    score -= w.blocked * (popcount(whiteMen & ~whiteFree) - popcount(blackMen & ~blackFree));
    score +=
      w.promotionThreat *
      (popcount(whiteMen & whiteFree & this.nearPromotion[0]!) -
        popcount(blackMen & blackFree & this.nearPromotion[1]!));
    score += w.center * (popcount(whiteBits & this.center) - popcount(blackBits & this.center));
    if (kingBits !== 0) {
      score +=
        w.kingMobility *
        (this.kingMoves(whiteBits & kingBits, empty) - this.kingMoves(blackBits & kingBits, empty));
    }

    // The trade-down bonus grows as pieces leave play.
    const total = whitePieces + blackPieces;
    score += ((w.tradeDown * (whitePieces - blackPieces) * (this.maxPieces - total)) / 8) | 0;

    if (this.halfCountPiece !== 0) score += this.halfCountPiece * this.halfCountLead();

    const turn = board.turn;
    // A second move still to play in this turn (double-move variants) is one more tempo.
    let value = (turn === 0 ? score : -score) + w.tempo * board.movesLeft;
    value -= this.threatPenalty(turn === 0 ? whiteBits : blackBits, turn, empty);
    return value;
  }

  /**
   * Stavropol: both players move the same pieces, so material, threats and mobility by colour
   * mean nothing for either player; only the half count does. White's score is the count lead
   * (pieces of either colour on Black's half minus those on White's) plus the pieces that
   * man-topped stacks can still carry over the middle (white-topped ones on White's half, which
   * the White player moves up, minus black-topped ones on Black's half, which the Black player
   * moves down), turned to the player to move, plus the tempo.
   */
  private sharedEvaluate(): number {
    const { height, whiteBits, blackBits, kingBits, turn } = this.board;
    const blackHalf = this.blackHalf;
    let crossing = 0;
    for (let b = whiteBits & ~kingBits & ~blackHalf; b !== 0; b &= b - 1)
      crossing += height[lowestBit(b)]!;
    for (let b = blackBits & ~kingBits & blackHalf; b !== 0; b &= b - 1)
      crossing -= height[lowestBit(b)]!;
    const score = this.w.halfCount * this.halfCountLead() + this.w.crossing * crossing;
    return (turn === 0 ? score : -score) + this.w.tempo;
  }

  /** Adiyukh: pieces of either colour on Black's half minus those on White's (White's lead). */
  private halfCountLead(): number {
    const { height, whiteBits, blackBits } = this.board;
    let lead = 0;
    for (let b = whiteBits | blackBits; b !== 0; b &= b - 1) {
      const s = lowestBit(b);
      lead += ((this.blackHalf >>> s) & 1) === 1 ? height[s]! : -height[s]!;
    }
    return lead;
  }

  private kingMoves(kingSquares: number, empty: number): number {
    let count = 0;
    if (!this.flyingKings) {
      for (let d = 0; d < 4; d++) count += popcount(shift(this.masks, kingSquares, d) & empty);
      return count;
    }
    const top = this.board.top;
    const step = this.step;
    for (let b = kingSquares; b !== 0; b &= b - 1) {
      const s = lowestBit(b);
      for (let d = 0; d < 4; d++) {
        for (let to = step[s * 4 + d]!; to >= 0 && top[to] === 0; to = step[to * 4 + d]!) count++;
      }
    }
    return count;
  }

  /**
   * What the side to move stands to lose to the opponent's capture threats: its largest single
   * loss (in men: the top, a king counting three, plus every prisoner a lone cover piece would
   * free) and a charge for each further stack under threat.
   */
  private threatPenalty(mine: number, turn: number, empty: number): number {
    const board = this.board;
    const masks = this.masks;
    const enemy = turn === 0 ? board.blackBits : board.whiteBits;
    const enemyMen = enemy & ~board.kingBits;
    let attacked = 0;
    if (this.menCaptureBackward) {
      for (let d = 0; d < 4; d++)
        attacked |= shift(masks, enemyMen, d) & mine & shift(masks, empty, 3 - d);
    } else {
      // Forward only: the enemy is White (moves NE/NW) when Black is to move, and vice versa.
      const first = turn === 1 ? 0 : 2;
      for (let d = first; d < first + 2; d++)
        attacked |= shift(masks, enemyMen, d) & mine & shift(masks, empty, 3 - d);
    }
    const enemyKings = enemy & board.kingBits;
    if (enemyKings !== 0) {
      if (this.flyingKings) attacked |= this.flyingFirstStacks(enemyKings, mine, true);
      else {
        for (let d = 0; d < 4; d++)
          attacked |= shift(masks, enemyKings, d) & mine & shift(masks, empty, 3 - d);
      }
    }
    // Borovikov: stacks an enemy man (forward) or king (first stack on a diagonal) could cover.
    let covered = 0;
    if (this.covering) {
      const first = turn === 1 ? 0 : 2;
      for (let d = first; d < first + 2; d++) covered |= shift(masks, enemyMen, d) & mine;
      if (enemyKings !== 0) covered |= this.firstStacks(enemyKings, mine);
    }
    if ((attacked | covered) === 0) return 0;
    const { height, colors, kings } = board;
    let worst = 0;
    let count = 0;
    for (let b = attacked | covered; b !== 0; b &= b - 1) {
      const s = lowestBit(b);
      const loss = captureLoss(
        height[s]!,
        colors[s]!,
        kings[s]!,
        turn,
        ((covered >>> s) & 1) === 1,
      );
      if (loss > worst) worst = loss;
      count++;
    }
    return this.w.threatMax * worst + this.w.threatExtra * (count - 1);
  }

  /** Squares of `targets` that are the first stack along a diagonal from a king of `kingSquares`. */
  private firstStacks(kingSquares: number, targets: number): number {
    if (!this.flyingKings) {
      let hit = 0;
      for (let d = 0; d < 4; d++) hit |= shift(this.masks, kingSquares, d) & targets;
      return hit;
    }
    return this.flyingFirstStacks(kingSquares, targets, false);
  }

  /**
   * Squares of `targets` that are the first stack along a diagonal from a flying king of
   * `kingSquares`; with `jumpable`, only those with an empty square right behind (the king can
   * jump them now).
   */
  private flyingFirstStacks(kingSquares: number, targets: number, jumpable: boolean): number {
    const top = this.board.top;
    const step = this.step;
    let hit = 0;
    for (let b = kingSquares; b !== 0; b &= b - 1) {
      const s = lowestBit(b);
      for (let d = 0; d < 4; d++) {
        let to = step[s * 4 + d]!;
        while (to >= 0 && top[to] === 0) to = step[to * 4 + d]!;
        if (to < 0 || ((targets >>> to) & 1) === 0) continue;
        if (jumpable) {
          const land = step[to * 4 + d]!;
          if (land < 0 || top[land] !== 0) continue;
        }
        hit |= 1 << to;
      }
    }
    return hit;
  }
}
