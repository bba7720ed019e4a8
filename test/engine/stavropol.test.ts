import { describe, expect, it } from 'vitest';
import {
  Board,
  describeStatus,
  GameHistory,
  halfCounts,
  legalMoves,
  makeFen,
  makeMove,
  parseFen,
  MoveGenerator,
  MoveList,
  positionKey,
  ruleStatus,
  startPosition,
  topsOfOneColour,
  VARIANTS,
  type Move,
  type Position,
} from '../../src/engine/index.js';
import {
  fen,
  fenAfter,
  moveTexts,
  randomPositions,
  stackText as sharedStackText,
} from '../support/engine-helpers.js';
import { referenceMoves } from '../support/reference/reference.js';

const S = 'stavropol';

/** A stack in the worked examples' shorthand. */
function stackText(fenText: string, square: string): string {
  return sharedStackText(fenText, square, S);
}

/** The reference generator's moves, sorted, for the same position. */
function referenceTexts(fenText: string): string[] {
  return referenceMoves(S, fenText)
    .map((entry) => entry.move)
    .sort();
}

describe('stavropol: VARIANTS.md section 2 worked examples', () => {
  it('1. the start, White to move: 14 moves, the 7 white-man moves and the 7 black-man moves', () => {
    const start = startPosition(S);
    const moves = moveTexts(start);
    expect(moves).toHaveLength(14);
    expect(moves).toEqual(
      [
        'a3-b4',
        'c3-b4',
        'c3-d4',
        'e3-d4',
        'e3-f4',
        'g3-f4',
        'g3-h4',
        'b6-a5',
        'b6-c5',
        'd6-c5',
        'd6-e5',
        'f6-e5',
        'f6-g5',
        'h6-g5',
      ].sort(),
    );
    expect(referenceTexts(makeFen(start))).toEqual(moves);
    // The White player moving a black man: it goes down, and then Black is to move.
    expect(fenAfter(start, 'b6-a5')).toBe(
      'B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8',
    );
  });

  it('2. black-topped men go down even when the White player moves them', () => {
    const text = 'W:Wc3:Bf6';
    const expected = ['c3-b4', 'c3-d4', 'f6-e5', 'f6-g5'];
    expect(moveTexts(fen(text, S))).toEqual(expected);
    expect(referenceTexts(text)).toEqual(expected);
    // Black to move: the same four moves.
    expect(moveTexts(fen('B:Wc3:Bf6', S))).toEqual(expected);
  });

  it('3. both colours capture; the capture that leaves one top colour ends the game', () => {
    const start = fen('W:Wd4:Be5', S);
    expect(moveTexts(start)).toEqual(['d4:f6', 'e5:c3']);
    expect(referenceTexts('W:Wd4:Be5')).toEqual(['d4:f6', 'e5:c3']);

    const afterWhite = fenAfter(start, 'd4:f6');
    expect(afterWhite).toBe('B:Wf6(0/0):B');
    const whiteWins = GameHistory.from(start).play(moveOf(start, 'd4:f6'));
    expect(whiteWins.status()).toEqual({
      kind: 'win',
      winner: 0,
      reason: 'half-count',
      counts: [2, 0],
      ended: 'one-colour',
    });
    expect(describeStatus(whiteWins.status(), 1)).toBe(
      'white wins 2:0 on the half count (every stack has a top of one colour)',
    );

    const afterBlack = fenAfter(start, 'e5:c3');
    expect(afterBlack).toBe('B:W:Bc3(0/0)');
    expect(ruleStatus(fen(afterBlack, S), 1, 0)).toEqual({
      kind: 'win',
      winner: 1,
      reason: 'half-count',
      counts: [0, 2],
      ended: 'one-colour',
    });
  });

  it('4. two kings that cannot capture: no legal move, 2:2, a draw', () => {
    // VARIANTS.md writes `W:WKh8(1/0):BKa1(1/0)`, which our FEN refuses (a K prefix and a
    // composition together); the stacks meant are a white king over a black man on h8 and a
    // black king over a white man on a1.
    expect(parseFen('W:WKh8(1/0):BKa1(1/0)', S).ok).toBe(false);
    const position = fen('W:Wh8(1/0):Ba1(1/0)', S);
    expect(moveTexts(position)).toEqual([]);
    expect(referenceTexts('W:Wh8(1/0):Ba1(1/0)')).toEqual([]);
    expect(GameHistory.from(position).status()).toEqual({
      kind: 'draw',
      reason: 'half-count',
      counts: [2, 2],
      ended: 'no-legal-move',
    });
  });
});

/** The legal move with this notation. */
function moveOf(position: Position, text: string): Move {
  const move = legalMoves(position).find((m) => makeMove(VARIANTS[S], m) === text);
  if (move === undefined) throw new Error(`${text} is not legal in ${makeFen(position)}`);
  return move;
}

describe('stavropol: shared pieces', () => {
  it('capturing is mandatory over the whole board: a black-topped capture binds the White player', () => {
    // Only the black man on e5 can capture (d4 cannot: c3... f6 is occupied behind e5).
    const text = 'W:Wd4,a1:Be5,f6';
    expect(moveTexts(fen(text, S))).toEqual(['e5:c3']);
    expect(referenceTexts(text)).toEqual(['e5:c3']);
  });

  it('free choice among captures of either colour; a sequence goes on with the same stack', () => {
    const text = 'W:Wc3,h2:Bd4,g3,b6';
    const moves = moveTexts(fen(text, S));
    expect(moves).toEqual(referenceTexts(text));
    expect(moves).toEqual(['c3:e5', 'd4:b2', 'h2:f4']);
  });

  it('a white-topped stack jumps only black-topped ones, whoever moves it', () => {
    // c3 and d4 are both white-topped: no capture; white men go up, black b6 goes down.
    expect(moveTexts(fen('B:Wc3,d4:Bb6', S))).toEqual([
      'b6-a5',
      'b6-c5',
      'c3-b4',
      'd4-c5',
      'd4-e5',
    ]);
  });

  it('direction, crowning and reversion follow the top colour', () => {
    // The White player crowns a black man on rank 1.
    const crowned = fenAfter(fen('W:Wh8:Bb2', S), 'b2-a1');
    expect(stackText(crowned, 'a1')).toBe('B');
    // A black king captures as a flying king and reverts off rank 1, stays a king on it.
    const start = fen('W:Wc3,h8:BKf6', S);
    expect(moveTexts(start)).toEqual(['f6:a1', 'f6:b2']);
    expect(stackText(fenAfter(start, 'f6:a1'), 'a1')).toBe('Bw');
    expect(stackText(fenAfter(start, 'f6:b2'), 'b2')).toBe('bw');
  });

  it('the FEN side names the player; the lists stay split by top colour; round trip', () => {
    for (const text of ['W:Wc3,e5(0/00):Bd6(1/0),h8', 'B:Wc3,e5(0/00):Bd6(1/0),h8']) {
      expect(makeFen(fen(text, S))).toBe(text);
    }
    // Same stacks, other player to move: a different position (repetition, hash).
    expect(positionKey(fen('W:Wc3:Bf6', S))).not.toBe(positionKey(fen('B:Wc3:Bf6', S)));
  });

  it('the game ends when every top has one colour, even if moves remain', () => {
    const position = fen('B:Wc3,e5(0/000):B', S);
    expect(topsOfOneColour(position)).toBe(true);
    expect(moveTexts(position)).toEqual([]);
    // e5's four pieces stand on Black's half (White's score), c3 on White's half.
    expect(ruleStatus(position, 1, 0)).toEqual({
      kind: 'win',
      winner: 0,
      reason: 'half-count',
      counts: [4, 1],
      ended: 'one-colour',
    });
  });

  it('a third repetition ends the game, scored by the count; no 15-move rule', () => {
    const position = fen('W:Wa1,c5(00),e5:Bh8,f8,d8,b8', S);
    expect(ruleStatus(position, 3, 0)).toMatchObject({
      kind: 'win',
      winner: 0,
      counts: [7, 1],
      ended: 'threefold-repetition',
    });
    expect(ruleStatus(position, 1, 1000)).toEqual({ kind: 'ongoing' });
  });

  it('make/unmake restores the board and its hash for moves of both colours', () => {
    for (const position of randomPositions(S, 200, 77)) {
      const board = new Board(position);
      const before = makeFen(board.toPosition());
      const { hashLow, hashHigh } = board;
      const list = new MoveList();
      const count = new MoveGenerator(board).generate(list);
      for (let i = 0; i < count; i++) {
        board.make(list, i);
        const low = board.hashLow;
        const high = board.hashHigh;
        board.rehash();
        expect([board.hashLow, board.hashHigh]).toEqual([low, high]);
        board.unmake(list, i);
        expect(makeFen(board.toPosition())).toBe(before);
        expect([board.hashLow, board.hashHigh]).toEqual([hashLow, hashHigh]);
      }
    }
  });

  it('the half count ignores who moved last and which colour is on top', () => {
    expect(halfCounts(fen('W:Wd4(0/000):Bc5(0/000)', S))).toEqual([4, 4]);
  });
});
