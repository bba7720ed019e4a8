import {
  stacksOf,
  Board,
  boardHalfCounts,
  fifteenMovePlies,
  makeFen,
  MoveGenerator,
  MoveList,
  startPosition,
  startState,
  type Color,
  type Position,
  type VariantId,
  seededRandom,
} from '../engine/index.js';
import type { PlayerSpec, ThinkRequest, ThinkResult } from './player.js';
import { MATE_BOUND, moveText, Searcher } from './search.js';
import { defaultWeights } from './weights.js';

/** How a game ended, for the record. */
export type GameEnd =
  | 'no-legal-move'
  | 'threefold-repetition'
  | 'fifteen-move-rule'
  | 'half-count'
  | 'adjudicated'
  | 'illegal-move';

export interface GameOutcome {
  /** 1 White won, 0.5 draw, 0 Black won. */
  readonly whiteScore: number;
  readonly end: GameEnd;
  readonly plies: number;
  /** The opening moves played before the players took over, then the game's moves. */
  readonly opening: readonly string[];
  readonly moves: readonly string[];
}

/** Asks some player for a move (in process, or through the worker pool). */
export type Think = (request: ThinkRequest) => Promise<ThinkResult>;

export interface GameOptions {
  readonly start: Position;
  readonly opening?: readonly string[];
  readonly white: PlayerSpec;
  readonly black: PlayerSpec;
  readonly think: Think;
  readonly seed: number;
  readonly scale?: number;
  readonly timeMs?: number;
  /** Plies after which the game is adjudicated (default 300). */
  readonly maxPlies?: number;
  /** Weights per colour (tuning); default: the variant's. */
  readonly weights?: readonly [ThinkRequest['weights'], ThinkRequest['weights']];
}

/**
 * Plays one game to its end by the engine's rules: no legal move (a loss, a win in giveaway),
 * threefold repetition and the 15-move rule; in adiyukh no legal move or a third repetition,
 * scored by the half count. At the ply cap a search adjudicates: a side ahead
 * by three men or more wins, otherwise it is a draw.
 */
export async function playGame(options: GameOptions): Promise<GameOutcome> {
  const board = new Board(options.start);
  const generator = new MoveGenerator(board);
  const list = new MoveList();
  const names = board.geometry.names;
  const noMoveWins = board.variant.noMoveMeans === 'win';
  const halfCount = board.variant.outcome === 'half-count';
  /** The 15-move rule counts plies without a capture (Multistorey). */
  const everyCaptureResets = board.variant.fifteenMoveRule === 'captures';
  const maxPlies = options.maxPlies ?? 300;
  const seen = new Map<string, number>();
  /** Positions since the last irreversible move (capture or man move), for repetitions. */
  let reversible: [number, number][] = [];
  // A double-move start counts White's one-move first turn as whole (engine startState).
  let quietPlies = startState(options.start).quietPlies;
  const fifteenPlies = fifteenMovePlies(board.variant);
  const moves: string[] = [];
  const opening = options.opening ?? [];
  const random = seededRandom(options.seed);
  const end = (whiteScore: number, why: GameEnd): GameOutcome => ({
    whiteScore,
    end: why,
    plies: moves.length,
    opening,
    moves: moves.slice(opening.length),
  });

  for (let ply = 0; ; ply++) {
    const key = `${board.hashHigh}:${board.hashLow}`;
    const repetitions = (seen.get(key) ?? 0) + 1;
    seen.set(key, repetitions);
    const count = generator.generate(list);
    const toMove = board.turn;
    if (halfCount && (count === 0 || repetitions >= 3)) {
      // Adiyukh: no move or a third repetition ends the game; the half count decides.
      const [white, black] = boardHalfCounts(board);
      return end(white > black ? 1 : white < black ? 0 : 0.5, 'half-count');
    }
    if (count === 0) return end(noMoveWins === (toMove === 0) ? 1 : 0, 'no-legal-move');
    if (repetitions >= 3) return end(0.5, 'threefold-repetition');
    if (quietPlies >= fifteenPlies && board.movesLeft === board.movesPerTurn)
      return end(0.5, 'fifteen-move-rule');
    if (ply >= maxPlies) return end(adjudicate(board.toPosition()), 'adjudicated');

    let text: string;
    const scripted = opening[ply];
    if (scripted !== undefined) text = scripted;
    else {
      const player = toMove === 0 ? options.white : options.black;
      const answer = await options.think({
        variant: board.variant.id,
        fen: makeFen(board.toPosition()),
        player,
        seed: Math.floor(random() * 0x7fffffff),
        scale: options.scale,
        timeMs: options.timeMs,
        history: reversible,
        quietPlies,
        weights: options.weights?.[toMove],
      });
      text = answer.move;
    }
    let index = -1;
    for (let i = 0; i < count; i++) if (moveText(list, i, names) === text) index = i;
    if (index < 0) return end(toMove === 0 ? 0 : 1, 'illegal-move');
    moves.push(text);

    const capture = list.jumps(index) > 0;
    const kingMove = !capture && (board.top[list.from(index)]! & 1) === 1; // 2 + colour * 2 + king
    const white = stacksOf(board, 0);
    const black = stacksOf(board, 1);
    reversible = kingMove ? [...reversible, [board.hashHigh, board.hashLow]] : [];
    board.make(list, index);
    const same =
      !(capture && everyCaptureResets) &&
      white === stacksOf(board, 0) &&
      black === stacksOf(board, 1);
    quietPlies = same ? quietPlies + 1 : 0;
  }
}

let adjudicator: Searcher | undefined;

/** White's score for a game stopped at the ply cap: a clear advantage wins, else a draw. */
function adjudicate(position: Position): number {
  adjudicator ??= new Searcher({ ttBits: 18 });
  const result = adjudicator.search(position, defaultWeights(position.variant), {
    maxNodes: 200_000,
    maxDepth: 12,
  });
  const forMover =
    result.score >= 300 || result.score > MATE_BOUND ? 1 : result.score <= -300 ? 0 : 0.5;
  return position.turn === 0 ? forMover : 1 - forMover;
}

/**
 * Varied, balanced openings: the distinct positions after `plies` plies from the start, whose
 * short search score is within ±`balance` centi-men, in a seeded random order. Each is returned
 * as its move list.
 */
export function openings(
  variant: VariantId,
  count: number,
  seed: number,
  plies = 4,
  balance = 60,
): string[][] {
  const board = new Board(startPosition(variant));
  const generator = new MoveGenerator(board);
  const lists = Array.from({ length: plies }, () => new MoveList());
  const names = board.geometry.names;
  const found = new Map<string, string[]>();
  const line: string[] = [];
  const walk = (depth: number) => {
    if (depth === plies) {
      const key = `${board.hashHigh}:${board.hashLow}`;
      if (!found.has(key)) found.set(key, [...line]);
      return;
    }
    const list = lists[depth]!; // depth < plies: one list per ply
    const n = generator.generate(list);
    for (let i = 0; i < n; i++) {
      line.push(moveText(list, i, names));
      board.make(list, i);
      walk(depth + 1);
      board.unmake(list, i);
      line.pop();
    }
  };
  walk(0);
  const random = seededRandom(seed);
  const all = [...found.values()];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  const searcher = new Searcher({ ttBits: 16 });
  const weights = defaultWeights(variant);
  const chosen: string[][] = [];
  for (const moves of all) {
    if (chosen.length >= count) break;
    const position = positionAfter(variant, moves);
    const { score } = searcher.search(position, weights, { maxDepth: 4, maxNodes: 20_000 });
    if (Math.abs(score) <= balance) chosen.push(moves);
  }
  // Too few balanced ones: repeat them rather than fail.
  for (let i = 0; chosen.length < count && chosen.length > 0; i++) chosen.push(chosen[i]!);
  return chosen;
}

function positionAfter(variant: VariantId, moves: readonly string[]): Position {
  const board = new Board(startPosition(variant));
  const generator = new MoveGenerator(board);
  const list = new MoveList();
  for (const text of moves) {
    const n = generator.generate(list);
    let index = -1;
    for (let i = 0; i < n; i++) if (moveText(list, i, board.geometry.names) === text) index = i;
    if (index < 0) throw new Error(`positionAfter: ${text} is not legal`);
    board.make(list, index);
  }
  return board.toPosition();
}

export interface MatchOptions {
  readonly variant: VariantId;
  readonly a: PlayerSpec;
  readonly b: PlayerSpec;
  /** Games to play; rounded up to an even number (each opening with both colours). */
  readonly games: number;
  readonly think: Think;
  readonly scale?: number;
  readonly timeMs?: number;
  readonly seed?: number;
  readonly maxPlies?: number;
  /** Games played at once (each needs a free worker to run fast). */
  readonly concurrency?: number;
  readonly weights?: readonly [ThinkRequest['weights'], ThinkRequest['weights']];
  /** Opening lines to use (default: from `openings` with the seed); one per game pair. */
  readonly lines?: readonly (readonly string[])[];
  readonly onGame?: (outcome: GameOutcome, aColor: Color, index: number) => void;
}

export interface MatchResult {
  /** From A's side. */
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly games: readonly GameOutcome[];
}

/**
 * A match of A against B from varied balanced openings, each played twice with colours
 * swapped, `concurrency` games at a time. Deterministic for a seed when the players are.
 */
export async function playMatch(options: MatchOptions): Promise<MatchResult> {
  const pairs = Math.ceil(options.games / 2);
  const seed = options.seed ?? 1;
  const lines = options.lines ?? openings(options.variant, pairs, seed);
  const start = startPosition(options.variant);
  const outcomes = new Array<GameOutcome>(pairs * 2);
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let next = 0;
  const worker = async () => {
    while (next < pairs * 2) {
      const index = next++;
      const aColor: Color = (index % 2) as Color;
      const [white, black] = aColor === 0 ? [options.a, options.b] : [options.b, options.a];
      const weights = options.weights;
      const outcome = await playGame({
        start,
        opening: lines[Math.floor(index / 2) % lines.length],
        white,
        black,
        think: options.think,
        seed: seed * 7919 + index,
        scale: options.scale,
        timeMs: options.timeMs,
        maxPlies: options.maxPlies,
        weights:
          weights === undefined ? undefined : aColor === 0 ? weights : [weights[1], weights[0]],
      });
      outcomes[index] = outcome;
      const aScore = aColor === 0 ? outcome.whiteScore : 1 - outcome.whiteScore;
      if (aScore === 1) wins++;
      else if (aScore === 0) losses++;
      else draws++;
      options.onGame?.(outcome, aColor, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return { wins, draws, losses, games: outcomes };
}
