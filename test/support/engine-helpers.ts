import {
  applyMove,
  legalMoves,
  makeFen,
  makeMove,
  parseFen,
  parseMove,
  squareIndex,
  stackAt,
  stackPieces,
  startPosition,
  VARIANTS,
  type GameHistory,
  type Position,
  type VariantId,
} from '../../src/engine/index.js';
import { pick, seededRandom } from './random.js';

/**
 * A tall stack's composition as a FEN writes it: `own` pieces of its owner over `prisoners`,
 * all men but a king on top if `kingOnTop` (`tower(3, 2, true)` is `(100/00)`).
 */
export function tower(own: number, prisoners: number, kingOnTop = false): string {
  return `(${kingOnTop ? '1' : '0'}${'0'.repeat(own - 1)}/${'0'.repeat(prisoners)})`;
}

/**
 * adiyukh-10x10: a position the engine cannot hold, a stack of 33 pieces (17 white men over 16
 * black) on c3. The FEN parser refuses it: {@link UNHOLDABLE_REASON}.
 */
export const UNHOLDABLE_FEN = `W:Wc3${tower(17, 16)}:Bd4,h8`;
export const UNHOLDABLE_REASON =
  'c3: a stack of 33 pieces; the engine holds 32 pieces in a stack at most.';

/** Parses a FEN that a test states as a fact; a typo fails the test loudly. */
export function fen(text: string, variant: VariantId = 'bashni'): Position {
  const parsed = parseFen(text, variant);
  if (!parsed.ok) throw new Error(`test FEN ${text}: ${parsed.error.message}`);
  return parsed.value;
}

/** A square's engine index ("c3" → 9 in Bashni), as moves and records hold it. */
export function square(name: string, variant: VariantId = 'bashni'): number {
  const index = squareIndex(VARIANTS[variant].geometry, name);
  if (index < 0) throw new Error(`test square ${name} is not a dark square of ${variant}`);
  return index;
}

/** The legal moves of a position in full-path notation, sorted (for order-free comparison). */
export function moveTexts(position: Position): string[] {
  const variant = VARIANTS[position.variant];
  return legalMoves(position)
    .map((move) => makeMove(variant, move))
    .sort();
}

/** Plays a move given in full-path notation and returns the FEN after it. */
export function fenAfter(position: Position, text: string): string {
  const variant = VARIANTS[position.variant];
  const move = legalMoves(position).find((m) => makeMove(variant, m) === text);
  if (move === undefined) throw new Error(`${text} is not legal in ${makeFen(position)}`);
  return makeFen(applyMove(position, move));
}

/**
 * Positions reached by seeded random play from the start (or from `start`): `count` positions
 * (including the start of each game), games of at most `maxPlies` plies.
 */
export function randomPositions(
  variant: VariantId,
  count: number,
  seed: number,
  maxPlies = 120,
  start: Position = startPosition(variant),
): Position[] {
  const random = seededRandom(seed);
  const positions: Position[] = [];
  while (positions.length < count) {
    let position = start;
    for (let ply = 0; ply < maxPlies && positions.length < count; ply++) {
      positions.push(position);
      const moves = legalMoves(position);
      if (moves.length === 0) break;
      position = applyMove(position, pick(moves, random));
    }
  }
  return positions;
}

/** The position after a move typed in our notation; a move that does not parse fails loudly. */
export function positionAfter(position: Position, text: string): Position {
  const move = parseMove(position, text);
  if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
  return applyMove(position, move.value);
}

/** Plays moves typed in our notation on a game; a move that does not parse fails loudly. */
export function playMoves(history: GameHistory, ...moves: string[]): GameHistory {
  for (const text of moves) {
    const move = parseMove(history.position, text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    history = history.play(move.value);
  }
  return history;
}

/** A stack in the worked examples' shorthand: top first, w/b a man, W/B a king ('' if empty). */
export function stackText(fenText: string, name: string, variant: VariantId): string {
  const stack = stackAt(fen(fenText, variant), name);
  if (stack === null) return '';
  return stackPieces(stack)
    .map((piece) => {
      const letter = piece.color === 0 ? 'w' : 'b';
      return piece.king ? letter.toUpperCase() : letter;
    })
    .join('');
}
