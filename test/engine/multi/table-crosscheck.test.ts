/**
 * The table engine against the independent reference generator (test/support/reference/
 * table.ts) in positions of seeded random play: the same moves, and after each the same FEN
 * (turn, columns and finished seats), with four, three and two seats, from the start and from
 * starts with taller columns and king columns so that counts, crowns and eliminations happen.
 */
import { describe, expect, it } from 'vitest';
import {
  applyTableMove,
  makeTableFen,
  makeTableMove,
  parseTableFen,
  TableBoard,
  tableMoves,
  tableStart,
  tableStatus,
  type TableState,
} from '../../../src/engine/multi/index.js';
import { referenceTableEnd, referenceTableMoves } from '../../support/reference/table.js';
import { pick, seededRandom } from '../../support/random.js';
import { tableState } from '../../support/table-helpers.js';

const POSITIONS_PER_START = 2500;
const MAX_PLIES = 150;

const STARTS: readonly (readonly [string, string])[] = [
  ['four seats', makeTableFen(tableStart())],
  ['three seats', makeTableFen(tableStart([0, 1, 2]))],
  ['two seats', makeTableFen(tableStart([0, 2]))],
  [
    'four seats, tall columns',
    'W:Wa1(000),c1(0000),e1(00000),g1(000),d2(00):Ra3(0000),a5(00000),c5(000),a7(00)' +
      ':Bb8(00000),d8(0000),f8(000),e7(00):Gh2(00000),h4(0000),h6(000),f4(00)',
  ],
  [
    'three seats, tall and king columns',
    'R:Wc1(000),e3(11),g1(0000):Ra3(00000),b4(0000),Ka7:Bb8(000),d8(00000),f6(111)',
  ],
  ['two seats, tall and king columns', 'G:Wc1(0000),Kd4,g1(00000):Gh2(0000),f6(11),h6(00000)'],
];

/** Positions of seeded random games from `start` (each game's start included). */
function randomStates(start: string, count: number, seed: number): TableState[] {
  const random = seededRandom(seed);
  const states: TableState[] = [];
  while (states.length < count) {
    let state = tableState(start);
    for (let ply = 0; ply < MAX_PLIES && states.length < count; ply++) {
      states.push(state);
      const moves = tableMoves(state.position);
      if (moves.length === 0) break;
      state = applyTableMove(state, pick(moves, random));
    }
  }
  return states;
}

describe.each(STARTS)('%s: the table engine against the reference', (_name, start) => {
  const states = randomStates(start, POSITIONS_PER_START, 4000 + start.length);

  it(`agrees on moves and resulting FENs in ${POSITIONS_PER_START} positions`, () => {
    let captures = 0;
    let finishes = 0;
    let kings = 0;
    let over = 0;
    for (const state of states) {
      const fen = makeTableFen(state.position);
      const snapshot = JSON.stringify(state);
      const fast = tableMoves(state.position)
        .map((move) => ({
          move: makeTableMove(move),
          fen: makeTableFen(applyTableMove(state, move).position),
        }))
        .sort((a, b) => a.move.localeCompare(b.move));
      const reference = referenceTableMoves(fen).sort((a, b) => a.move.localeCompare(b.move));
      expect(fast, fen).toEqual(reference);
      expect(JSON.stringify(state), 'tableMoves/applyTableMove must not mutate').toBe(snapshot);
      if (fast.some((m) => m.move.includes(':'))) captures++;
      if (fast.length === 0) over++;
      finishes += state.position.finished.length;
      if (state.position.columns.some((column) => column?.king === true)) kings++;
    }
    // The sample must exercise captures, kings, finishes and ends, or it proves little.
    expect(captures).toBeGreaterThan(POSITIONS_PER_START / 10);
    expect(kings).toBeGreaterThan(0);
    expect(finishes).toBeGreaterThan(0);
    expect(over).toBeGreaterThan(0);
  });

  it('writes FENs that read back to the same position', () => {
    for (const { position } of states) {
      const parsed = parseTableFen(makeTableFen(position));
      expect(parsed.ok && parsed.value).toEqual(position);
    }
  });

  it('make/unmake restores the board after every move', () => {
    for (const state of states.slice(0, 300)) {
      const board = new TableBoard(state);
      const before = JSON.stringify(board.toState());
      for (const move of board.moves()) {
        board.make(move);
        // The board holds the position; applyTableMove adds the history (keys, plies) on top.
        const { position, quietPlies } = applyTableMove(state, move);
        expect(board.toState()).toEqual({ position, quietPlies });
        board.unmake();
        expect(JSON.stringify(board.toState())).toBe(before);
      }
    }
  });
});

describe('the random games reach every kind of finish', () => {
  it('count and out both happen, with four, three and two seats', () => {
    const seen = new Set<string>();
    for (const [, start] of STARTS) {
      for (const { position } of randomStates(start, 600, 77)) {
        for (const finish of position.finished) seen.add(`${position.seats.length}${finish.how}`);
      }
    }
    expect([...seen].sort()).toEqual(['2count', '2out', '3count', '3out', '4count', '4out']);
  });
});

describe('the end of a game against the reference', () => {
  it('ends every seeded random game at the same ply for the same reason, repetitions among them', () => {
    const random = seededRandom(2812);
    const reasons = new Set<string>();
    const starts = [
      ...STARTS.map(([, start]) => start),
      'B:Wh6(111):Ra7(00):Bg7(000):Gd8(111111):FR+,G+',
    ];
    for (let game = 0; game < 120; game++) {
      const start = starts[game % starts.length]!;
      let state = tableState(start);
      const moves: string[] = [];
      let status = tableStatus(state);
      while (status.kind === 'ongoing') {
        const move = pick(tableMoves(state.position), random);
        moves.push(makeTableMove(move));
        state = applyTableMove(state, move);
        status = tableStatus(state);
      }
      expect(referenceTableEnd(start, moves), start).toEqual({
        ply: moves.length,
        reason: status.reason,
      });
      reasons.add(status.reason);
    }
    expect(reasons).toContain('threefold-repetition');
    expect(reasons).toContain('last-player');
  });
});
