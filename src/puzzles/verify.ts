import type { Searcher } from '../ai/index.js';
import {
  applyMove,
  legalMoves,
  makeMove,
  parseFen,
  parseMove,
  variantOf,
  type Position,
} from '../engine/index.js';
import { isMateScore, moveScore, uniqueWin } from './analysis.js';
import type { Puzzle } from './puzzle.js';
import { unseenThemes } from './theme-evidence.js';
import { ownsStacks } from './themes.js';
import {
  DEEP_BUDGETS,
  DEFAULT_BUDGETS,
  DEFENCE_TOLERANCE,
  type PuzzleBudgets,
} from './thresholds.js';

/**
 * What is wrong with a stored puzzle's line, without a search: the FEN parses, every move is
 * legal in turn (the full path, not a short form), a 'block' line ends with the defender to
 * move, owning stacks, without a legal move, and every theme it claims shows in the line
 * (theme-evidence.ts, the second look). Empty when all is well.
 */
export function checkLegality(puzzle: Puzzle): string[] {
  const parsed = parseFen(puzzle.fen, puzzle.variant);
  if (!parsed.ok) return [`bad FEN: ${parsed.error.message}`];
  let position = parsed.value;
  for (const [ply, text] of puzzle.solution.entries()) {
    const move = parseMove(position, text);
    if (!move.ok) return [`ply ${ply + 1} ${text}: ${move.error.message}`];
    position = applyMove(position, move.value);
  }
  const solver = parsed.value.turn;
  if (puzzle.goal === 'block') {
    const stuck =
      position.turn !== solver &&
      legalMoves(position).length === 0 &&
      ownsStacks(position, position.turn);
    if (!stuck) return ['a block puzzle must end with the defender owning stacks and no move'];
  }
  if (puzzle.solution.length % 2 === 0) {
    const endsGame = legalMoves(position).length === 0 && variantOf(position).noMoveMeans === 'win';
    if (!endsGame) return ['a line of even length must end the game (giveaway)'];
  }
  return unseenThemes(puzzle);
}

export interface VerifyOptions {
  /** Each defender reply must also be the best defence (bestDefence), as `check --deep` asks. */
  readonly bestDefence?: boolean;
}

/**
 * checkLegality, then each solver move again by a fresh search at `budgets`: the first one must
 * be the one winning move (uniqueWin), each later one the one winning move or the only legal
 * one; in a 'win' or 'block' puzzle, a later move (and a 'block' key) must be the only one
 * that keeps a forced win. With `bestDefence`, each defender reply is checked too.
 */
export function verifyPuzzle(
  searcher: Searcher,
  puzzle: Puzzle,
  budgets: PuzzleBudgets,
  options: VerifyOptions = {},
): string[] {
  const problems = checkLegality(puzzle);
  if (problems.length > 0) return problems;
  const parsed = parseFen(puzzle.fen, puzzle.variant);
  if (!parsed.ok) return [`bad FEN: ${parsed.error.message}`];
  let position: Position = parsed.value;
  const solver = position.turn;
  for (const [ply, text] of puzzle.solution.entries()) {
    if (position.turn === solver) {
      const choice = uniqueWin(
        searcher,
        position,
        budgets,
        puzzle.goal === 'block' || (ply > 0 && puzzle.goal !== 'material'),
      );
      if (ply === 0 && choice.kind !== 'unique')
        return [`first move ${text}: ${choice.kind === 'forced' ? 'forced' : choice.reason}`];
      if (choice.kind === 'none') return [`ply ${ply + 1} ${text}: ${choice.reason}`];
      if (choice.move !== text)
        return [`ply ${ply + 1}: the winning move is ${choice.move}, not ${text}`];
      if (
        ply === 0 &&
        puzzle.goal !== 'material' &&
        choice.kind === 'unique' &&
        !isMateScore(choice.score)
      )
        return [`goal ${puzzle.goal}, but ${text} scores ${choice.score}, not a forced win`];
    } else if (options.bestDefence) {
      const better = betterDefence(searcher, position, text, budgets.verifyNodes);
      if (better !== undefined) return [`ply ${ply + 1} ${text}: not the best defence: ${better}`];
    }
    const move = parseMove(position, text);
    if (!move.ok) return [`ply ${ply + 1} ${text}: ${move.error.message}`];
    position = applyMove(position, move.value);
  }
  return [];
}

/**
 * The defender's reply that holds clearly better than `reply` (DEFENCE_TOLERANCE), in words,
 * by a search of `nodes` after each legal reply; undefined when `reply` is the best defence.
 */
function betterDefence(
  searcher: Searcher,
  position: Position,
  reply: string,
  nodes: number,
): string | undefined {
  const moves = legalMoves(position);
  if (moves.length < 2) return undefined;
  const variant = variantOf(position);
  const scored = moves.map((move) => ({
    text: makeMove(variant, move),
    score: moveScore(searcher, position, move, nodes),
  }));
  const played = scored.find((move) => move.text === reply);
  if (played === undefined) return undefined; // checkLegality has found it illegal already
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
  const bothLost = isMateScore(-played.score) && isMateScore(-best.score);
  const tolerance = bothLost ? 0 : DEFENCE_TOLERANCE;
  return best.score > played.score + tolerance
    ? `${best.text} scores ${best.score} for the defender, ${reply} ${played.score}`
    : undefined;
}

/**
 * `puzzles check`'s look at one puzzle: verifyPuzzle at the library's budgets, or with `deep`
 * at ten times them (DEEP_BUDGETS) with every defender reply the best defence too.
 */
export function recheckPuzzle(searcher: Searcher, puzzle: Puzzle, deep: boolean): string[] {
  return verifyPuzzle(searcher, puzzle, deep ? DEEP_BUDGETS : DEFAULT_BUDGETS, {
    bestDefence: deep,
  });
}
