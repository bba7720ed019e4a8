import { Board } from './board.js';
import { formatKey } from './hash.js';
import { MoveGenerator } from './movegen.js';
import { applyMove, isCapture, type Move } from './moves.js';
import {
  answeredByOneMove,
  atTurnStart,
  movesLeft,
  sideOfColor,
  stackOwner,
  variantOf,
  type Color,
  type Position,
} from './position.js';
import { VARIANTS, type Variant, type VariantId } from './variants.js';

/** How a game stands by the rules (resignation, agreement and time belong to the game service). */
export type GameStatus =
  | { readonly kind: 'ongoing' }
  | { readonly kind: 'win'; readonly winner: Color; readonly reason: 'no-legal-move' }
  | { readonly kind: 'draw'; readonly reason: 'threefold-repetition' | 'fifteen-move-rule' }
  | HalfCountStatus;

/**
 * The end of a game scored by the half count (Adiyukh): `counts` are White's score (pieces on
 * Black's half) and Black's score (pieces on White's half); `ended` says what ended the game.
 */
export type HalfCountStatus =
  | {
      readonly kind: 'win';
      readonly winner: Color;
      readonly reason: 'half-count';
      readonly counts: HalfCounts;
      readonly ended: HalfCountEnding;
    }
  | {
      readonly kind: 'draw';
      readonly reason: 'half-count';
      readonly counts: HalfCounts;
      readonly ended: HalfCountEnding;
    };

/** [White's score, Black's score] of the half count. */
export type HalfCounts = readonly [number, number];
/** 'one-colour': Stavropol's end when every stack has a top of the same colour. */
export type HalfCountEnding = 'no-legal-move' | 'threefold-repetition' | 'one-colour';

/**
 * Plies in a row without a change in either side's number of stacks that make a draw (in
 * Multistorey: plies without any capture, variants.ts fifteenMoveRule).
 */
export const FIFTEEN_MOVE_PLIES = 30;

/**
 * The 15-move rule in plies for a variant: 15 turns by each side, so 60 single moves when a
 * turn has two (double-move variants, where the count is checked only at the start of a turn);
 * none (Infinity) where the half count decides.
 */
export function fifteenMovePlies(variant: Variant): number {
  if (variant.outcome === 'half-count') return Infinity; // Adiyukh has no 15-move rule
  return variant.doubleMove ? 2 * FIFTEEN_MOVE_PLIES : FIFTEEN_MOVE_PLIES;
}

/** The 64-bit position key (stacks and side to move) as 16 hex digits. */
export function positionKey(position: Position): string {
  const board = new Board(position);
  return formatKey(board.hashHigh, board.hashLow);
}

/** Number of stacks owned by White and by Black. */
export function stackCounts(position: Position): [number, number] {
  const counts: [number, number] = [0, 0];
  for (const stack of position.stacks) if (stack !== null) counts[stackOwner(stack)]++;
  return counts;
}

/**
 * The half count (Adiyukh): every piece of every stack, both colours, counted by the half of
 * the board it stands on. White scores the pieces on Black's half (ranks 5–8 on 8x8 and 10x8,
 * 6–10 on 10x10), Black the pieces on White's half (ranks 1–4, or 1–5). Who owns a stack does
 * not matter.
 */
export function halfCounts(position: Position): HalfCounts {
  const geometry = variantOf(position).geometry;
  const half = geometry.ranks / 2;
  let white = 0;
  let black = 0;
  position.stacks.forEach((stack, s) => {
    if (stack === null) return;
    if (geometry.rank[s]! >= half) white += stack.height;
    else black += stack.height;
  });
  return [white, black];
}

/** halfCounts for the hot path's Board (search, AI games): [White's score, Black's score]. */
export function boardHalfCounts(board: Board): [number, number] {
  const { rank, ranks } = board.geometry;
  const half = ranks / 2;
  let white = 0;
  let black = 0;
  // Square by square (every board size): called once per finished line, not per node.
  const height = board.height;
  for (let s = 0; s < height.length; s++) {
    if (rank[s]! >= half) white += height[s]!;
    else black += height[s]!;
  }
  return [white, black];
}

/** The verdict of the half count. */
export function halfCountStatus(position: Position, ended: HalfCountEnding): HalfCountStatus {
  const counts = halfCounts(position);
  if (counts[0] === counts[1]) return { kind: 'draw', reason: 'half-count', counts, ended };
  const winner: Color = counts[0] > counts[1] ? 0 : 1;
  return { kind: 'win', winner, reason: 'half-count', counts, ended };
}

/** Whether every stack on the board has a top of the same colour (Stavropol's end). */
export function topsOfOneColour(position: Position): boolean {
  const [white, black] = stackCounts(position);
  return white === 0 || black === 0;
}

export function hasLegalMove(position: Position): boolean {
  return new MoveGenerator(new Board(position)).count() > 0;
}

/**
 * Where a game stands for the rules, and all a stored game has to keep of its past: the
 * position, the key of every position since the start (threefold repetition) and the plies
 * since either side's stack count last changed (15-move rule). A game record resumes from
 * these; `advance` is the one step that moves a game on.
 */
export interface GameState {
  readonly position: Position;
  /** Position keys from the start, current last. */
  readonly keys: readonly string[];
  /** Plies since either side's stack count last changed (or since the start). */
  readonly quietPlies: number;
}

/**
 * The state of a game at its start position. In a double-move variant a start with one move
 * left (White's one-move first turn) counts that turn's missing first move as a quiet ply, so
 * that the 15-move rule counts whole turns: 60 plies are then always 15 turns by each side.
 * From the "1+1" start Black's one-move answer is short of a move too: two missing plies (the
 * first two plies can capture nothing, so the count is never reset before that answer).
 */
export function startState(position: Position): GameState {
  const missing = answeredByOneMove(position) ? 2 : 1;
  const quietPlies = variantOf(position).doubleMove && movesLeft(position) === 1 ? missing : 0;
  return { position, keys: [positionKey(position)], quietPlies };
}

/** The state after a legal move (throws on an illegal one, as applyMove does). */
export function advance(state: GameState, move: Move): GameState {
  const next = applyMove(state.position, move);
  const before = stackCounts(state.position);
  const after = stackCounts(next);
  // Multistorey: every capture lowers the piece count, so any capture starts the count again.
  const capturesReset = variantOf(state.position).fifteenMoveRule === 'captures';
  const unchanged =
    !(capturesReset && isCapture(move)) && before[0] === after[0] && before[1] === after[1];
  return {
    position: next,
    keys: [...state.keys, positionKey(next)],
    quietPlies: unchanged ? state.quietPlies + 1 : 0,
  };
}

/** How many times the current (last) position has occurred, this time included. */
export function repetitions(keys: readonly string[]): number {
  const current = keys[keys.length - 1];
  return keys.filter((key) => key === current).length;
}

/** How a game stands by the rules in this state. */
export function gameStatus(state: GameState): GameStatus {
  return ruleStatus(state.position, repetitions(state.keys), state.quietPlies);
}

/**
 * A game from its start position with every move played, for replays and PDN. Immutable:
 * `play` returns a new history.
 */
export class GameHistory {
  private constructor(
    readonly start: Position,
    readonly moves: readonly Move[],
    readonly state: GameState,
  ) {}

  static from(start: Position): GameHistory {
    return new GameHistory(start, [], startState(start));
  }

  get position(): Position {
    return this.state.position;
  }

  /** Position keys from the start, current last. */
  get keys(): readonly string[] {
    return this.state.keys;
  }

  /** Plies since either side's stack count last changed (or since the start). */
  get quietPlies(): number {
    return this.state.quietPlies;
  }

  /** The history after a legal move (throws on an illegal one, as applyMove does). */
  play(move: Move): GameHistory {
    return new GameHistory(this.start, [...this.moves, move], advance(this.state, move));
  }

  /** How many times the current position has occurred, this time included. */
  repetitions(): number {
    return repetitions(this.state.keys);
  }

  status(): GameStatus {
    return gameStatus(this.state);
  }
}

/**
 * How a game stands by the rules, from the position, how often it has occurred (this time
 * included) and the plies since a stack count last changed. A side to move without a legal move
 * ends the game first (so a move that blocks the opponent on the 30th quiet ply still wins),
 * then threefold repetition, then the 15-move rule. In a double-move variant "no legal move"
 * is checked before each single move, so a side that cannot make its second move loses too,
 * and a repetition counts only with the same side and the same moves left (the key has both).
 */
export function ruleStatus(
  position: Position,
  repetitions: number,
  quietPlies: number,
): GameStatus {
  if (variantOf(position).outcome === 'half-count') {
    // Adiyukh: no move or a third repetition ends the game, scored by the count; no 15-move rule.
    // Stavropol also ends when every stack has a top of one colour (its generator then has no
    // moves; the ending is named for what happened).
    if (variantOf(position).sharedPieces === true && topsOfOneColour(position))
      return halfCountStatus(position, 'one-colour');
    if (!hasLegalMove(position)) return halfCountStatus(position, 'no-legal-move');
    if (repetitions >= 3) return halfCountStatus(position, 'threefold-repetition');
    return { kind: 'ongoing' };
  }
  if (!hasLegalMove(position)) {
    const toMove = position.turn;
    const winner = variantOf(position).noMoveMeans === 'loss' ? toMove ^ 1 : toMove;
    return { kind: 'win', winner: winner as Color, reason: 'no-legal-move' };
  }
  if (repetitions >= 3) return { kind: 'draw', reason: 'threefold-repetition' };
  if (quietPlies >= fifteenMovePlies(variantOf(position)) && atTurnStart(position))
    return { kind: 'draw', reason: 'fifteen-move-rule' };
  return { kind: 'ongoing' };
}

/**
 * The status in words, for the CLI and logs: "white to move", "draw: threefold repetition".
 * The variant, when given, words the 15-move rule as that variant counts it.
 */
export function describeStatus(status: GameStatus, turn: Color, variant?: VariantId): string {
  switch (status.kind) {
    case 'ongoing':
      return `${sideOfColor(turn)} to move`;
    case 'win':
      if (status.reason === 'half-count') return describeHalfCount(status);
      return status.winner === turn
        ? `${sideOfColor(turn)} wins: ${sideOfColor(turn)} has no legal move (giveaway)`
        : `${sideOfColor(status.winner)} wins: ${sideOfColor(turn)} has no legal move`;
    case 'draw':
      if (status.reason === 'half-count') return describeHalfCount(status);
      return status.reason === 'threefold-repetition'
        ? 'draw: threefold repetition'
        : variant !== undefined && VARIANTS[variant].fifteenMoveRule === 'captures'
          ? 'draw: 15 moves without a capture'
          : 'draw: 15 moves without a change in the number of stacks';
  }
}

/** "white wins 13:11 on the half count (black has no legal move)". */
function describeHalfCount(status: HalfCountStatus): string {
  const [white, black] = status.counts;
  const why =
    status.ended === 'no-legal-move'
      ? 'the side to move has no legal move'
      : status.ended === 'one-colour'
        ? 'every stack has a top of one colour'
        : 'threefold repetition';
  return status.kind === 'draw'
    ? `draw ${white}:${black} on the half count (${why})`
    : status.winner === 0
      ? `white wins ${white}:${black} on the half count (${why})`
      : `black wins ${black}:${white} on the half count (${why})`;
}
