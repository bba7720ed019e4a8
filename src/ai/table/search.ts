/**
 * The search for table games (Zhernov's four-player game): iterative-deepening **paranoid**
 * alpha-beta. The seat to move at the root (the "root seat") maximises its own evaluation; every
 * other seat is assumed to play against it, as one coalition minimising that same number.
 *
 * Why paranoid rather than max-n: max-n (each seat maximises its own component of a score
 * vector) allows only shallow pruning, because a bound on one seat's score says little about
 * another's; at our node budgets it would search a ply or two. Paranoid reduces the game to two
 * sides, so ordinary alpha-beta pruning (and a transposition table, PVS and the rest) works and
 * the same budget searches much deeper. Sturtevant's experiments (2002, 2003: Chinese checkers,
 * Hearts, Spades) found paranoid as strong or stronger than max-n in practice at small budgets.
 * The cost: it is pessimistic — it assumes three opponents cooperating against the root seat,
 * which they do not, so it plays safe and may miss chances that need an opponent's mistake.
 * Measured here (`table-match`, four seats): depth helps, but less than with two seats — depth 4
 * beats depth 2 by 0.25 points a seat, depth 6 beats 4 by 0.1, depth 8 is no better than 4 over
 * 400 games, while with two seats (where paranoid is plain minimax) depth 8 crushes depth 4;
 * from the start the score sinks with depth (three seats ganging up can eliminate anyone). A
 * best-reply search (BRS+: one coalition seat per round replies freely, the others play their
 * greedy natural move; Schadd and Winands 2011, Esser et al. 2013) lost to plain paranoid at the
 * same 40,000 nodes (1.86 against 2.09 points a seat over 160 games), and so did paranoid for
 * the first round only with greedy natural moves after it (1.60 against 2.33 at 20,000 nodes):
 * against players who do search, the pessimistic model is the better one.
 *
 * In negamax form a score belongs to a "team": the root seat, or the coalition of the others.
 * Scores change sign (and the window flips) only where the team to move changes, so two
 * coalition seats moving in a row stay on one side, as two moves of one side would.
 *
 * The turn order with skipped and finished seats, counts and eliminations is the board's
 * (board.ts, the rules of the engine's applyTableMove): after a move the turn passes clockwise
 * to the next active seat that can move, eliminating those that cannot. The search stops where
 * the root seat has finished (its points are fixed: a count takes the best free place, an
 * elimination the worst) or the game is over (fewer than two active seats, or the no-capture
 * limit), and scores those exactly (evaluate.ts).
 *
 * Captures are mandatory, so a position whose seat must capture is searched on past the nominal
 * depth, but only CAPTURE_PLIES further: with four seats a capture is pending so often that an
 * unbounded quiescence search would not end. Move ordering: the previous iteration's best move
 * (root) or the table's move, captures by what they take (chips from active seats, kings, a
 * growth to the count), promotions, killers, then history. Late quiet moves are reduced.
 *
 * The transposition table's key is the board's Zobrist key (seats' columns, the seat to move,
 * finishes) mixed with the root seat's; it leaves out the plies since the last capture, which
 * decide only the no-capture limit: the same position reached with different counts is rare
 * within one search, since paths that differ in captures differ in the position.
 */
import * as shared from '../search-base.js';
import {
  ACTIVE,
  COUNT_HEIGHT,
  MOVE_STRIDE,
  ROOT_HIGH,
  ROOT_LOW,
  TableSearchBoard,
  TableMoveList,
} from './search-board.js';
import { TABLE_WEIGHTS, TableEvaluator, TERMINAL_MARGIN, type TableWeights } from './evaluate.js';
import type { TablePosition } from '../../engine/multi/index.js';

// Module-local copies: imported bindings can compile to getter calls (vitest, CJS).
const { CHECK_EVERY, HASH_MOVE, CAPTURE, PROMOTION, KILLER_1, KILLER_2, MAX_PLY } = shared;
const { boundOf, nextBest, NO_CUTOFF, rootOrderOf } = shared;
/** A growth of the capturing column to the count (ranked with the captures). */
const COUNT_MOVE = 1 << 27;

/** Scores are in thousandths of a point (evaluate.ts); no search score reaches this. */
const INFINITE = 1_000_000;
/** Deepest ply of the search. */
export const MAX_TABLE_PLY = MAX_PLY;
/**
 * An ending found sooner is better when it is good for the root seat, later when it is bad (a
 * seat that survives longer may see the others finish first): PLY_WEIGHT per ply, at most
 * TERMINAL_MARGIN, which the estimates keep clear of (evaluate.ts), so that an ending never
 * trades places with a position still in play.
 */
const PLY_WEIGHT = 5;
/** Plies of pending captures searched past the nominal depth before the evaluation stands in. */
const CAPTURE_PLIES = 4;

/** The limits of one table search (scores are the root seat's, see evaluate.ts). */
export interface TableSearchLimits extends shared.BaseSearchLimits {
  /** Plies already played without a capture (the no-capture limit). */
  readonly quietPlies?: number;
}

/** What a table search found. */
export interface TableSearchResult extends shared.BaseSearchResult {
  /** The root moves in full-path notation (`c1-b2`, `a3:c1`), in generation order (`best` indexes them). */
  readonly moves: readonly string[];
  /** Whether the root moves are captures (then all are). */
  readonly captures: boolean;
  /** The root seat's score of the best move (thousandths of a point, see evaluate.ts). */
  readonly score: number;
  /** With scoreAllMoves: the exact score of every root move at `depth` (-INFINITE: unscored). */
  readonly rootScores?: Float64Array;
}

/** Not scored within the budget (rootScores). */
export const UNSCORED = -INFINITE;

/**
 * Paranoid alpha-beta over a TableSearchBoard (see the module doc). Reuse one searcher for many
 * searches: its tables are allocated once. Deterministic for a node budget when the clock does
 * not stop it (pass a clock that stands still in tests).
 */
export class TableSearcher extends shared.SearchBase {
  private readonly board = new TableSearchBoard();
  private readonly lists: TableMoveList[] = [];
  private readonly orderScores: Int32Array[] = [];
  private evaluator = new TableEvaluator();
  private root = 0;
  private rootLow = 0;
  private rootHigh = 0;
  /** Whether the iteration under way reached a leaf cut by the depth (not ended by the rules). */
  private depthLimited = false;

  /**
   * @param options.ttBits the transposition table holds 2^ttBits entries (default 18).
   * @param options.now the clock of the time cap (SearchBase).
   */
  constructor(options: { ttBits?: number; now?: () => number } = {}) {
    super(options.ttBits ?? 18, options.now, 4 * 32 * 32);
    for (let ply = 0; ply <= MAX_TABLE_PLY + 1; ply++) {
      this.lists.push(new TableMoveList());
      this.orderScores.push(new Int32Array(64));
    }
  }

  /** Searches `position` for the seat to move within `limits`. */
  search(
    position: TablePosition,
    limits: TableSearchLimits = {},
    weights: TableWeights = TABLE_WEIGHTS,
  ): TableSearchResult {
    const started = this.now();
    const board = this.board.load(position, limits.quietPlies ?? 0);
    this.evaluator = new TableEvaluator(weights);
    this.root = board.turn;
    this.rootLow = ROOT_LOW[this.root]!;
    this.rootHigh = ROOT_HIGH[this.root]!;
    const scoreAll = this.begin(limits, started);

    const list = this.lists[0]!;
    const count = board.isOver() ? 0 : board.generate(list);
    const moves = Array.from({ length: count }, (_, i) => list.text(i));
    const captures = count > 0 && list.jumps(0) > 0;
    const finish = (
      best: number,
      score: number,
      depth: number,
      pv: string[],
      rootScores?: Float64Array,
    ) => ({
      moves,
      captures,
      best,
      score,
      depth,
      nodes: this.nodes,
      ms: this.now() - started,
      pv,
      rootScores,
    });
    if (count === 0) return finish(-1, 0, 0, []);
    if (count === 1 && !scoreAll) {
      board.make(list, 0);
      const score = this.evaluator.evaluate(board, this.root);
      board.unmake();
      return finish(0, score, 0, [moves[0]!]);
    }

    // Root order: by the ordering heuristics first, then each iteration's best first.
    this.orderMoves(0, count, 0);
    const rootOrder = rootOrderOf(this.orderScores[0]!, count);
    const keys = Array.from({ length: count }, (_, i) => moveKey(list, i));
    const maxDepth = Math.min(limits.maxDepth ?? MAX_TABLE_PLY - 1, MAX_TABLE_PLY - 1);
    let best = rootOrder[0]!;
    let bestScore = 0;
    let completed = 0;
    let line: string[] = [moves[best]!];
    for (let depth = 1; depth <= maxDepth; depth++) {
      let alpha = -INFINITE;
      let bestK = -1;
      let iterationBest = -INFINITE;
      this.pvLength[0] = 0;
      this.depthLimited = false;
      for (let k = 0; k < count; k++) {
        const i = rootOrder[k]!;
        board.make(list, i);
        let score: number;
        if (k === 0) score = this.child(depth - 1, alpha, INFINITE, 1, true);
        else {
          score = this.child(depth - 1, alpha, alpha + 1, 1, true);
          if (score > alpha && !this.isStopped())
            score = this.child(depth - 1, alpha, INFINITE, 1, true);
        }
        board.unmake();
        if (this.isStopped()) break;
        if (score > iterationBest) {
          iterationBest = score;
          bestK = k;
          alpha = score;
          this.updateLine(0, keys[i]!);
        }
      }
      if (bestK < 0) break; // stopped before the first move was searched
      const chosen = rootOrder[bestK]!;
      if (this.isStopped()) {
        // The moves searched to the end of this unfinished iteration include the previous best
        // (it goes first): the best of them is at least as well founded.
        best = chosen;
        bestScore = iterationBest;
        line = this.lineText(list, chosen);
        break;
      }
      rootOrder.splice(bestK, 1);
      rootOrder.unshift(chosen);
      best = chosen;
      bestScore = iterationBest;
      completed = depth;
      line = this.lineText(list, chosen);
      this.report(limits, started, depth, moves[best]!, bestScore);
      // Every line ended by the rules: deeper iterations would find the same.
      if (!this.wasDepthLimited()) break;
      if (this.spent(limits, started)) break;
    }

    let rootScores: Float64Array | undefined;
    if (scoreAll) {
      rootScores = new Float64Array(count).fill(UNSCORED);
      if (completed > 0) rootScores[best] = bestScore;
      this.scoreRootMoves(limits, rootScores, best, completed, (i, depth) => {
        board.make(list, i);
        const score = this.child(depth - 1, -INFINITE, INFINITE, 1, true);
        board.unmake();
        return score;
      });
    }
    return finish(best, bestScore, completed, line, rootScores);
  }

  /**
   * The score of the position just reached, for the team that moved into it (the root seat's
   * team at ply 1): the sign and the window flip only when the team to move changed.
   */
  private child(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    moverIsRoot: boolean,
  ): number {
    const nextIsRoot = this.board.turn === this.root;
    return nextIsRoot === moverIsRoot
      ? this.alphaBeta(depth, alpha, beta, ply)
      : -this.alphaBeta(depth, -beta, -alpha, ply);
  }

  /** Negamax: the score for the team of the seat to move (the root seat's, or the coalition's). */
  private alphaBeta(depth: number, alpha: number, beta: number, ply: number): number {
    const board = this.board;
    if ((++this.nodes & CHECK_EVERY) === 0) this.checkLimits();
    if (this.stopped) return 0;
    this.pvLength[ply] = 0;
    const sign = board.turn === this.root ? 1 : -1;
    const root = this.root;
    // The root seat has finished, or the game is over: exact, sooner is better for a good end.
    if (board.status[root] !== ACTIVE || board.isOver()) {
      const score = this.evaluator.evaluate(board, root);
      const sooner = Math.min(ply * PLY_WEIGHT, TERMINAL_MARGIN);
      return sign * (score > 0 ? score - sooner : score < 0 ? score + sooner : 0);
    }
    if (ply >= MAX_TABLE_PLY) {
      this.depthLimited = true;
      return sign * this.evaluator.evaluate(board, root);
    }
    const list = this.lists[ply]!;
    const count = board.generate(list);
    // The board passes the turn only to a seat that can move; a loaded position might not.
    if (count === 0) return sign * this.evaluator.evaluate(board, root);
    const captures = list.jumps(0) > 0;
    if (depth <= 0 && (!captures || depth <= -CAPTURE_PLIES)) {
      this.depthLimited = true;
      return sign * this.evaluator.evaluate(board, root);
    }

    const pvNode = beta - alpha > 1;
    const low = board.hashLow ^ this.rootLow;
    const high = board.hashHigh ^ this.rootHigh;
    const tt = this.tt;
    const storedDepth = depth > 0 ? depth : 0;
    const cutoff = tt.lookUp(low, high, storedDepth, alpha, beta, pvNode, 0);
    if (cutoff !== NO_CUTOFF) {
      this.depthLimited = true; // it may have been
      return cutoff;
    }
    const hashMove = tt.hashMove;

    // A forced move costs no depth.
    const childDepth = count === 1 ? depth : depth - 1;
    const moverIsRoot = sign === 1;
    this.orderMoves(ply, count, hashMove);
    const order = this.orderScores[ply]!;
    const alphaStart = alpha;
    let bestScore = -INFINITE;
    let bestKey = 0;
    for (let k = 0; k < count; k++) {
      const i = nextBest(order, k, count);
      const top = order[i]!;
      if (i !== k) {
        list.swap(i, k);
        order[i] = order[k]!;
        order[k] = top;
      }
      const key = moveKey(list, k);
      board.make(list, k);
      let score: number;
      if (k === 0) score = this.child(childDepth, alpha, beta, ply + 1, moverIsRoot);
      else {
        const reduction = depth >= 3 && !captures && k >= 3 && top < KILLER_2 ? 1 : 0;
        score = this.child(childDepth - reduction, alpha, alpha + 1, ply + 1, moverIsRoot);
        if (reduction > 0 && score > alpha && !this.isStopped())
          score = this.child(childDepth, alpha, alpha + 1, ply + 1, moverIsRoot);
        if (score > alpha && score < beta && !this.isStopped())
          score = this.child(childDepth, alpha, beta, ply + 1, moverIsRoot);
      }
      board.unmake();
      if (this.isStopped()) return 0;
      if (score > bestScore) {
        bestScore = score;
        bestKey = key;
        if (score > alpha) {
          alpha = score;
          if (pvNode) this.updateLine(ply, key);
          if (score >= beta) {
            if (!captures) this.rewardQuiet(ply, key, this.historyIndex(list, k), depth);
            break;
          }
        }
      }
    }
    tt.store(low, high, bestKey, bestScore, storedDepth, boundOf(bestScore, alphaStart, beta));
    return bestScore;
  }

  /**
   * Ordering scores: the table's move, then captures by what they take (chips from active seats,
   * crowns, a growth to the count), promotions, killers, quiet moves by history.
   */
  private orderMoves(ply: number, count: number, hashMove: number): void {
    if (this.orderScores[ply]!.length < count) this.orderScores[ply] = new Int32Array(count * 2);
    const order = this.orderScores[ply]!;
    const list = this.lists[ply]!;
    const data = list.data;
    const board = this.board;
    const { owner, height, king, status } = board;
    const killer1 = this.killers[ply * 2]!;
    const killer2 = this.killers[ply * 2 + 1]!;
    const historyBase = board.turn * 1024;
    for (let i = 0, base = 0; i < count; i++, base += MOVE_STRIDE) {
      const key = moveKey(list, i);
      const jumps = data[base + 1]!;
      const promotes = data[base + 2] === 1;
      let score: number;
      if (key === hashMove) score = HASH_MOVE;
      else if (jumps > 0) {
        let growth = 0;
        score = CAPTURE;
        for (let j = 0; j < jumps; j++) {
          const square = data[base + 4 + 2 * j]!;
          if (status[owner[square]!] === ACTIVE) {
            growth++;
            score += 1000;
          } else score += 200;
          if (king[square] === 1) score += 1500;
          // Taking the last chip removes the column: one threat fewer.
          if (height[square] === 1) score += 100;
        }
        if (height[data[base]!]! + growth >= COUNT_HEIGHT) score += COUNT_MOVE;
        if (promotes) score += 1500;
      } else if (promotes) score = PROMOTION;
      else if (key === killer1) score = KILLER_1;
      else if (key === killer2) score = KILLER_2;
      else score = this.historyScores[historyBase + data[base]! * 32 + data[base + 3]!]!;
      order[i] = score;
    }
  }

  /** Move k's entry in the history table: seat to move, from, to. */
  private historyIndex(list: TableMoveList, k: number): number {
    return this.board.turn * 1024 + list.from(k) * 32 + list.to(k);
  }

  /** The flag, read through a call (as SearchBase.isStopped). */
  private wasDepthLimited(): boolean {
    return this.depthLimited;
  }

  /** The principal variation as text, replayed from its move keys on the board. */
  private lineText(list: TableMoveList, best: number): string[] {
    const board = this.board;
    const line = [list.text(best)];
    const length = this.pvLength[0]!;
    if (length === 0 || this.pvKeys[0] !== moveKey(list, best)) return line;
    const scratch = new TableMoveList();
    board.make(list, best);
    let made = 1;
    for (let p = 1; p < length && !board.isOver(); p++) {
      const count = board.generate(scratch);
      let index = -1;
      for (let i = 0; i < count; i++) if (moveKey(scratch, i) === this.pvKeys[p]) index = i;
      if (index < 0) break;
      line.push(scratch.text(index));
      board.make(scratch, index);
      made++;
    }
    while (made-- > 0) board.unmake();
    return line;
  }
}

/** A key naming a move among its siblings: start, end and every jumped square. Never 0. */
function moveKey(list: TableMoveList, i: number): number {
  const data = list.data;
  const base = i * MOVE_STRIDE;
  const jumps = data[base + 1]!;
  let key = data[base]! | (data[base + 3]! << 5) | (jumps << 10);
  for (let j = 0; j < jumps; j++) {
    const entry = data[base + 4 + 2 * j]! | (data[base + 5 + 2 * j]! << 5);
    key = Math.imul(key ^ entry, 0x9e3779b1) ^ (key >>> 15);
  }
  return key === 0 ? 1 : key;
}

/**
 * The one-ply view of the greedy player: every legal move of the seat to move in notation, and
 * the mover's evaluation of the position after it.
 */
export function oneMoveScores(
  position: TablePosition,
  quietPlies = 0,
  weights: TableWeights = TABLE_WEIGHTS,
): { moves: string[]; scores: number[] } {
  const board = new TableSearchBoard().load(position, quietPlies);
  const evaluator = new TableEvaluator(weights);
  const list = new TableMoveList();
  const mover = board.turn;
  const count = board.isOver() ? 0 : board.generate(list);
  const moves: string[] = [];
  const scores: number[] = [];
  for (let i = 0; i < count; i++) {
    moves.push(list.text(i));
    board.make(list, i);
    scores.push(evaluator.evaluate(board, mover));
    board.unmake();
  }
  return { moves, scores };
}
