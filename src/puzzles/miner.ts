import { defaultWeights, MATE, MATE_BOUND, type Searcher } from '../ai/index.js';
import {
  applyMove,
  legalMoves,
  makeFen,
  makeMove,
  parseMove,
  positionKey,
  variantOf,
  type Position,
} from '../engine/index.js';
import { isMateScore, moveScore, positionValue, uniqueWin, type Choice } from './analysis.js';
import { gradeOfDepth, puzzleFeatures } from './difficulty.js';
import type { Goal, Puzzle } from './puzzle.js';
import { detectThemes, ownsStacks, solverBalance } from './themes.js';
import {
  MAX_PLIES,
  RECOGNISE_NODES,
  SCAN_MARGIN,
  SCAN_WINNING,
  SWING,
  type PuzzleBudgets,
} from './thresholds.js';

/** The quick look at a position: its best score, and whether it is a candidate. */
export interface Scan {
  readonly best: number;
  readonly candidate: boolean;
}

/**
 * A search of `nodes` that scores every root move. A candidate has a best score of
 * SCAN_WINNING or more and every other move SCAN_MARGIN worse (moves the budget left unscored
 * do not count against it).
 */
export function scanPosition(searcher: Searcher, position: Position, nodes: number): Scan {
  const result = searcher.search(position, defaultWeights(position.variant), {
    maxNodes: nodes,
    scoreAllMoves: true,
  });
  const scores = result.rootScores;
  let candidate = scores !== undefined && result.best >= 0 && result.score >= SCAN_WINNING;
  for (const [i, score] of (scores ?? []).entries()) {
    if (i !== result.best && score > -MATE && score > result.score - SCAN_MARGIN) candidate = false;
  }
  return { best: result.score, candidate };
}

/** Why a position did not make a puzzle (the miner counts them: docs/puzzles.md). */
export type Rejection =
  /** No move wins by WINNING (or the win gains less than SWING over the board). */
  | 'not-winning'
  /** Another first move wins too. */
  | 'not-unique'
  /** The line stopped (a solver move no longer unique, or MAX_PLIES) before its gain. */
  | 'short-of-gain'
  /** One solver move that a one-ply search finds. */
  | 'trivial';

export type Mined = Puzzle | { readonly rejected: Rejection };

/**
 * A puzzle from a position, or why not: the side to move (the solver) must have exactly one
 * winning first move (uniqueWin at `budgets`), a 'material' win must gain SWING over the
 * material balance on the board. A 'block' puzzle may instead have a key that is the only move
 * forcing the end of the game (a MATE score) while others win otherwise, if its line ends with
 * the defender blocked.
 * The line goes on while the solver's moves stay unique: the defender replies with the best
 * defence (bestReply), and after each reply the solver's next move must again be the one
 * winning move (or forced) — in a forced win, the one move that keeps a forced win. It ends as
 * soon as the gain is on the board (SWING over the start, kept against the best defence), or
 * the game is won. Where the solver's way on is no longer unique (or MAX_PLIES is reached), the
 * line may end if what is left is a forced win a quick search recognises (recognisedWin); else
 * it is no puzzle ('short-of-gain'). A line of one solver move that a one-ply search finds is
 * rejected too.
 */
export function minePosition(
  searcher: Searcher,
  position: Position,
  budgets: PuzzleBudgets,
  seed: string,
): Mined {
  const strict = uniqueWin(searcher, position, budgets);
  if (strict.kind !== 'unique') {
    if (strict.kind !== 'none' || strict.reason !== 'not-unique')
      return { rejected: 'not-winning' };
    // "Block everything": other moves may win too, but only the key forces the end.
    if (variantOf(position).noMoveMeans === 'win') return { rejected: 'not-unique' };
    const key = uniqueWin(searcher, position, budgets, true);
    if (key.kind !== 'unique') return { rejected: 'not-unique' };
    const puzzle = mineLine(searcher, position, budgets, seed, key, true);
    if ('rejected' in puzzle) return puzzle;
    return puzzle.goal === 'block' ? puzzle : { rejected: 'not-unique' };
  }
  const mate = isMateScore(strict.score);
  if (!mate && strict.score < solverBalance(position, position.turn) + SWING)
    return { rejected: 'not-winning' };
  return mineLine(searcher, position, budgets, seed, strict, false);
}

/** The forced line from a unique first move, and the puzzle (see minePosition). */
function mineLine(
  searcher: Searcher,
  position: Position,
  budgets: PuzzleBudgets,
  seed: string,
  first: Extract<Choice, { kind: 'unique' }>,
  toTheEnd: boolean,
): Mined {
  const solver = position.turn;
  const mate = isMateScore(first.score);
  const target = solverBalance(position, solver) + SWING;

  const line: string[] = [first.move];
  let current = play(position, first.move);
  let over = false;
  let gained = false;
  while (line.length <= MAX_PLIES) {
    const replies = legalMoves(current);
    if (replies.length === 0) {
      // The solver's move left the defender without a move: a win, except in giveaway.
      if (variantOf(current).noMoveMeans === 'win') return { rejected: 'not-winning' };
      over = true;
      break;
    }
    const reply = bestReply(searcher, current, budgets.verifyNodes);
    const afterReply = play(current, reply);
    if (legalMoves(afterReply).length === 0) {
      // The defender's move ends the game: a win for the solver only in giveaway.
      if (variantOf(afterReply).noMoveMeans !== 'win') return { rejected: 'not-winning' };
      line.push(reply);
      over = true;
      break;
    }
    // The gain is on the board and the best defence does not take it back.
    if (
      !toTheEnd &&
      solverBalance(current, solver) >= target &&
      solverBalance(afterReply, solver) >= target
    ) {
      gained = true;
      break;
    }
    const next =
      line.length + 2 > MAX_PLIES
        ? undefined
        : uniqueWin(searcher, afterReply, budgets, mate || toTheEnd);
    if (next === undefined || next.kind === 'none') {
      // The solver's way on is no longer unique (or too long): a line may still end here if
      // what is left is a forced win a quick look recognises.
      gained = !toTheEnd && recognisedWin(searcher, afterReply);
      break;
    }
    line.push(reply, next.move);
    current = play(afterReply, next.move);
  }
  if (!over && !gained) return { rejected: 'short-of-gain' };

  const features = puzzleFeatures(searcher, position, first.move);
  // One solver move that a one-ply look already finds is not worth a puzzle.
  if (line.length <= 2 && features.depth === 1) return { rejected: 'trivial' };
  const end = line.reduce(play, position);
  let goal: Goal = mate ? 'win' : 'material';
  if (over && end.turn !== solver && ownsStacks(end, end.turn)) goal = 'block';
  return {
    id: `${position.variant}-${positionKey(position).slice(0, 12)}`,
    variant: position.variant,
    fen: makeFen(position),
    solution: line,
    themes: detectThemes(position, line),
    difficulty: gradeOfDepth(features.depth),
    seed,
    goal,
    features,
  };
}

/**
 * Whether the side to move has a forced win that a quick search (RECOGNISE_NODES) already
 * proves: the rest of the win is easy.
 */
function recognisedWin(searcher: Searcher, position: Position): boolean {
  return positionValue(searcher, position, RECOGNISE_NODES) > MATE_BOUND;
}

/**
 * The defender's best reply: the one whose own search of `nodes` scores best for the defender
 * (the first of equals, in move order), as `puzzles check --deep` judges a defence; its only
 * move when forced.
 */
export function bestReply(searcher: Searcher, position: Position, nodes: number): string {
  const variant = variantOf(position);
  const moves = legalMoves(position);
  const [only] = moves;
  if (only === undefined) throw new Error(`bestReply: no move in ${makeFen(position)}`);
  if (moves.length === 1) return makeMove(variant, only);
  let best = only;
  let bestScore = -Infinity;
  for (const move of moves) {
    const score = moveScore(searcher, position, move, nodes);
    if (score > bestScore) {
      best = move;
      bestScore = score;
    }
  }
  return makeMove(variant, best);
}

/** The position after a move given as text (it must be legal). */
export function play(position: Position, text: string): Position {
  const parsed = parseMove(position, text);
  if (!parsed.ok) throw new Error(`play: ${text}: ${parsed.error.message}`);
  return applyMove(position, parsed.value);
}
