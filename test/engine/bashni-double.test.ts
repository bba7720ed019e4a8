import { describe, expect, it } from 'vitest';
import {
  Board,
  describeStatus,
  fifteenMovePlies,
  GameHistory,
  legalMoves,
  makeFen,
  makePdn,
  MoveGenerator,
  MoveList,
  movesLeft,
  parseFen,
  parsePdn,
  positionKey,
  replayGame,
  ruleStatus,
  startPosition,
  VARIANTS,
  type Position,
} from '../../src/engine/index.js';
import { fen, fenAfter, moveTexts, playMoves } from '../support/engine-helpers.js';

const V = 'bashni-double';

function double(text: string): Position {
  return fen(text, V);
}

const play = playMoves;

/** Every whole turn from `position` (the side's moves until the other side is to move). */
function turnSequences(position: Position): string[] {
  const sequences: string[] = [];
  for (const first of moveTexts(position)) {
    const after = double(fenAfter(position, first));
    if (after.turn !== position.turn) sequences.push(first);
    else for (const second of moveTexts(after)) sequences.push(`${first} ${second}`);
  }
  return sequences;
}

describe('bashni-double: VARIANTS.md section 6 worked examples', () => {
  it('1. the start is W1: 7 moves, then Black with two moves (B2)', () => {
    const start = startPosition(V);
    expect(makeFen(start)).toBe(
      'W1:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8',
    );
    expect(moveTexts(start)).toHaveLength(7);
    for (const move of moveTexts(start)) expect(fenAfter(start, move)).toMatch(/^B2:/);
  });

  it('2. after 1. c3-b4, b6-a5 forces a5:c3; f6-g5 then b6-a5 stays legal', () => {
    const afterWhite = double(fenAfter(startPosition(V), 'c3-b4'));
    expect(makeFen(afterWhite)).toMatch(/^B2:/);
    const afterFirst = double(fenAfter(afterWhite, 'b6-a5'));
    expect(makeFen(afterFirst)).toMatch(/^B1:/);
    expect(moveTexts(afterFirst)).toEqual(['a5:c3']);
    const afterSecond = fenAfter(afterFirst, 'a5:c3');
    expect(afterSecond).toMatch(/^W2:/);
    expect(afterSecond).toContain('c3(0/0)');

    const otherOrder = double(fenAfter(afterWhite, 'f6-g5'));
    expect(moveTexts(otherOrder)).toContain('b6-a5');
    expect(moveTexts(otherOrder).some((move) => move.includes(':'))).toBe(false);
  });

  it('3. W2:Wc3:Bd4,h8: the first move must capture, then 2 turn sequences', () => {
    const position = double('W2:Wc3:Bd4,h8');
    expect(moveTexts(position)).toEqual(['c3:e5']);
    expect(turnSequences(position)).toEqual(['c3:e5 e5-d6', 'c3:e5 e5-f6']);
  });

  it('4. W2:Wg7:Bb2: a king crowned by the first move is a king for the second (8 sequences)', () => {
    const sequences = turnSequences(double('W2:Wg7:Bb2'));
    expect(sequences).toHaveLength(8);
    expect(sequences.filter((s) => s.startsWith('g7-h8'))).toEqual(['g7-h8 h8:a1']);
    expect(sequences.filter((s) => s.startsWith('g7-f8'))).toHaveLength(7);
  });

  it('5. W2:Wb6:Ba7,b8,d8: no second move loses; with W1 the turn simply passes', () => {
    const position = double('W2:Wb6:Ba7,b8,d8');
    expect(moveTexts(position)).toEqual(['b6-c7']);
    const history = play(GameHistory.from(position), 'b6-c7');
    expect(makeFen(history.position)).toBe('W1:Wc7:Ba7,b8,d8');
    expect(legalMoves(history.position)).toEqual([]);
    expect(history.status()).toEqual({ kind: 'win', winner: 1, reason: 'no-legal-move' });

    const single = play(GameHistory.from(double('W1:Wb6:Ba7,b8,d8')), 'b6-c7');
    expect(makeFen(single.position)).toBe('B2:Wc7:Ba7,b8,d8');
    expect(single.status().kind).toBe('ongoing');
  });

  it('taking the last enemy stack with the first move: the second move is still owed', () => {
    // Usually White still has a second move, and then Black, with no stacks, loses.
    const history = play(GameHistory.from(double('W2:Wc3:Bd4')), 'c3:e5');
    expect(makeFen(history.position)).toBe('W1:We5(0/0):B');
    expect(history.status().kind).toBe('ongoing');
    const after = play(history, 'e5-d6');
    expect(after.status()).toEqual({ kind: 'win', winner: 0, reason: 'no-legal-move' });

    // CHOICE (literal rule): if White then has no second move, White loses even so. The men
    // on d8 and f8 (a FEN-only setup) and the one landing on e7 are all stuck.
    const stuck = play(GameHistory.from(double('W2:Wc5,d8,f8:Bd6')), 'c5:e7');
    expect(makeFen(stuck.position)).toBe('W1:We7(0/0),d8,f8:B');
    expect(stuck.status()).toEqual({ kind: 'win', winner: 1, reason: 'no-legal-move' });
    expect(describeStatus(stuck.status(), stuck.position.turn)).toBe(
      'black wins: white has no legal move',
    );
  });
});

describe('bashni-double: FEN, hash and make/unmake', () => {
  it('the side token carries the moves left; plain W and B mean two', () => {
    for (const side of ['W1', 'W2', 'B1', 'B2']) {
      const text = `${side}:WKh2,c3(0/1):Bd6(00),e7`;
      expect(makeFen(double(text))).toBe(text);
    }
    expect(makeFen(double('W:Wc3:Bd6'))).toBe('W2:Wc3:Bd6');
    expect(makeFen(double('b:Wc3:Bd6'))).toBe('B2:Wc3:Bd6');
    expect(movesLeft(double('B1:Wc3:Bd6'))).toBe(1);
    for (const bad of ['W3:Wc3:Bd6', 'W0:Wc3:Bd6', 'WW:Wc3:Bd6', '1:Wc3:Bd6'])
      expect(parseFen(bad, V).ok, bad).toBe(false);
    // Other variants keep one move per turn and refuse a count.
    expect(parseFen('W1:Wc3:Bd6', 'bashni').ok).toBe(false);
    expect(makeFen(fen('W:Wc3:Bd6'))).toBe('W:Wc3:Bd6');
  });

  it('the key covers the moves left; bashni keys are unchanged by the new variant', () => {
    const keys = ['W1', 'W2', 'B1', 'B2'].map((side) => positionKey(double(`${side}:Wc3:Bd6`)));
    expect(new Set(keys).size).toBe(4);
    expect(positionKey(double('W1:Wc3:Bd6'))).toBe(positionKey(fen('W:Wc3:Bd6')));
  });

  it('make and unmake walk W2 → W1 → B2 → B1 → W2 and back, the hash exact at every step', () => {
    const board = new Board(double('W2:Wa1,c1:Bf8,h8'));
    const generator = new MoveGenerator(board);
    const lists: MoveList[] = [];
    const seen: string[] = [];
    for (let ply = 0; ply < 4; ply++) {
      const list = new MoveList();
      expect(generator.generate(list)).toBeGreaterThan(0);
      board.make(list, 0);
      lists.push(list);
      const fresh = new Board(board.toPosition());
      expect([board.hashLow, board.hashHigh]).toEqual([fresh.hashLow, fresh.hashHigh]);
      seen.push(makeFen(board.toPosition()).slice(0, 2));
    }
    expect(seen).toEqual(['W1', 'B2', 'B1', 'W2']);
    for (let ply = 3; ply >= 0; ply--) board.unmake(lists[ply]!, 0);
    expect(makeFen(board.toPosition())).toBe('W2:Wa1,c1:Bf8,h8');
    const fresh = new Board(double('W2:Wa1,c1:Bf8,h8'));
    expect([board.hashLow, board.hashHigh]).toEqual([fresh.hashLow, fresh.hashHigh]);
  });
});

describe('bashni-double: draws', () => {
  it('repetition counts a position only with the same side and moves left', () => {
    // Each cycle is one turn each: White's king goes and comes back, then Black's.
    const cycle = ['c1-d2', 'd2-c1', 'h8-g7', 'g7-h8'];
    let history = GameHistory.from(double('W2:WKc1:BKh8'));
    history = play(history, ...cycle);
    expect(history.repetitions()).toBe(2);
    history = play(history, ...cycle);
    expect(history.repetitions()).toBe(3);
    expect(history.status()).toEqual({ kind: 'draw', reason: 'threefold-repetition' });

    // The same stacks with White to move but one move left are a different position.
    let other = GameHistory.from(double('W2:WKc1:BKh8'));
    other = play(other, 'c1-d2', 'd2-c1', 'h8-g7', 'g7-h8', 'c1-b2', 'b2-c1');
    expect(makeFen(other.position)).toBe('B2:WKc1:BKh8');
    other = play(other, 'h8-g7', 'g7-h8', 'c1-d2');
    expect(makeFen(other.position)).toBe('W1:WKd2:BKh8');
    expect(other.repetitions()).toBe(2);
    other = play(other, 'd2-c1');
    expect(makeFen(other.position)).toBe('B2:WKc1:BKh8');
    expect(other.repetitions()).toBe(3);
  });

  it('the 15-move rule counts 15 turns by each side (60 single moves), at a turn start', () => {
    expect(fifteenMovePlies(VARIANTS[V])).toBe(60);
    expect(fifteenMovePlies(VARIANTS.bashni)).toBe(30);
    const turnStart = double('W2:WKc1:BKh8');
    const midTurn = double('W1:WKc1:BKh8');
    expect(ruleStatus(turnStart, 1, 59).kind).toBe('ongoing');
    expect(ruleStatus(turnStart, 1, 60)).toEqual({ kind: 'draw', reason: 'fifteen-move-rule' });
    expect(ruleStatus(midTurn, 1, 60).kind).toBe('ongoing');
    expect(ruleStatus(midTurn, 1, 61).kind).toBe('ongoing');
    // bashni keeps 30 plies.
    expect(ruleStatus(fen('W:WKc1:BKh8'), 1, 30).kind).toBe('draw');
  });

  it("White's one-move first turn counts as a whole turn", () => {
    const history = play(GameHistory.from(startPosition(V)), 'c3-d4');
    // The missing first move counts as quiet: two quiet plies, one whole turn.
    expect(GameHistory.from(startPosition(V)).quietPlies).toBe(1);
    expect(history.quietPlies).toBe(2);
  });
});

describe('bashni-double: game records', () => {
  const moves = ['c3-b4', 'b6-a5', 'a5:c3', 'b2:d4', 'd4-c5'];

  it('numbers turns, Black’s too: 1. c3-b4 2. b6-a5 a5:c3 3. …', () => {
    const history = play(GameHistory.from(startPosition(V)), ...moves);
    const text = makePdn({ start: history.start, moves: history.moves, result: '*' });
    expect(text).toContain('[Variant "bashni-double"]');
    expect(text).not.toContain('[FEN');
    expect(text.trim().split('\n').at(-1)).toBe('1. c3-b4 2. b6-a5 a5:c3 3. b2:d4 d4-c5 *');
    const parsed = parsePdn(text);
    expect(parsed.ok && parsed.value.moves).toEqual(moves);
  });

  it('replays a record and names the turn of a bad move', () => {
    const replay = replayGame(V, undefined, moves);
    expect(replay.ok && replay.value.fen).toMatch(/^B2:/);
    const bad = replayGame(V, undefined, ['c3-b4', 'b6-a5', 'f6-g5']);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.moveNumber).toBe(2);
      expect(bad.error.message).toMatch(/^move 2\.\.\. f6-g5/);
      expect(bad.error.legal).toEqual(['a5:c3']);
    }
  });

  it('a record from a mid-turn FEN starts with an ellipsis and carries the FEN', () => {
    const start = double('B1:Wa1,c1:Bf8,h8');
    const history = play(GameHistory.from(start), 'f8-e7', 'a1-b2');
    const text = makePdn({ start, moves: history.moves, result: '*' });
    expect(text).toContain('[FEN "B1:Wa1,c1:Bf8,h8"]');
    expect(text.trim().split('\n').at(-1)).toBe('1... f8-e7 2. a1-b2 *');
  });
});
