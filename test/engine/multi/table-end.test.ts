/**
 * How a table game ends besides its last player (docs/rules-choices.md, Zhernov): the third
 * occurrence of a position, and the ply limit, both with the seats still in sharing the free
 * places; and that seeded random games all end well below that limit.
 */
import { describe, expect, it } from 'vitest';
import {
  applyTableMove,
  makeTableFen,
  resignSeat,
  settleTableTurn,
  standings,
  TABLE_PLY_LIMIT,
  tableKey,
  tableMoves,
  tableRepetitions,
  tableStartState,
  tableStatus,
  type Seat,
  type TableState,
} from '../../../src/engine/multi/index.js';
import { pick, seededRandom } from '../../support/random.js';
import { playTable, tableState } from '../../support/table-helpers.js';

/** The cycle: Red and Green are count, Black is forced round a six-ply loop. */
const CYCLE = 'B:Wh6(111):Ra7(00):Bg7(000):Gd8(111111):FR+,G+';
const LOOP = ['g7-f6', 'h6-g7', 'f6:h8', 'g7-f8', 'h8-g7', 'f8:h6'];

describe('threefold repetition', () => {
  it("ends the issue's capture cycle on the third occurrence, the two seats in sharing 3rd–4th", () => {
    let state = tableState(CYCLE);
    const seen: string[] = [];
    for (let lap = 0; lap < 2; lap++) {
      for (const move of LOOP) {
        expect(tableStatus(state).kind, `${lap}:${move}`).toBe('ongoing');
        state = playTable(state, move);
        seen.push(move);
      }
      expect(makeTableFen(state.position)).toBe(CYCLE);
    }
    expect(tableRepetitions(state)).toBe(3);
    const status = tableStatus(state);
    expect(status).toEqual({
      kind: 'over',
      reason: 'threefold-repetition',
      standings: [
        { seat: 0, place: 3, points: 0.5, count: false },
        { seat: 1, place: 1, points: 4, count: true },
        { seat: 2, place: 3, points: 0.5, count: false },
        { seat: 3, place: 2, points: 3, count: true },
      ],
    });
    expect(state.plies).toBe(12);
    expect(seen).toHaveLength(12);
  });

  it('counts the same columns with another seat to move, or other finished seats, as another position', () => {
    const black = tableState(CYCLE).position;
    const white = { ...black, turn: 0 as Seat };
    const redOut = {
      ...black,
      finished: [{ seat: 1 as Seat, how: 'out' as const }, black.finished[1]!],
    };
    expect(new Set([tableKey(black), tableKey(white), tableKey(redOut)]).size).toBe(3);
    expect(tableKey(black)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('counts a position set up by FEN from there, and resignations as new positions', () => {
    const start = tableState(CYCLE);
    expect(tableRepetitions(start)).toBe(1);
    const after = playTable(start, 'g7-f6');
    expect(after.keys).toEqual([tableKey(start.position), tableKey(after.position)]);
    const resigned = resignSeat(after, 0);
    expect(resigned.keys).toHaveLength(3);
    expect(resigned.plies).toBe(1); // a resignation is not a move
    // A settled FEN start begins the history where the game really begins.
    const stuck = settleTableTurn(tableState('W:Wa1:Bb2,c3:Gh4'));
    expect(stuck.position.finished).toEqual([{ seat: 0, how: 'out' }]);
    expect(stuck.keys).toEqual([tableKey(stuck.position)]);
  });
});

describe('the ply limit', () => {
  it(`ends a game after ${TABLE_PLY_LIMIT} moves with the seats still in sharing the free places`, () => {
    const fen =
      'W:Wc1(00),e1(00),g1(00):Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00):FR+';
    const before: TableState = { ...tableState(fen), plies: TABLE_PLY_LIMIT - 1 };
    expect(tableStatus(before).kind).toBe('ongoing');
    const after = applyTableMove(before, tableMoves(before.position)[0]!);
    expect(after.plies).toBe(TABLE_PLY_LIMIT);
    const status = tableStatus(after);
    expect(status.kind === 'over' && status.reason).toBe('ply-limit');
    // Red is count (1st, 3 + 1); the other three share 2nd to 4th: (2 + 1 + 0) / 3 each.
    expect(status.kind === 'over' && status.standings).toEqual([
      { seat: 0, place: 2, points: 1, count: false },
      { seat: 1, place: 1, points: 4, count: true },
      { seat: 2, place: 2, points: 1, count: false },
      { seat: 3, place: 2, points: 1, count: false },
    ]);
    expect(status.kind === 'over' && status.standings).toEqual(
      standings(after.position, 'ply-limit'),
    );
  });
});

describe('seeded random games', () => {
  const GAMES = 3000;
  it(`all ${GAMES} end by the rules, far below the ply limit, some by repetition`, () => {
    const random = seededRandom(2028);
    const ends = new Map<string, number>();
    let longest = 0;
    const seatings: readonly (readonly Seat[])[] = [
      [0, 1, 2, 3],
      [0, 1, 2],
      [0, 2],
      [1, 3],
      [0, 1],
    ];
    for (let game = 0; game < GAMES; game++) {
      let state = tableStartState(seatings[game % seatings.length]);
      // A guard for the test only: twice the limit, which the rules must never let a game reach.
      for (let ply = 0; ply < 2 * TABLE_PLY_LIMIT; ply++) {
        const status = tableStatus(state);
        if (status.kind === 'over') {
          ends.set(status.reason, (ends.get(status.reason) ?? 0) + 1);
          break;
        }
        state = applyTableMove(state, pick(tableMoves(state.position), random));
      }
      longest = Math.max(longest, state.plies ?? 0);
    }
    expect([...ends.values()].reduce((sum, n) => sum + n, 0)).toBe(GAMES);
    expect(ends.get('ply-limit')).toBeUndefined();
    expect(longest).toBeLessThan(TABLE_PLY_LIMIT / 2);
    expect(ends.get('threefold-repetition')).toBeGreaterThan(0);
    expect(ends.get('last-player')).toBeGreaterThan(GAMES / 2);
  });
});
