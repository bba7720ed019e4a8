/** The table reference generator on its own: VARIANTS.md section 5's worked examples. */
import { describe, expect, it } from 'vitest';
import { referenceTableMoves } from './reference/table.js';

const START =
  'W:Wc1(00),e1(00),g1(00):Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00)';

function moves(fen: string): string[] {
  return referenceTableMoves(fen)
    .map((entry) => entry.move)
    .sort();
}

function play(fen: string, move: string): string {
  const entry = referenceTableMoves(fen).find((candidate) => candidate.move === move);
  if (entry === undefined) throw new Error(`${move} is not legal in ${fen}`);
  return entry.fen;
}

describe('reference table generator: the worked examples', () => {
  it('1. five moves from the start', () => {
    expect(moves(START)).toEqual(['c1-b2', 'c1-d2', 'e1-d2', 'e1-f2', 'g1-f2']);
  });

  it('2. a3:c1 is forced after c1-b2', () => {
    const afterWhite = play(START, 'c1-b2');
    expect(moves(afterWhite)).toEqual(['a3:c1']);
    expect(play(afterWhite, 'a3:c1')).toBe(
      'B:We1(00),g1(00),b2:Rc1(000),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00)',
    );
  });

  it('3. d4:f6 makes White count', () => {
    expect(moves('W:Wd4(00000):Re5,a3:Bb8:Gh2')).toEqual(['d4:f6']);
    expect(play('W:Wd4(00000):Re5,a3:Bb8:Gh2', 'd4:f6')).toBe('R:Wf6(000000):Ra3:Bb8:Gh2:FW+');
  });

  it("4. no growth from a finished seat's chip", () => {
    expect(play('W:Wc3(00):Rd4(00):Bb8:Gh2:FR-', 'c3:e5')).toBe('B:We5(00):Rd4:Bb8:Gh2:FR-');
  });

  it('5. the corner h8 crowns nobody, f8 does', () => {
    expect(play('W:Wg7(00):Ra3:Bb8:Gh2', 'g7-h8')).toBe('R:Wh8(00):Ra3:Bb8:Gh2');
    expect(play('W:Wg7(00):Ra3:Bb8:Gh2', 'g7-f8')).toBe('R:Wf8(11):Ra3:Bb8:Gh2');
  });

  it('eliminates seats that cannot move, and ends the game with one seat left', () => {
    expect(play('W:Wc1:R:B', 'c1-d2')).toBe('W:Wd2:R:B:FR-,B-');
    expect(moves('W:Wd2:R:B:FR-,B-')).toEqual([]);
  });
});
