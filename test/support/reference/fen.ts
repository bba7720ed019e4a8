/**
 * FEN parser and writer of the reference generator (own code, shares nothing with src/).
 *
 * Format: `SIDE:W<white stacks>:B<black stacks>`. A stack is listed under the colour of its top
 * piece. Token: square, `K` prefix for a lone king, or for taller stacks `(owner run/prisoner
 * run)` written top first with `0` man and `1` king, e.g. `f4(0101/00)`.
 */

import {
  VARIANT_RULES,
  isDark,
  isOnBoard,
  playableSquares,
  squareCoords,
  topOf,
  type Board,
  type Piece,
  type Position,
  type RefVariant,
  type Stack,
  type VariantRules,
} from './board.js';

const TOKEN = /^(K?)([a-j](?:10|[1-9]))(?:\(([01]+)(?:\/([01]+))?\))?$/;

/** Pieces of one colour from a run written top first, returned bottom-to-top. */
function runBottomUp(digits: string, white: boolean): Piece[] {
  return [...digits].reverse().map((digit) => ({ white, king: digit === '1' }));
}

function parseStack(token: string, white: boolean): { square: string; stack: Stack } {
  const match = TOKEN.exec(token);
  if (match === null) throw new Error(`bad stack token: ${JSON.stringify(token)}`);
  const [, kingPrefix] = match;
  const square = match[2]!; // a required group
  // The optional groups are undefined when they took no part in the match.
  const ownerRun = match[3];
  const prisonerRun = match[4];
  if (ownerRun === undefined) {
    return { square, stack: [{ white, king: kingPrefix === 'K' }] };
  }
  if (kingPrefix === 'K') throw new Error(`K prefix together with a composition: ${token}`);
  // Bottom-to-top: the prisoners (other colour) lie under the owner's run.
  const stack = [...runBottomUp(prisonerRun ?? '', !white), ...runBottomUp(ownerRun, white)];
  return { square, stack };
}

function parseList(text: string, letter: 'W' | 'B', rules: VariantRules, board: Board): void {
  if (!text.startsWith(letter)) throw new Error(`expected list ${letter}, got ${text}`);
  const body = text.slice(1);
  if (body === '') return;
  for (const token of body.split(',')) {
    const { square, stack } = parseStack(token, letter === 'W');
    const [file, rank] = squareCoords(square);
    if (!isOnBoard(rules, file, rank)) throw new Error(`square off the board: ${square}`);
    if (!isDark(file, rank)) throw new Error(`light square: ${square}`);
    if (board.has(square)) throw new Error(`square listed twice: ${square}`);
    board.set(square, stack);
  }
}

export function parseFen(variant: RefVariant, fen: string): Position {
  const rules = VARIANT_RULES[variant];
  const parts = fen.trim().split(':');
  if (parts.length !== 3) throw new Error(`FEN needs three ':'-separated parts: ${fen}`);
  const [sideToken, whiteList, blackList] = parts;
  const { movesPerTurn } = VARIANT_RULES[variant];
  // With two moves a turn the side may carry the moves left: W1, W2, B1, B2 (W and B mean 2).
  const allowed = movesPerTurn === 2 ? ['W', 'B', 'W1', 'W2', 'B1', 'B2'] : ['W', 'B'];
  if (!allowed.includes(sideToken!)) throw new Error(`bad side to move: ${sideToken}`);
  const side = sideToken!.charAt(0);
  const movesLeft = sideToken!.length === 2 ? Number(sideToken!.charAt(1)) : movesPerTurn;
  const board: Board = new Map();
  parseList(whiteList!, 'W', rules, board);
  parseList(blackList!, 'B', rules, board);
  return { board, whiteToMove: side === 'W', movesLeft };
}

function runDigits(pieces: readonly Piece[]): string {
  return pieces.map((piece) => (piece.king ? '1' : '0')).join('');
}

/** Canonical token of one stack; asserts the owner-run-over-prisoners shape. */
function stackToken(square: string, stack: Stack): string {
  if (stack.length === 0) throw new Error(`empty stack on ${square}`);
  const owner = topOf(stack).white;
  const topFirst = [...stack].reverse();
  let split = 0;
  while (split < topFirst.length && topFirst[split]!.white === owner) split++;
  const ownerRun = topFirst.slice(0, split);
  const prisoners = topFirst.slice(split);
  if (prisoners.some((piece) => piece.white === owner)) {
    throw new Error(`stack on ${square} has more than two colour layers`);
  }
  if (stack.length === 1) return `${ownerRun[0]!.king ? 'K' : ''}${square}`;
  const lower = prisoners.length > 0 ? `/${runDigits(prisoners)}` : '';
  return `${square}(${runDigits(ownerRun)}${lower})`;
}

export function writeFen(variant: RefVariant, position: Position): string {
  const rules = VARIANT_RULES[variant];
  const white: string[] = [];
  const black: string[] = [];
  for (const square of playableSquares(rules)) {
    const stack = position.board.get(square);
    if (stack === undefined) continue;
    (topOf(stack).white ? white : black).push(stackToken(square, stack));
  }
  // Catches a generator bug that put a stack on a square the loop above never visits.
  const written = white.length + black.length;
  if (written !== position.board.size) throw new Error('board has stacks off the playable squares');
  const side = `${position.whiteToMove ? 'W' : 'B'}${VARIANT_RULES[variant].movesPerTurn === 2 ? position.movesLeft : ''}`;
  return `${side}:W${white.join(',')}:B${black.join(',')}`;
}
