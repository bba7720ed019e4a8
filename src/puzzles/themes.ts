import {
  applyMove,
  legalMoves,
  parseMove,
  stackIsKing,
  stackOwner,
  stackPieces,
  type Color,
  type Move,
  type Position,
  type Stack,
  variantOf,
} from '../engine/index.js';
import { THEMES, type Theme } from './puzzle.js';

/**
 * Material in play for `color`, in centi-men: its pieces in the stacks it owns (the owner's run
 * on top), a man 100 and a king 300. Prisoners are out of play until freed.
 */
export function materialInPlay(position: Position, color: Color): number {
  let total = 0;
  for (const stack of position.stacks) {
    if (stack === null || stackOwner(stack) !== color) continue;
    for (const piece of stackPieces(stack)) {
      if (piece.color !== color) break;
      total += piece.king ? 300 : 100;
    }
  }
  return total;
}

/** The solver's material in play minus the opponent's. */
export function materialBalance(position: Position, solver: Color): number {
  return materialInPlay(position, solver) - materialInPlay(position, (solver ^ 1) as Color);
}

/**
 * The material balance for `solver` as the solver sees it: materialBalance, the sign turned in
 * a variant where having no move wins (there material in play is a burden).
 */
export function solverBalance(position: Position, solver: Color): number {
  const sign = variantOf(position).noMoveMeans === 'win' ? -1 : 1;
  return sign * materialBalance(position, solver);
}

/** The moves of a line as engine moves, with the position before each (the line must be legal). */
export function replayLine(
  start: Position,
  line: readonly string[],
): { before: Position; move: Move }[] {
  const steps: { before: Position; move: Move }[] = [];
  let position = start;
  for (const text of line) {
    const parsed = parseMove(position, text);
    if (!parsed.ok) throw new Error(`replayLine: ${text}: ${parsed.error.message}`);
    steps.push({ before: position, move: parsed.value });
    position = applyMove(position, parsed.value);
  }
  return steps;
}

/**
 * The themes of a line played by the solver (the side to move in `start`):
 *   multi-capture: a solver move takes two pieces or more;
 *   freeing-prisoners: after a solver capture, a square it jumped holds a stack the solver owns
 *     (the captured top was sitting on the solver's pieces);
 *   promotion: a solver man is crowned;
 *   sacrifice: after the solver's first move and the reply, the solver's material in play is
 *     lower, balance against the opponent's, than at the start, and at the end of the line
 *     higher (the payoff is in the line); in giveaway, where material is a burden, the other
 *     way round;
 *   king-capture: a solver move takes a king;
 *   blockade: the line ends with the opponent to move, owning stacks, without a legal move.
 */
export function detectThemes(start: Position, line: readonly string[]): Theme[] {
  const solver = start.turn;
  const found = new Set<Theme>();
  const steps = replayLine(start, line);
  for (const { before, move } of steps) {
    if (before.turn !== solver) continue;
    if (move.captures.length >= 2) found.add('multi-capture');
    if (move.promotes) found.add('promotion');
    if (move.captures.some((square) => topIsKing(before, square))) found.add('king-capture');
    if (move.captures.length > 0) {
      const after = applyMove(before, move);
      const landing = move.path[move.path.length - 1];
      const freed = move.captures.some((square) => {
        // A captured square is a square of the board: a stack or null, never missing.
        const stack = after.stacks[square] as Stack | null;
        return square !== landing && stack !== null && stackOwner(stack) === solver;
      });
      if (freed) found.add('freeing-prisoners');
    }
  }
  const last = steps.at(-1);
  if (last === undefined) throw new Error('detectThemes: the line has no moves');
  const end = applyMove(last.before, last.move);
  const reply = steps[1];
  if (reply !== undefined) {
    const balance = (position: Position) => solverBalance(position, solver);
    const afterReply = applyMove(reply.before, reply.move);
    if (balance(afterReply) < balance(start) && balance(end) > balance(start))
      found.add('sacrifice');
  }
  if (end.turn !== solver && legalMoves(end).length === 0 && ownsStacks(end, end.turn))
    found.add('blockade');
  return THEMES.filter((theme) => found.has(theme));
}

/** Whether `color` owns at least one stack. */
export function ownsStacks(position: Position, color: Color): boolean {
  return position.stacks.some((stack) => stack !== null && stackOwner(stack) === color);
}

/** `square` must be a square of the board. */
function topIsKing(position: Position, square: number): boolean {
  const stack = position.stacks[square] as Stack | null;
  return stack !== null && stackIsKing(stack);
}
