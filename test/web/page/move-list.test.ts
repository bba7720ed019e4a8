import { describe, expect, it } from 'vitest';
import { moveRows, rowNumber, type MoveListSource } from '../../../src/web/page/move-list.js';

function lines(game: MoveListSource): string[] {
  return moveRows(game).map((row) => [rowNumber(row), ...row.plies.map((p) => p.text)].join(' '));
}

const START = 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8';

describe('moveRows', () => {
  it('numbers a White ply and a Black ply as one move', () => {
    const game = {
      variant: 'bashni',
      table: false,
      startFen: START,
      moves: ['c3-d4', 'f6-e5', 'd4:f6', 'g7:e5:c3'],
    } as const;
    expect(lines(game)).toEqual(['1. c3-d4 f6-e5', '2. d4:f6 g7:e5:c3']);
    expect(moveRows(game)[1]!.plies.map((p) => p.ply)).toEqual([2, 3]);
  });

  it('starts with "1..." when Black moves first', () => {
    const game = {
      variant: 'bashni',
      table: false,
      startFen: 'B:Wc3:Bf6',
      moves: ['f6-e5', 'c3-d4', 'e5:c3'],
    } as const;
    expect(lines(game)).toEqual(['1... f6-e5', '2. c3-d4 e5:c3']);
  });

  it("numbers every turn of a double-move game, Black's too", () => {
    const game = {
      variant: 'bashni-double',
      table: false,
      startFen: 'W1:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8',
      moves: ['c3-d4', 'f6-e5', 'b6-a5', 'g3-h4'],
    } as const;
    expect(lines(game)).toEqual(['1. c3-d4', '2. f6-e5 b6-a5', '3. g3-h4']);
  });

  it('numbers every ply at a table', () => {
    const game = {
      variant: 'zhernov',
      table: true,
      startFen: 'W:W:R',
      moves: ['c1-d2', 'a3-b4'],
    } as const;
    expect(lines(game)).toEqual(['1. c1-d2', '2. a3-b4']);
  });

  it('has no lines before the first move', () => {
    expect(moveRows({ variant: 'bashni', table: false, startFen: START, moves: [] })).toEqual([]);
  });
});
