/**
 * Reference move generator for bashni, stolby, laska, giveaway, adiyukh (on 8x8, 10x8 and
 * 10x10), multistorey, bashni-double (and its schemes -2, -11), borovikov and stavropol (rules: docs/rules.md and docs/rules-choices.md).
 *
 * Written to be obviously correct, not fast, so that it can cross-check the engine in
 * src/engine/, with which it must share no code. Boards are copied at every step and capture
 * sequences are found by plain recursion over the jumps available after each landing.
 */

import {
  DIAGONALS,
  VARIANT_RULES,
  forward,
  isOnBoard,
  isPromotionRank,
  playableSquares,
  squareCoords,
  squareName,
  topOf,
  type Board,
  type Piece,
  type Position,
  type RefVariant,
  type Stack,
  type VariantRules,
} from './board.js';
import { parseFen, writeFen } from './fen.js';

export type { RefVariant } from './board.js';
export { parseFen as parseReferenceFen, writeFen as writeReferenceFen } from './fen.js';

const EIGHT_BY_EIGHT_START =
  'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8';

export const REF_START_FEN: Record<RefVariant, string> = {
  bashni: EIGHT_BY_EIGHT_START,
  stolby: EIGHT_BY_EIGHT_START,
  giveaway: EIGHT_BY_EIGHT_START,
  adiyukh: EIGHT_BY_EIGHT_START,
  borovikov: EIGHT_BY_EIGHT_START,
  stavropol: EIGHT_BY_EIGHT_START,
  laska: 'W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7',
  multistorey:
    'W:Wa1(00),c1(00),e1(00),g1(00),b2(00),d2(00),f2(00),h2(00),a3(00),c3(00),e3(00),g3(00)' +
    ':Bb6(00),d6(00),f6(00),h6(00),a7(00),c7(00),e7(00),g7(00),b8(00),d8(00),f8(00),h8(00)',
  'adiyukh-8x10':
    'W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3' +
    ':Bb6,d6,f6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8',
  'adiyukh-10x10':
    'W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3,b4,d4,f4,h4,j4' +
    ':Ba7,c7,e7,g7,i7,b8,d8,f8,h8,j8,a9,c9,e9,g9,i9,b10,d10,f10,h10,j10',
  // White's first turn has a single move ("1+2").
  'bashni-double': 'W1' + EIGHT_BY_EIGHT_START.slice(1),
  // "2 from the start": two moves from White's first turn.
  'bashni-double-2': 'W2' + EIGHT_BY_EIGHT_START.slice(1),
  // "1+1": White's first turn has one move, and so has Black's answer.
  'bashni-double-11': 'W1' + EIGHT_BY_EIGHT_START.slice(1),
};

interface Move {
  /** `c3-d4` or `c3:e5:g3`. */
  notation: string;
  /** Position after the move: the same side again with one move left, or the other side. */
  after: Position;
}

/** A capture sequence in progress. The moving stack stands on `at` (its origin is empty). */
interface CaptureState {
  board: Board;
  at: string;
  /** Start square followed by every landing square so far. */
  path: readonly string[];
  /** Turkish strike: squares jumped so far; they can be neither passed, landed on nor jumped. */
  blocked: ReadonlySet<string>;
  /** The previous jump, for the no-180° rule; null before the first jump. */
  lastJump: { over: string; df: number; dr: number } | null;
  /** Laska: the man was promoted on landing, which ends the move. */
  finished: boolean;
}

/** One stack the mover can jump in one direction, with every square it may land on. */
interface JumpOption {
  over: string;
  df: number;
  dr: number;
  landings: string[];
}

/** Square `steps` diagonal steps from `square`, or null when that is off the board. */
function stepFrom(
  rules: VariantRules,
  square: string,
  df: number,
  dr: number,
  steps = 1,
): string | null {
  const [file, rank] = squareCoords(square);
  const f = file + df * steps;
  const r = rank + dr * steps;
  return isOnBoard(rules, f, r) ? squareName(f, r) : null;
}

function isFree(state: CaptureState, square: string): boolean {
  return !state.board.has(square) && !state.blocked.has(square);
}

/** Every jump the moving stack can make from where it stands (landing rule not yet applied). */
function jumpOptions(rules: VariantRules, state: CaptureState): JumpOption[] {
  const mover = topOf(state.board.get(state.at)!);
  const flying = mover.king && rules.flyingKings;
  const options: JumpOption[] = [];
  for (const [df, dr] of DIAGONALS) {
    if (!mover.king && !rules.menCaptureBackward && dr !== forward(mover.white)) continue;

    // Find the stack to jump: adjacent, or for a flying king the first one past empty squares.
    let over = stepFrom(rules, state.at, df, dr);
    while (flying && over !== null && isFree(state, over)) {
      over = stepFrom(rules, over, df, dr);
    }
    if (over === null || state.blocked.has(over)) continue;
    const target = state.board.get(over);
    if (target === undefined || topOf(target).white === mover.white) continue;

    // No 180° turn: not straight back over the stack just jumped.
    const last = state.lastJump;
    if (last !== null && last.over === over && last.df === -df && last.dr === -dr) continue;

    const landings: string[] = [];
    let land = stepFrom(rules, over, df, dr);
    while (land !== null && isFree(state, land)) {
      landings.push(land);
      if (!flying) break;
      land = stepFrom(rules, land, df, dr);
    }
    if (landings.length > 0) options.push({ over, df, dr, landings });
  }
  return options;
}

/** The state after jumping `option.over` and landing on `land`. */
function applyJump(
  rules: VariantRules,
  state: CaptureState,
  option: JumpOption,
  land: string,
): CaptureState {
  const board = new Map(state.board);
  const mover = board.get(state.at)!;
  const jumped = board.get(option.over)!;
  board.delete(state.at);

  // Only the top piece is taken; it goes to the bottom of the jumping stack.
  const taken = topOf(jumped);
  const prisoner: Piece = rules.capturedKingsBecomeMen
    ? { white: taken.white, king: false }
    : taken;
  if (jumped.length === 1) board.delete(option.over);
  else board.set(option.over, jumped.slice(0, -1));

  // Multistorey: the taken piece is thrown away, the jumping stack stays as it was.
  let stack: Stack = rules.takenPieceLeaves === true ? mover : [prisoner, ...mover];
  let finished = false;
  const top = topOf(stack);
  if (!top.king && isPromotionRank(rules, top.white, squareCoords(land)[1])) {
    stack = [...stack.slice(0, -1), { white: top.white, king: true }];
    finished = rules.promotionEndsCapture;
  }
  board.set(land, stack);

  return {
    board,
    at: land,
    path: [...state.path, land],
    blocked: rules.turkishStrike ? new Set([...state.blocked, option.over]) : state.blocked,
    lastJump: { over: option.over, df: option.df, dr: option.dr },
    finished,
  };
}

/** Appends to `out` every complete capture sequence that continues from `state`. */
function collectCaptures(rules: VariantRules, state: CaptureState, out: CaptureState[]): void {
  const options = state.finished ? [] : jumpOptions(rules, state);
  if (options.length === 0) {
    if (state.path.length > 1) out.push(state);
    return;
  }
  for (const option of options) {
    let nexts = option.landings.map((land) => applyJump(rules, state, option, land));
    // Russian landing rule: if some landing squares allow a further jump, only those may be
    // used. (A man has a single landing square, where this changes nothing.)
    const continuing = nexts.filter(
      (next) => !next.finished && jumpOptions(rules, next).length > 0,
    );
    if (continuing.length > 0) nexts = continuing;
    for (const next of nexts) collectCaptures(rules, next, out);
  }
}

/**
 * After any single move: the mover again if it had two moves left, else the other side (with one
 * move only after White's single move from the "1+1" start).
 */
function whoMovesNext(
  rules: VariantRules,
  position: Position,
): { whiteToMove: boolean; movesLeft: number } {
  if (position.movesLeft === 2) return { whiteToMove: position.whiteToMove, movesLeft: 1 };
  const fromStart =
    rules.oneMoveAnswerToStart === true &&
    position.whiteToMove &&
    writeFen('bashni', position) === EIGHT_BY_EIGHT_START;
  return { whiteToMove: !position.whiteToMove, movesLeft: fromStart ? 1 : rules.movesPerTurn };
}

/**
 * The engine keeps a stack in 32 bits. Its own rule (docs/rules-choices.md, 16): a capture
 * sequence whose moving stack would end taller than this is not available. The sequences are
 * found by the rules alone and only then dropped, so a route that must go on past the limit is
 * not cut short where it would still fit: it is gone (and a king's landing that lets it go on
 * still rules out the landings that do not). Only the 10x10 board has pieces enough to meet it.
 */
export const ENGINE_STACK_LIMIT = 32;

function capturesFrom(
  rules: VariantRules,
  position: Position,
  from: string,
  stackLimit: number,
): Move[] {
  const start: CaptureState = {
    board: position.board,
    at: from,
    path: [from],
    blocked: new Set(),
    lastJump: null,
    finished: false,
  };
  const ends: CaptureState[] = [];
  collectCaptures(rules, start, ends);
  const fitting = ends.filter((end) => end.board.get(end.at)!.length <= stackLimit);
  return fitting.map((end) => ({
    notation: end.path.join(':'),
    after: {
      board: rules.topIsKingOnlyOnFarRankAfterCapture === true ? settleTop(rules, end) : end.board,
      ...whoMovesNext(rules, position),
    },
  }));
}

/** Adiyukh: after a capture the top is a king on the far rank and a man anywhere else. */
function settleTop(rules: VariantRules, end: CaptureState): Board {
  const board = new Map(end.board);
  const stack = board.get(end.at)!;
  const top = topOf(stack);
  const king = isPromotionRank(rules, top.white, squareCoords(end.at)[1]);
  board.set(end.at, [...stack.slice(0, -1), { white: top.white, king }]);
  return board;
}

function quietMovesFrom(rules: VariantRules, position: Position, from: string): Move[] {
  const stack = position.board.get(from)!;
  const top = topOf(stack);
  const flying = top.king && rules.flyingKings;
  const moves: Move[] = [];
  if (top.king && rules.kingsOnlyCapture === true) return moves;
  for (const [df, dr] of DIAGONALS) {
    if (!top.king && dr !== forward(top.white)) continue;
    for (let steps = 1; ; steps++) {
      const to = stepFrom(rules, from, df, dr, steps);
      if (to === null || position.board.has(to)) break;
      const board = new Map(position.board);
      board.delete(from);
      const promotes = !top.king && isPromotionRank(rules, top.white, squareCoords(to)[1]);
      board.set(to, promotes ? [...stack.slice(0, -1), { white: top.white, king: true }] : stack);
      moves.push({
        notation: `${from}-${to}`,
        after: { board, ...whoMovesNext(rules, position) },
      });
      if (!flying) break;
    }
  }
  return moves;
}

/**
 * Borovikov's covers from `from`: onto the nearest occupied square along each diagonal the stack
 * could move quietly (one square forward for a man; a whole diagonal for a flying king).
 */
function coverMovesFrom(rules: VariantRules, position: Position, from: string): Move[] {
  const stack = position.board.get(from)!;
  const top = topOf(stack);
  const flying = top.king && rules.flyingKings;
  const moves: Move[] = [];
  for (const [df, dr] of DIAGONALS) {
    if (!top.king && dr !== forward(top.white)) continue;
    let to = stepFrom(rules, from, df, dr);
    while (flying && to !== null && !position.board.has(to)) to = stepFrom(rules, to, df, dr);
    if (to === null) continue;
    const covered = position.board.get(to);
    if (covered === undefined) continue;
    const promotes = !top.king && isPromotionRank(rules, top.white, squareCoords(to)[1]);
    const mover = promotes ? [...stack.slice(0, -1), { white: top.white, king: true }] : stack;
    const combined = [...covered, ...mover];
    // Rule 2: an opponent piece with one of the mover's pieces somewhere below it and one
    // somewhere above it is removed from the game.
    const mine = (piece: Piece): boolean => piece.white === top.white;
    const kept = combined.filter(
      (piece, i) =>
        mine(piece) || !(combined.slice(0, i).some(mine) && combined.slice(i + 1).some(mine)),
    );
    const board = new Map(position.board);
    board.delete(from);
    board.set(to, kept);
    moves.push({ notation: `${from}-${to}`, after: { board, ...whoMovesNext(rules, position) } });
  }
  return moves;
}

/**
 * All legal moves: captures if the side to move has any (mandatory), else quiet moves. Captures
 * that would build a stack taller than `stackLimit` are not available (ENGINE_STACK_LIMIT);
 * when they are the only ones, the quiet moves are the legal ones.
 */
function legalMoves(variant: RefVariant, position: Position, stackLimit: number): Move[] {
  const rules = VARIANT_RULES[variant];
  if (rules.sharedPieces === true) {
    // Stavropol: once every top has the same colour the game is over.
    const tops = new Set([...position.board.values()].map((stack) => topOf(stack).white));
    if (tops.size < 2) return [];
  }
  // The stacks the player may move: its own, or (Stavropol) every stack.
  const own = playableSquares(rules).filter((square) => {
    const stack = position.board.get(square);
    return (
      stack !== undefined &&
      (rules.sharedPieces === true || topOf(stack).white === position.whiteToMove)
    );
  });
  const captures = own.flatMap((square) => capturesFrom(rules, position, square, stackLimit));
  const moves =
    captures.length > 0
      ? captures
      : own.flatMap((sq) => [
          ...quietMovesFrom(rules, position, sq),
          ...(rules.covering ? coverMovesFrom(rules, position, sq) : []),
        ]);
  // A route is fully determined by its landing squares, so duplicates would mean a bug here.
  if (new Set(moves.map((move) => move.notation)).size !== moves.length) {
    throw new Error('reference generator produced the same move twice');
  }
  return moves;
}

/**
 * Every legal move in the position, with the canonical FEN of the position after it.
 * `stackLimit` other than the engine's (Infinity: the rules without the engine's limit) lets a
 * test see which positions the limit changes.
 */
export function referenceMoves(
  variant: RefVariant,
  fen: string,
  stackLimit = ENGINE_STACK_LIMIT,
): { move: string; fen: string }[] {
  return legalMoves(variant, parseFen(variant, fen), stackLimit).map((move) => ({
    move: move.notation,
    fen: writeFen(variant, move.after),
  }));
}

/**
 * Leaves below `position`, remembered by FEN and depth: the count depends on nothing else (the
 * FEN holds the side to move and, with two moves a turn, the moves left), and the start
 * positions transpose so much that Borovikov's depth 5 visits 2.7 M leaves from ~0.1 M positions.
 */
function perft(
  variant: RefVariant,
  position: Position,
  depth: number,
  seen: Map<string, number>,
): number {
  if (depth === 0) return 1;
  const key = `${depth} ${writeFen(variant, position)}`;
  const known = seen.get(key);
  if (known !== undefined) return known;
  let leaves = 0;
  for (const move of legalMoves(variant, position, ENGINE_STACK_LIMIT)) {
    leaves += perft(variant, move.after, depth - 1, seen);
  }
  seen.set(key, leaves);
  return leaves;
}

/** Leaf count at `depth` (perft), every distinct capture route counted as its own move. */
export function referencePerft(variant: RefVariant, fen: string, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new Error(`bad perft depth: ${depth}`);
  return perft(variant, parseFen(variant, fen), depth, new Map());
}
