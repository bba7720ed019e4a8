import { maxPiecesPerSide, type Board } from '../engine/index.js';
import type { SquareTables } from './square-tables.js';
import * as terms from './stack-terms.js';
import type { Weights } from './weights.js';

// Module-local copies: imported bindings can compile to getter calls (vitest, CJS).
const { captureLoss, fragileLoss, prisonersOf, stackWorth } = terms;

// Board top codes (engine/board.ts): 0 empty, 2 + colour * 2 + king.
const EMPTY = 0;

/**
 * Evaluator's terms computed square by square from the Board's `top`, `height`, `colors` and
 * `kings`, for boards without bitboards (more than 32 squares: 10x8, 10x10). Every term is the
 * one evaluate.ts documents, with each bitboard set read as a question about one square: a
 * stack is exposed when one neighbour along a diagonal is empty and the other is on the board
 * and not its owner's; a man is free when a forward neighbour is empty; and so on. On a board of
 * up to 32 squares the two evaluators return the same value (test/ai/evaluate-scan.test.ts).
 */
export class ScanEvaluator {
  private readonly board: Board;
  private readonly w: Weights;
  private readonly tables: SquareTables;
  private readonly step: Int8Array;
  private readonly n: number;
  private readonly flyingKings: boolean;
  private readonly menCaptureBackward: boolean;
  private readonly covering: boolean;
  private readonly maxPieces: number;
  private readonly halfCountPiece: number;
  private readonly sharedPieces: boolean;

  constructor(board: Board, weights: Weights, tables: SquareTables) {
    this.board = board;
    this.w = weights;
    this.tables = tables;
    this.step = board.geometry.step;
    this.n = board.geometry.squareCount;
    this.flyingKings = board.variant.flyingKings;
    this.menCaptureBackward = board.variant.manCapturesBackward;
    this.covering = board.variant.covering === true;
    this.maxPieces = 2 * maxPiecesPerSide(board.variant);
    this.halfCountPiece = board.variant.outcome === 'half-count' ? weights.halfCount : 0;
    this.sharedPieces = board.variant.sharedPieces === true;
  }

  /** The position's value for the side to move. */
  evaluate(): number {
    if (this.sharedPieces) return this.sharedEvaluate();
    const board = this.board;
    const w = this.w;
    const { top, height, colors, kings } = board;
    const step = this.step;
    const n = this.n;
    const { manSquare, nearPromotion, center } = this.tables;

    let score = 0; // White minus Black
    let whitePieces = 0;
    let blackPieces = 0;
    let manMobility = 0;
    let blocked = 0;
    let promotionThreats = 0;
    let central = 0;
    let kingMobility = 0;
    for (let s = 0; s < n; s++) {
      const code = top[s]!;
      if (code === EMPTY) continue;
      const h = height[s]!;
      const c = colors[s]!;
      const k = kings[s]!;
      const owner = (c >>> (h - 1)) & 1;
      const sign = owner === 0 ? 1 : -1;
      const p = h > 1 ? prisonersOf(h, c, owner) : 0;
      const own = h - p;
      const fragile = fragileLoss(w, h, p);
      let v = stackWorth(w, h, k, p, manSquare[owner * n + s]!);
      if (fragile !== 0 && this.exposed(s, owner)) v -= fragile;
      score += sign * v;
      if (owner === 0) whitePieces += own;
      else blackPieces += own;
      if (center[s] === 1) central += sign;
      if (((k >>> (h - 1)) & 1) === 1) {
        kingMobility += sign * this.kingMoves(s);
        continue;
      }
      // A man: its forward squares (NE/NW for White, SE/SW for Black).
      const first = owner === 0 ? 0 : 2;
      const a = step[s * 4 + first]!;
      const b = step[s * 4 + first + 1]!;
      const free = (a >= 0 && top[a] === EMPTY ? 1 : 0) + (b >= 0 && top[b] === EMPTY ? 1 : 0);
      manMobility += sign * free;
      if (free === 0) blocked += sign;
      else if (nearPromotion[owner * n + s] === 1) promotionThreats += sign;
    }
    score += w.manMobility * manMobility;
    score -= w.blocked * blocked;
    score += w.promotionThreat * promotionThreats;
    score += w.center * central;
    score += w.kingMobility * kingMobility;

    const total = whitePieces + blackPieces;
    score += ((w.tradeDown * (whitePieces - blackPieces) * (this.maxPieces - total)) / 8) | 0;
    if (this.halfCountPiece !== 0) score += this.halfCountPiece * this.halfCountLead();

    const turn = board.turn;
    let value = (turn === 0 ? score : -score) + w.tempo * board.movesLeft;
    value -= this.threatPenalty(turn);
    return value;
  }

  /** Stavropol's goal terms (evaluate.ts sharedEvaluate), square by square. */
  private sharedEvaluate(): number {
    const { top, height, turn } = this.board;
    const blackHalf = this.tables.blackHalf;
    let crossing = 0;
    for (let s = 0; s < this.n; s++) {
      if (top[s] === 2 && blackHalf[s] === 0) crossing += height[s]!;
      else if (top[s] === 4 && blackHalf[s] === 1) crossing -= height[s]!;
    }
    const score = this.w.halfCount * this.halfCountLead() + this.w.crossing * crossing;
    return (turn === 0 ? score : -score) + this.w.tempo;
  }

  /** Pieces of either colour on Black's half minus those on White's (White's lead). */
  private halfCountLead(): number {
    const height = this.board.height;
    const blackHalf = this.tables.blackHalf;
    let lead = 0;
    for (let s = 0; s < this.n; s++) lead += blackHalf[s] === 1 ? height[s]! : -height[s]!;
    return lead;
  }

  /**
   * Whether an enemy could jump the stack on `s` along some diagonal: the square on one side is
   * empty, the one on the other side is on the board and not the owner's.
   */
  private exposed(s: number, owner: number): boolean {
    const { top } = this.board;
    const step = this.step;
    for (let d = 0; d < 4; d++) {
      const landing = step[s * 4 + d]!;
      const from = step[s * 4 + 3 - d]!;
      if (landing >= 0 && top[landing] === EMPTY && from >= 0 && ownerOf(top[from]!) !== owner)
        return true;
    }
    return false;
  }

  /** Quiet moves of the king on `s` (as if kings moved quietly: a mobility measure). */
  private kingMoves(s: number): number {
    const top = this.board.top;
    const step = this.step;
    let count = 0;
    for (let d = 0; d < 4; d++) {
      for (let to = step[s * 4 + d]!; to >= 0 && top[to] === EMPTY; to = step[to * 4 + d]!) {
        count++;
        if (!this.flyingKings) break;
      }
    }
    return count;
  }

  /**
   * The first stack met from `s` along direction d (the adjacent square only when kings do not
   * fly), or -1.
   */
  private firstStack(s: number, d: number): number {
    const top = this.board.top;
    let to = this.step[s * 4 + d]!;
    if (this.flyingKings) while (to >= 0 && top[to] === EMPTY) to = this.step[to * 4 + d]!;
    return to;
  }

  /** evaluate.ts threatPenalty: the side to move's exposure to the opponent's threats. */
  private threatPenalty(turn: number): number {
    const { top, height, colors, kings } = this.board;
    const step = this.step;
    const enemyMan = 2 + 2 * (turn ^ 1);
    const enemyKing = enemyMan + 1;
    // Men capture towards d when they stand on the far side of the target (3 - d).
    const firstMan = this.menCaptureBackward ? 0 : turn === 1 ? 0 : 2;
    const lastMan = this.menCaptureBackward ? 3 : firstMan + 1;
    const coverFirst = turn === 1 ? 0 : 2;
    let worst = 0;
    let count = 0;
    for (let s = 0; s < this.n; s++) {
      const code = top[s]!;
      if (code === EMPTY || ownerOf(code) !== turn) continue;
      let attacked = false;
      for (let d = 0; d < 4 && !attacked; d++) {
        const landing = step[s * 4 + d]!;
        if (landing < 0 || top[landing] !== EMPTY) continue;
        const behind = step[s * 4 + 3 - d]!;
        if (behind < 0) continue;
        if (d >= firstMan && d <= lastMan && top[behind] === enemyMan) attacked = true;
        else if (top[this.firstStack(s, 3 - d)] === enemyKing) attacked = true;
      }
      let covered = false;
      if (this.covering) {
        for (let d = coverFirst; d < coverFirst + 2; d++) {
          const behind = step[s * 4 + 3 - d]!;
          if (behind >= 0 && top[behind] === enemyMan) covered = true;
        }
        for (let d = 0; d < 4; d++) {
          const first = this.firstStack(s, d);
          if (first >= 0 && top[first] === enemyKing) covered = true;
        }
      }
      if (!attacked && !covered) continue;
      const loss = captureLoss(height[s]!, colors[s]!, kings[s]!, turn, covered);
      if (loss > worst) worst = loss;
      count++;
    }
    if (count === 0) return 0;
    return this.w.threatMax * worst + this.w.threatExtra * (count - 1);
  }
}

/** The owner of a non-empty square's top code: 0 White, 1 Black (-1 for an empty square). */
function ownerOf(code: number): number {
  return code === EMPTY ? -1 : (code - 2) >> 1;
}
