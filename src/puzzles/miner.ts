import { defaultWeights, MATE, type Searcher } from '../ai/index.js';
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
import { isMateScore, uniqueWin, type Choice } from './analysis.js';
import { searchDifficulty } from './difficulty.js';
import type { Goal, Puzzle } from './puzzle.js';
import { detectThemes, materialBalance, ownsStacks } from './themes.js';
import { MAX_PLIES, SCAN_MARGIN, SCAN_WINNING, SWING, type PuzzleBudgets } from './thresholds.js';

/**
 * The quick look: a search of `scanNodes` that scores every root move. A candidate has two
 * moves or more, a best score of SCAN_WINNING or more and every other move SCAN_MARGIN worse
 * (moves the budget left unscored do not count against it).
 */
export function isCandidate(searcher: Searcher, position: Position, scanNodes: number): boolean {
  if (legalMoves(position).length < 2) return false;
  const result = searcher.search(position, defaultWeights(position.variant), {
    maxNodes: scanNodes,
    scoreAllMoves: true,
  });
  const scores = result.rootScores;
  if (scores === undefined || result.best < 0 || result.score < SCAN_WINNING) return false;
  for (const [i, score] of scores.entries()) {
    if (i !== result.best && score > -MATE && score > result.score - SCAN_MARGIN) return false;
  }
  return true;
}

/**
 * A puzzle from a position, or null: the side to move (the solver) must have exactly one winning
 * first move (uniqueWin at the verifying budgets), a 'material' win must gain SWING over the
 * material balance on the board. A 'block' puzzle may instead have a key that is the only move
 * forcing the end of the game (a MATE score) while others win otherwise, if its line ends with
 * the defender blocked.
 * The line goes on while the solver's moves stay unique: the defender replies with the best
 * defence (a search of `defendNodes`), and after each reply the solver's next move must again
 * be the one winning move (or forced) — in a forced win, the one move that keeps a forced win —
 * else the line ends before it. It stops at the end of the game or at MAX_PLIES. Trailing forced
 * solver moves are dropped unless they end the game; a line of one solver move that a one-ply
 * search finds is rejected.
 */
export function minePosition(
  searcher: Searcher,
  position: Position,
  budgets: PuzzleBudgets,
  seed: string,
): Puzzle | null {
  const strict = uniqueWin(searcher, position, budgets);
  if (strict.kind !== 'unique') {
    // "Block everything": other moves may win too, but only the key forces the end.
    if (strict.kind !== 'none' || strict.reason !== 'not-unique') return null;
    if (variantOf(position).noMoveMeans === 'win') return null;
    const key = uniqueWin(searcher, position, budgets, true);
    if (key.kind !== 'unique') return null;
    const puzzle = mineLine(searcher, position, budgets, seed, key);
    return puzzle?.goal === 'block' ? puzzle : null;
  }
  const mate = isMateScore(strict.score);
  // In giveaway material in play is a burden: the advantage on the board is having less.
  const sign = variantOf(position).noMoveMeans === 'win' ? -1 : 1;
  const onBoard = sign * materialBalance(position, position.turn);
  if (!mate && strict.score < onBoard + SWING) return null;
  return mineLine(searcher, position, budgets, seed, strict);
}

/** The forced line from a unique first move, and the puzzle (see minePosition). */
function mineLine(
  searcher: Searcher,
  position: Position,
  budgets: PuzzleBudgets,
  seed: string,
  first: Extract<Choice, { kind: 'unique' }>,
): Puzzle | null {
  const solver = position.turn;
  const mate = isMateScore(first.score);

  const line: string[] = [first.move];
  const forced: boolean[] = [false];
  let current = play(position, first.move);
  let over = false;
  while (line.length < MAX_PLIES) {
    const replies = legalMoves(current);
    if (replies.length === 0) {
      // The solver's move left the defender without a move: a win, except in giveaway.
      if (variantOf(current).noMoveMeans === 'win') return null;
      over = true;
      break;
    }
    const reply = defence(searcher, current, budgets.defendNodes);
    const afterReply = play(current, reply);
    if (legalMoves(afterReply).length === 0) {
      // The defender's move ends the game: a win for the solver only in giveaway.
      if (variantOf(afterReply).noMoveMeans === 'win') {
        line.push(reply);
        over = true;
      }
      break;
    }
    if (line.length + 2 > MAX_PLIES) break;
    const next = uniqueWin(searcher, afterReply, budgets, mate);
    if (next.kind === 'none') break;
    line.push(reply, next.move);
    forced.push(false, next.kind === 'forced');
    current = play(afterReply, next.move);
  }
  if (!over) {
    while (line.length > 1 && forced[line.length - 1]) line.splice(-2, 2);
  }

  const difficulty = searchDifficulty(searcher, position, first.move);
  // One solver move that a one-ply look already finds is not worth a puzzle.
  if (line.length <= 2 && difficulty === 1) return null;
  const end = line.reduce(play, position);
  let goal: Goal = mate ? 'win' : 'material';
  if (over && end.turn !== solver && ownsStacks(end, end.turn)) goal = 'block';
  return {
    id: `${position.variant}-${positionKey(position).slice(0, 12)}`,
    variant: position.variant,
    fen: makeFen(position),
    solution: line,
    themes: detectThemes(position, line),
    difficulty,
    seed,
    goal,
  };
}

/** The defender's best reply by a search (its only move when forced). */
function defence(searcher: Searcher, position: Position, nodes: number): string {
  const moves = legalMoves(position);
  const [only] = moves;
  if (only !== undefined && moves.length === 1) return makeMove(variantOf(position), only);
  const result = searcher.search(position, defaultWeights(position.variant), { maxNodes: nodes });
  const [best] = result.pv;
  if (best === undefined)
    throw new Error(`defence: the search found no move in ${makeFen(position)}`);
  return best;
}

/** The position after a move given as text (it must be legal). */
export function play(position: Position, text: string): Position {
  const parsed = parseMove(position, text);
  if (!parsed.ok) throw new Error(`play: ${text}: ${parsed.error.message}`);
  return applyMove(position, parsed.value);
}
