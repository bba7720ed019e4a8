/** Zhernov's game: one hand-made position per rule (VARIANTS.md section 5, docs/rules-choices.md). */
import { describe, expect, it } from 'vitest';
import {
  applyTableMove,
  makeTableFen,
  NO_CAPTURE_ROUNDS,
  resignSeat,
  settleTableTurn,
  tableMoves,
  tableStart,
  tableStartState,
  tableStatus,
  promotesOn,
  type Seat,
} from '../../../src/engine/multi/index.js';
import { GEOMETRY_8 } from '../../../src/engine/geometry.js';
import {
  playTable,
  tableFen,
  tableFenAfter,
  tableMoveTexts,
  tableState,
} from '../../support/table-helpers.js';

const fenOf = (state: { position: Parameters<typeof makeTableFen>[0] }) =>
  makeTableFen(state.position);

describe('start', () => {
  it('puts three 2-high columns on the edge of each seat taken, first seat to move', () => {
    expect(makeTableFen(tableStart([0, 2]))).toBe('W:Wc1(00),e1(00),g1(00):Bb8(00),d8(00),f8(00)');
    const redBlack = tableStart([2, 1]);
    expect(redBlack.seats).toEqual([1, 2]);
    expect(makeTableFen(redBlack)).toBe('R:Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00)');
    expect(tableStartState([1, 3]).quietPlies).toBe(0);
  });

  it('refuses fewer than two seats, repeated seats and seats that do not exist', () => {
    expect(() => tableStart([0])).toThrow();
    expect(() => tableStart([0, 0])).toThrow();
    expect(() => tableStart([0, 4 as Seat])).toThrow();
  });

  it('without Green, g1-h2 is free', () => {
    expect(tableMoveTexts(tableStart([0, 1, 2]))).toContain('g1-h2');
  });
});

describe('quiet moves', () => {
  it.each([
    ['W', 'W:Wd4:Bb8', ['d4-c5', 'd4-e5']],
    ['R (toward h)', 'R:Rd4:Bb8', ['d4-e3', 'd4-e5']],
    ['B', 'B:Wa1:Bd4', ['d4-c3', 'd4-e3']],
    ['G (toward a)', 'G:Wh8:Gd4', ['d4-c3', 'd4-c5']],
  ])('a man column of %s moves one square forward', (_seat, text, moves) => {
    expect(tableMoveTexts(tableFen(text))).toEqual(moves);
  });

  it('a king column flies along every diagonal', () => {
    expect(tableMoveTexts(tableFen('W:Wd4(111):Bb8'))).toEqual(
      ['a1', 'b2', 'c3', 'e3', 'f2', 'g1', 'c5', 'b6', 'a7', 'e5', 'f6', 'g7', 'h8']
        .map((to) => `d4-${to}`)
        .sort(),
    );
  });

  it.each([
    ['W', 'W:Wg7(00):Bb8', 'g7-f8', 'g7-h8', 'f8(11)', 'h8(00)'],
    ['R', 'R:Rg7(00):Bb8', 'g7-h6', 'g7-h8', 'h6(11)', 'h8(00)'],
    ['B', 'B:Wh8:Bb2(00)', 'b2-c1', 'b2-a1', 'c1(11)', 'a1(00)'],
    ['G', 'G:Wh8:Gb2(00)', 'b2-a3', 'b2-a1', 'a3(11)', 'a1(00)'],
  ])(
    '%s: a man column is crowned on its last line, not on the corner',
    (_seat, text, crowning, corner, king, man) => {
      const moves = tableMoves(tableFen(text));
      expect(moves.map((m) => m.promotes).filter(Boolean)).toHaveLength(1);
      expect(tableFenAfter(text, crowning)).toContain(king);
      expect(tableFenAfter(text, corner)).toContain(man);
    },
  );

  it.each([
    ["two seats, White and Black (h8 is no one else's)", 'W:Wg7(00):Bb8', 'g7-h8', 'h8(00)'],
    ['two seats, Black and Green', 'B:Bb2(00):Gh6', 'b2-a1', 'a1(00)'],
    ["three seats without Green (a1 on Black's line only)", 'B:Wh6:Rd4:Bb2(00)', 'b2-a1', 'a1(00)'],
    ["three seats without Red (h8 on White's line only)", 'W:Wg7(00):Bb6:Gh2', 'g7-h8', 'h8(00)'],
  ])('%s: the corner crowns nobody at any table size', (_name, text, corner, man) => {
    expect(tableFenAfter(text, corner)).toContain(man);
  });

  it('gives every seat the same three crowning squares, whichever seats are taken', () => {
    const crowning = (seat: Seat) =>
      GEOMETRY_8.names.filter((_name, square) => promotesOn(seat, square));
    expect([0, 1, 2, 3].map((seat) => crowning(seat as Seat))).toEqual([
      ['b8', 'd8', 'f8'],
      ['h2', 'h4', 'h6'],
      ['c1', 'e1', 'g1'],
      ['a3', 'a5', 'a7'],
    ]);
  });
});

describe('captures', () => {
  it.each([
    ['W', 'W:Wd4:Rc3,e3,c5,e5:Bh8'],
    ['R', 'R:Wc3,e3,c5,e5:Rd4:Bh8'],
    ['B', 'B:Wc3,e3,c5,e5:Rh8:Bd4'],
    ['G', 'G:Wc3,e3,c5,e5:Rh8:Gd4'],
  ])('%s: a man column captures in all four directions', (_seat, text) => {
    expect(tableMoveTexts(tableFen(text))).toEqual(['d4:b2', 'd4:b6', 'd4:f2', 'd4:f6']);
  });

  it('capturing is mandatory, also over a finished seat’s column', () => {
    expect(tableMoveTexts(tableFen('W:Wc3,g1:Rd4:Bb8:Gh6:FR-'))).toEqual(['c3:e5']);
  });

  it('a flying king must land where it can capture again (a1:e5:…)', () => {
    expect(tableMoveTexts(tableFen('W:WKa1:Rc3,f4:Bb8'))).toEqual(['a1:e5:g3', 'a1:e5:h2']);
  });

  it('a king jumps from a distance and may land on any square behind', () => {
    expect(tableMoveTexts(tableFen('W:WKa1:Rd4:Bb8'))).toEqual([
      'a1:e5',
      'a1:f6',
      'a1:g7',
      'a1:h8',
    ]);
  });

  it('Turkish strike: each column once, and the man returns to its empty start square', () => {
    const text = 'W:Wc3:Rd4(00),f4,f2,d2:Bb8';
    expect(tableMoveTexts(tableFen(text))).toEqual(['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3']);
    // Four chips of an active seat: the man column grows to five; d4 keeps one storey.
    expect(tableFenAfter(text, 'c3:e5:g3:e1:c3')).toBe('R:Wc3(00000):Rd4:Bb8');
  });

  it('Turkish strike: a jumped square blocks the flight until the move ends', () => {
    // Crowned on d8 after jumping e7, the king could fly back over e7 and f6 (the start
    // square) to take g5, were e7 not blocked.
    expect(tableMoveTexts(tableFen('W:Wf6:Rg5,e7:Bh8'))).toEqual(['f6:d8', 'f6:h4']);
    expect(tableMoveTexts(tableFen('W:WKe5:Rf6,c3:Bh8'))).toEqual(['e5:a1', 'e5:b2', 'e5:g7']);
  });

  it('a man crowned during a capture goes on as a king', () => {
    const text = 'W:Wb6:Rc7,g5,a1:Bh8';
    const moves = tableMoves(tableFen(text));
    expect(tableMoveTexts(tableFen(text))).toEqual(['b6:d8:h4']);
    expect(moves[0]?.promotes).toBe(true);
    expect(tableFenAfter(text, 'b6:d8:h4')).toBe('R:Wh4(111):Ra1:Bh8');
  });

  it('a man reaching the corner during a capture stays a man', () => {
    const text = 'W:Wf6:Rg7,a3:Bb8';
    expect(tableMoves(tableFen(text)).map((m) => m.promotes)).toEqual([false]);
    expect(tableFenAfter(text, 'f6:h8')).toBe('R:Wh8(00):Ra3:Bb8');
  });

  it('a king column stays a king column as it grows', () => {
    expect(tableFenAfter('W:WKd4:Re5,a3:Bb8', 'd4:f6')).toBe('R:Wf6(11):Ra3:Bb8');
    expect(tableFenAfter('W:Wd4(111):Re5,a3:Bb8', 'd4:g7')).toBe('R:Wg7(1111):Ra3:Bb8');
  });

  it('a jumped king column loses a storey and its crown; a lone chip disappears', () => {
    expect(tableFenAfter('W:Wc3:Rd4(111),a3:Bb8', 'c3:e5')).toBe('R:We5(00):Ra3,d4(00):Bb8');
    expect(tableFenAfter('W:Wc3:RKd4,a3:Bb8', 'c3:e5')).toBe('R:We5(00):Ra3:Bb8');
  });

  it('chips of finished seats feed no growth; chips of active seats do', () => {
    expect(tableFenAfter('W:Wc3:Rd4,a5:Bb8:Gf6:FG-', 'c3:e5:g7')).toBe('R:Wg7(00):Ra5:Bb8:G:FG-');
  });
});

describe('the turn, count and elimination', () => {
  it('finished seats are skipped and their columns never move', () => {
    let state = tableState('B:Wc1(00):Ra3:Bb8:Gh2:FW-');
    const turns: Seat[] = [];
    for (const move of ['b8-a7', 'h2-g1', 'a3-b4', 'a7-b6', 'g1-f2', 'b4-c5']) {
      state = playTable(state, move);
      turns.push(state.position.turn);
    }
    expect(turns).toEqual([3, 1, 2, 3, 1, 2]);
    expect(state.position.columns[1]).toEqual({ owner: 0, height: 2, king: false });
  });

  it('a seat that cannot move is out at its turn, and the next, and so on', () => {
    const after = playTable(tableState('W:Wg1,b2(00),c3(00),a7,c7,d6:Ra1:Bb8:Gh6'), 'g1-f2');
    expect(fenOf(after)).toBe('G:Wb2(00),f2,c3(00),d6,a7,c7:Ra1:Bb8:Gh6:FR-,B-');
    expect(tableStatus(after)).toEqual({ kind: 'ongoing' });
  });

  it('a seat with no columns is out at its turn; the cascade may end the game', () => {
    const after = playTable(tableState('W:Wc1:R:B'), 'c1-d2');
    expect(fenOf(after)).toBe('W:Wd2:R:B:FR-,B-');
    expect(tableMoves(after.position)).toEqual([]);
    expect(tableStatus(after)).toEqual({
      kind: 'over',
      reason: 'last-player',
      standings: [
        { seat: 0, place: 1, points: 2, count: false },
        { seat: 1, place: 3, points: 0, count: false },
        { seat: 2, place: 2, points: 1, count: false },
      ],
    });
  });

  it('count with one seat left ends the game', () => {
    const after = playTable(tableState('W:Wd4(00000):Re5,a3'), 'd4:f6');
    expect(fenOf(after)).toBe('R:Wf6(000000):Ra3:FW+');
    expect(tableStatus(after)).toEqual({
      kind: 'over',
      reason: 'last-player',
      standings: [
        { seat: 0, place: 1, points: 2, count: true },
        { seat: 1, place: 2, points: 0, count: false },
      ],
    });
  });

  it('owning a column of six at the end of any own move makes count', () => {
    expect(tableFenAfter('W:Wa1(000000),c3:Ra5:Bb8', 'c3-d4')).toBe('R:Wa1(000000),d4:Ra5:Bb8:FW+');
  });

  it('a count of five is not yet count', () => {
    expect(tableFenAfter('W:Wd4(0000):Re5,a3:Bb8', 'd4:f6')).toBe('R:Wf6(00000):Ra3:Bb8');
  });

  it('settleTableTurn puts out a seat set up to move without a move', () => {
    expect(fenOf(settleTableTurn(tableState('R:Wc1:R:Bb8')))).toBe('B:Wc1:R:Bb8:FR-');
    const moving = tableState('R:Wc1:Ra3:Bb8');
    expect(settleTableTurn(moving)).toEqual(moving);
  });

  it('applyTableMove refuses a move that is not legal', () => {
    const state = tableStartState();
    expect(() =>
      applyTableMove(state, { from: 1, path: [9], captures: [], promotes: false }),
    ).toThrow(/not legal/);
  });
});

describe('resignation', () => {
  it('on its turn: the seat is out and the turn passes', () => {
    const after = resignSeat(tableStartState(), 0);
    expect(fenOf(after)).toBe(
      'R:Wc1(00),e1(00),g1(00):Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00):FW-',
    );
  });

  it('off its turn: the seat is out and the turn stays', () => {
    const after = resignSeat(tableStartState(), 2);
    expect(after.position.turn).toBe(0);
    expect(after.position.finished).toEqual([{ seat: 2, how: 'out' }]);
  });

  it('on its turn, when the next seat cannot move: the cascade follows', () => {
    expect(fenOf(resignSeat(tableState('W:Wc1:R:Bb8:Gh6'), 0))).toBe('B:Wc1:R:Bb8:Gh6:FW-,R-');
  });

  it('with two seats: the other one wins', () => {
    const after = resignSeat(tableStartState([0, 2]), 0);
    expect(tableStatus(after)).toEqual({
      kind: 'over',
      reason: 'last-player',
      standings: [
        { seat: 0, place: 2, points: 0, count: false },
        { seat: 2, place: 1, points: 1, count: false },
      ],
    });
    expect(after.position.turn).toBe(2);
    expect(() => resignSeat(after, 2)).toThrow(/over/);
  });

  it('refuses a seat that is not active', () => {
    expect(() => resignSeat(tableState('W:Wc3(00):Rd4(00):Bb8:Gh2:FR-'), 1)).toThrow(/not active/);
    expect(() => resignSeat(tableStartState([0, 2]), 1)).toThrow(/not active/);
  });
});

describe('the no-capture limit', () => {
  it(`ends the game after ${NO_CAPTURE_ROUNDS} quiet rounds of the active seats`, () => {
    const start = tableStart();
    const nearly = { position: start, quietPlies: NO_CAPTURE_ROUNDS * 4 - 1 };
    expect(tableStatus(nearly)).toEqual({ kind: 'ongoing' });
    const limit = playTable(nearly, 'c1-d2');
    expect(limit.quietPlies).toBe(80);
    expect(tableStatus(limit)).toEqual({
      kind: 'over',
      reason: 'no-capture-limit',
      standings: [0, 1, 2, 3].map((seat) => ({ seat, place: 1, points: 1.5, count: false })),
    });
  });

  it('counts the rounds of the seats still active', () => {
    const three = tableState('W:Wc1(00):Ra3(00):Bb8(00):Gh2:FG+', 3 * NO_CAPTURE_ROUNDS);
    const status = tableStatus(three);
    expect(status.kind === 'over' && status.reason).toBe('no-capture-limit');
    expect(status.kind === 'over' && status.standings.map((line) => line.points)).toEqual([
      1, 1, 1, 4,
    ]);
    expect(tableStatus({ ...three, quietPlies: 3 * NO_CAPTURE_ROUNDS - 1 })).toEqual({
      kind: 'ongoing',
    });
  });

  it('a capture restarts the count', () => {
    const before = playTable({ position: tableStart(), quietPlies: 50 }, 'c1-b2');
    expect(before.quietPlies).toBe(51);
    expect(playTable(before, 'a3:c1').quietPlies).toBe(0);
  });
});
