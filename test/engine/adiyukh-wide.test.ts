import { describe, expect, it } from 'vitest';
import {
  Board,
  describeStatus,
  makeFen,
  MoveGenerator,
  MoveList,
  GameHistory,
  halfCounts,
  MAX_STACK_HEIGHT,
  parseFen,
  perft,
  stackAt,
  type VariantId,
} from '../../src/engine/index.js';
import { fen, fenAfter, moveTexts, playMoves, tower } from '../support/engine-helpers.js';
import { referenceMoves, referencePerft } from '../support/reference/reference.js';

/** The reference generator's moves, sorted, for the same position. */
function referenceTexts(variant: VariantId, fenText: string): string[] {
  return referenceMoves(variant as 'adiyukh-8x10', fenText)
    .map((entry) => entry.move)
    .sort();
}

/** The moves of a position, checked against the reference generator. */
function checkedMoves(variant: VariantId, fenText: string): string[] {
  const moves = moveTexts(fen(fenText, variant));
  expect(referenceTexts(variant, fenText)).toEqual(moves);
  return moves;
}

describe('adiyukh-8x10 (10 files by 8 ranks): the half count', () => {
  it('16:14 wins for White: ranks 5–8 are Black’s half', () => {
    const position = fen('W:Wj8(10000000/00000000):Ba1(1000000/0000000)', 'adiyukh-8x10');
    expect(moveTexts(position)).toEqual([]);
    const status = GameHistory.from(position).status();
    expect(status).toEqual({
      kind: 'win',
      winner: 0,
      reason: 'half-count',
      counts: [16, 14],
      ended: 'no-legal-move',
    });
    expect(describeStatus(status, 0)).toBe(
      'white wins 16:14 on the half count (the side to move has no legal move)',
    );
  });

  it('15:15 draws', () => {
    const position = fen('B:Wj8(10000000/0000000):Ba1(10000000/0000000)', 'adiyukh-8x10');
    expect(GameHistory.from(position).status()).toEqual({
      kind: 'draw',
      reason: 'half-count',
      counts: [15, 15],
      ended: 'no-legal-move',
    });
  });

  it('splits the board between ranks 4 and 5', () => {
    expect(halfCounts(fen('W:Wb4(00),a5:Bj4,i5(000)', 'adiyukh-8x10'))).toEqual([4, 3]);
  });
});

describe('adiyukh-10x10: the half count', () => {
  it('21:19 wins for White', () => {
    const position = fen(
      'W:Wj10(10000000000/0000000000):Ba1(1000000000/000000000)',
      'adiyukh-10x10',
    );
    expect(moveTexts(position)).toEqual([]);
    expect(GameHistory.from(position).status()).toEqual({
      kind: 'win',
      winner: 0,
      reason: 'half-count',
      counts: [21, 19],
      ended: 'no-legal-move',
    });
  });

  it('19:21 wins for Black, 20:20 draws', () => {
    const black = fen('W:Wj10(1000000000/000000000):Ba1(10000000000/0000000000)', 'adiyukh-10x10');
    expect(GameHistory.from(black).status()).toMatchObject({
      kind: 'win',
      winner: 1,
      counts: [19, 21],
    });
    const even = fen('W:Wj10(1000000000/0000000000):Ba1(1000000000/0000000000)', 'adiyukh-10x10');
    expect(GameHistory.from(even).status()).toMatchObject({ kind: 'draw', counts: [20, 20] });
  });

  it('splits the board between ranks 5 and 6', () => {
    expect(halfCounts(fen('W:Wa5(00),b6:Bj6,i5(000)', 'adiyukh-10x10'))).toEqual([2, 5]);
  });
});

describe('adiyukh on the wide boards: the far rank is the last one', () => {
  it('10x8: a king stays a king only when its capture ends on rank 8', () => {
    const start = 'W:WKa3:Bd6';
    expect(checkedMoves('adiyukh-8x10', start)).toEqual(['a3:e7', 'a3:f8']);
    expect(fenAfter(fen(start, 'adiyukh-8x10'), 'a3:e7')).toBe('B:We7(0/0):B');
    expect(fenAfter(fen(start, 'adiyukh-8x10'), 'a3:f8')).toBe('B:Wf8(1/0):B');
  });

  it('10x10: rank 8 is no far rank; only a capture ending on rank 10 keeps the king', () => {
    const start = fen('W:WKa3:Bd6', 'adiyukh-10x10');
    expect(checkedMoves('adiyukh-10x10', 'W:WKa3:Bd6')).toEqual([
      'a3:e7',
      'a3:f8',
      'a3:g9',
      'a3:h10',
    ]);
    expect(fenAfter(start, 'a3:f8')).toBe('B:Wf8(0/0):B');
    expect(fenAfter(start, 'a3:g9')).toBe('B:Wg9(0/0):B');
    expect(fenAfter(start, 'a3:h10')).toBe('B:Wh10(1/0):B');
  });

  it('10x10: Black’s kings revert too, and stay kings on rank 1', () => {
    const start = fen('B:Wc5:BKf8', 'adiyukh-10x10');
    expect(checkedMoves('adiyukh-10x10', 'B:Wc5:BKf8')).toEqual(['f8:a3', 'f8:b4']);
    expect(fenAfter(start, 'f8:b4')).toBe('W:W:Bb4(0/0)');
    // a3 is not rank 1 either; a capture of h6 over f4 can end on c1.
    expect(fenAfter(start, 'f8:a3')).toBe('W:W:Ba3(0/0)');
    const toRankOne = fen('B:Wf4:BKh6', 'adiyukh-10x10');
    expect(moveTexts(toRankOne)).toEqual(['h6:c1', 'h6:d2', 'h6:e3']);
    expect(fenAfter(toRankOne, 'h6:c1')).toBe('W:W:Bc1(1/0)');
    expect(fenAfter(toRankOne, 'h6:d2')).toBe('W:W:Bd2(0/0)');
  });

  it('10x10: a man crowned on rank 10 mid-capture flies on as a king and ends as a man', () => {
    const text = 'W:Wb8:Bc9,e9';
    expect(checkedMoves('adiyukh-10x10', text)).toEqual([
      'b8:d10:f8',
      'b8:d10:g7',
      'b8:d10:h6',
      'b8:d10:i5',
      'b8:d10:j4',
    ]);
    expect(fenAfter(fen(text, 'adiyukh-10x10'), 'b8:d10:f8')).toBe('B:Wf8(0/00):B');
    // A capture that ends where it was crowned leaves a king on rank 10.
    expect(fenAfter(fen('W:Wb8:Bc9', 'adiyukh-10x10'), 'b8:d10')).toBe('B:Wd10(1/0):B');
    // On 10x8 the same men are crowned on rank 8 already: b6 over c7 to d8.
    expect(checkedMoves('adiyukh-8x10', 'W:Wb6:Bc7,e7')).toEqual([
      'b6:d8:f6',
      'b6:d8:g5',
      'b6:d8:h4',
      'b6:d8:i3',
      'b6:d8:j2',
    ]);
  });
});

describe('adiyukh-10x10: captures longer than the 8x8 boards allow', () => {
  // A king circles four black towers of five, taking one piece per jump: 20 jumps.
  const text = 'W:WKe3:Bd4(00000),f4(00000),d6(00000),f6(00000)';

  it('finds the 20-jump captures, as the reference does, and plays them', () => {
    const position = fen(text, 'adiyukh-10x10');
    const moves = checkedMoves('adiyukh-10x10', text);
    expect(moves).toHaveLength(6);
    expect(Math.max(...moves.map((m) => m.split(':').length - 1))).toBe(20);
    const loop = 'e3:c5:e7:g5:e3:c5:e7:g5:e3:c5:e7:g5:e3:c5:e7:g5:e3:c5:e7:g5';
    expect(fenAfter(position, `${loop}:c1`)).toBe('B:Wc1(0/00000000000000000000):B');
    for (const entry of referenceMoves('adiyukh-10x10', text))
      expect(fenAfter(position, entry.move)).toBe(entry.fen);
  });

  it('make/unmake keeps the hash exact past the 12th jump', () => {
    const board = new Board(fen(text, 'adiyukh-10x10'));
    const list = new MoveList();
    const count = new MoveGenerator(board).generate(list);
    const before = [board.hashLow, board.hashHigh];
    for (let i = 0; i < count; i++) {
      expect(list.jumps(i)).toBe(20);
      board.make(list, i);
      const fresh = new Board(board.toPosition());
      expect([board.hashLow, board.hashHigh]).toEqual([fresh.hashLow, fresh.hashHigh]);
      board.unmake(list, i);
      expect([board.hashLow, board.hashHigh]).toEqual(before);
      expect(makeFen(board.toPosition())).toBe(text);
    }
  });
});

describe('adiyukh-10x10: stacks', () => {
  it('refuses a FEN stack of more than 32 pieces (the engine’s bit fields), accepts 32', () => {
    // 17 white over 16 black: within 20 a side, but 33 in one stack.
    const tall = parseFen(`W:Wa1(${'0'.repeat(17)}/${'0'.repeat(16)}):B`, 'adiyukh-10x10');
    expect(!tall.ok && tall.error.code).toBe('fen-stack-height');
    const fits = parseFen(`W:Wa1(${'0'.repeat(16)}/${'0'.repeat(16)}):B`, 'adiyukh-10x10');
    expect(fits.ok && fits.value.stacks[0]).toEqual({ height: 32, colors: 0xffff, kings: 0 });
  });
});

describe('adiyukh-10x10: no capture builds a stack of more than 32 pieces', () => {
  it('the capture ending at 32 is there, the one that would build 33 is not', () => {
    // docs/rules.md's example: c3 (31) takes d4 alone (32) or b4 and b6 (33).
    const text = `W:Wc3${tower(20, 11)}:Bd4,b4,b6`;
    expect(checkedMoves('adiyukh-10x10', text)).toEqual(['c3:e5']);
    const after = fenAfter(fen(text, 'adiyukh-10x10'), 'c3:e5');
    expect(stackAt(fen(after, 'adiyukh-10x10'), 'e5')?.height).toBe(MAX_STACK_HEIGHT);
  });

  it('a route that must go on past 32 is not cut short: it is not there at all', () => {
    // c3:a5 would have to go on over b6 (33); stopping on a5 breaks the must-continue rule.
    expect(checkedMoves('adiyukh-10x10', `W:Wc3${tower(20, 11)}:Bb4,b6`)).toEqual(['c3-d4']);
  });

  it('with no capture left, the side plays its ordinary moves', () => {
    // The 32-high black stack on f6 would take e5 into 33.
    expect(checkedMoves('adiyukh-10x10', `B:We5,a1:Bf6${tower(20, 12)}`)).toEqual(['f6-g5']);
  });

  it('the king landing rule still holds: a landing whose capture goes on past 32 leaves none', () => {
    // The king on a1 (31) jumps c3; only e5 lets it go on (over g3, to 33), so it must land
    // there, and that route is not available. The king may not stop on d4 instead.
    const text = `W:Wa1${tower(19, 12, true)},j2:Bc3,g3`;
    expect(checkedMoves('adiyukh-10x10', text)).toEqual(['j2-i3']);
    expect(perft(fen(text, 'adiyukh-10x10'), 2)).toBe(referencePerft('adiyukh-10x10', text, 2));
  });

  it('a game that comes to such a capture goes on: its moves are the ordinary ones', () => {
    const start = 'W:Wi1(0000000000000000000/0000000000000),g3:Bd8,j4,a3,j6';
    const history = playMoves(GameHistory.from(fen(start, 'adiyukh-10x10')), 'i1-h2', 'j4-i3');
    // h2 (32) could only take i3 into 33: White moves g3.
    expect(moveTexts(history.position)).toEqual(['g3-f4', 'g3-h4']);
    expect(history.status().kind).toBe('ongoing');
    expect(checkedMoves('adiyukh-10x10', makeFen(history.position))).toEqual(['g3-f4', 'g3-h4']);
  });
});
