/**
 * Zobrist hashing of positions: one random 64-bit key (two 32-bit halves) per (square, level
 * in the stack counted from the bottom, piece colour, piece rank), XOR-ed over every piece on
 * the board, plus a key for Black to move. A capture puts the taken piece at the bottom of the
 * capturing stack and lifts the top piece off the jumped one, so neither touches the levels of
 * the other pieces: the jumped square changes by one key, the moving stack is re-keyed at its
 * new square. The tables come from a fixed seed, so keys are the same in every process.
 */
export const MAX_STACK_HEIGHT = 32;

function randomTable(size: number, seed: number): Int32Array {
  // splitmix32-style generator: fixed seed, well-spread bits.
  const table = new Int32Array(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    table[i] = z ^ (z >>> 16);
  }
  return table;
}

/**
 * Squares of the largest board (10x10). Stacks are bit fields of 32-bit integers, so a stack
 * holds at most 32 pieces: every board but 10x10 (40 pieces) stays below that by its piece
 * count, and on 10x10 a capture that would go past it is not available (see MoveGenerator).
 */
const SQUARES = 50;
const PIECE_KINDS = 4;
/**
 * The keys of the first tables (32 squares, 24 levels), kept where they were: positions of the
 * 8x8 and 7x7 boards hash as they did before boards grew, so stored game keys stay valid.
 */
const FIRST_SQUARES = 32;
const FIRST_LEVELS = 24;

function keyTable(seed: number, restSeed: number): Int32Array {
  const first = randomTable(FIRST_SQUARES * FIRST_LEVELS * PIECE_KINDS, seed);
  const rest = randomTable(SQUARES * MAX_STACK_HEIGHT * PIECE_KINDS, restSeed);
  const table = new Int32Array(SQUARES * MAX_STACK_HEIGHT * PIECE_KINDS);
  for (let square = 0; square < SQUARES; square++) {
    for (let level = 0; level < MAX_STACK_HEIGHT; level++) {
      for (let kind = 0; kind < PIECE_KINDS; kind++) {
        const index = (square * MAX_STACK_HEIGHT + level) * PIECE_KINDS + kind;
        table[index] =
          square < FIRST_SQUARES && level < FIRST_LEVELS
            ? first[(square * FIRST_LEVELS + level) * PIECE_KINDS + kind]!
            : rest[index]!;
      }
    }
  }
  return table;
}

/** Keys by ((square * MAX_STACK_HEIGHT + level) * 4 + colour * 2 + king). */
export const ZOBRIST_LOW = keyTable(0x3c6ef372, 0x6a09e667);
export const ZOBRIST_HIGH = keyTable(0x5be0cd19, 0x510e527f);

/** Index of one piece's key in the tables. */
export function pieceKeyIndex(square: number, level: number, color: number, king: number): number {
  return (square * MAX_STACK_HEIGHT + level) * PIECE_KINDS + color * 2 + king;
}

/** Low 32 bits of the XOR of a whole stack's piece keys; 0 for an empty square. */
export function stackKeyLow(square: number, height: number, colors: number, kings: number): number {
  let key = 0;
  let index = square * MAX_STACK_HEIGHT * PIECE_KINDS;
  for (let i = 0; i < height; i++, index += PIECE_KINDS) {
    key ^= ZOBRIST_LOW[index + ((colors >>> i) & 1) * 2 + ((kings >>> i) & 1)]!;
  }
  return key;
}

/** High 32 bits of the XOR of a whole stack's piece keys; 0 for an empty square. */
export function stackKeyHigh(
  square: number,
  height: number,
  colors: number,
  kings: number,
): number {
  let key = 0;
  let index = square * MAX_STACK_HEIGHT * PIECE_KINDS;
  for (let i = 0; i < height; i++, index += PIECE_KINDS) {
    key ^= ZOBRIST_HIGH[index + ((colors >>> i) & 1) * 2 + ((kings >>> i) & 1)]!;
  }
  return key;
}

/** XOR-ed into the key when Black is to move. */
export const BLACK_TO_MOVE_LOW = 0x2545f491;
export const BLACK_TO_MOVE_HIGH = 0x4f6cdd1d;

/** XOR-ed into the key when the side to move has two moves left (double-move variants only). */
export const TWO_MOVES_LEFT_LOW = 0x1f83d9ab;
export const TWO_MOVES_LEFT_HIGH = 0x5be0cd17;

/** Formats a 64-bit key given as two halves as 16 hex digits. */
export function formatKey(high: number, low: number): string {
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}
