import { MAX_STACK_HEIGHT } from './hash.js';
import { parseSquare, SQUARE_PATTERN } from './notation.js';
import {
  colorLayers,
  movesLeft,
  stackFromPieces,
  stackOwner,
  variantOf,
  type Color,
  type Position,
  type Stack,
} from './position.js';
import { fail, ok, quoted, type Result } from './result.js';
import { maxPiecesPerSide, maxStacksPerSide, VARIANTS, type VariantId } from './variants.js';

/**
 * Our FEN: `SIDE:W<white stacks>:B<black stacks>` (see docs/rules.md#positions-our-fen); in a
 * double-move variant SIDE also carries the moves left in the turn (`W1`, `B2`). A stack is its square, `K`
 * before it for a lone king, and for taller stacks its composition in parentheses: the owner's
 * pieces top first (0 man, 1 king), then `/` and the prisoners top first.
 * makeFen writes the canonical form: stacks in square order (rank 1 first, files a→h, or a→j),
 * lone pieces without parentheses, no `/` when there are no prisoners.
 */
export function makeFen(position: Position): string {
  const names = variantOf(position).geometry.names;
  const lists: [string[], string[]] = [[], []];
  position.stacks.forEach((stack, square) => {
    if (stack === null) return;
    const name = names[square];
    if (name === undefined) {
      throw new Error(`makeFen: square ${square} is off the ${position.variant} board`);
    }
    lists[stackOwner(stack)].push(stackToken(name, stack));
  });
  // Double-move variants write the moves left after the side: W1, W2, B1, B2.
  const left = variantOf(position).doubleMove ? String(movesLeft(position)) : '';
  return `${position.turn === 0 ? 'W' : 'B'}${left}:W${lists[0].join(',')}:B${lists[1].join(',')}`;
}

function stackToken(square: string, stack: Stack): string {
  if (colorLayers(stack) > 2) {
    throw new Error(`makeFen: the stack on ${square} has more than two colour layers`);
  }
  if (stack.height === 1) return (stack.kings & 1) === 1 ? `K${square}` : square;
  const owner = stackOwner(stack);
  let upper = '';
  let lower = '';
  for (let i = stack.height - 1; i >= 0; i--) {
    const digit = String((stack.kings >>> i) & 1);
    if (((stack.colors >>> i) & 1) === owner) upper += digit;
    else lower += digit;
  }
  return `${square}(${upper}${lower === '' ? '' : '/' + lower})`;
}

const STACK_TOKEN = new RegExp(`^(K?)(${SQUARE_PATTERN})(?:\\(([01]+)(?:\\/([01]+))?\\))?$`, 'i');

/** Reads a FEN for the given variant. Never throws; errors carry a code and a sentence. */
export function parseFen(text: string, variantId: VariantId): Result<Position> {
  const variant = VARIANTS[variantId];
  const parts = text
    .trim()
    .split(':')
    .map((part) => part.trim());
  const sideToken = parts[0]?.toUpperCase() ?? '';
  // Double-move variants: the side may carry the moves left in the turn (W1, W2, B1, B2;
  // plain W or B means 2).
  const sideMatch = (variant.doubleMove ? /^([WB])([12]?)$/ : /^([WB])()$/).exec(sideToken);
  if (sideMatch === null) {
    return fail(
      'fen-syntax',
      variant.doubleMove
        ? `A ${variant.id} FEN starts with the side to move and its moves left (W1, W2, B1, B2; W or B for 2), then :W… and :B… lists.`
        : `A FEN starts with W or B (the side to move), then :W… and :B… lists.`,
    );
  }
  const side = sideMatch[1];
  const left = sideMatch[2] === '1' ? 1 : 2;
  const stacks = new Array<Stack | null>(variant.geometry.squareCount).fill(null);
  const pieces: [number, number] = [0, 0];
  const stackCount: [number, number] = [0, 0];
  const seenLists = new Set<string>();
  for (const part of parts.slice(1)) {
    const listColor = part.charAt(0).toUpperCase();
    if ((listColor !== 'W' && listColor !== 'B') || seenLists.has(listColor)) {
      return fail(
        'fen-syntax',
        `Expected one list of White stacks (W…) and one of Black stacks (B…), got ${quoted(part)}.`,
      );
    }
    seenLists.add(listColor);
    const owner: Color = listColor === 'W' ? 0 : 1;
    const body = part.slice(1).trim();
    if (body === '') continue;
    for (const rawToken of body.split(',')) {
      const token = rawToken.trim();
      const match = STACK_TOKEN.exec(token);
      if (match === null)
        return fail('fen-stack', `${quoted(token)} is not a stack like c3, Kc3 or c3(01/10).`);
      // Groups 1 and 2 are mandatory, so a match has them; the optional 3 and 4 are undefined
      // when they took no part in the match.
      const [, kingPrefix, squareName, upper, lower] = match;
      if (kingPrefix !== '' && upper !== undefined) {
        return fail(
          'fen-stack',
          `${quoted(token)}: use either the K prefix or a composition in parentheses, not both.`,
        );
      }
      const square = parseSquare(variant, squareName!);
      if (!square.ok) return square;
      if (stacks[square.value] !== null) {
        return fail('fen-duplicate-square', `Square ${squareName} is listed twice.`);
      }
      if (lower !== undefined && variant.capturedPiecesLeave === true) {
        return fail(
          'fen-prisoners',
          `${quoted(token)}: ${variant.id} stacks hold no prisoners (captured pieces leave the board).`,
        );
      }
      const ownDigits = upper ?? (kingPrefix === '' ? '0' : '1');
      // A stack is a 32-bit field (only the 10x10 board has enough pieces to go past it).
      const height = ownDigits.length + (lower ?? '').length;
      if (height > MAX_STACK_HEIGHT) {
        return fail(
          'fen-stack-height',
          `${variant.geometry.names[square.value]}: a stack of ${height} pieces; the engine holds ${MAX_STACK_HEIGHT} pieces in a stack at most.`,
        );
      }
      stackCount[owner]++;
      const stack = buildStack(owner, ownDigits, lower ?? '');
      pieces[owner] += ownDigits.length;
      pieces[owner === 0 ? 1 : 0] += (lower ?? '').length;
      stacks[square.value] = stack;
    }
  }
  // Both lists, even empty ones ("W:W:Bc7"): a bare "W" is a typo, not an empty board.
  if (seenLists.size !== 2)
    return fail('fen-syntax', 'A FEN needs both lists, White (W…) and Black (B…), even if empty.');
  const limit = maxPiecesPerSide(variant);
  for (const color of [0, 1] as const) {
    if (pieces[color] > limit) {
      const name = color === 0 ? 'White' : 'Black';
      return fail(
        'fen-too-many-pieces',
        `${name} has ${pieces[color]} pieces; ${variant.id} allows at most ${limit}.`,
      );
    }
    if (stackCount[color] > maxStacksPerSide(variant)) {
      const name = color === 0 ? 'White' : 'Black';
      return fail(
        'fen-too-many-stacks',
        `${name} has ${stackCount[color]} stacks; ${variant.id} allows at most ${maxStacksPerSide(variant)}.`,
      );
    }
  }
  const turn = side === 'W' ? 0 : 1;
  // A capture that would build a taller stack than the engine holds is simply not available
  // (movegen.ts), so a stack of MAX_STACK_HEIGHT beside an enemy is a position like any other.
  return ok(
    variant.doubleMove
      ? { variant: variantId, turn, stacks, movesLeft: left }
      : { variant: variantId, turn, stacks },
  );
}

function buildStack(owner: Color, ownDigits: string, prisonerDigits: string): Stack {
  const topFirst = [...ownDigits].map((d) => ({ color: owner, king: d === '1' }));
  for (const d of prisonerDigits) topFirst.push({ color: (owner ^ 1) as Color, king: d === '1' });
  return stackFromPieces(topFirst);
}
