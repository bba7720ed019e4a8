import * as engine from '../engine/index.js';
import { Board, MoveGenerator, MoveList, type Position } from '../engine/index.js';
import * as bits from './bits.js';
import { Evaluator } from './evaluate.js';
import * as shared from './search-base.js';
import type { Weights } from './weights.js';

// Module-local copies: imported bindings can compile to getter calls (vitest, CJS).
const fifteenMovePlies = engine.fifteenMovePlies;
const FLAG_PROMOTES = engine.FLAG_PROMOTES;
const JUMP_CAPTURED_KING = engine.JUMP_CAPTURED_KING;
const JUMP_LANDING_SHIFT = engine.JUMP_LANDING_SHIFT;
const JUMP_SQUARE_MASK = engine.JUMP_SQUARE_MASK;
const MOVE_STRIDE = engine.MOVE_STRIDE;
const INLINE_JUMPS = engine.INLINE_JUMPS;
const EXTRA_JUMPS = engine.EXTRA_JUMPS;
const popcount = bits.popcount;
const stacksOf = engine.stacksOf;
const { CHECK_EVERY, HASH_MOVE, CAPTURE, PROMOTION, KILLER_1, KILLER_2, MAX_PLY } = shared;
const { boundOf, nextBest, NO_CUTOFF, rootOrderOf } = shared;

/** A win for the side to move at ply p scores MATE - p (a loss -(MATE - p)). */
export const MATE = 30000;
/** Scores beyond this in absolute value are forced wins or losses. */
export const MATE_BOUND = MATE - 1000;
const INFINITE = 32000;
/**
 * A win (or loss) of D plies found stops the iterations once it could not get shorter (longer):
 * when every line of D plies has been searched (depth > D), or when the depth reaches the
 * winner's moves in it, ceil(D / 2), plus this margin. A forced reply costs no depth, so a win
 * whose defence is mostly forced shows at about the winner's move count; the margin leaves room
 * for unforced replies and for a shorter win to show (docs/tuning.md, "Proven wins").
 */
export const MATE_MARGIN = 3;
const DRAW = 0;
/**
 * Stavropol: captures searched past the nominal depth before the evaluation stands in. Both
 * colours' stacks move on every turn, so a capture is pending in most positions and an
 * unbounded quiescence search grows exponentially. Set by hand; a candidate for tuning.
 */
const STAVROPOL_CAPTURE_PLIES = 4;
/** Earlier positions of the game considered for repetitions. */
const MAX_HISTORY = 256;

export interface SearchLimits extends shared.BaseSearchLimits {
  /**
   * Keys (high, low pairs as in Board.hashHigh/hashLow) of the game's earlier positions that
   * can still recur, oldest first: those since the last capture or man move.
   */
  readonly history?: readonly (readonly [number, number])[];
  /** Plies already played without a change in either side's number of stacks. */
  readonly quietPlies?: number;
}

export interface SearchResult extends shared.BaseSearchResult {
  /** The root move list (valid until the next search; `best` indexes it). */
  readonly list: MoveList;
  /** Score of the best move for the side to move, in centi-men (see MATE). */
  readonly score: number;
  /** With scoreAllMoves: exact score per root move index at `depth` (else undefined). */
  readonly rootScores?: Int32Array;
}

/**
 * Iterative-deepening negamax alpha-beta with principal-variation search over the engine's
 * Board (make/unmake) and MoveGenerator, allocation-free on its hot path:
 *   - transposition table keyed by the Board's 64-bit Zobrist key;
 *   - move ordering: hash move, captures by what they take (pieces, kings, promotion), killer
 *     moves, history heuristic;
 *   - no stand-pat while a capture is pending: captures are mandatory, so a position whose side
 *     to move must capture is searched on at any depth (the quiescence search; in stavropol
 *     only STAVROPOL_CAPTURE_PLIES past the depth), and a position
 *     with a single legal move does not cost depth;
 *   - late-move reductions for quiet moves;
 *   - draws: repetition of a position on the path (and of the game's earlier positions), the
 *     15-move rule; no legal move loses (wins in giveaway; in adiyukh the half count decides,
 *     and there is no 15-move rule).
 * Reuse one Searcher for many searches: its tables are allocated once.
 */
export class Searcher extends shared.SearchBase {
  private readonly lists: MoveList[] = [];
  private orderScores: Int32Array[] = [];
  private moveKeys: Int32Array[] = [];
  private readonly pathLow = new Int32Array(MAX_HISTORY + MAX_PLY + 4);
  private readonly pathHigh = new Int32Array(MAX_HISTORY + MAX_PLY + 4);
  /** Plies in a row (ending here) made by quiet king moves, the only reversible moves. */
  private readonly reversible = new Int32Array(MAX_HISTORY + MAX_PLY + 4);
  /** Plies in a row (ending here) without a change in either side's stack count. */
  private readonly quiet = new Int32Array(MAX_HISTORY + MAX_PLY + 4);

  private board!: Board;
  private generator!: MoveGenerator;
  private evaluator!: Evaluator;
  private noMoveWins = false;
  /** Adiyukh: no legal move ends the game, scored by the half count. */
  private halfCount = false;
  /** The 15-move rule counts plies without a capture (Multistorey), not stack-count changes. */
  private everyCaptureResets = false;
  /** The 15-move rule in plies (60 when a turn has two moves, none in Adiyukh). */
  private fifteenPlies = 30;
  /**
   * The depth below which a pending capture no longer extends the search: none elsewhere, where
   * the quiescence search resolves every capture; -STAVROPOL_CAPTURE_PLIES in stavropol, where
   * stacks of both colours can capture on every turn and capture chains would not end.
   */
  private captureHorizon = -Infinity;
  private historyLength = 0;
  private rootOrder = new Int32Array(64);
  /** The last completed iteration's line. */
  private bestLine: number[] = [];

  /**
   * @param options.ttBits the transposition table holds 2^ttBits entries (default 20).
   * @param options.now the clock the time limits read (SearchBase); the table searcher of the
   *   same thread shares it.
   */
  constructor(options: { ttBits?: number; now?: () => number } = {}) {
    super(options.ttBits ?? 20, options.now, 2 * 64 * 64, MATE_BOUND);
    for (let ply = 0; ply <= MAX_PLY + 1; ply++) {
      this.lists.push(new MoveList());
      this.orderScores.push(new Int32Array(128));
      this.moveKeys.push(new Int32Array(128));
    }
  }

  /** Searches `position` within `limits` and returns the best move found. */
  search(position: Position, weights: Weights, limits: SearchLimits = {}): SearchResult {
    const started = this.now();
    this.board = new Board(position);
    this.generator = new MoveGenerator(this.board);
    this.evaluator = new Evaluator(this.board, weights);
    this.noMoveWins = this.board.variant.noMoveMeans === 'win';
    this.halfCount = this.board.variant.outcome === 'half-count';
    this.everyCaptureResets = this.board.variant.fifteenMoveRule === 'captures';
    this.fifteenPlies = fifteenMovePlies(this.board.variant);
    this.captureHorizon =
      this.board.variant.sharedPieces === true ? -STAVROPOL_CAPTURE_PLIES : -Infinity;
    const scoreAll = this.begin(limits, started);

    const history = (limits.history ?? []).slice(-MAX_HISTORY);
    this.historyLength = history.length;
    history.forEach(([high, low], i) => {
      this.pathHigh[i] = high;
      this.pathLow[i] = low;
      this.reversible[i] = i;
    });
    const hp = this.historyLength;
    this.pathHigh[hp] = this.board.hashHigh;
    this.pathLow[hp] = this.board.hashLow;
    this.reversible[hp] = hp;
    this.quiet[hp] = limits.quietPlies ?? 0;

    this.bestLine = [];
    const list = this.lists[0]!;
    const count = this.generator.generate(list);
    const finish = (best: number, score: number, depth: number, rootScores?: Int32Array) => ({
      list,
      best,
      score: score | 0, // never -0
      depth,
      nodes: this.nodes,
      ms: this.now() - started,
      pv: best < 0 ? [] : this.principalVariation(best),
      rootScores,
    });
    if (count === 0) return finish(-1, this.noMoveScore(0), 0);
    if (count === 1 && !scoreAll) return finish(0, this.quickScore(), 0);

    if (this.rootOrder.length < count) this.rootOrder = new Int32Array(count * 2);
    this.orderMoves(0, count, 0);
    rootOrderOf(this.orderScores[0]!, count).forEach((index, k) => (this.rootOrder[k] = index));

    const maxDepth = Math.min(limits.maxDepth ?? MAX_PLY - 1, MAX_PLY - 1);
    let best = this.rootOrder[0]!;
    let bestScore = 0;
    let completed = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      let alpha = -INFINITE;
      let beta = INFINITE;
      if (depth >= 4 && Math.abs(bestScore) < MATE_BOUND) {
        alpha = bestScore - 40;
        beta = bestScore + 40;
      }
      let result = this.searchRoot(depth, alpha, beta, count);
      if (!this.isStopped() && (result.score <= alpha || result.score >= beta)) {
        result = this.searchRoot(depth, -INFINITE, INFINITE, count);
      }
      if (this.isStopped()) {
        // A move that completed and beat the previous best in this iteration is a safe choice.
        if (result.improved) {
          best = result.best;
          bestScore = result.score;
          this.bestLine = Array.from(this.pvKeys.subarray(0, this.pvLength[0]));
        }
        break;
      }
      best = result.best;
      bestScore = result.score;
      completed = depth;
      this.bestLine = Array.from(this.pvKeys.subarray(0, this.pvLength[0]));
      this.report(
        limits,
        started,
        depth,
        moveText(list, best, this.board.geometry.names),
        bestScore,
      );
      if (Math.abs(bestScore) > MATE_BOUND) {
        const plies = MATE - Math.abs(bestScore);
        if (plies < depth || depth >= Math.ceil(plies / 2) + MATE_MARGIN) break;
      }
      if (this.spent(limits, started)) break;
    }

    let rootScores: Int32Array | undefined;
    if (scoreAll) {
      rootScores = new Int32Array(count).fill(-INFINITE);
      rootScores[best] = bestScore;
      this.scoreRootMoves(limits, rootScores, best, completed, (i, depth) => {
        const mover = this.board.turn;
        this.play(list, i, hp);
        const score = this.child(depth - 1, -INFINITE, INFINITE, 1, mover);
        this.board.unmake(list, i);
        return score;
      });
    }
    return finish(best, bestScore, completed, rootScores);
  }

  /** One iteration at the root, in the order of the previous one (best first). */
  private searchRoot(
    depth: number,
    alpha: number,
    beta: number,
    count: number,
  ): { best: number; score: number; improved: boolean } {
    const list = this.lists[0]!;
    const hp = this.historyLength;
    const order = this.rootOrder;
    let bestScore = -INFINITE;
    let bestK = 0;
    let improved = false;
    const alphaStart = alpha;
    this.pvLength[0] = 0;
    const mover = this.board.turn;
    for (let k = 0; k < count; k++) {
      const i = order[k]!;
      this.play(list, i, hp);
      let score: number;
      if (k === 0) score = this.child(depth - 1, alpha, beta, 1, mover);
      else {
        score = this.child(depth - 1, alpha, alpha + 1, 1, mover);
        if (score > alpha && score < beta && !this.stopped)
          score = this.child(depth - 1, alpha, beta, 1, mover);
      }
      this.board.unmake(list, i);
      if (this.stopped) break;
      if (score > bestScore) {
        bestScore = score;
        bestK = k;
        if (score > alpha) {
          alpha = score;
          if (score > alphaStart) improved = true;
          this.updateLine(0, this.moveKey(list, i));
          if (score >= beta) break;
        }
      }
    }
    const best = order[bestK]!;
    // The best move goes first for the next iteration; the rest keep their order.
    for (let k = bestK; k > 0; k--) order[k] = order[k - 1]!;
    order[0] = best;
    if (!this.stopped) {
      const key = this.moveKey(list, best);
      const bound = boundOf(bestScore, alphaStart, beta);
      this.tt.store(this.board.hashLow, this.board.hashHigh, key, bestScore, depth, bound);
    }
    return { best, score: bestScore, improved };
  }

  private alphaBeta(depth: number, alpha: number, beta: number, ply: number): number {
    const board = this.board;
    if ((++this.nodes & CHECK_EVERY) === 0) this.checkLimits();
    if (this.stopped) return 0;
    this.pvLength[ply] = 0;
    const hp = this.historyLength + ply;
    if (this.isRepetition(hp)) return DRAW;
    // Mate distance: nothing here scores above a win at this ply or below a loss at it, so a
    // win already found shorter elsewhere cuts the search of this node.
    if (alpha < ply - MATE) alpha = ply - MATE;
    if (beta > MATE - ply) beta = MATE - ply;
    if (alpha >= beta) return alpha;

    const list = this.lists[ply]!;
    const count = this.generator.generate(list);
    if (count === 0) return this.noMoveScore(ply);
    // Checked at the start of a turn (always, unless a turn has two moves).
    if (this.quiet[hp]! >= this.fifteenPlies && board.movesLeft === board.movesPerTurn) return DRAW;
    if (ply >= MAX_PLY) return this.evaluator.evaluate();
    const data = list.data;
    const captures = data[2]! > 0;
    if (depth <= 0 && (!captures || depth <= this.captureHorizon)) return this.evaluator.evaluate();

    // Transposition table.
    const low = board.hashLow;
    const high = board.hashHigh;
    const tt = this.tt;
    const pvNode = beta - alpha > 1;
    const storedDepth = depth > 0 ? depth : 0;
    const cutoff = tt.lookUp(low, high, storedDepth, alpha, beta, pvNode, ply);
    if (cutoff !== NO_CUTOFF) return cutoff;
    const hashMove = tt.hashMove;

    // A forced move costs no depth.
    const childDepth = count === 1 ? depth : depth - 1;
    this.orderMoves(ply, count, hashMove);
    const order = this.orderScores[ply]!;
    const keys = this.moveKeys[ply]!;
    const alphaStart = alpha;
    let bestScore = -INFINITE;
    let bestKey = 0;
    const mover = board.turn;
    for (let k = 0; k < count; k++) {
      // Selection sort: the next best-ordered move.
      const i = nextBest(order, k, count);
      if (i !== k) {
        this.swapMoves(list, ply, i, k);
      }
      this.play(list, k, hp);
      let score: number;
      if (k === 0) score = this.child(childDepth, alpha, beta, ply + 1, mover);
      else {
        let reduction = 0;
        if (depth >= 3 && !captures && k >= 3 && order[k]! < KILLER_2) {
          reduction = k >= 8 && depth >= 5 ? 2 : 1;
        }
        score = this.child(childDepth - reduction, alpha, alpha + 1, ply + 1, mover);
        if (reduction > 0 && score > alpha && !this.isStopped())
          score = this.child(childDepth, alpha, alpha + 1, ply + 1, mover);
        if (score > alpha && score < beta && !this.isStopped())
          score = this.child(childDepth, alpha, beta, ply + 1, mover);
      }
      board.unmake(list, k);
      if (this.isStopped()) return 0;
      if (score > bestScore) {
        bestScore = score;
        bestKey = keys[k]!;
        if (score > alpha) {
          alpha = score;
          if (pvNode) this.updateLine(ply, bestKey);
          if (score >= beta) {
            if (!captures) this.rewardQuiet(ply, keys[k]!, this.historyIndex(list, k), depth);
            break;
          }
        }
      }
    }

    tt.store(low, high, bestKey, bestScore, storedDepth, boundOf(bestScore, alphaStart, beta), ply);
    return bestScore;
  }

  /**
   * The score of the position just reached by a move of `mover`, from the mover's side, for
   * the window (alpha, beta) on that side: negamax flips the sign and the window only when the
   * side to move changed, which it does not after the first of two moves (double-move variants).
   */
  private child(depth: number, alpha: number, beta: number, ply: number, mover: number): number {
    return this.board.turn === mover
      ? this.alphaBeta(depth, alpha, beta, ply)
      : -this.alphaBeta(depth, -beta, -alpha, ply);
  }

  /** Makes move i of `list` and records the new position on the path at hp + 1. */
  private play(list: MoveList, i: number, hp: number): void {
    const board = this.board;
    const base = i * MOVE_STRIDE;
    const data = list.data;
    const capture = data[base + 2]! > 0;
    if (capture) {
      // Stack counts from the bitboards, or square by square on a wide board.
      const wide = board.wide;
      const white = wide ? stacksOf(board, 0) : popcount(board.whiteBits);
      const black = wide ? stacksOf(board, 1) : popcount(board.blackBits);
      board.make(list, i);
      const same =
        !this.everyCaptureResets &&
        white === (wide ? stacksOf(board, 0) : popcount(board.whiteBits)) &&
        black === (wide ? stacksOf(board, 1) : popcount(board.blackBits));
      this.quiet[hp + 1] = same ? this.quiet[hp]! + 1 : 0;
      this.reversible[hp + 1] = 0;
    } else {
      const kingMove = (board.top[data[base]!]! & 1) === 1; // top code: 2 + colour * 2 + king
      board.make(list, i);
      this.quiet[hp + 1] = this.quiet[hp]! + 1;
      this.reversible[hp + 1] = kingMove ? this.reversible[hp]! + 1 : 0;
    }
    this.pathLow[hp + 1] = board.hashLow;
    this.pathHigh[hp + 1] = board.hashHigh;
  }

  /**
   * The score of a position whose side to move has no legal move: a loss (a win in giveaway),
   * or in adiyukh the half count's verdict.
   */
  private noMoveScore(ply: number): number {
    if (!this.halfCount) return this.noMoveWins ? MATE - ply : ply - MATE;
    const [white, black] = engine.boardHalfCounts(this.board);
    const lead = this.board.turn === 0 ? white - black : black - white;
    return lead > 0 ? MATE - ply : lead < 0 ? ply - MATE : DRAW;
  }

  /**
   * Whether the position at hp occurred before with the same side to move (and moves left: the
   * key has both) and could recur.
   */
  private isRepetition(hp: number): boolean {
    const run = this.reversible[hp]!;
    if (run < 4) return false;
    const low = this.pathLow[hp]!;
    const high = this.pathHigh[hp]!;
    for (let i = hp - 4; i >= hp - run; i -= 2) {
      if (this.pathLow[i] === low && this.pathHigh[i] === high) return true;
    }
    return false;
  }

  /**
   * Ordering scores: the hash move, then captures by what they take, promotions, killers, and
   * quiet moves by history.
   */
  private orderMoves(ply: number, count: number, hashMove: number): void {
    if (this.orderScores[ply]!.length < count) {
      this.orderScores[ply] = new Int32Array(count * 2);
      this.moveKeys[ply] = new Int32Array(count * 2);
    }
    const order = this.orderScores[ply]!;
    const keys = this.moveKeys[ply]!;
    const list = this.lists[ply]!;
    const data = list.data;
    const killer1 = this.killers[ply * 2]!;
    const killer2 = this.killers[ply * 2 + 1]!;
    const historyBase = this.board.turn * 4096;
    const height = this.board.height;
    for (let i = 0, base = 0; i < count; i++, base += MOVE_STRIDE) {
      const key = this.moveKey(list, i);
      keys[i] = key;
      const jumps = data[base + 2]!;
      let score: number;
      if (key === hashMove) score = HASH_MOVE;
      else if (jumps > 0) {
        score = CAPTURE + jumps * 1000;
        for (let j = 0; j < jumps; j++) {
          const entry = j < INLINE_JUMPS ? data[base + 4 + j]! : list.jumpEntry(i, j);
          if ((entry & JUMP_CAPTURED_KING) !== 0) score += 2000;
          // Taking the last piece of a stack removes it; taking from a tall one frees prisoners.
          if (height[entry & JUMP_SQUARE_MASK]! > 1) score += 300;
        }
        if ((data[base + 3]! & FLAG_PROMOTES) !== 0) score += 1500;
      } else if ((data[base + 3]! & FLAG_PROMOTES) !== 0) score = PROMOTION;
      else if (key === killer1) score = KILLER_1;
      else if (key === killer2) score = KILLER_2;
      else score = this.historyScores[historyBase + data[base]! * 64 + data[base + 1]!]!;
      order[i] = score;
    }
  }

  private swapMoves(list: MoveList, ply: number, i: number, k: number): void {
    const data = list.data;
    const a = i * MOVE_STRIDE;
    const b = k * MOVE_STRIDE;
    const jumps = Math.max(data[a + 2]!, data[b + 2]!);
    for (let s = 0; s < 4 + (jumps < INLINE_JUMPS ? jumps : INLINE_JUMPS); s++) {
      const t = data[a + s]!;
      data[a + s] = data[b + s]!;
      data[b + s] = t;
    }
    // Jumps past the 12th (wide boards), movelist.ts.
    if (jumps > INLINE_JUMPS) {
      const extra = list.extra;
      for (let s = 0; s < EXTRA_JUMPS; s++) {
        const t = extra[i * EXTRA_JUMPS + s]!;
        extra[i * EXTRA_JUMPS + s] = extra[k * EXTRA_JUMPS + s]!;
        extra[k * EXTRA_JUMPS + s] = t;
      }
    }
    const order = this.orderScores[ply]!;
    const keys = this.moveKeys[ply]!;
    let t = order[i]!;
    order[i] = order[k]!;
    order[k] = t;
    t = keys[i]!;
    keys[i] = keys[k]!;
    keys[k] = t;
  }

  /** Move k's entry in the history table: side to move, from, to. */
  private historyIndex(list: MoveList, k: number): number {
    const data = list.data;
    const base = k * MOVE_STRIDE;
    return this.board.turn * 4096 + data[base]! * 64 + data[base + 1]!;
  }

  /** A key naming a move among its siblings: start, end and every jumped square. Never 0. */
  private moveKey(list: MoveList, i: number): number {
    const data = list.data;
    const base = i * MOVE_STRIDE;
    let key = data[base]! | (data[base + 1]! << 6) | (data[base + 2]! << 12);
    const jumps = data[base + 2]!;
    for (let j = 0; j < jumps; j++) {
      const entry = j < INLINE_JUMPS ? data[base + 4 + j]! : list.jumpEntry(i, j);
      key = Math.imul(key ^ entry, 0x9e3779b1) ^ (key >>> 15);
    }
    return key === 0 ? 1 : key;
  }

  /** A static score for a forced move: the evaluation after it, from the mover's side. */
  private quickScore(): number {
    const list = this.lists[0]!;
    const mover = this.board.turn;
    this.play(list, 0, this.historyLength);
    const count = this.generator.count();
    // After the first of two moves the mover is still to move (double-move variants).
    const sign = this.board.turn === mover ? -1 : 1;
    let score: number;
    if (count === 0) score = sign * (this.noMoveWins ? 1 - MATE : MATE - 1);
    else score = -sign * this.evaluator.evaluate();
    this.board.unmake(list, 0);
    return score;
  }

  /** The best line as text, replayed from its move keys (starting with the chosen move). */
  private principalVariation(best: number): string[] {
    const board = this.board;
    const names = board.geometry.names;
    const line: string[] = [];
    const played: [MoveList, number][] = [];
    let list = this.lists[0]!;
    let index = best;
    const keys = this.bestLine;
    if (keys.length === 0 || keys[0] !== this.moveKey(list, best)) {
      return [moveText(list, best, names)];
    }
    for (let ply = 0; ; ply++) {
      line.push(moveText(list, index, names));
      board.make(list, index);
      played.push([list, index]);
      if (ply + 1 >= keys.length) break;
      const next = new MoveList();
      const count = this.generator.generate(next);
      index = -1;
      for (let i = 0; i < count; i++) {
        if (this.moveKey(next, i) === keys[ply + 1]) index = i;
      }
      if (index < 0) break;
      list = next;
    }
    for (const [playedList, playedIndex] of played.reverse()) board.unmake(playedList, playedIndex);
    return line;
  }
}

/** Move i of a list in full-path notation (`c3-d4`, `c3:e5:g3`). */
export function moveText(list: MoveList, i: number, names: readonly string[]): string {
  const data = list.data;
  const base = i * MOVE_STRIDE;
  const jumps = data[base + 2]!;
  if (jumps === 0) return `${names[data[base]!]!}-${names[data[base + 1]!]!}`;
  let text = names[data[base]!]!;
  for (let j = 0; j < jumps; j++) {
    text += ':' + names[(list.jumpEntry(i, j) >> JUMP_LANDING_SHIFT) & JUMP_SQUARE_MASK]!;
  }
  return text;
}
