/**
 * The engine's look at one position of a finished game, for the review (src/game/review.ts):
 * one bounded search — a node budget, so that the same position gets the same answer, and a
 * time cap as a guard — and its score from White's side turned into White's chances by the
 * calibration (calibration.ts). Pure data in and out, so it runs on an AI worker (AiPool.analyse)
 * or in a queue worker process.
 */
import { MATE_BOUND } from './search.js';
import { calibrationOf } from './calibration.js';
import type { ThinkRequest, ThinkResult } from './player.js';
import type { VariantId } from '../engine/index.js';

/** Nodes searched per position of a review (about 0.1 s on one thread). */
export const REVIEW_NODES = 20_000;
/**
 * Nodes of the second, deeper look at the two positions of a move the first look suspects
 * (src/game/review.ts): what 20,000 nodes cannot see, a freed column coming back a few plies on.
 */
export const REVIEW_DEEP_NODES = 250_000;
/** A guard on each review search, ms: the node budget decides unless a machine is very slow. */
export const REVIEW_MS = 1_000;
/** … and on a deeper look. */
export const REVIEW_DEEP_MS = 5_000;

/** One position of a finished two-player game to look at (a review): the variant's FEN. */
export interface AnalysisRequest {
  readonly variant: VariantId;
  readonly fen: string;
  /** Plies already played without a change in the stack counts (the 15-move rule). */
  readonly quietPlies?: number;
  /** The deeper look (REVIEW_DEEP_NODES) instead of the first. */
  readonly deep?: boolean;
}

/** What the engine thinks of a position. */
export interface PositionEval {
  /** The best move in full-path notation. */
  readonly best: string;
  /** The line the engine expects, starting with the best move. */
  readonly pv: readonly string[];
  /** The score from White's side, centi-men (mates beyond ±MATE_BOUND). */
  readonly score: number;
  /** White's expected result, 0 to 1 (draws half), from the calibration (see docs/review.md). */
  readonly whiteChances: number;
}

/** The search a review asks of a worker for `request`. */
export function analysisThinkRequest(request: AnalysisRequest): ThinkRequest {
  return {
    variant: request.variant,
    fen: request.fen,
    player:
      request.deep === true
        ? { kind: 'search', nodes: REVIEW_DEEP_NODES, ms: REVIEW_DEEP_MS }
        : { kind: 'search', nodes: REVIEW_NODES, ms: REVIEW_MS },
    seed: 1,
    quietPlies: request.quietPlies,
  };
}

/** The side to move of a two-player FEN ("W:..." or "B:..."). */
export function fenTurn(fen: string): 'white' | 'black' {
  return fen.trimStart().startsWith('B') ? 'black' : 'white';
}

/** A search's answer as a review's evaluation (its score from White's side). */
export function positionEval(request: AnalysisRequest, result: ThinkResult): PositionEval {
  const score = fenTurn(request.fen) === 'white' ? result.score : -result.score;
  return {
    best: result.move,
    pv: result.pv.length > 0 ? result.pv : [result.move],
    score,
    whiteChances: whiteChances(score, request.variant),
  };
}

/**
 * White's expected result for a score from White's side: 1 / (1 + e^(-k·score)) with the
 * variant's calibrated k; a found mate is a certain result.
 */
export function whiteChances(score: number, variant: VariantId): number {
  if (score > MATE_BOUND) return 1;
  if (score < -MATE_BOUND) return 0;
  const { k, b } = calibrationOf(variant);
  return logistic(k * score + b);
}

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
