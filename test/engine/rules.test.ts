import { describe, expect, it } from 'vitest';
import { applyMove, legalMoves, stackAt, stackPieces } from '../../src/engine/index.js';
import { fen, fenAfter, moveTexts } from '../support/engine-helpers.js';

/** A stack in the worked examples' shorthand: top first, w/b man, W/B king. */
function stackText(
  fenText: string,
  variant: 'bashni' | 'stolby' | 'laska' | 'giveaway',
  square: string,
): string {
  const stack = stackAt(fen(fenText, variant), square);
  if (stack === null) return '';
  const letter = (color: number, king: boolean) =>
    (color === 0 ? 'w' : 'b')[king ? 'toUpperCase' : 'toLowerCase']();
  return stackPieces(stack)
    .map((piece) => letter(piece.color, piece.king))
    .join('');
}

describe('docs/rules.md worked examples, as they stand', () => {
  it('1. re-jumping a stack, no 180° turn (bashni)', () => {
    const start = fen('W:Wc3:Bd4(00),f4,f2,d2,h8');
    expect(moveTexts(start)).toEqual(['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3:e5']);
    const after = fenAfter(start, 'c3:e5:g3:e1:c3:e5');
    expect(stackText(after, 'bashni', 'e5')).toBe('wbbbbb');
    expect(stackText(after, 'bashni', 'd4')).toBe('');
  });

  it('1. in stolby both routes stop at c3 after four jumps', () => {
    const start = fen('W:Wc3:Bd4(00),f4,f2,d2,h8', 'stolby');
    expect(moveTexts(start)).toEqual(['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3']);
    for (const move of moveTexts(start)) {
      const after = fenAfter(start, move);
      expect(stackText(after, 'stolby', 'c3')).toBe('wbbbb');
      expect(stackText(after, 'stolby', 'd4')).toBe('b');
    }
  });

  it('2. promotion during a capture: crowned on d8, flies on over g5', () => {
    const start = fen('W:Wb6(0/0):Bc7,g5');
    expect(moveTexts(start)).toEqual(['b6:d8:h4']);
    expect(stackText(fenAfter(start, 'b6:d8:h4'), 'bashni', 'h4')).toBe('Wbbb');
  });

  it('3. prisoners keep their rank and are freed', () => {
    const start = fen('W:Wc3:Bd4(1/0),f6(0/1)');
    expect(moveTexts(start)).toEqual(['c3:e5:g7']);
    const after = fenAfter(start, 'c3:e5:g7');
    expect(stackText(after, 'bashni', 'd4')).toBe('w');
    expect(stackText(after, 'bashni', 'f6')).toBe('W');
    expect(stackText(after, 'bashni', 'g7')).toBe('wBb');
  });

  it('4. king landing rule: must land where the capture goes on', () => {
    expect(moveTexts(fen('W:WKa1:Bc3,f4'))).toEqual(['a1:e5:g3', 'a1:e5:h2']);
  });

  it('5. a man captures backwards', () => {
    expect(moveTexts(fen('W:Wd4:Bc3,h8'))).toEqual(['d4:b2']);
  });

  it('6. Laska men capture forward only', () => {
    expect(moveTexts(fen('W:Wd4:Bc5,e5,c3', 'laska'))).toEqual(['d4:b6', 'd4:f6']);
  });

  it('7. Laska: promotion ends the move; a freed officer keeps its rank', () => {
    const start = fen('W:Wc3:Bd4(0/1),f6', 'laska');
    expect(moveTexts(start)).toEqual(['c3:e5:g7']);
    const after = fenAfter(start, 'c3:e5:g7');
    expect(stackText(after, 'laska', 'd4')).toBe('W');
    expect(stackText(after, 'laska', 'g7')).toBe('Wbb');
  });
});

describe('quiet moves', () => {
  it('a man moves one square diagonally forward, for each colour', () => {
    expect(moveTexts(fen('W:Wc3,e3:Bh8'))).toEqual(['c3-b4', 'c3-d4', 'e3-d4', 'e3-f4']);
    expect(moveTexts(fen('B:Wa1:Bd6'))).toEqual(['d6-c5', 'd6-e5']);
  });

  it('a king flies along every diagonal over empty squares only', () => {
    expect(moveTexts(fen('B:Wa1,h8:BKf6'))).toEqual(
      ['f6-b2', 'f6-c3', 'f6-d4', 'f6-d8', 'f6-e5', 'f6-e7', 'f6-g5', 'f6-g7', 'f6-h4'].sort(),
    );
  });

  it('the top piece decides: a man over a king moves as a man, a king over men as a king', () => {
    expect(moveTexts(fen('W:Wd4(0/1):Bh8'))).toEqual(['d4-c5', 'd4-e5']);
    expect(moveTexts(fen('W:Wa1(1/00):Bh6'))).toHaveLength(7);
  });

  it('a man reaching the far rank is crowned (only the top piece)', () => {
    const start = fen('W:Wg7(0/00):Bh8');
    expect(moveTexts(start)).toEqual(['g7-f8']);
    const after = fenAfter(start, 'g7-f8');
    expect(after).toBe('B:Wf8(1/00):Bh8');
    expect(fenAfter(fen('B:Wh8:Bb2'), 'b2-a1')).toBe('W:Wh8:BKa1');
  });

  it('Laska officers step one square in any direction; men only forward', () => {
    expect(moveTexts(fen('W:WKd4,c3:Ba7', 'laska'))).toEqual(['c3-b4', 'd4-c5', 'd4-e3', 'd4-e5']);
  });

  it('a side with no move at all has an empty list (blocked)', () => {
    expect(moveTexts(fen('W:WKa1:Bb2,c3'))).toEqual([]);
    expect(moveTexts(fen('W:Wa1:Bb2,c3'))).toEqual([]);
  });
});

describe('captures', () => {
  it('capturing is mandatory: quiet moves vanish when any capture exists', () => {
    expect(moveTexts(fen('W:Wa1,c3:Bd4,h8'))).toEqual(['c3:e5']);
  });

  it('free choice between sequences of different length (no majority rule)', () => {
    expect(moveTexts(fen('W:Wa3,g3:Bb4,f4,f6,h8'))).toEqual(['a3:c5', 'g3:e5:g7']);
  });

  it('a sequence must be played to its end', () => {
    expect(moveTexts(fen('W:Wc3,g3:Bd4,f4,f6,h8'))).toEqual(['c3:e5:g7', 'g3:e5:g7']);
  });

  it('a man captures in all four directions in Russian-rule variants', () => {
    expect(moveTexts(fen('W:Wd4:Bc5,e5,c3,e3,a7'))).toEqual(['d4:b2', 'd4:b6', 'd4:f2', 'd4:f6']);
  });

  it('a king takes from afar and may land on any empty square beyond when nothing follows', () => {
    expect(moveTexts(fen('W:WKa1:Bb2'))).toEqual([
      'a1:c3',
      'a1:d4',
      'a1:e5',
      'a1:f6',
      'a1:g7',
      'a1:h8',
    ]);
  });

  it('only the top piece is taken; the rest stays and belongs to its new top', () => {
    const start = fen('W:Wc3:Bd4(0/0),h8');
    expect(moveTexts(start)).toEqual(['c3:e5']);
    const after = fenAfter(start, 'c3:e5');
    expect(after).toBe('B:Wd4,e5(0/0):Bh8');
  });

  it('a stack whose new top is the mover’s colour blocks the rest of the move', () => {
    // After taking the black man off d4 the stack is white: the king cannot jump it again,
    // so it must stop on e5..h8 (nothing else to take).
    expect(moveTexts(fen('W:WKa1:Bd4(0/0)'))).toEqual(['a1:e5', 'a1:f6', 'a1:g7', 'a1:h8']);
  });

  it('no 180° turn: a man may not jump straight back over the stack it just jumped', () => {
    expect(moveTexts(fen('W:Wc3:Bd4(00),h8'))).toEqual(['c3:e5']);
    expect(fenAfter(fen('W:Wc3:Bd4(00),h8'), 'c3:e5')).toBe('B:We5(0/0):Bd4,h8');
  });

  it('no 180° turn for kings either', () => {
    expect(moveTexts(fen('W:WKa1:Bd4(00)'))).toEqual(['a1:e5', 'a1:f6', 'a1:g7', 'a1:h8']);
  });

  it('bashni: emptied squares and the start square are empty at once; another stack may be taken straight back', () => {
    const start = fen('W:WKe5,Kh8:Bc3,f6');
    expect(moveTexts(start)).toEqual(['e5:a1:g7', 'e5:b2:g7', 'e5:g7:a1', 'e5:g7:b2']);
  });

  it('stolby/laska Turkish strike: a jumped square stays blocked, even emptied', () => {
    expect(moveTexts(fen('W:WKe5,Kh8:Bc3,f6', 'stolby'))).toEqual(['e5:a1', 'e5:b2', 'e5:g7']);
    expect(moveTexts(fen('W:WKa1:Bc3,e5,f2', 'stolby'))).toEqual([
      'a1:d4:f6',
      'a1:d4:g1',
      'a1:d4:g7',
      'a1:d4:h8',
    ]);
  });

  it('stolby demotes a captured king; bashni and laska keep its rank', () => {
    expect(fenAfter(fen('W:Wc3:BKd4', 'stolby'), 'c3:e5')).toBe('B:We5(0/0):B');
    expect(fenAfter(fen('W:Wc3:BKd4'), 'c3:e5')).toBe('B:We5(0/1):B');
    expect(fenAfter(fen('W:Wc3:BKd4', 'laska'), 'c3:e5')).toBe('B:We5(0/1):B');
  });

  it('a captured king becomes a moving king again once freed (bashni)', () => {
    const start = fen('B:Wf4(0/1):Bg5,h8');
    // Black g5 takes the white man off f4, freeing the black king under it.
    const after = fenAfter(start, 'g5:e3');
    expect(stackText(after, 'bashni', 'f4')).toBe('B');
    const blackToMove = fen('B' + after.slice(1));
    expect(moveTexts(blackToMove)).toEqual(expect.arrayContaining(['f4-b8', 'f4-h2', 'f4-h6']));
  });

  it('a promoted man goes on as a king in stolby too, but stops in laska', () => {
    expect(moveTexts(fen('W:Wb6(0/0):Bc7,g5', 'stolby'))).toEqual(['b6:d8:h4']);
    expect(moveTexts(fen('W:Wc5:Bd6,f6', 'laska'))).toEqual(['c5:e7']);
  });

  it('Laska officers capture one square in any direction, landing right behind', () => {
    expect(moveTexts(fen('W:WKd4:Be3,c5,a7', 'laska'))).toEqual(['d4:b6', 'd4:f2']);
  });

  it('giveaway moves exactly like bashni', () => {
    for (const text of ['W:Wc3:Bd4(00),f4,f2,d2,h8', 'W:WKa1:Bc3,f4', 'W:Wb6(0/0):Bc7,g5']) {
      expect(moveTexts(fen(text, 'giveaway'))).toEqual(moveTexts(fen(text)));
    }
  });
});

describe('purity', () => {
  it('legalMoves and applyMove do not mutate the position they are given', () => {
    const start = fen('W:Wc3:Bd4(00),f4,f2,d2,h8');
    const snapshot = JSON.stringify(start);
    for (const move of legalMoves(start)) applyMove(start, move);
    expect(JSON.stringify(start)).toBe(snapshot);
  });

  it('applyMove refuses a move that is not legal', () => {
    const start = fen('W:Wc3:Bh8');
    expect(() => applyMove(start, { from: 9, path: [17], captures: [], promotes: false })).toThrow(
      /not legal/,
    );
  });
});
