import {
  applyTableMove,
  makeTableFen,
  parseTableFen,
  tableMoves,
  tableStart,
  tableStatus,
  type Column,
  type Seat,
  type TablePosition,
  type TableState,
} from '../../../src/engine/multi/index.js';
import { pick, seededRandom } from '../../support/random.js';

/** A table FEN that a test states as a fact: a typo fails loudly. */
export function tableFen(text: string): TablePosition {
  const parsed = parseTableFen(text);
  if (!parsed.ok) throw new Error(`test table FEN ${text}: ${parsed.error.message}`);
  return parsed.value;
}

/**
 * The start for `seats` with seeded random heights (1 to 5) and some king columns, so that
 * random play soon reaches counts, eliminations and flying captures.
 */
export function tallStart(seats: readonly Seat[], seed: number): TablePosition {
  const random = seededRandom(seed);
  const start = tableStart(seats);
  const columns = start.columns.map((column): Column | null =>
    column === null
      ? null
      : { ...column, height: 1 + Math.floor(random() * 5), king: random() < 0.25 },
  );
  return { ...start, columns };
}

/**
 * The states of `games` seeded random games from `start` (each to its end, or 300 plies), in
 * order; ended states only when `withEnds`.
 */
export function randomTableStates(
  start: TablePosition,
  games: number,
  seed: number,
  withEnds = false,
): TableState[] {
  const random = seededRandom(seed);
  const states: TableState[] = [];
  for (let game = 0; game < games; game++) {
    let state: TableState = { position: start, quietPlies: 0 };
    for (let ply = 0; ply < 300; ply++) {
      if (tableStatus(state).kind === 'over') {
        if (withEnds) states.push(state);
        break;
      }
      states.push(state);
      const moves = tableMoves(state.position);
      if (moves.length === 0) throw new Error(`no move in ${makeTableFen(state.position)}`);
      state = applyTableMove(state, pick(moves, random));
    }
  }
  return states;
}
