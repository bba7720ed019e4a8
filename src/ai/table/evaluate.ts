/**
 * The evaluation of a table position from one seat's point of view, in thousandths of a point
 * of the final standings (placePoints plus the count bonus), relative to the mean place's points
 * ((players - 1) / 2): 0 is an even game, +2500 is a first count at a table of four (3 + 1 - 1.5).
 *
 * A finished seat's points are known (a count takes the best free place, an elimination the
 * worst), and so are everyone's at the end of the game: those are exact. Otherwise the seat can
 * only end between the worst and the best free place; its estimate is the free places' mean plus
 * its heuristic advantage over the other active seats, squashed (tanh) into that range (less
 * TERMINAL_MARGIN at each end), so that no heuristic ever outweighs a sure count or makes going
 * out look better than staying in.
 */
import { ACTIVE, ADVANCE, COUNT_HEIGHT, type TableSearchBoard } from './search-board.js';
import { GEOMETRY_8 } from '../../engine/index.js';

const STEP = GEOMETRY_8.step;
const SQUARES = 32;

/** Thousandths of a point: the unit of every score. */
export const POINT = 1000;

/**
 * How far the estimates stay inside the free places' range, so that the search's preference
 * for sooner good endings and later bad ones (search.ts) never ranks an ending past a position
 * still in play.
 */
export const TERMINAL_MARGIN = 150;

/** The heuristic's weights, in thousandths of a point per feature (a storey is about 0.15 point). */
export interface TableWeights {
  /** Each storey (chip) the seat owns: material, and the stuff counts are made of. */
  readonly storey: number;
  /**
   * By the height of the seat's tallest column (index = height, 0..6): its distance to the
   * count at 6. Steep, because a 5-high column is one capture from the best free place.
   */
  readonly tallest: readonly number[];
  /** Each king column: it flies, captures from afar and cannot be blocked easily. */
  readonly king: number;
  /** Each step a man column has come from its home edge toward its last line (promotion). */
  readonly advance: number;
  /**
   * Each column another active seat can jump now (an adjacent man or a king down an open
   * diagonal, with the square beyond empty): it is likely to lose a storey to one of them.
   */
  readonly threatened: number;
  /** On top of `threatened` for a king column: being jumped also takes its crown. */
  readonly threatenedKing: number;
  /** Each free square a column can step to (a man forward, a king next to it): mobility. */
  readonly mobility: number;
}

/**
 * Started by hand from the rules' arithmetic (a storey a tenth of a point, a threatened column a
 * bit more than half of what the jump would swing), then moved by A/B self-play matches of
 * depth-4 searches (600-800 games each, `table-match`): storeys up to 150, advancement 6 → 25,
 * kings 150 → 300 and mobility 4 → 0 each scored better, together +0.27 points per seat against
 * the hand weights at 20,000 nodes a move over 160 games. Mobility stays a feature at 0: more
 * free squares did not help (the forward squares are also where columns get jumped).
 */
export const TABLE_WEIGHTS: TableWeights = {
  storey: 150,
  tallest: [0, 0, 20, 60, 150, 350, 350],
  king: 300,
  advance: 25,
  threatened: 60,
  threatenedKing: 60,
  mobility: 0,
};

/**
 * The heuristic strength of every active seat into `out` (index = seat; others 0). One pass over
 * the board: material, tallest column, kings, advancement, mobility and threats.
 */
export function seatStrengths(
  board: TableSearchBoard,
  weights: TableWeights,
  out: Float64Array,
): void {
  out.fill(0);
  const tallest = [0, 0, 0, 0];
  const { owner, height, king, status } = board;
  const mobility = weights.mobility;
  for (let s = 0; s < SQUARES; s++) {
    const seat = owner[s]!;
    if (seat < 0 || status[seat] !== ACTIVE) continue;
    const h = height[s]!;
    const isKing = king[s] === 1;
    let value = weights.storey * h;
    if (h > tallest[seat]!) tallest[seat] = h;
    if (isKing) value += weights.king;
    else value += weights.advance * ADVANCE[seat * SQUARES + s]!;
    let threatened = false;
    for (let d = 0; d < 4; d++) {
      const next = STEP[s * 4 + d]!;
      if (next < 0) continue;
      if (owner[next]! < 0 && (isKing || isForward(seat, d))) value += mobility;
      if (threatened) continue;
      // The first column down this diagonal: can it jump this one toward the other side?
      let t = next;
      while (t >= 0 && owner[t]! < 0) t = STEP[t * 4 + d]!;
      if (t < 0) continue;
      const attacker = owner[t]!;
      if (attacker === seat || status[attacker] !== ACTIVE) continue;
      if (t !== next && king[t] !== 1) continue;
      const landing = STEP[s * 4 + (3 - d)]!;
      if (landing >= 0 && owner[landing]! < 0) threatened = true;
    }
    if (threatened) value -= weights.threatened + (isKing ? weights.threatenedKing : 0);
    out[seat]! += value;
  }
  const table = weights.tallest;
  for (let seat = 0; seat < 4; seat++) {
    if (status[seat] !== ACTIVE) continue;
    out[seat]! += table[Math.min(tallest[seat]!, COUNT_HEIGHT, table.length - 1)] ?? 0;
  }
}

function isForward(seat: number, direction: number): boolean {
  // White NE/NW (0, 1), Red NE/SE (0, 2), Black SE/SW (2, 3), Green NW/SW (1, 3).
  switch (seat) {
    case 0:
      return direction <= 1;
    case 1:
      return direction === 0 || direction === 2;
    case 2:
      return direction >= 2;
    default:
      return direction === 1 || direction === 3;
  }
}

/**
 * Evaluates positions for one seat, reusing its scratch array (one per searcher: the search is
 * synchronous and allocation-free).
 */
export class TableEvaluator {
  private readonly strengths = new Float64Array(4);

  constructor(private readonly weights: TableWeights = TABLE_WEIGHTS) {}

  /**
   * `seat`'s score: exact when it has finished or the game is over (see terminalScore), else the
   * squashed estimate of the module doc.
   */
  evaluate(board: TableSearchBoard, seat: number): number {
    if (board.status[seat] !== ACTIVE || board.isOver()) return terminalScore(board, seat);
    const strengths = this.strengths;
    seatStrengths(board, this.weights, strengths);
    let others = 0;
    for (let s = 0; s < 4; s++)
      if (s !== seat && board.status[s] === ACTIVE) others += strengths[s]!;
    const advantage = strengths[seat]! - others / (board.activeCount - 1);
    // The free places run from counts + 1 to players - outs; their points are evenly spaced.
    const best = board.counts + 1;
    const worst = board.players - board.outs;
    const freeMean = board.players - (best + worst) / 2;
    const half = ((worst - best) / 2) * POINT - TERMINAL_MARGIN;
    const estimate = freeMean * POINT + half * Math.tanh(advantage / half);
    return Math.round(estimate - meanPoints(board.players) * POINT);
  }
}

/** The mean points of a place at a table of `players` (the scores' zero). */
function meanPoints(players: number): number {
  return (players - 1) / 2;
}

/**
 * `seat`'s exact score when it has finished or the game is over: its points (board.pointsAtEnd)
 * against the mean place's.
 */
export function terminalScore(board: TableSearchBoard, seat: number): number {
  return Math.round((board.pointsAtEnd(seat) - meanPoints(board.players)) * POINT);
}
