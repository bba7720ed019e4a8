import { describe, expect, it } from 'vitest';
import {
  describeStatus,
  GameHistory,
  halfCounts,
  ruleStatus,
  startPosition,
  type VariantId,
} from '../../src/engine/index.js';
import {
  fen,
  fenAfter,
  moveTexts,
  stackText as sharedStackText,
} from '../support/engine-helpers.js';
import { referenceMoves } from '../support/reference/reference.js';

/** A stack in the worked examples' shorthand (Adiyukh unless said). */
function stackText(fenText: string, square: string, variant: VariantId = 'adiyukh'): string {
  return sharedStackText(fenText, square, variant);
}

/** The reference generator's moves, sorted, for the same position. */
function referenceTexts(fenText: string): string[] {
  return referenceMoves('adiyukh', fenText)
    .map((entry) => entry.move)
    .sort();
}

describe('adiyukh: VARIANTS.md section 1 worked examples', () => {
  it('1. kings cannot move quietly', () => {
    const text = 'W:WKd8,a1:Bh8';
    expect(moveTexts(fen(text, 'adiyukh'))).toEqual(['a1-b2']);
    expect(referenceTexts(text)).toEqual(['a1-b2']);
    // bashni also allows the king's 7 quiet moves.
    expect(moveTexts(fen(text, 'bashni'))).toHaveLength(8);
  });

  it('2. a king reverts to a man at the end of a capture, except on the far rank', () => {
    const start = fen('W:WKa3:Bd6', 'adiyukh');
    expect(moveTexts(start)).toEqual(['a3:e7', 'a3:f8']);
    const e7 = fenAfter(start, 'a3:e7');
    expect(e7).toBe('B:We7(0/0):B');
    expect(stackText(e7, 'e7')).toBe('wb');
    const f8 = fenAfter(start, 'a3:f8');
    expect(f8).toBe('B:Wf8(1/0):B');
    expect(stackText(f8, 'f8')).toBe('Wb');
    // bashni keeps the king on e7.
    expect(fenAfter(fen('W:WKa3:Bd6'), 'a3:e7')).toBe('B:We7(1/0):B');
  });

  it('3. a man promoted mid-capture flies on as a king and reverts at the end', () => {
    const start = fen('W:Wb6:Bc7,g5', 'adiyukh');
    expect(moveTexts(start)).toEqual(['b6:d8:h4']);
    const after = fenAfter(start, 'b6:d8:h4');
    expect(after).toBe('B:Wh4(0/00):B');
    expect(stackText(after, 'h4')).toBe('wbb');
    expect(fenAfter(fen('W:Wb6:Bc7,g5'), 'b6:d8:h4')).toBe('B:Wh4(1/00):B');
  });

  it('4. a blocked side ends the game and the half count decides: White wins 13:11', () => {
    const position = fen('W:Wh8(100000/0000000):Bd2(00000/000000)', 'adiyukh');
    expect(moveTexts(position)).toEqual([]);
    expect(halfCounts(position)).toEqual([13, 11]);
    const status = GameHistory.from(position).status();
    expect(status).toEqual({
      kind: 'win',
      winner: 0,
      reason: 'half-count',
      counts: [13, 11],
      ended: 'no-legal-move',
    });
    expect(describeStatus(status, 0)).toBe(
      'white wins 13:11 on the half count (the side to move has no legal move)',
    );
    // bashni: the king has 7 quiet moves.
    expect(moveTexts(fen('W:Wh8(100000/0000000):Bd2(00000/000000)'))).toHaveLength(7);
  });

  it('5. equal counts draw, and a side with no stacks can win on the count', () => {
    const drawn = fen('B:Wd6(000000/000000):Ba1(100000/000000)', 'adiyukh');
    expect(moveTexts(drawn)).toEqual([]);
    expect(GameHistory.from(drawn).status()).toEqual({
      kind: 'draw',
      reason: 'half-count',
      counts: [12, 12],
      ended: 'no-legal-move',
    });

    const noStacks = fen('B:Wc3(000000000000/000000000000):B', 'adiyukh');
    const status = GameHistory.from(noStacks).status();
    expect(status).toEqual({
      kind: 'win',
      winner: 1,
      reason: 'half-count',
      counts: [0, 24],
      ended: 'no-legal-move',
    });
    expect(describeStatus(status, 1)).toBe(
      'black wins 24:0 on the half count (the side to move has no legal move)',
    );
  });
});

describe('adiyukh: more rules', () => {
  it('starts like bashni and men move as in bashni', () => {
    const start = startPosition('adiyukh');
    expect(moveTexts(start)).toEqual(moveTexts(startPosition('bashni')));
    expect(halfCounts(start)).toEqual([12, 12]);
  });

  it('a man crowned by a quiet move is a king at rest that cannot move until it can capture', () => {
    const start = fen('W:Wg7,a1:Bb6', 'adiyukh');
    const after = fenAfter(start, 'g7-h8');
    expect(stackText(after, 'h8')).toBe('W');
    // Black b6-a5 or b6-c5; then the h8 king has nothing to take and cannot move.
    const later = fenAfter(fen(after, 'adiyukh'), 'b6-c5');
    expect(moveTexts(fen(later, 'adiyukh'))).toEqual(['a1-b2']);
  });

  it('a king must capture when it can (capture is mandatory for kings too)', () => {
    expect(moveTexts(fen('W:WKh8,a1:Bd4', 'adiyukh'))).toEqual(['h8:b2', 'h8:c3']);
  });

  it('a freed king at rest can move only by capturing', () => {
    // c3 takes the black man off d4 and frees the white king under it.
    const start = fen('W:Wc3,h2:Bd4(0/1),h6', 'adiyukh');
    const after = fenAfter(start, 'c3:e5');
    expect(stackText(after, 'd4')).toBe('W');
    const later = fenAfter(fen(after, 'adiyukh'), 'h6-g5');
    expect(moveTexts(fen(later, 'adiyukh'))).toEqual(['e5-d6', 'e5-f6', 'h2-g3']);
  });

  it('prisoners keep their rank; only the top reverts', () => {
    const after = fenAfter(fen('W:Wa3(1/1):Bd6(1/1)', 'adiyukh'), 'a3:e7');
    expect(stackText(after, 'e7')).toBe('wBB');
    expect(stackText(after, 'd6')).toBe('W');
  });

  it('Black kings revert too and stay kings on rank 1', () => {
    const start = fen('B:Wc3:BKf6', 'adiyukh');
    expect(moveTexts(start)).toEqual(['f6:a1', 'f6:b2']);
    expect(stackText(fenAfter(start, 'f6:a1'), 'a1')).toBe('Bw');
    expect(stackText(fenAfter(start, 'f6:b2'), 'b2')).toBe('bw');
  });

  it('no 180° turn as in bashni (CHOICE): a king may go back over a square emptied by its own jump', () => {
    // Dagaz forbids any jump straight back; our bashni rule forbids only re-jumping the same
    // stack straight back, so after taking e5 the king may fly back over the emptied e5 and d4
    // to take b2 (and the other way round). Dagaz would allow only d4:f6, d4:g7, d4:h8, d4:a1.
    const start = fen('W:WKd4:Be5,b2', 'adiyukh');
    const expected = ['d4:a1:f6', 'd4:a1:g7', 'd4:a1:h8', 'd4:f6:a1', 'd4:g7:a1', 'd4:h8:a1'];
    expect(moveTexts(start)).toEqual(expected);
    expect(referenceTexts('W:WKd4:Be5,b2')).toEqual(expected);
    expect(stackText(fenAfter(start, 'd4:a1:h8'), 'h8')).toBe('Wbb');
    expect(stackText(fenAfter(start, 'd4:h8:a1'), 'a1')).toBe('wbb');
  });
});

describe('adiyukh: end of game', () => {
  const position = fen('W:Wa1,c3(00),e3:Bh8,f8,d8,b8', 'adiyukh');

  it('a third repetition ends the game, scored by the half count (CHOICE)', () => {
    // 4 pieces on White's half (Black's score), 4 on Black's half (White's score): a draw.
    expect(ruleStatus(position, 3, 0)).toEqual({
      kind: 'draw',
      reason: 'half-count',
      counts: [4, 4],
      ended: 'threefold-repetition',
    });
    const whiteAhead = fen('W:Wa1,c5(00),e5:Bh8,f8,d8,b8', 'adiyukh');
    const status = ruleStatus(whiteAhead, 3, 0);
    expect(status).toMatchObject({ kind: 'win', winner: 0, counts: [7, 1] });
    expect(describeStatus(status, 0)).toBe(
      'white wins 7:1 on the half count (threefold repetition)',
    );
    expect(ruleStatus(position, 2, 0)).toEqual({ kind: 'ongoing' });
  });

  it('there is no 15-move rule', () => {
    expect(ruleStatus(position, 1, 1000)).toEqual({ kind: 'ongoing' });
    // bashni would call it a draw.
    expect(ruleStatus(fen('W:Wa1,c3(00),e3:Bh8,f8,d8,b8'), 1, 30).kind).toBe('draw');
  });

  it('the count ignores ownership: prisoners count where their stack stands', () => {
    expect(halfCounts(fen('W:Wd4(0/000):Bc5(0/000)', 'adiyukh'))).toEqual([4, 4]);
    expect(halfCounts(fen('W:We5(0/000):Bc3(0/000)', 'adiyukh'))).toEqual([4, 4]);
    expect(halfCounts(fen('W:We5(0/000):Bc7(0/000)', 'adiyukh'))).toEqual([8, 0]);
  });
});
