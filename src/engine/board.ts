import type { Geometry } from './geometry.js';
import * as hash from './hash.js';
import * as moveList from './movelist.js';
import type { MoveList } from './movelist.js';
import { startPosition, type Color, type Position, type Stack } from './position.js';
import { VARIANTS, type Variant } from './variants.js';

/** Top-piece codes kept per square for fast tests: 0 empty, else 2 + colour * 2 + king. */
export const TOP_EMPTY = 0;
/** `top >> 1` of a square owned by `color` (0 for an empty square). */
export function ownerTag(color: Color): number {
  return color + 1;
}

const MAX_PLIES = 1024;

// Module-local copies: imported bindings can compile to getter calls, too slow for make/unmake.
const stackKeyLow = hash.stackKeyLow;
const stackKeyHigh = hash.stackKeyHigh;
const BLACK_TO_MOVE_LOW = hash.BLACK_TO_MOVE_LOW;
const BLACK_TO_MOVE_HIGH = hash.BLACK_TO_MOVE_HIGH;
const TWO_MOVES_LEFT_LOW = hash.TWO_MOVES_LEFT_LOW;
const TWO_MOVES_LEFT_HIGH = hash.TWO_MOVES_LEFT_HIGH;
const ZOBRIST_LOW = hash.ZOBRIST_LOW;
const ZOBRIST_HIGH = hash.ZOBRIST_HIGH;
const pieceKeyIndex = hash.pieceKeyIndex;
const MOVE_STRIDE = moveList.MOVE_STRIDE;
const FLAG_PROMOTES = moveList.FLAG_PROMOTES;
const FLAG_DEMOTES = moveList.FLAG_DEMOTES;
const FLAG_COVER = moveList.FLAG_COVER;
const JUMP_SQUARE_MASK = moveList.JUMP_SQUARE_MASK;
const INLINE_JUMPS = moveList.INLINE_JUMPS;
const EXTRA_JUMPS = moveList.EXTRA_JUMPS;

/**
 * A "1+1" variant's start position with its hash as Board.rehash computes it (White to move,
 * one move left: neither the side key nor the two-moves key).
 */
function startKey(variant: Variant): { low: number; high: number; position: Position } {
  const position = startPosition(variant.id);
  let low = 0;
  let high = 0;
  position.stacks.forEach((stack, s) => {
    if (stack === null) return;
    low ^= stackKeyLow(s, stack.height, stack.colors, stack.kings);
    high ^= stackKeyHigh(s, stack.height, stack.colors, stack.kings);
  });
  return { low, high, position };
}

/**
 * The mutable board of the hot path: typed arrays per square (stack bits as in position.ts),
 * a cached top-piece code, the side to move and the 64-bit hash, with make/unmake of moves
 * taken from a MoveList. Search and perft use this; everything else uses immutable Positions.
 */
export class Board {
  readonly variant: Variant;
  readonly geometry: Geometry;
  readonly height: Uint8Array;
  readonly colors: Int32Array;
  readonly kings: Int32Array;
  readonly top: Int8Array;
  turn: Color = 0;
  /**
   * Moves the side to move still has in this turn: always 1, except in a double-move variant
   * (2 at the start of a turn, 1 after its first move or on White's one-move first turn).
   */
  movesLeft: 1 | 2 = 1;
  /** Moves per turn: 2 in a double-move variant, else 1. */
  readonly movesPerTurn: 1 | 2;
  /**
   * Bit s set: square s is topped by a White piece / a Black piece / a king (either colour).
   * Boards of up to 32 squares only (`wide` false): on a wide board (10x8, 10x10) the bits stay
   * 0, so code that forgets to check `wide` sees an empty board, never another square's bit.
   */
  whiteBits = 0;
  blackBits = 0;
  kingBits = 0;
  /** Bit s set for every square of the board (0 on a wide board). */
  readonly allSquares: number;
  /**
   * More than 32 squares: no bitboards (the fields above stay 0). The move generator, the
   * evaluator and the rest read `top` and `height` square by square instead.
   */
  readonly wide: boolean;
  /** ANDed into every bitboard update: all ones, or 0 on a wide board. */
  private readonly bitMask: number;
  hashLow = 0;
  hashHigh = 0;
  private ply = 0;
  private readonly savedLow = new Int32Array(MAX_PLIES);
  private readonly savedHigh = new Int32Array(MAX_PLIES);
  private readonly demoteCapturedKings: boolean;
  /** Jumped pieces leave the board instead of going under the capturing stack (Multistorey). */
  private readonly capturedPiecesLeave: boolean;
  /**
   * Covers (Borovikov) remove pieces for good, so unmake cannot rebuild the stacks from the
   * move: per ply, the covered stack's height, colours and kings, then the moving stack's.
   * Allocated only for variants with covering.
   */
  private readonly coverSaved: Int32Array | null;
  /** Double-move variants: the moves left before each ply's move, for unmake (else empty). */
  private readonly leftSaved: Uint8Array;
  /**
   * The "1+1" double-move scheme only: the start position (White to move, one move left) and
   * its hash. The move made from it hands Black a one-move turn; every other turn ends with
   * two moves for the opponent. Null in every other variant.
   */
  private readonly oneOneStart: {
    readonly low: number;
    readonly high: number;
    readonly position: Position;
  } | null;

  constructor(position: Position) {
    this.variant = VARIANTS[position.variant];
    this.geometry = this.variant.geometry;
    const n = this.geometry.squareCount;
    if (position.stacks.length !== n) {
      throw new Error(
        `Board: position has ${position.stacks.length} squares, ${position.variant} needs ${n}`,
      );
    }
    this.height = new Uint8Array(n);
    this.colors = new Int32Array(n);
    this.kings = new Int32Array(n);
    this.top = new Int8Array(n);
    this.wide = n > 32;
    this.bitMask = this.wide ? 0 : -1;
    this.allSquares = this.wide ? 0 : n === 32 ? -1 : (1 << n) - 1;
    this.demoteCapturedKings = this.variant.capturedKingDemoted;
    this.capturedPiecesLeave = this.variant.capturedPiecesLeave === true;
    this.coverSaved = this.variant.covering === true ? new Int32Array(MAX_PLIES * 6) : null;
    this.leftSaved = new Uint8Array(this.variant.doubleMove ? MAX_PLIES : 0);
    this.oneOneStart = this.variant.doubleMoveScheme === '1+1' ? startKey(this.variant) : null;
    this.turn = position.turn;
    this.movesPerTurn = this.variant.doubleMove ? 2 : 1;
    this.movesLeft = this.variant.doubleMove ? (position.movesLeft ?? 2) : 1;
    position.stacks.forEach((stack, s) => {
      if (stack === null) return;
      this.height[s] = stack.height;
      this.colors[s] = stack.colors;
      this.kings[s] = stack.kings;
      this.refreshTop(s);
    });
    this.rehash();
  }

  /** An immutable snapshot of the current state. */
  toPosition(): Position {
    const stacks: (Stack | null)[] = [];
    for (let s = 0; s < this.height.length; s++) {
      const height = this.height[s]!;
      stacks.push(height === 0 ? null : { height, colors: this.colors[s]!, kings: this.kings[s]! });
    }
    return this.variant.doubleMove
      ? { variant: this.variant.id, turn: this.turn, stacks, movesLeft: this.movesLeft }
      : { variant: this.variant.id, turn: this.turn, stacks };
  }

  /** Recomputes the hash from scratch (for loading, and for tests of the incremental one). */
  rehash(): void {
    let low = this.turn === 1 ? BLACK_TO_MOVE_LOW : 0;
    let high = this.turn === 1 ? BLACK_TO_MOVE_HIGH : 0;
    // Never 2 outside double-move variants, whose keys therefore stay as they were.
    if (this.movesLeft === 2) {
      low ^= TWO_MOVES_LEFT_LOW;
      high ^= TWO_MOVES_LEFT_HIGH;
    }
    for (let s = 0; s < this.height.length; s++) {
      low ^= stackKeyLow(s, this.height[s]!, this.colors[s]!, this.kings[s]!);
      high ^= stackKeyHigh(s, this.height[s]!, this.colors[s]!, this.kings[s]!);
    }
    this.hashLow = low;
    this.hashHigh = high;
  }

  /**
   * Whether this is the "1+1" start with White to move once: its hash, then (on a match) every
   * stack, so that a hash collision cannot pass for the start.
   */
  private atOneOneStart(): boolean {
    const start = this.oneOneStart;
    if (start === null || this.hashLow !== start.low || this.hashHigh !== start.high) return false;
    if (this.turn !== 0 || this.movesLeft !== 1) return false;
    return start.position.stacks.every((stack, s) =>
      stack === null
        ? this.height[s] === 0
        : this.height[s] === stack.height &&
          this.colors[s] === stack.colors &&
          this.kings[s] === stack.kings,
    );
  }

  private refreshTop(s: number): void {
    const h = this.height[s]!;
    const bit = (1 << s) & this.bitMask;
    this.whiteBits &= ~bit;
    this.blackBits &= ~bit;
    this.kingBits &= ~bit;
    if (h === 0) {
      this.top[s] = TOP_EMPTY;
      return;
    }
    const black = (this.colors[s]! >>> (h - 1)) & 1;
    const king = (this.kings[s]! >>> (h - 1)) & 1;
    this.top[s] = 2 + black * 2 + king;
    if (black === 1) this.blackBits |= bit;
    else this.whiteBits |= bit;
    if (king === 1) this.kingBits |= bit;
  }

  /**
   * Plays move `i` of `list`, which must have been generated for this exact state. The other
   * side moves next, except after the first of two moves in a double-move variant.
   */
  make(list: MoveList, i: number): void {
    const d = list.data;
    const base = i * MOVE_STRIDE;
    const from = d[base]!;
    const to = d[base + 1]!;
    const jumps = d[base + 2]!;
    const { height, colors, kings } = this;
    if (this.ply >= MAX_PLIES) throw new Error('Board.make: too many plies without unmake');
    this.savedLow[this.ply] = this.hashLow;
    this.savedHigh[this.ply] = this.hashHigh;
    this.ply++;
    let low = this.hashLow ^ BLACK_TO_MOVE_LOW;
    let high = this.hashHigh ^ BLACK_TO_MOVE_HIGH;
    if (this.movesPerTurn === 2) {
      // Double move: the side changes only after the turn's last move. The moves-left key
      // toggles (except from the "1+1" start, whose answer has one move too); on the first of
      // two moves the side key and the flip at the end of the move are cancelled here.
      this.leftSaved[this.ply - 1] = this.movesLeft;
      if (this.movesLeft === 2) {
        this.movesLeft = 1;
        low ^= TWO_MOVES_LEFT_LOW ^ BLACK_TO_MOVE_LOW;
        high ^= TWO_MOVES_LEFT_HIGH ^ BLACK_TO_MOVE_HIGH;
        this.turn = (this.turn ^ 1) as Color;
      } else if (!this.atOneOneStart()) {
        this.movesLeft = 2;
        low ^= TWO_MOVES_LEFT_LOW;
        high ^= TWO_MOVES_LEFT_HIGH;
      }
    }
    if (jumps === 0) {
      const flags = d[base + 3]!;
      if ((flags & FLAG_COVER) !== 0) this.makeCover(from, to, flags, low, high);
      else this.makeQuiet(from, to, (flags & FLAG_PROMOTES) !== 0, low, high);
      return;
    }

    let mh = height[from]!;
    let mc = colors[from]!;
    let mk = kings[from]!;
    low ^= stackKeyLow(from, mh, mc, mk);
    high ^= stackKeyHigh(from, mh, mc, mk);
    height[from] = 0;
    colors[from] = 0;
    kings[from] = 0;
    this.refreshTop(from);

    const goesUnder = !this.capturedPiecesLeave;
    // Jumps past the 12th (wide boards only) are in the list's `extra` (movelist.ts).
    const extraBase = i * EXTRA_JUMPS - INLINE_JUMPS;
    for (let j = 0; j < jumps; j++) {
      const over =
        (j < INLINE_JUMPS ? d[base + 4 + j]! : list.extra[extraBase + j]!) & JUMP_SQUARE_MASK;
      const rest = height[over]! - 1;
      const oc = colors[over]!;
      const ok = kings[over]!;
      const takenColor = (oc >>> rest) & 1;
      const takenKing = (ok >>> rest) & 1;
      // Only the top piece leaves the jumped square: one key out.
      const key = pieceKeyIndex(over, rest, takenColor, takenKing);
      low ^= ZOBRIST_LOW[key]!;
      high ^= ZOBRIST_HIGH[key]!;
      const keep = (1 << rest) - 1;
      height[over] = rest;
      colors[over] = oc & keep;
      kings[over] = ok & keep;
      this.refreshTop(over);
      // The taken piece goes under the moving stack (or, in Multistorey, off the board).
      if (goesUnder) {
        mc = (mc << 1) | takenColor;
        mk = (mk << 1) | (this.demoteCapturedKings ? 0 : takenKing);
        mh++;
      }
    }
    const flags = d[base + 3]!;
    if ((flags & FLAG_PROMOTES) !== 0) mk |= 1 << (mh - 1);
    else if ((flags & FLAG_DEMOTES) !== 0) mk &= ~(1 << (mh - 1));

    height[to] = mh;
    colors[to] = mc;
    kings[to] = mk;
    this.refreshTop(to);
    low ^= stackKeyLow(to, mh, mc, mk);
    high ^= stackKeyHigh(to, mh, mc, mk);
    this.hashLow = low;
    this.hashHigh = high;
    this.turn = (this.turn ^ 1) as Color;
  }

  /** A quiet move: the whole stack slides to an empty square, its top crowned on the far rank. */
  private makeQuiet(from: number, to: number, promotes: boolean, low: number, high: number): void {
    const { height, colors, kings, top } = this;
    const h = height[from]!;
    const c = colors[from]!;
    const k = kings[from]!;
    const crowned = promotes ? k | (1 << (h - 1)) : k;
    let fromIndex = pieceKeyIndex(from, 0, 0, 0);
    let toIndex = pieceKeyIndex(to, 0, 0, 0);
    for (let i = 0; i < h; i++, fromIndex += 4, toIndex += 4) {
      const piece = ((c >>> i) & 1) * 2 + ((k >>> i) & 1);
      const moved = ((c >>> i) & 1) * 2 + ((crowned >>> i) & 1);
      low ^= ZOBRIST_LOW[fromIndex + piece]! ^ ZOBRIST_LOW[toIndex + moved]!;
      high ^= ZOBRIST_HIGH[fromIndex + piece]! ^ ZOBRIST_HIGH[toIndex + moved]!;
    }
    height[to] = h;
    colors[to] = c;
    kings[to] = crowned;
    height[from] = 0;
    colors[from] = 0;
    kings[from] = 0;
    const t = top[from]!;
    top[to] = promotes ? t | 1 : t;
    top[from] = 0;
    const both = ((1 << from) | (1 << to)) & this.bitMask;
    if (t >= 4) this.blackBits ^= both;
    else this.whiteBits ^= both;
    if ((t & 1) === 1) this.kingBits ^= both;
    else if (promotes) this.kingBits |= (1 << to) & this.bitMask;
    this.hashLow = low;
    this.hashHigh = high;
    this.turn = (this.turn ^ 1) as Color;
  }

  /**
   * A cover (Borovikov): the stack on `from` goes on top of the stack on `to`, its top crowned
   * on the far rank; then every opponent piece with a mover's piece above and below it leaves
   * the board. The top is the mover's, so those are exactly the opponent's pieces above the
   * mover's lowest piece: the result is the mover's run over the opponent's run, two layers.
   */
  private makeCover(from: number, to: number, flags: number, low: number, high: number): void {
    const { height, colors, kings } = this;
    const mh = height[from]!;
    const mc = colors[from]!;
    let mk = kings[from]!;
    const th = height[to]!;
    const tc = colors[to]!;
    const tk = kings[to]!;
    const saved = this.coverSaved;
    if (saved === null) throw new Error(`Board.make: ${this.variant.id} has no covers`);
    const t = (this.ply - 1) * 6;
    saved[t] = th;
    saved[t + 1] = tc;
    saved[t + 2] = tk;
    saved[t + 3] = mh;
    saved[t + 4] = mc;
    saved[t + 5] = mk;
    low ^= stackKeyLow(from, mh, mc, mk) ^ stackKeyLow(to, th, tc, tk);
    high ^= stackKeyHigh(from, mh, mc, mk) ^ stackKeyHigh(to, th, tc, tk);
    if ((flags & FLAG_PROMOTES) !== 0) mk |= 1 << (mh - 1);
    const h = th + mh;
    const c = tc | (mc << th);
    const k = tk | (mk << th);
    const all = (1 << h) - 1;
    const own = (this.turn === 0 ? ~c : c) & all;
    const lowest = 31 - Math.clz32(own & -own);
    // Keep everything up to and including the mover's lowest piece, then the mover's pieces above.
    let nh = lowest + 1;
    let nc = c & ((1 << nh) - 1);
    let nk = k & ((1 << nh) - 1);
    for (let i = nh; i < h; i++) {
      if (((own >>> i) & 1) === 0) continue;
      nc |= ((c >>> i) & 1) << nh;
      nk |= ((k >>> i) & 1) << nh;
      nh++;
    }
    height[to] = nh;
    colors[to] = nc;
    kings[to] = nk;
    height[from] = 0;
    colors[from] = 0;
    kings[from] = 0;
    this.refreshTop(from);
    this.refreshTop(to);
    this.hashLow = low ^ stackKeyLow(to, nh, nc, nk);
    this.hashHigh = high ^ stackKeyHigh(to, nh, nc, nk);
    this.turn = (this.turn ^ 1) as Color;
  }

  /** Puts both stacks of a cover back as makeCover saved them for this ply. */
  private unmakeCover(from: number, to: number): void {
    const { height, colors, kings } = this;
    const saved = this.coverSaved!;
    const t = this.ply * 6;
    height[to] = saved[t]!;
    colors[to] = saved[t + 1]!;
    kings[to] = saved[t + 2]!;
    height[from] = saved[t + 3]!;
    colors[from] = saved[t + 4]!;
    kings[from] = saved[t + 5]!;
    this.refreshTop(to);
    this.refreshTop(from);
  }

  private unmakeQuiet(from: number, to: number, promotes: boolean): void {
    const { height, colors, kings, top } = this;
    const h = height[to]!;
    height[from] = h;
    colors[from] = colors[to]!;
    kings[from] = promotes ? kings[to]! & ~(1 << (h - 1)) : kings[to]!;
    height[to] = 0;
    colors[to] = 0;
    kings[to] = 0;
    const t = promotes ? top[to]! & ~1 : top[to]!;
    top[from] = t;
    top[to] = 0;
    const both = ((1 << from) | (1 << to)) & this.bitMask;
    if (t >= 4) this.blackBits ^= both;
    else this.whiteBits ^= both;
    if ((t & 1) === 1) this.kingBits ^= both;
    else if (promotes) this.kingBits &= ~(1 << to);
  }

  /** Takes back move `i` of `list`, which must be the last move made. */
  unmake(list: MoveList, i: number): void {
    const d = list.data;
    const base = i * MOVE_STRIDE;
    const from = d[base]!;
    const to = d[base + 1]!;
    const jumps = d[base + 2]!;
    const { height, colors, kings } = this;
    this.ply--;
    this.hashLow = this.savedLow[this.ply]!;
    this.hashHigh = this.savedHigh[this.ply]!;
    this.turn = (this.turn ^ 1) as Color;
    if (this.movesPerTurn === 2) {
      // The moves left as make found them; undoing the first of two moves keeps the side.
      const left = this.leftSaved[this.ply] as 1 | 2;
      if (left === 2) this.turn = (this.turn ^ 1) as Color;
      this.movesLeft = left;
    }

    if (jumps === 0) {
      const flags = d[base + 3]!;
      if ((flags & FLAG_COVER) !== 0) this.unmakeCover(from, to);
      else this.unmakeQuiet(from, to, (flags & FLAG_PROMOTES) !== 0);
      return;
    }

    let mh = height[to]!;
    let mc = colors[to]!;
    let mk = kings[to]!;
    height[to] = 0;
    colors[to] = 0;
    kings[to] = 0;
    this.refreshTop(to);
    const flags = d[base + 3]!;
    if ((flags & FLAG_PROMOTES) !== 0) mk &= ~(1 << (mh - 1));
    else if ((flags & FLAG_DEMOTES) !== 0) mk |= 1 << (mh - 1);

    // The opposite colour of the moving stack's top: the mover's (Stavropol: a stack of either
    // colour may move, whoever the player is).
    const capturedColor = ((mc >>> (mh - 1)) & 1) ^ 1;
    const cameFromUnder = !this.capturedPiecesLeave;
    const extraBase = i * EXTRA_JUMPS - INLINE_JUMPS;
    for (let j = jumps - 1; j >= 0; j--) {
      const entry = j < INLINE_JUMPS ? d[base + 4 + j]! : list.extra[extraBase + j]!;
      const over = entry & JUMP_SQUARE_MASK;
      const capturedKing = (entry >> 12) & 1;
      if (cameFromUnder) {
        mc >>>= 1;
        mk >>>= 1;
        mh--;
      }
      const oh = height[over]!;
      colors[over]! |= capturedColor << oh;
      kings[over]! |= capturedKing << oh;
      height[over] = oh + 1;
      this.refreshTop(over);
    }

    height[from] = mh;
    colors[from] = mc;
    kings[from] = mk;
    this.refreshTop(from);
  }
}

/**
 * Number of stacks topped by `color`, square by square (any board; on a board of up to 32
 * squares the same as the population count of whiteBits or blackBits).
 */
export function stacksOf(board: Board, color: Color): number {
  const top = board.top;
  const code = 2 + 2 * color; // a man of that colour; | 1 for a king
  let count = 0;
  for (let s = 0; s < top.length; s++) if ((top[s]! | 1) === code + 1) count++;
  return count;
}
