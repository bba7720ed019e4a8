/**
 * Position hashing, Zobrist-style: the position key is the XOR of one key per occupied square
 * and a key for the side to move, so a move updates it by XOR-ing out the old keys of the
 * squares it touches and XOR-ing in the new ones. Because a capture shifts every piece of the
 * capturing stack up one level, a square's key is not a table entry per piece but a strong
 * hash (MurmurHash3 rounds) of its whole stack — square, height, colours and ranks — computed
 * twice with independent seeds to give 64 bits.
 */
function round(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Low 32 bits of a square's key; 0 for an empty square. */
export function stackKeyLow(square: number, height: number, colors: number, kings: number): number {
  if (height === 0) return 0;
  return finish(round(round(round(0x3c6ef372, colors), kings), square | (height << 8)));
}

/** High 32 bits of a square's key; 0 for an empty square. */
export function stackKeyHigh(
  square: number,
  height: number,
  colors: number,
  kings: number,
): number {
  if (height === 0) return 0;
  return finish(round(round(round(0x5be0cd19, kings), colors), height | (square << 8)));
}

/** XOR-ed into the key when Black is to move. */
export const BLACK_TO_MOVE_LOW = 0x2545f491;
export const BLACK_TO_MOVE_HIGH = 0x4f6cdd1d;

/** Formats a 64-bit key given as two halves as 16 hex digits. */
export function formatKey(high: number, low: number): string {
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}
