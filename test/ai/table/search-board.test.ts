import { describe, expect, it } from 'vitest';
import {
  applyTableMove,
  makeTableFen,
  makeTableMove,
  parseTableFen,
  standings,
  tableMoves,
  tableStart,
  tableStatus,
  type Seat,
} from '../../../src/engine/multi/index.js';
import { TableSearchBoard, TableMoveList } from '../../../src/ai/table/search-board.js';
import { seededRandom } from '../../support/random.js';
import { randomTableStates, tallStart } from './helpers.js';

/**
 * The search's own board (src/ai/table/board.ts) against the engine (src/engine/multi), which
 * is the authority: the same moves, the same position after each, the same turn passing,
 * counts, eliminations and points, over thousands of seeded random-play positions.
 */
describe('the table board agrees with the engine', () => {
  const seatSets: Seat[][] = [
    [0, 1, 2, 3],
    [0, 1, 2],
    [1, 2, 3],
    [0, 2],
    [1, 3],
    [0, 1],
  ];

  it('on move lists and the position after every move, from the start and taller starts', () => {
    const board = new TableSearchBoard();
    const list = new TableMoveList();
    let positions = 0;
    let counts = 0;
    let outs = 0;
    let kings = 0;
    for (const [k, seats] of seatSets.entries()) {
      for (const tall of [false, true]) {
        const start = tall ? tallStart(seats, 3 + k) : tableStart(seats);
        for (const state of randomTableStates(start, 12, 100 + k * 10 + (tall ? 1 : 0))) {
          positions++;
          const { position } = state;
          board.load(position, state.quietPlies);
          const count = board.generate(list);
          const mine = Array.from({ length: count }, (_, i) => list.text(i)).sort();
          const engine = tableMoves(position).map(makeTableMove).sort();
          expect(mine, makeTableFen(position)).toEqual(engine);
          const fen = makeTableFen(position);
          const { hashLow, hashHigh } = board;
          for (let i = 0; i < count; i++) {
            const move = list.move(i);
            expect(makeTableMove(move)).toBe(list.text(i));
            const after = applyTableMove(state, move);
            board.make(list, i);
            expect(makeTableFen(board.toPosition()), `${fen} ${list.text(i)}`).toBe(
              makeTableFen(after.position),
            );
            expect(board.quietPlies).toBe(after.quietPlies);
            expect(board.isOver()).toBe(tableStatus(after).kind === 'over');
            const low = board.hashLow;
            const high = board.hashHigh;
            board.rehash();
            expect([board.hashLow, board.hashHigh]).toEqual([low, high]);
            counts += after.position.finished.filter((f) => f.how === 'count').length;
            outs += after.position.finished.filter((f) => f.how === 'out').length;
            kings += after.position.columns.filter((c) => c?.king === true).length;
            board.unmake();
            expect(makeTableFen(board.toPosition())).toBe(fen);
            expect([board.hashLow, board.hashHigh]).toEqual([hashLow, hashHigh]);
          }
        }
      }
    }
    // The random play reached the rules that matter: counts, eliminations, kings.
    expect(positions).toBeGreaterThan(1500);
    expect(counts).toBeGreaterThan(50);
    expect(outs).toBeGreaterThan(50);
    expect(kings).toBeGreaterThan(100);
  });

  it('on the points of every seat when a game ends, as the standings give them', () => {
    const board = new TableSearchBoard();
    let ended = 0;
    for (const [k, seats] of seatSets.entries()) {
      for (const state of randomTableStates(tallStart(seats, 4 + k), 30, 500 + k, true)) {
        const status = tableStatus(state);
        board.load(state.position, state.quietPlies);
        if (status.kind === 'ongoing') {
          // Finished seats' points are fixed already.
          const lines = standings(state.position);
          for (const line of lines) {
            if (line.points !== null) expect(board.pointsAtEnd(line.seat)).toBe(line.points);
          }
          continue;
        }
        ended++;
        expect(board.isOver()).toBe(true);
        for (const line of status.standings) {
          expect(board.pointsAtEnd(line.seat), makeTableFen(state.position)).toBeCloseTo(
            line.points!,
            12,
          );
        }
      }
    }
    expect(ended).toBeGreaterThan(20);
  });

  it('keeps its key equal to a fresh one along a long random line, and unwinds it', () => {
    const board = new TableSearchBoard().load(tableStart(), 0);
    const list = new TableMoveList();
    const random = seededRandom(7);
    const fens: string[] = [];
    let made = 0;
    while (made < 100 && !board.isOver()) {
      fens.push(makeTableFen(board.toPosition()));
      const count = board.generate(list);
      board.make(list, Math.floor(random() * count));
      made++;
      const { hashLow, hashHigh } = board;
      board.rehash();
      expect([board.hashLow, board.hashHigh]).toEqual([hashLow, hashHigh]);
    }
    while (made-- > 0) {
      board.unmake();
      expect(makeTableFen(board.toPosition())).toBe(fens[made]);
    }
  });

  it('tells apart positions that differ only in the seat to move or a finish', () => {
    const keyOf = (fen: string) => {
      const parsed = parseTableFen(fen);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const board = new TableSearchBoard().load(parsed.value);
      return `${board.hashHigh}:${board.hashLow}`;
    };
    const white = keyOf('W:Wc3:Re5:Bb8:Gh2');
    expect(keyOf('R:Wc3:Re5:Bb8:Gh2')).not.toBe(white);
    expect(keyOf('W:Wc3:Re5:Bb8:Gh2:FG-')).not.toBe(keyOf('W:Wc3:Re5:Bb8:Gh2:FG+'));
    expect(keyOf('W:Wc3(00):Re5:Bb8:Gh2')).not.toBe(white);
    expect(keyOf('W:WKc3:Re5:Bb8:Gh2')).not.toBe(white);
  });
});
