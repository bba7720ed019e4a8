import {
  Board,
  boardHalfCounts,
  fail,
  MoveGenerator,
  MoveList,
  ok,
  parseFen,
  type Result,
  VARIANTS,
  type VariantId,
  seededRandom,
} from '../engine/index.js';
import {
  makeTableMove,
  parseTableFen,
  tableMoves,
  tableStatus,
  type TableVariantId,
} from '../engine/multi/index.js';
import { popcount } from './bits.js';
import { prisonersOf } from './stack-terms.js';
import {
  levelConfig,
  MAX_LEVEL,
  MIN_LEVEL,
  scaledBudget,
  TOP_LEVEL_MS,
  type LevelConfig,
} from './levels.js';
import type { BaseSearchLimits } from './search-base.js';
import { moveText, Searcher, type SearchLimits } from './search.js';
import { tableLevelConfig } from './table/levels.js';
import { isTableVariantId } from './table/variants.js';
import { oneMoveScores, TableSearcher, UNSCORED, type TableSearchResult } from './table/search.js';
import { defaultWeights, type Weights } from './weights.js';

/** Who chooses the move: a level, a one-ply greedy player, a random mover or a plain search. */
export type PlayerSpec =
  | { readonly kind: 'level'; readonly level: number }
  | { readonly kind: 'greedy' }
  | { readonly kind: 'random' }
  | {
      readonly kind: 'search';
      readonly depth?: number;
      readonly nodes?: number;
      readonly ms?: number;
    };

/** Everything a move choice depends on: plain data, so it can cross to a worker thread. */
export interface ThinkRequest {
  /** A two-player variant, or a table game (then `fen` is a table FEN, see engine/multi). */
  readonly variant: VariantId | TableVariantId;
  readonly fen: string;
  readonly player: PlayerSpec;
  /** Seeds the lower levels' randomness and the greedy player's tie-breaks. */
  readonly seed: number;
  /** Budget scale for matches at short time controls (1 = as in play; see levels.ts). */
  readonly scale?: number;
  /** An extra cap on thinking time, ms. */
  readonly timeMs?: number;
  /** Earlier positions that can recur (see SearchLimits.history). */
  readonly history?: readonly (readonly [number, number])[];
  /** Plies already played without a change in the stack counts (table games: without a capture). */
  readonly quietPlies?: number;
  /** Evaluation weights (default: the variant's tuned weights; not used by table games). */
  readonly weights?: Weights;
}

export interface ThinkResult {
  /** The move in full-path notation. */
  readonly move: string;
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
  readonly ms: number;
  readonly pv: readonly string[];
}

/** Thrown when a request cannot be answered (a bad FEN, a finished game): a caller's bug. */
export class ThinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ThinkError';
  }
}

/**
 * Reads a player from the command line: a level `1`..`8`, `greedy`, `random`, or a search
 * with limits `depth:N`, `nodes:N`, `ms:N` (comma-separated, e.g. `depth:6,ms:100`).
 */
export function parsePlayer(text: string): Result<PlayerSpec> {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+$/.test(trimmed)) {
    const level = Number(trimmed);
    if (level < MIN_LEVEL || level > MAX_LEVEL)
      return fail('bad-level', `level must be from ${MIN_LEVEL} to ${MAX_LEVEL}, got ${text}`);
    return ok({ kind: 'level', level });
  }
  if (trimmed === 'greedy' || trimmed === 'random') return ok({ kind: trimmed });
  const limits: { depth?: number; nodes?: number; ms?: number } = {};
  for (const part of trimmed.split(',')) {
    const match = /^(depth|nodes|ms):(\d+)$/.exec(part.trim());
    if (match === null) {
      return fail(
        'bad-player',
        `"${text}" is not a player: use a level 1-8, greedy, random, depth:N, nodes:N or ms:N`,
      );
    }
    const value = Number(match[2]);
    if (value < 1) return fail('bad-player', `${match[1]} must be at least 1 in "${text}"`);
    limits[match[1] as 'depth' | 'nodes' | 'ms'] = value;
  }
  return ok({ kind: 'search', ...limits });
}

/** A player in words, for tables. */
export function describePlayer(player: PlayerSpec): string {
  switch (player.kind) {
    case 'level':
      return `level ${player.level}`;
    case 'greedy':
    case 'random':
      return player.kind;
    case 'search':
      return Object.entries(player)
        .filter(([key]) => key !== 'kind')
        .map(([key, value]) => `${key}:${value}`)
        .join(',');
  }
}

/**
 * Chooses a move, synchronously: the one entry point used by the worker threads, the CLI and
 * the tests. `searcher` is reused between calls (its tables are big); `isCancelled` is polled
 * during the search; `onIteration` hears of each completed iteration of a search (not greedy or
 * random players).
 */
export function think(
  searcher: Searcher,
  request: ThinkRequest,
  isCancelled?: () => boolean,
  onIteration?: SearchLimits['onIteration'],
): ThinkResult {
  if (isTableVariantId(request.variant)) {
    return thinkTable(tableSearcherOf(searcher), request, isCancelled, onIteration);
  }
  const parsed = parseFen(request.fen, request.variant);
  if (!parsed.ok) throw new ThinkError(`bad FEN "${request.fen}": ${parsed.error.message}`);
  const position = parsed.value;
  const player = request.player;
  if (player.kind === 'greedy' || player.kind === 'random') {
    const started = performance.now();
    const board = new Board(position);
    const list = new MoveList();
    const count = new MoveGenerator(board).generate(list);
    if (count === 0) throw new ThinkError(`no legal move in ${request.fen}`);
    const random = seededRandom(request.seed);
    const best =
      player.kind === 'random' ? Math.floor(random() * count) : greedyChoice(board, list, random);
    return {
      move: moveText(list, best, board.geometry.names),
      score: 0,
      depth: player.kind === 'random' ? 0 : 1,
      nodes: count,
      ms: performance.now() - started,
      pv: [],
    };
  }

  const weights = request.weights ?? defaultWeights(request.variant);
  const common = {
    history: request.history,
    quietPlies: request.quietPlies,
    isCancelled,
    onIteration,
  };
  const { result, chosen } = searchChoice(
    player,
    request,
    levelConfig,
    (limits) => searcher.search(position, weights, { ...common, ...limits }),
    (found) => found.list.jumps(0) > 0,
    -30000, // not scored within the budget
    seededRandom(request.seed),
  );
  if (chosen < 0) throw new ThinkError(`no legal move in ${request.fen}`);
  return {
    move: moveText(result.list, chosen, VARIANTS[request.variant].geometry.names),
    score: chosen === result.best ? result.score : (result.rootScores?.[chosen] ?? result.score),
    depth: result.depth,
    nodes: result.nodes,
    ms: result.ms,
    pv: chosen === result.best ? result.pv : [],
  };
}

/** What a search gives a player to choose from. */
interface SearchChoices {
  readonly best: number;
  readonly rootScores?: ArrayLike<number>;
}

/**
 * A plain search (its limits, within the request's time cap) or a level's (its budget at the
 * request's scale), and the move it chooses: the best one, or for a randomised level its
 * randomisedChoice among the scored root moves (`captures`: whether those are captures).
 */
function searchChoice<R extends SearchChoices>(
  player: Extract<PlayerSpec, { kind: 'search' | 'level' }>,
  request: ThinkRequest,
  configOf: (level: number) => LevelConfig,
  search: (limits: BaseSearchLimits) => R,
  captures: (result: R) => boolean,
  unscored: number,
  random: () => number,
): { result: R; chosen: number } {
  const cap = request.timeMs ?? Infinity;
  if (player.kind === 'search') {
    const result = search({
      maxDepth: player.depth,
      maxNodes: player.nodes,
      timeMs: Math.min(player.ms ?? TOP_LEVEL_MS, cap),
    });
    return { result, chosen: result.best };
  }
  const config = configOf(player.level);
  const result = search(levelLimits(config, request.scale ?? 1, cap));
  const chosen =
    isRandomised(config) && result.rootScores !== undefined
      ? randomisedChoice(result.rootScores, result.best, captures(result), unscored, config, random)
      : result.best;
  return { result, chosen };
}

/**
 * The lower levels' choice among root moves with exact scores (those at or below `unscored` were
 * not scored within the budget): sometimes any capture (when there are several), sometimes any
 * move within the blunder margin, otherwise the best score after seeded noise.
 */
function randomisedChoice(
  scores: ArrayLike<number>,
  searchBest: number,
  captures: boolean,
  unscored: number,
  config: LevelConfig,
  random: () => number,
): number {
  const count = scores.length;
  if (count === 1) return 0;
  if (captures && random() < config.carelessCapture) return Math.floor(random() * count);
  let best = -Infinity;
  for (let i = 0; i < count; i++) best = Math.max(best, scores[i]!);
  if (random() < config.blunderChance) {
    const candidates: number[] = [];
    for (let i = 0; i < count; i++) {
      if (scores[i]! >= best - config.blunderMargin) candidates.push(i);
    }
    // Never empty: the best-scored move is always a candidate.
    return candidates[Math.floor(random() * candidates.length)]!;
  }
  let chosen = searchBest;
  let top = -Infinity;
  for (let i = 0; i < count; i++) {
    const score = scores[i]!;
    if (score <= unscored) continue;
    const noisy = score + (random() * 2 - 1) * config.noise;
    if (noisy > top) {
      top = noisy;
      chosen = i;
    }
  }
  return chosen;
}

/** One table searcher per two-player searcher (per worker thread), on the same clock. */
const tableSearchers = new WeakMap<Searcher, TableSearcher>();

function tableSearcherOf(searcher: Searcher): TableSearcher {
  let table = tableSearchers.get(searcher);
  if (table === undefined) {
    table = new TableSearcher({ ttBits: 18, now: searcher.now });
    tableSearchers.set(searcher, table);
  }
  return table;
}

/**
 * think() for a table game (Zhernov's): the paranoid search of src/ai/table at the table levels
 * (table/levels.ts), the greedy and random players, or a plain search. The move is checked
 * against the engine's own list (the search has its own generator); the lower levels choose as
 * in two-player games.
 */
function thinkTable(
  searcher: TableSearcher,
  request: ThinkRequest,
  isCancelled?: () => boolean,
  onIteration?: SearchLimits['onIteration'],
): ThinkResult {
  const parsed = parseTableFen(request.fen);
  if (!parsed.ok) throw new ThinkError(`bad FEN "${request.fen}": ${parsed.error.message}`);
  const position = parsed.value;
  const quietPlies = request.quietPlies ?? 0;
  if (tableStatus({ position, quietPlies }).kind === 'over')
    throw new ThinkError(`the game is over in ${request.fen}`);
  const legal = tableMoves(position).map(makeTableMove);
  if (legal.length === 0) throw new ThinkError(`no legal move in ${request.fen}`);
  const player = request.player;
  const random = seededRandom(request.seed);
  const started = performance.now();
  let result: TableSearchResult | undefined;
  let moves: readonly string[];
  let chosen: number;
  if (player.kind === 'random') {
    moves = legal;
    chosen = Math.floor(random() * legal.length);
  } else if (player.kind === 'greedy') {
    const view = oneMoveScores(position, quietPlies);
    moves = view.moves;
    const top = Math.max(...view.scores);
    const best = view.scores.flatMap((score, i) => (score === top ? [i] : []));
    chosen = best[Math.floor(random() * best.length)] ?? -1;
  } else {
    const common = { quietPlies, isCancelled, onIteration };
    ({ result, chosen } = searchChoice(
      player,
      request,
      tableLevelConfig,
      (limits) => searcher.search(position, { ...common, ...limits }),
      (found) => found.captures,
      UNSCORED,
      random,
    ));
    moves = result.moves;
  }
  const found = moves[chosen];
  // The search's generator agrees with the engine's (test/ai/table): this only guards the answer.
  const move = found !== undefined && legal.includes(found) ? found : legal[0]!;
  const exact = result !== undefined && chosen === result.best;
  return {
    move,
    score: result === undefined ? 0 : exact ? result.score : (result.rootScores?.[chosen] ?? 0),
    depth: result?.depth ?? (player.kind === 'random' ? 0 : 1),
    nodes: result?.nodes ?? moves.length,
    ms: result?.ms ?? performance.now() - started,
    pv: result !== undefined && exact && move === found ? result.pv : [],
  };
}

/**
 * The one-ply greedy player: the move after which the mover's free pieces (pieces of its colour
 * in stacks it owns; a king counts two) minus the opponent's are largest — smallest in giveaway;
 * in adiyukh, the move after which the mover leads the half count by most.
 * Ties are broken at random.
 */
function greedyChoice(board: Board, list: MoveList, random: () => number): number {
  const mover = board.turn;
  const sign = board.variant.noMoveMeans === 'win' ? -1 : 1;
  const halfCount = board.variant.outcome === 'half-count';
  let best = -Infinity;
  let chosen: number[] = [];
  for (let i = 0; i < list.count; i++) {
    board.make(list, i);
    const value = halfCount
      ? halfCountLead(board, mover)
      : sign * (material(board, mover) - material(board, mover ^ 1));
    board.unmake(list, i);
    if (value > best) {
      best = value;
      chosen = [i];
    } else if (value === best) chosen.push(i);
  }
  // Never empty: the caller has at least one legal move in the list.
  return chosen[Math.floor(random() * chosen.length)]!;
}

/** Adiyukh: how far `color` leads the half count (pieces on the opponent's half). */
function halfCountLead(board: Board, color: number): number {
  const [white, black] = boardHalfCounts(board);
  return color === 0 ? white - black : black - white;
}

function material(board: Board, color: number): number {
  let total = 0;
  // Square by square: boards of every size (wide ones have no bitboards).
  for (let s = 0; s < board.top.length; s++) {
    const code = board.top[s]!; // 0 empty, else 2 + colour * 2 + king
    if (code === 0 || (code - 2) >> 1 !== color) continue;
    const h = board.height[s]!;
    const prisoners = prisonersOf(h, board.colors[s]!, color);
    total += h - prisoners + popcount(board.kings[s]! >>> prisoners);
  }
  return total;
}

/** Whether a level chooses among near-best moves by chance (the lower levels). */
function isRandomised(config: LevelConfig): boolean {
  return config.noise > 0 || config.blunderChance > 0 || config.carelessCapture > 0;
}

/** A level's search limits at a budget scale, its time capped at `cap` ms. */
function levelLimits(config: LevelConfig, scale: number, cap: number) {
  const budget = scaledBudget(config, scale);
  return {
    maxDepth: config.maxDepth,
    maxNodes: budget.nodes,
    timeMs: Math.min(budget.ms, cap),
    scoreAllMoves: isRandomised(config),
  };
}
