import { ownerTag, TOP_EMPTY, type Board } from './board.js';
import {
  FLAG_PROMOTES,
  JUMP_CAPTURED_KING,
  JUMP_LANDING_SHIFT,
  MAX_JUMPS,
  type MoveList,
} from './movelist.js';

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

  // State of the capture search in progress.
  private list: MoveList | null = null;
  private found = 0;
  private from = 0;
  private startsAsKing = false;
  private enemy = 0;
  private whiteToMove = true;
  private farRank = 0;
  private blocked = 0;
  private readonly jumps = new Int32Array(MAX_JUMPS + 1);

  constructor(board: Board) {
    this.board = board;
    this.step = board.geometry.step;
    this.rank = board.geometry.rank;
    this.squareCount = board.geometry.squareCount;
    this.flyingKings = board.variant.flyingKings;
    this.menCaptureBackward = board.variant.manCapturesBackward;
    this.turkish = board.variant.repeatedJumps === 'turkish';
    this.promotionEndsCapture = board.variant.promotionEndsCapture;
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
    const board = this.board;
    const top = board.top;
    const own = ownerTag(board.turn);
    this.list = list;
    this.found = 0;
    this.enemy = ownerTag((board.turn ^ 1) as 0 | 1);
    this.whiteToMove = board.turn === 0;
    this.farRank = this.whiteToMove ? board.geometry.size - 1 : 0;

    for (let s = 0; s < this.squareCount; s++) {
      const t = top[s];
      if (t >> 1 === own) this.capturesFrom(s, (t & 1) === 1);
    }
    if (this.found > 0) return this.found;
    for (let s = 0; s < this.squareCount; s++) {
      const t = top[s];
      if (t >> 1 !== own) continue;
      if ((t & 1) === 1) this.kingQuietMoves(s);
      else this.manQuietMoves(s);
    }
    return this.found;
  }

  private capturesFrom(from: number, king: boolean): void {
    const { height, top } = this.board;
    const savedHeight = height[from];
    const savedTop = top[from];
    height[from] = 0;
    top[from] = TOP_EMPTY;
    this.from = from;
    this.startsAsKing = king;
    this.blocked = 0;
    this.extend(from, king, -1, -1, 0);
    height[from] = savedHeight;
    top[from] = savedTop;
  }

  private isForward(direction: number): boolean {
    return this.whiteToMove ? direction < 2 : direction >= 2;
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
    const { height, top, colors, kings } = this.board;
    const step = this.step;
    const flying = king && this.flyingKings;
    let any = false;
    for (let d = 0; d < 4; d++) {
      if (!king && !this.menCaptureBackward && !this.isForward(d)) continue;
      let over = step[square * 4 + d];
      if (flying) {
        while (over >= 0 && top[over] === TOP_EMPTY && ((this.blocked >>> over) & 1) === 0) {
          over = step[over * 4 + d];
        }
      }
      if (over < 0) continue;
      const overTop = top[over];
      if (overTop >> 1 !== this.enemy || ((this.blocked >>> over) & 1) !== 0) continue;
      if (over === lastJumped && d === 3 - lastDirection) continue;
      const land = step[over * 4 + d];
      if (land < 0 || top[land] !== TOP_EMPTY || ((this.blocked >>> land) & 1) !== 0) continue;
      any = true;

      // Lift the top piece off the jumped stack for the rest of this branch.
      const overHeight = height[over];
      const rest = overHeight - 1;
      height[over] = rest;
      top[over] =
        rest === 0
          ? TOP_EMPTY
          : 2 + ((colors[over] >>> (rest - 1)) & 1) * 2 + ((kings[over] >>> (rest - 1)) & 1);
      if (this.turkish) this.blocked |= 1 << over;
      const entry = over | ((overTop & 1) === 1 ? JUMP_CAPTURED_KING : 0);

      if (flying) {
        // Russian landing rule: if any landing square lets the capture go on, only those count.
        let continued = false;
        for (
          let l = land;
          l >= 0 && top[l] === TOP_EMPTY && ((this.blocked >>> l) & 1) === 0;
          l = step[l * 4 + d]
        ) {
          this.jumps[depth] = entry | (l << JUMP_LANDING_SHIFT);
          if (this.extend(l, true, d, over, depth + 1)) continued = true;
        }
        if (!continued) {
          for (
            let l = land;
            l >= 0 && top[l] === TOP_EMPTY && ((this.blocked >>> l) & 1) === 0;
            l = step[l * 4 + d]
          ) {
            this.jumps[depth] = entry | (l << JUMP_LANDING_SHIFT);
            this.record(depth + 1, l, true);
          }
        }
      } else {
        this.jumps[depth] = entry | (land << JUMP_LANDING_SHIFT);
        const crowned = !king && this.rank[land] === this.farRank;
        if (crowned && this.promotionEndsCapture) this.record(depth + 1, land, true);
        else if (!this.extend(land, king || crowned, d, over, depth + 1)) {
          this.record(depth + 1, land, king || crowned);
        }
      }

      height[over] = overHeight;
      top[over] = overTop;
      if (this.turkish) this.blocked &= ~(1 << over);
    }
    return any;
  }

  private record(jumpCount: number, to: number, kingAtEnd: boolean): void {
    this.found++;
    const list = this.list;
    if (list === null) return;
    const base = list.push();
    const data = list.data;
    data[base] = this.from;
    data[base + 1] = to;
    data[base + 2] = jumpCount;
    data[base + 3] = kingAtEnd && !this.startsAsKing ? FLAG_PROMOTES : 0;
    for (let j = 0; j < jumpCount; j++) data[base + 4 + j] = this.jumps[j];
  }

  private quiet(from: number, to: number, promotes: boolean): void {
    this.found++;
    const list = this.list;
    if (list === null) return;
    const base = list.push();
    const data = list.data;
    data[base] = from;
    data[base + 1] = to;
    data[base + 2] = 0;
    data[base + 3] = promotes ? FLAG_PROMOTES : 0;
  }

  private manQuietMoves(s: number): void {
    const top = this.board.top;
    const first = this.whiteToMove ? 0 : 2;
    for (let d = first; d < first + 2; d++) {
      const to = this.step[s * 4 + d];
      if (to >= 0 && top[to] === TOP_EMPTY) this.quiet(s, to, this.rank[to] === this.farRank);
    }
  }

  private kingQuietMoves(s: number): void {
    const top = this.board.top;
    for (let d = 0; d < 4; d++) {
      let to = this.step[s * 4 + d];
      while (to >= 0 && top[to] === TOP_EMPTY) {
        this.quiet(s, to, false);
        if (!this.flyingKings) break;
        to = this.step[to * 4 + d];
      }
    }
  }
}
