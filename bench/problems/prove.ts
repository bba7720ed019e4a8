/**
 * An independent check of a composed problem: does the side to move win within `plies` plies
 * against every defence? A plain AND-OR search over the rules (the engine's move generator, no
 * evaluation, no search heuristics): the defender loses when every move loses or none is left;
 * the winner plays the move `hint` names (the engine's choice) and only that one, so the check
 * proves the engine's way of winning against every defence, and a false answer means only that
 * this way was not proved. Bashni's rules: a side without a legal move has lost. Repetitions and
 * the 15-move rule are not counted: a problem's win is short enough for neither to matter (at
 * most 25 plies, with captures).
 */
import { defaultWeights, Searcher } from '../../src/ai/index.js';
import {
  applyMove,
  legalMoves,
  makeMove,
  positionKey,
  VARIANTS,
  type Color,
  type Move,
  type Position,
} from '../../src/engine/index.js';

export interface Proof {
  /** Whether the win within the plies is proved (false also when the budget ran out). */
  readonly proved: boolean;
  /** Whether the budget of positions ran out first (then `proved` is false). */
  readonly exhausted: boolean;
  /** Positions looked at. */
  readonly nodes: number;
  /** The winning line against the defender's first replies, winner's move first. */
  readonly line: readonly string[];
}

export function proveWin(
  start: Position,
  plies: number,
  hint: (position: Position) => string | undefined,
  budget = 200_000,
  winner: Color = start.turn,
): Proof {
  const text = (move: Move) => makeMove(VARIANTS[start.variant], move);
  // Per position: n > 0 a win within n plies is shown, n < 0 none within -n.
  const known = new Map<string, number>();
  let nodes = 0;
  let exhausted = false;
  // Read through a call: the recursive calls set it, which the type checker cannot see.
  const spent = () => exhausted;
  const lines = new Map<string, Move>();

  /** Whether the winner wins from `position` within `left` plies (the winner's move next or not). */
  const wins = (position: Position, left: number): boolean => {
    if (exhausted) return false;
    if (++nodes > budget) {
      exhausted = true;
      return false;
    }
    const moves = legalMoves(position);
    if (moves.length === 0) return position.turn !== winner;
    if (left === 0) return false;
    const key = `${positionKey(position)}/${position.turn}`;
    // Memo: a win within n plies is one within more; a failure within n one within fewer.
    const memo = known.get(key);
    if (memo !== undefined && memo > 0 && memo <= left) return true;
    if (memo !== undefined && memo < 0 && -memo >= left) return false;
    let result: boolean;
    if (position.turn === winner) {
      const first = hint(position);
      const move = moves.find((candidate) => text(candidate) === first);
      result = move !== undefined && wins(applyMove(position, move), left - 1);
      if (result) lines.set(key, move!);
    } else {
      result = moves.every((move) => wins(applyMove(position, move), left - 1));
      if (result) lines.set(key, moves[0]!);
    }
    if (!spent()) known.set(key, result ? left : -left);
    return result;
  };

  const proved = wins(start, plies);
  const line: string[] = [];
  let position = start;
  for (let ply = 0; proved && ply < plies; ply++) {
    const move = lines.get(`${positionKey(position)}/${position.turn}`);
    if (move === undefined) break;
    line.push(text(move));
    position = applyMove(position, move);
  }
  return { proved, exhausted, nodes, line };
}

/**
 * The engine's move for proveWin's winner: a node-budgeted search (the clock stands still, so
 * the same position gets the same move), enough to see the rest of a win of 25 plies.
 */
export function engineHint(nodes = 300_000): (position: Position) => string | undefined {
  const searcher = new Searcher({ ttBits: 20, now: () => 0 });
  return (position) =>
    searcher.search(position, defaultWeights(position.variant), { maxNodes: nodes }).pv[0];
}
