import * as bitboard from './bitboard.js';
import { TOP_EMPTY, type Board } from './board.js';
import * as hash from './hash.js';
import * as moveList from './movelist.js';
import type { MoveList } from './movelist.js';

// Module-local copies: imported bindings can compile to getter calls, too slow for the hot path.
const EMPTY = TOP_EMPTY;
const FLAG_PROMOTES = moveList.FLAG_PROMOTES;
const FLAG_DEMOTES = moveList.FLAG_DEMOTES;
const FLAG_COVER = moveList.FLAG_COVER;
const JUMP_CAPTURED_KING = moveList.JUMP_CAPTURED_KING;
const JUMP_LANDING_SHIFT = moveList.JUMP_LANDING_SHIFT;
const MAX_JUMPS = moveList.MAX_JUMPS;
const INLINE_JUMPS = moveList.INLINE_JUMPS;
const EXTRA_JUMPS = moveList.EXTRA_JUMPS;
const MOVE_STRIDE = moveList.MOVE_STRIDE;
const MAX_STACK_HEIGHT = hash.MAX_STACK_HEIGHT;
const popcount = bitboard.popcount;

/**
 * Legal move generation for every variant on a Board: captures first (mandatory, every
 * complete sequence, one move per landing path), quiet moves only when there is none.
 *
 * Capture sequences are found by depth-first search on the real board: each jump is applied
 * (the top piece of the jumped stack is lifted off), the search goes on from the landing
 * square, and the jump is undone on the way back. So a stack that still has an enemy on top can
 * be jumped again and a square emptied by a capture is empty at once (Bashni), while the
 * `blocked` bit set keeps every jumped square off-limits until the move ends (Turkish strike).
 * The moving stack is lifted off its start square for the whole search, so that square counts
 * as empty.
 *
 * The engine's stack limit (docs/rules-choices.md, 16): a capture whose stack would end taller
 * than MAX_STACK_HEIGHT pieces (a stack is a 32-bit field) is not available. The search finds
 * the sequences by the rules alone and record() drops those, so a sequence that must go on past
 * the limit is not cut short: it is gone. Only the 10x10 board has pieces enough to meet it.
 *
 * Two ways to find the stacks that move, fixed per generator when it is built: boards of up to
 * 32 squares use the Board's bitboards (shift tricks to find men that can jump, bulk counting
 * of quiet moves); wide boards (10x8, 10x10), which have no bitboards, scan `top` square by
 * square (runWide). Both hand the same per-square functions (capturesFrom, manQuietMoves, …)
 * the same squares in the same order, so they produce the same list.
 */
export class MoveGenerator {
  private readonly board: Board;
  private readonly step: Int8Array;
  private readonly rank: Int8Array;
  private readonly squareCount: number;
  private readonly flyingKings: boolean;
  private readonly menCaptureBackward: boolean;
  private readonly turkish: boolean;
  private readonly promotionEndsCapture: boolean;
  private readonly kingsCaptureOnly: boolean;
  private readonly kingReverts: boolean;
  private readonly covering: boolean;
  /** Stavropol: both colours' stacks move on every turn (Variant.sharedPieces). */
  private readonly sharedPieces: boolean;
  /** Squares are scanned one by one instead of read from bitboards (see runWide). */
  private readonly wide: boolean;
  /** sharedPieces or wide: run() leaves the bitboard path for another one. */
  private readonly otherPath: boolean;

  /**
   * The most pieces a capture may leave in the moving stack: MAX_STACK_HEIGHT, or, where a
   * jumped piece leaves the board and the stack never grows (Multistorey), more than any
   * capture reaches.
   */
  private readonly heightCap: number;

  // State of the capture search in progress.
  private list: MoveList | null = null;
  private found = 0;
  private from = 0;
  private startsAsKing = false;
  /** Jumps the moving stack has room for under MAX_STACK_HEIGHT (see the class comment). */
  private jumpRoom = 0;
  private enemy = 0;
  private whiteToMove = true;
  private farRank = 0;
  private blocked = 0;
  private readonly jumps = new Int32Array(MAX_JUMPS + 1);

  /**
   * Bitboard steps, stepMasks (bitboard.ts) in fields: per direction, the squares that step by
   * the first and by the second amount (one amount each on Laska's 7x7).
   */
  private readonly m0: number = 0;
  private readonly m1: number = 0;
  private readonly m2: number = 0;
  private readonly m3: number = 0;
  private readonly m4: number = 0;
  private readonly m5: number = 0;
  private readonly m6: number = 0;
  private readonly m7: number = 0;
  private readonly topRank: number;

  /**
   * @param options.scan scan squares (the wide boards' path) on a board of up to 32 squares
   *   too: tests compare it with the bitboard path. Wide boards always scan.
   */
  constructor(board: Board, options: { scan?: boolean } = {}) {
    this.board = board;
    this.step = board.geometry.step;
    this.rank = board.geometry.rank;
    this.squareCount = board.geometry.squareCount;
    this.flyingKings = board.variant.flyingKings;
    this.menCaptureBackward = board.variant.manCapturesBackward;
    this.turkish = board.variant.repeatedJumps === 'turkish';
    this.promotionEndsCapture = board.variant.promotionEndsCapture;
    this.kingsCaptureOnly = board.variant.kingsCaptureOnly === true;
    this.kingReverts = board.variant.kingRevertsAfterCapture === true;
    this.covering = board.variant.covering === true;
    this.sharedPieces = board.variant.sharedPieces === true;
    this.heightCap =
      board.variant.capturedPiecesLeave === true ? MAX_STACK_HEIGHT + MAX_JUMPS : MAX_STACK_HEIGHT;
    this.wide = board.wide || options.scan === true;
    this.otherPath = this.wide || this.sharedPieces;
    this.topRank = board.geometry.ranks - 1;
    if (this.wide) {
      // The Turkish strike's `blocked` set is a 32-bit mask.
      if (this.turkish && board.wide)
        throw new Error(`MoveGenerator: no Turkish strike on a ${board.geometry.files}-file board`);
      return;
    }
    const masks = bitboard.stepMasks(board.geometry);
    this.m0 = masks[0]!;
    this.m1 = masks[1]!;
    this.m2 = masks[2]!;
    this.m3 = masks[3]!;
    this.m4 = masks[4]!;
    this.m5 = masks[5]!;
    this.m6 = masks[6]!;
    this.m7 = masks[7]!;
  }

  /** Every square reached from a square of `bits` by one step in direction `d`. */
  private shift(bits: number, d: number): number {
    return d === 0
      ? this.ne(bits)
      : d === 1
        ? this.nw(bits)
        : d === 2
          ? this.se(bits)
          : this.sw(bits);
  }
  private ne(bits: number): number {
    return ((bits & this.m0) << 4) | ((bits & this.m1) << 5);
  }
  private nw(bits: number): number {
    return ((bits & this.m2) << 3) | ((bits & this.m3) << 4);
  }
  private se(bits: number): number {
    return ((bits & this.m4) >>> 3) | ((bits & this.m5) >>> 4);
  }
  private sw(bits: number): number {
    return ((bits & this.m6) >>> 4) | ((bits & this.m7) >>> 5);
  }

  /** Fills `list` with every legal move of the side to move and returns how many. */
  generate(list: MoveList): number {
    list.clear();
    return this.run(list);
  }

  /** Counts the legal moves without storing them (bulk-counting perft). */
  count(): number {
    return this.run(null);
  }

  private run(list: MoveList | null): number {
    if (this.otherPath) return this.wide ? this.runWide(list) : this.runShared(list);
    const board = this.board;
    const white = board.turn === 0;
    this.list = list;
    this.found = 0;
    this.enemy = white ? 2 : 1; // `top >> 1` of the opponent's squares (board.ts ownerTag)
    this.whiteToMove = white;
    this.farRank = white ? this.topRank : 0;

    const own = white ? board.whiteBits : board.blackBits;
    const enemy = white ? board.blackBits : board.whiteBits;
    const empty = ~(board.whiteBits | board.blackBits) & board.allSquares;
    const men = own & ~board.kingBits;
    let kings = own & board.kingBits;
    const firstForward = white ? 0 : 2;

    // Men with a jump available right now: enemy next to them and an empty square behind it.
    let jumpers: number;
    if (this.menCaptureBackward) {
      // A man jumps towards d when the square towards d is an enemy and the one after is empty.
      jumpers =
        this.sw(enemy & this.sw(empty)) |
        this.se(enemy & this.se(empty)) |
        this.nw(enemy & this.nw(empty)) |
        this.ne(enemy & this.ne(empty));
    } else {
      const b0 = 3 - firstForward;
      const b1 = 2 - firstForward;
      jumpers =
        this.shift(enemy & this.shift(empty, b0), b0) |
        this.shift(enemy & this.shift(empty, b1), b1);
    }
    jumpers &= men;
    for (let b = jumpers; b !== 0; b &= b - 1) this.capturesFrom(31 - Math.clz32(b & -b), false);
    for (let b = kings; b !== 0; b &= b - 1) this.capturesFrom(31 - Math.clz32(b & -b), true);
    if (this.found > 0) return this.found;
    // Adiyukh: kings move only by capturing.
    if (this.kingsCaptureOnly) kings = 0;

    if (list === null) {
      let count = white
        ? popcount(this.ne(men) & empty) + popcount(this.nw(men) & empty)
        : popcount(this.se(men) & empty) + popcount(this.sw(men) & empty);
      if (kings !== 0) {
        if (this.flyingKings) {
          for (let b = kings; b !== 0; b &= b - 1)
            count += this.kingRayCount(31 - Math.clz32(b & -b));
        } else {
          for (let d = 0; d < 4; d++) count += popcount(this.shift(kings, d) & empty);
        }
      }
      if (this.covering) count += this.coverCount(men, kings, ~empty & board.allSquares);
      return count;
    }
    for (let b = men; b !== 0; b &= b - 1) this.manQuietMoves(31 - Math.clz32(b & -b));
    for (let b = kings; b !== 0; b &= b - 1) this.kingQuietMoves(31 - Math.clz32(b & -b));
    if (this.covering) {
      for (let b = men; b !== 0; b &= b - 1) this.manCovers(31 - Math.clz32(b & -b));
      for (let b = kings; b !== 0; b &= b - 1) this.kingCovers(31 - Math.clz32(b & -b));
    }
    return this.found;
  }

  /**
   * Stavropol (shared pieces): the player to move may move any stack, and each stack moves as
   * its top colour does (direction, far rank, which stacks it jumps), so the generator runs once
   * per colour: captures of both colours first (mandatory over the whole board), then, only if
   * there is none, quiet moves of both. A position whose stacks all have tops of one colour is
   * over: no legal moves. (Covering is not combined with shared pieces.)
   */
  private runShared(list: MoveList | null): number {
    const board = this.board;
    this.list = list;
    this.found = 0;
    if (board.whiteBits === 0 || board.blackBits === 0) return 0;
    this.sharedCaptures(true);
    this.sharedCaptures(false);
    if (this.found > 0) return this.found;
    for (let c = 0; c < 2; c++) {
      const white = c === 0;
      this.moveAs(white);
      const own = white ? board.whiteBits : board.blackBits;
      for (let b = own & ~board.kingBits; b !== 0; b &= b - 1)
        this.manQuietMoves(31 - Math.clz32(b & -b));
      if (this.kingsCaptureOnly) continue;
      for (let b = own & board.kingBits; b !== 0; b &= b - 1)
        this.kingQuietMoves(31 - Math.clz32(b & -b));
    }
    return this.found;
  }

  /**
   * Every legal move, found by scanning the squares' `top` codes instead of bitboards (boards
   * with more than 32 squares). The same squares in the same order as run and runShared: men
   * that can capture, then kings, in square order; then quiet moves of men, of kings, covers.
   */
  private runWide(list: MoveList | null): number {
    const top = this.board.top;
    const n = this.squareCount;
    this.list = list;
    this.found = 0;
    const shared = this.sharedPieces;
    if (shared) {
      let tags = 0;
      for (let s = 0; s < n; s++) if (top[s] !== EMPTY) tags |= 1 << (top[s]! >> 2);
      if (tags !== 3) return 0; // every top of one colour (or no stack): the game is over
    }
    const firstColor = shared ? 0 : this.board.turn;
    const lastColor = shared ? 1 : this.board.turn;
    // top codes: 2 white man, 3 white king, 4 black man, 5 black king.
    for (let c = firstColor; c <= lastColor; c++) {
      this.moveAs(c === 0);
      for (let s = 0; s < n; s++) if (top[s] === 2 + 2 * c) this.capturesFrom(s, false);
      for (let s = 0; s < n; s++) if (top[s] === 3 + 2 * c) this.capturesFrom(s, true);
    }
    if (this.found > 0) return this.found;
    for (let c = firstColor; c <= lastColor; c++) {
      this.moveAs(c === 0);
      for (let s = 0; s < n; s++) if (top[s] === 2 + 2 * c) this.manQuietMoves(s);
      if (!this.kingsCaptureOnly)
        for (let s = 0; s < n; s++) if (top[s] === 3 + 2 * c) this.kingQuietMoves(s);
      if (this.covering) {
        for (let s = 0; s < n; s++) if (top[s] === 2 + 2 * c) this.manCovers(s);
        for (let s = 0; s < n; s++) if (top[s] === 3 + 2 * c) this.kingCovers(s);
      }
    }
    return this.found;
  }

  /** Sets the capture search's colour: stacks topped by White (`white`) or by Black move. */
  private moveAs(white: boolean): void {
    this.enemy = white ? 2 : 1;
    this.whiteToMove = white;
    this.farRank = white ? this.topRank : 0;
  }

  /** Stavropol: every capture of the stacks topped by one colour (see runShared). */
  private sharedCaptures(white: boolean): void {
    const board = this.board;
    this.moveAs(white);
    const own = white ? board.whiteBits : board.blackBits;
    const enemy = white ? board.blackBits : board.whiteBits;
    const empty = ~(board.whiteBits | board.blackBits) & board.allSquares;
    // Men with an enemy next to them and an empty square behind it, in any direction (a
    // superset when men capture forward only: extendShort checks the direction).
    const jumpers =
      (this.sw(enemy & this.sw(empty)) |
        this.se(enemy & this.se(empty)) |
        this.nw(enemy & this.nw(empty)) |
        this.ne(enemy & this.ne(empty))) &
      own &
      ~board.kingBits;
    for (let b = jumpers; b !== 0; b &= b - 1) this.capturesFrom(31 - Math.clz32(b & -b), false);
    for (let b = own & board.kingBits; b !== 0; b &= b - 1)
      this.capturesFrom(31 - Math.clz32(b & -b), true);
  }

  /** Number of covers (Borovikov) of the side to move; `occupied` has every stack's square. */
  private coverCount(men: number, kings: number, occupied: number): number {
    let count = this.whiteToMove
      ? popcount(this.ne(men) & occupied) + popcount(this.nw(men) & occupied)
      : popcount(this.se(men) & occupied) + popcount(this.sw(men) & occupied);
    if (kings === 0) return count;
    if (!this.flyingKings) {
      for (let d = 0; d < 4; d++) count += popcount(this.shift(kings, d) & occupied);
      return count;
    }
    const top = this.board.top;
    for (let b = kings; b !== 0; b &= b - 1) {
      const s = 31 - Math.clz32(b & -b);
      for (let d = 0; d < 4; d++) {
        let to = this.step[s * 4 + d]!;
        while (to >= 0 && top[to] === EMPTY) to = this.step[to * 4 + d]!;
        if (to >= 0) count++;
      }
    }
    return count;
  }

  /** A cover: the stack on `from` moves on top of the stack on `to` (see FLAG_COVER). */
  private cover(from: number, to: number, promotes: boolean): void {
    this.quiet(from, to, promotes, FLAG_COVER);
  }

  /** Covers of a man-topped stack: onto an occupied square diagonally forward. */
  private manCovers(s: number): void {
    const top = this.board.top;
    const first = this.whiteToMove ? 0 : 2;
    for (let d = first; d < first + 2; d++) {
      const to = this.step[s * 4 + d]!;
      if (to >= 0 && top[to] !== EMPTY) this.cover(s, to, this.rank[to] === this.farRank);
    }
  }

  /** Covers of a king-topped stack: onto the first occupied square along each diagonal. */
  private kingCovers(s: number): void {
    const top = this.board.top;
    for (let d = 0; d < 4; d++) {
      let to = this.step[s * 4 + d]!;
      while (this.flyingKings && to >= 0 && top[to] === EMPTY) to = this.step[to * 4 + d]!;
      if (to >= 0 && top[to] !== EMPTY) this.cover(s, to, false);
    }
  }

  private kingRayCount(s: number): number {
    const top = this.board.top;
    let count = 0;
    for (let d = 0; d < 4; d++) {
      for (
        let to = this.step[s * 4 + d]!;
        to >= 0 && top[to] === EMPTY;
        to = this.step[to * 4 + d]!
      )
        count++;
    }
    return count;
  }

  private capturesFrom(from: number, king: boolean): void {
    const { height, top } = this.board;
    const savedHeight = height[from]!;
    const savedTop = top[from]!;
    height[from] = 0;
    top[from] = EMPTY;
    this.from = from;
    this.startsAsKing = king;
    this.jumpRoom = this.heightCap - savedHeight;
    this.blocked = 0;
    this.extend(from, king, -1, -1, 0);
    height[from] = savedHeight;
    top[from] = savedTop;
  }

  /**
   * Tries every jump from `square` and follows each to the end of its sequence, recording the
   * complete ones. Returns whether any jump was possible from here. `lastDirection` and
   * `lastJumped` forbid the immediate 180° turn over the stack just jumped.
   */
  private extend(
    square: number,
    king: boolean,
    lastDirection: number,
    lastJumped: number,
    depth: number,
  ): boolean {
    return king && this.flyingKings
      ? this.extendFlying(square, lastDirection, lastJumped, depth)
      : this.extendShort(square, king, lastDirection, lastJumped, depth);
  }

  /** Jumps of a man, or of a Laska officer: over the adjacent square onto the next. */
  private extendShort(
    square: number,
    king: boolean,
    lastDirection: number,
    lastJumped: number,
    depth: number,
  ): boolean {
    const top = this.board.top;
    const step = this.step;
    const enemy = this.enemy;
    let first = 0;
    let last = 3;
    if (!king && !this.menCaptureBackward) {
      first = this.whiteToMove ? 0 : 2;
      last = first + 1;
    }
    let any = false;
    for (let d = first; d <= last; d++) {
      const over = step[square * 4 + d]!;
      if (over < 0) continue;
      const overTop = top[over]!;
      if (overTop >> 1 !== enemy || ((this.blocked >>> over) & 1) !== 0) continue;
      if (over === lastJumped && d === 3 - lastDirection) continue;
      const land = step[over * 4 + d]!;
      if (land < 0 || top[land] !== EMPTY || ((this.blocked >>> land) & 1) !== 0) continue;
      any = true;
      const overHeight = this.board.height[over]!;
      const entry = this.liftTop(over, overTop, overHeight);
      this.jumps[depth] = entry | (land << JUMP_LANDING_SHIFT);
      const crowned = !king && this.rank[land] === this.farRank;
      if (crowned && this.promotionEndsCapture) this.record(depth + 1, land, true);
      else {
        const kingNow = king || crowned;
        const continued =
          kingNow && this.flyingKings
            ? this.extendFlying(land, d, over, depth + 1)
            : this.extendShort(land, kingNow, d, over, depth + 1);
        if (!continued) this.record(depth + 1, land, kingNow);
      }
      this.restoreTop(over, overTop, overHeight);
    }
    return any;
  }

  /** Jumps of a flying king, with the Russian landing rule. */
  private extendFlying(
    square: number,
    lastDirection: number,
    lastJumped: number,
    depth: number,
  ): boolean {
    const top = this.board.top;
    const step = this.step;
    let any = false;
    for (let d = 0; d < 4; d++) {
      let over = step[square * 4 + d]!;
      while (over >= 0 && top[over] === EMPTY && ((this.blocked >>> over) & 1) === 0) {
        over = step[over * 4 + d]!;
      }
      if (over < 0) continue;
      const overTop = top[over]!;
      if (overTop >> 1 !== this.enemy || ((this.blocked >>> over) & 1) !== 0) continue;
      if (over === lastJumped && d === 3 - lastDirection) continue;
      const land = step[over * 4 + d]!;
      if (land < 0 || top[land] !== EMPTY || ((this.blocked >>> land) & 1) !== 0) continue;
      any = true;
      const overHeight = this.board.height[over]!;
      const entry = this.liftTop(over, overTop, overHeight);
      // The landing squares run from `land` up to (not including) `stop`. If any of them lets
      // the capture go on, only those count; otherwise each ends the move.
      let stop = land;
      while (stop >= 0 && top[stop] === EMPTY && ((this.blocked >>> stop) & 1) === 0)
        stop = step[stop * 4 + d]!;
      let continued = false;
      for (let l = land; l !== stop; l = step[l * 4 + d]!) {
        this.jumps[depth] = entry | (l << JUMP_LANDING_SHIFT);
        if (this.extendFlying(l, d, over, depth + 1)) continued = true;
      }
      if (!continued) {
        for (let l = land; l !== stop; l = step[l * 4 + d]!) {
          this.jumps[depth] = entry | (l << JUMP_LANDING_SHIFT);
          this.record(depth + 1, l, true);
        }
      }
      this.restoreTop(over, overTop, overHeight);
    }
    return any;
  }

  /**
   * Lifts the top piece off a jumped stack for the rest of this branch of the search (and
   * blocks its square under the Turkish strike). Returns the jump entry for the move list.
   */
  private liftTop(over: number, overTop: number, overHeight: number): number {
    const { height, top, colors, kings } = this.board;
    const rest = overHeight - 1;
    height[over] = rest;
    top[over] =
      rest === 0
        ? EMPTY
        : 2 + ((colors[over]! >>> (rest - 1)) & 1) * 2 + ((kings[over]! >>> (rest - 1)) & 1);
    if (this.turkish) this.blocked |= 1 << over;
    return over | ((overTop & 1) === 1 ? JUMP_CAPTURED_KING : 0);
  }

  private restoreTop(over: number, overTop: number, overHeight: number): void {
    this.board.height[over] = overHeight;
    this.board.top[over] = overTop;
    if (this.turkish) this.blocked &= ~(1 << over);
  }

  private record(jumpCount: number, to: number, kingAtEnd: boolean): void {
    if (jumpCount > this.jumpRoom) return; // past the stack limit: not available
    this.found++;
    const list = this.list;
    if (list === null) return;
    const base = list.push();
    const data = list.data;
    data[base] = this.from;
    data[base + 1] = to;
    data[base + 2] = jumpCount;
    if (this.kingReverts) {
      // Adiyukh: the top ends the move as a king only on the far rank, else as a man.
      const onFarRank = this.rank[to] === this.farRank;
      data[base + 3] = this.startsAsKing
        ? onFarRank
          ? 0
          : FLAG_DEMOTES
        : onFarRank
          ? FLAG_PROMOTES
          : 0;
    } else data[base + 3] = kingAtEnd && !this.startsAsKing ? FLAG_PROMOTES : 0;
    if (jumpCount > INLINE_JUMPS) {
      this.recordExtra(list, base, jumpCount);
      return;
    }
    for (let j = 0; j < jumpCount; j++) data[base + 4 + j] = this.jumps[j]!;
  }

  /** A capture of more than INLINE_JUMPS jumps (wide boards only), see movelist.ts. */
  private recordExtra(list: MoveList, base: number, jumpCount: number): void {
    const data = list.data;
    const extraBase = (base / MOVE_STRIDE) * EXTRA_JUMPS - INLINE_JUMPS;
    for (let j = 0; j < INLINE_JUMPS; j++) data[base + 4 + j] = this.jumps[j]!;
    for (let j = INLINE_JUMPS; j < jumpCount; j++) list.extra[extraBase + j] = this.jumps[j]!;
  }

  /** A move without jumps (`flags`: FLAG_COVER for a cover). */
  private quiet(from: number, to: number, promotes: boolean, flags = 0): void {
    this.found++;
    const list = this.list;
    if (list === null) return;
    const base = list.push();
    const data = list.data;
    data[base] = from;
    data[base + 1] = to;
    data[base + 2] = 0;
    data[base + 3] = flags | (promotes ? FLAG_PROMOTES : 0);
  }

  private manQuietMoves(s: number): void {
    const top = this.board.top;
    const first = this.whiteToMove ? 0 : 2;
    for (let d = first; d < first + 2; d++) {
      const to = this.step[s * 4 + d]!;
      if (to >= 0 && top[to] === EMPTY) this.quiet(s, to, this.rank[to] === this.farRank);
    }
  }

  private kingQuietMoves(s: number): void {
    const top = this.board.top;
    for (let d = 0; d < 4; d++) {
      let to = this.step[s * 4 + d]!;
      while (to >= 0 && top[to] === EMPTY) {
        this.quiet(s, to, false);
        if (!this.flyingKings) break;
        to = this.step[to * 4 + d]!;
      }
    }
  }
}
