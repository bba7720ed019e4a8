/**
 * The worked examples of VARIANTS.md section 5 ("Tests"), and the article's ending played
 * through real moves. Example 5 writes the king column `f8(10)`; our FEN has one digit per
 * storey, all equal (one king flag per column), so the column meant is `f8(11)`.
 */
import { describe, expect, it } from 'vitest';
import {
  makeTableFen,
  standings,
  tableMoves,
  tableStart,
  tableStatus,
} from '../../../src/engine/multi/index.js';
import { playTable, tableFen, tableMoveTexts, tableState } from '../../support/table-helpers.js';

describe("Zhernov's game: the worked examples of VARIANTS.md", () => {
  it('1. from the start White has five moves; g1-h2 is blocked and h2 cannot be jumped', () => {
    const start = tableStart();
    expect(makeTableFen(start)).toBe(
      'W:Wc1(00),e1(00),g1(00):Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00)',
    );
    expect(tableMoveTexts(start)).toEqual(['c1-b2', 'c1-d2', 'e1-d2', 'e1-f2', 'g1-f2']);
  });

  it('2. after c1-b2 Red must capture a3:c1: c1(000), and b2 is left one high', () => {
    const afterWhite = playTable({ position: tableStart(), quietPlies: 0 }, 'c1-b2');
    expect(afterWhite.position.turn).toBe(1);
    expect(tableMoveTexts(afterWhite.position)).toEqual(['a3:c1']);
    const afterRed = playTable(afterWhite, 'a3:c1');
    expect(makeTableFen(afterRed.position)).toBe(
      'B:We1(00),g1(00),b2:Rc1(000),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00)',
    );
    expect(afterRed.quietPlies).toBe(0);
  });

  it('3. d4:f6 is the only move; the column grows to six and White is count, then skipped', () => {
    const state = tableState('W:Wd4(00000):Re5,a3:Bb8:Gh2');
    expect(tableMoveTexts(state.position)).toEqual(['d4:f6']);
    const after = playTable(state, 'd4:f6');
    expect(makeTableFen(after.position)).toBe('R:Wf6(000000):Ra3:Bb8:Gh2:FW+');
    const lines = standings(after.position);
    expect(lines[0]).toEqual({ seat: 0, place: 1, points: 4, count: true });
    // The turn goes round R, B, G and back to R without White.
    const round = playTable(after, 'a3-b4', 'b8-a7', 'h2-g3');
    expect(round.position.turn).toBe(1);
  });

  it("4. c3:e5 is forced over a finished seat's column: d4 shrinks, White does not grow", () => {
    const state = tableState('W:Wc3(00):Rd4(00):Bb8:Gh2:FR-');
    expect(tableMoveTexts(state.position)).toEqual(['c3:e5']);
    expect(makeTableFen(playTable(state, 'c3:e5').position)).toBe('B:We5(00):Rd4:Bb8:Gh2:FR-');
  });

  it('5. g7-h8 stays a man on the corner, g7-f8 makes a king column', () => {
    const text = 'W:Wg7(00):Ra3:Bb8:Gh2';
    expect(tableMoveTexts(tableFen(text))).toEqual(['g7-f8', 'g7-h8']);
    const corner = playTable(tableState(text), 'g7-h8');
    expect(makeTableFen(corner.position)).toBe('R:Wh8(00):Ra3:Bb8:Gh2');
    const crowned = playTable(tableState(text), 'g7-f8');
    expect(makeTableFen(crowned.position)).toBe('R:Wf8(11):Ra3:Bb8:Gh2');
    expect(tableMoves(tableState(text).position).find((m) => m.path[0] === 31)?.promotes).toBe(
      false,
    );
  });
});

describe("the article's ending through real moves", () => {
  it('count 4, countess 3, Black out with nothing left 0, Green alone 1', () => {
    // White's five-high column takes a Red chip and grows to six; Red's five-high column then
    // takes Black's last chip and grows to six; Black has nothing left at its turn.
    let state = tableState('W:Wd4(00000):Re5,b2(00000):Bc3:Gh6(00)');
    state = playTable(state, 'd4:f6');
    expect(makeTableFen(state.position)).toBe('R:Wf6(000000):Rb2(00000):Bc3:Gh6(00):FW+');
    expect(tableMoveTexts(state.position)).toEqual(['b2:d4']);
    state = playTable(state, 'b2:d4');
    expect(makeTableFen(state.position)).toBe('G:Wf6(000000):Rd4(000000):B:Gh6(00):FW+,R+,B-');
    expect(tableStatus(state)).toEqual({
      kind: 'over',
      reason: 'last-player',
      standings: [
        { seat: 0, place: 1, points: 4, count: true },
        { seat: 1, place: 2, points: 3, count: true },
        { seat: 2, place: 4, points: 0, count: false },
        { seat: 3, place: 3, points: 1, count: false },
      ],
    });
    expect(tableMoves(state.position)).toEqual([]);
  });
});
