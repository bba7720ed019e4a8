/**
 * Engine games at the table: seeded games of Zhernov's game between players seated around the
 * board, and matches that rotate a lineup around the table from shared random openings, giving
 * each player's mean points. Every game ends: by the rules (fewer than two active seats, or the
 * no-capture limit of NO_CAPTURE_ROUNDS rounds), or at a ply cap, where the seats still playing
 * share the free places as at the no-capture limit.
 */
import { seededRandom } from '../../engine/index.js';
import {
  applyTableMove,
  makeTableFen,
  makeTableMove,
  parseTableMove,
  resignSeat,
  standings,
  tableMoves,
  tableStartState,
  tableStatus,
  SEATS,
  type Seat,
  type Standing,
  type TableEnd,
  type TableState,
} from '../../engine/multi/index.js';
import type { PlayerSpec, ThinkRequest, ThinkResult } from '../player.js';

/** Asks some player for a move (in process, or through the worker pool). */
export type TableThink = (request: ThinkRequest) => Promise<ThinkResult>;

/** How a table game ended. */
export type TableGameEnd = TableEnd | 'ply-cap';

export interface TableGameOutcome {
  /** The standings, one line per taken seat in seat order (every points value set). */
  readonly standings: readonly Standing[];
  readonly end: TableGameEnd;
  readonly plies: number;
  /** The opening's random moves, then the players' moves. */
  readonly moves: readonly string[];
  /** Seats put out for an illegal answer (a broken player; normally none). */
  readonly forfeits: readonly Seat[];
}

export interface TableGameOptions {
  /** The player of each taken seat, in turn order; 2 to 4 (the seats: SEATS of that length, or `seats`). */
  readonly players: readonly PlayerSpec[];
  /** The seats taken (default: White, Red, Black, Green as many as there are players). */
  readonly seats?: readonly Seat[];
  readonly think: TableThink;
  readonly seed: number;
  readonly scale?: number;
  readonly timeMs?: number;
  /** Random moves played first (default 0). */
  readonly openingPlies?: number;
  /** Plies after which the game stops with the free places shared (default 400). */
  readonly maxPlies?: number;
}

/** Default ply cap: far past the usual end (games rarely last 200 plies), a safety only. */
export const TABLE_MAX_PLIES = 400;

/**
 * Plays one table game to its end. A player whose answer is not a legal move is put out (it
 * resigns), so even a broken player cannot hang the game.
 */
export async function playTableGame(options: TableGameOptions): Promise<TableGameOutcome> {
  const seats = options.seats ?? SEATS.slice(0, options.players.length);
  if (seats.length !== options.players.length)
    throw new Error('playTableGame: one player per seat');
  let state: TableState = tableStartState(seats);
  const random = seededRandom(options.seed);
  const openingPlies = options.openingPlies ?? 0;
  const maxPlies = options.maxPlies ?? TABLE_MAX_PLIES;
  const moves: string[] = [];
  const forfeits: Seat[] = [];
  for (let ply = 0; ; ply++) {
    const status = tableStatus(state);
    if (status.kind === 'over') {
      return { standings: status.standings, end: status.reason, plies: ply, moves, forfeits };
    }
    const { position } = state;
    if (ply >= maxPlies) {
      return {
        standings: standings(position, 'no-capture-limit'),
        end: 'ply-cap',
        plies: ply,
        moves,
        forfeits,
      };
    }
    const seat = position.turn;
    let text: string;
    if (ply < openingPlies) {
      const legal = tableMoves(position);
      const move = legal[Math.floor(random() * legal.length)];
      // The engine passes the turn only to a seat that can move.
      if (move === undefined)
        throw new Error(`playTableGame: no move in ${makeTableFen(position)}`);
      state = applyTableMove(state, move);
      text = makeTableMove(move);
    } else {
      const player = options.players[seats.indexOf(seat)]!;
      const answer = await options.think({
        variant: position.variant,
        fen: makeTableFen(position),
        player,
        seed: Math.floor(random() * 0x7fffffff),
        scale: options.scale,
        timeMs: options.timeMs,
        quietPlies: state.quietPlies,
      });
      text = answer.move;
      const parsed = parseTableMove(position, text);
      if (!parsed.ok) {
        forfeits.push(seat);
        state = resignSeat(state, seat);
        continue;
      }
      state = applyTableMove(state, parsed.value);
    }
    moves.push(text);
  }
}

export interface TableMatchOptions {
  /**
   * The lineup, one player per seat in turn order (2 to 4): game k seats it rotated by k, so
   * each player sits at every seat equally often (e.g. a, b, a, b for two players, two seats
   * each).
   */
  readonly players: readonly PlayerSpec[];
  /** Games to play; rounded up to whole rotations (a multiple of the number of seats). */
  readonly games: number;
  readonly think: TableThink;
  readonly seed?: number;
  readonly scale?: number;
  readonly timeMs?: number;
  /** Random opening plies, each opening played once per rotation (default: one round). */
  readonly openingPlies?: number;
  readonly maxPlies?: number;
  /** Games played at once (each needs a free worker to run fast). */
  readonly concurrency?: number;
  readonly onGame?: (outcome: TableGameOutcome, lineup: readonly number[], index: number) => void;
}

export interface TableMatchResult {
  /** Mean points of each lineup entry (index into `players`) over all games. */
  readonly meanPoints: readonly number[];
  readonly games: readonly TableGameOutcome[];
}

/**
 * A match around the table: varied openings (random plies from the seed), each played once per
 * rotation of the lineup, `concurrency` games at a time. Deterministic for a seed when the
 * players are.
 */
export async function playTableMatch(options: TableMatchOptions): Promise<TableMatchResult> {
  const n = options.players.length;
  const total = Math.ceil(options.games / n) * n;
  const seed = options.seed ?? 1;
  const outcomes = new Array<TableGameOutcome>(total);
  const sums = new Array<number>(n).fill(0);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const opening = Math.floor(index / n);
      // lineup[seatIndex] = the index into players of who sits there.
      const lineup = Array.from({ length: n }, (_, s) => (s + index) % n);
      const outcome = await playTableGame({
        players: lineup.map((p) => options.players[p]!),
        think: options.think,
        seed: seed * 7919 + opening,
        scale: options.scale,
        timeMs: options.timeMs,
        openingPlies: options.openingPlies ?? n,
        maxPlies: options.maxPlies,
      });
      outcomes[index] = outcome;
      outcome.standings.forEach((line, s) => (sums[lineup[s]!]! += line.points ?? 0));
      options.onGame?.(outcome, lineup, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return { meanPoints: sums.map((sum) => sum / total), games: outcomes };
}
