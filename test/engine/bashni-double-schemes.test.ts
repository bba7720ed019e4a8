import { describe, expect, it } from 'vitest';
import {
  answeredByOneMove,
  atTurnStart,
  Board,
  fifteenMovePlies,
  GameHistory,
  makeFen,
  makePdn,
  MoveGenerator,
  MoveList,
  parseFen,
  parsePdn,
  perft,
  positionKey,
  replayGame,
  samePosition,
  startPosition,
  turnNumberAfter,
  VARIANTS,
  type VariantId,
} from '../../src/engine/index.js';
import { fen, fenAfter, moveTexts, randomPositions, playMoves } from '../support/engine-helpers.js';
import { MIDDLEGAME_PERFT } from './fixtures/perft-table.js';

/** "2 from the start" and "1+1", beside the "1+2" of bashni-double. */
const TWO: VariantId = 'bashni-double-2';
const ONE_ONE: VariantId = 'bashni-double-11';
const SCHEMES: readonly VariantId[] = ['bashni-double', TWO, ONE_ONE];

const START_STACKS = 'Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8';

const play = playMoves;

/** The side tokens (`W1`, `B2`, …) of the positions after each move of `moves` from the start. */
function sidesAfter(variant: VariantId, moves: readonly string[]): string[] {
  let history = GameHistory.from(startPosition(variant));
  return moves.map((move) => {
    history = play(history, move);
    return makeFen(history.position).split(':')[0]!;
  });
}

describe('the double-move schemes: VARIANTS.md section 6 tests, per scheme', () => {
  it('the variants and their names', () => {
    expect(VARIANTS[TWO].doubleMove && VARIANTS[ONE_ONE].doubleMove).toBe(true);
    expect(VARIANTS[TWO].name).toEqual({
      en: 'Double-move Bashni (2 from the start)',
      ru: 'Двухходовые башни (2 с первого хода)',
    });
    expect(VARIANTS[ONE_ONE].name.en).toBe('Double-move Bashni (1+1)');
    expect(VARIANTS['bashni-double'].doubleMoveScheme ?? '1+2').toBe('1+2');
  });

  it('1. "2 from the start": W2 with 7 moves; White moves again (W1, 8 moves each), then B2', () => {
    const start = startPosition(TWO);
    expect(makeFen(start)).toBe(`W2:${START_STACKS}`);
    expect(moveTexts(start)).toHaveLength(7);
    for (const first of moveTexts(start)) {
      const after = fen(fenAfter(start, first), TWO);
      expect(makeFen(after)).toMatch(/^W1:/);
      // By hand: every first move leaves White exactly 8 quiet moves (56 at depth 2).
      expect(moveTexts(after), first).toHaveLength(8);
      for (const second of moveTexts(after)) expect(fenAfter(after, second)).toMatch(/^B2:/);
    }
  });

  it('1. "1+1": W1 with 7 moves, then Black with one move (B1, 7 moves), then White with two', () => {
    const start = startPosition(ONE_ONE);
    expect(makeFen(start)).toBe(`W1:${START_STACKS}`);
    expect(moveTexts(start)).toHaveLength(7);
    for (const first of moveTexts(start)) {
      const answer = fen(fenAfter(start, first), ONE_ONE);
      expect(makeFen(answer)).toMatch(/^B1:/);
      expect(moveTexts(answer)).toHaveLength(7);
      for (const reply of moveTexts(answer)) expect(fenAfter(answer, reply)).toMatch(/^W2:/);
    }
  });

  it('the sides after each ply: 1+2, 2 from the start, 1+1', () => {
    expect(sidesAfter('bashni-double', ['c3-d4', 'b6-a5', 'f6-g5', 'g3-f4', 'h2-g3'])).toEqual([
      'B2',
      'B1',
      'W2',
      'W1',
      'B2',
    ]);
    expect(sidesAfter(TWO, ['c3-d4', 'g3-f4', 'b6-a5', 'f6-g5', 'h2-g3'])).toEqual([
      'W1',
      'B2',
      'B1',
      'W2',
      'W1',
    ]);
    expect(sidesAfter(ONE_ONE, ['c3-d4', 'b6-a5', 'g3-f4', 'h2-g3'])).toEqual([
      'B1',
      'W2',
      'W1',
      'B2',
    ]);
  });

  it('2. "2 from the start": after c3-d4 d4-c5 Black must capture, b6:d4 or d6:b4', () => {
    const history = play(GameHistory.from(startPosition(TWO)), 'c3-d4', 'd4-c5');
    expect(makeFen(history.position)).toMatch(/^B2:/);
    expect(moveTexts(history.position)).toEqual(['b6:d4', 'd6:b4']);
    const after = fenAfter(history.position, 'b6:d4');
    expect(after).toMatch(/^B1:/);
    expect(after).toContain('d4(0/0)');
  });

  it('2. "1+1": after 1. c3-b4 2. b6-a5 White has two moves; then a5:c3 is forced', () => {
    const answered = play(GameHistory.from(startPosition(ONE_ONE)), 'c3-b4', 'b6-a5');
    expect(makeFen(answered.position)).toMatch(/^W2:/);
    expect(moveTexts(answered.position).some((move) => move.includes(':'))).toBe(false);
    const history = play(answered, 'g3-h4', 'h2-g3');
    expect(makeFen(history.position)).toMatch(/^B2:/);
    expect(moveTexts(history.position)).toEqual(['a5:c3']);
    const after = fen(fenAfter(history.position, 'a5:c3'), ONE_ONE);
    expect(makeFen(after)).toMatch(/^B1:/);
    expect(makeFen(after)).toContain('c3(0/0)');
  });

  it.each([TWO, ONE_ONE])('3-5. the W2 examples hold in %s as in bashni-double', (variant) => {
    expect(moveTexts(fen('W2:Wc3:Bd4,h8', variant))).toEqual(['c3:e5']);
    // Test 4: g7-h8 crowns, and the king must capture b2 with the second move.
    const crowned = fen(fenAfter(fen('W2:Wg7:Bb2', variant), 'g7-h8'), variant);
    expect(moveTexts(crowned)).toEqual(['h8:a1']);
    // Test 5: no second move loses.
    const stuck = play(GameHistory.from(fen('W2:Wb6:Ba7,b8,d8', variant)), 'b6-c7');
    expect(stuck.status()).toEqual({ kind: 'win', winner: 1, reason: 'no-legal-move' });
  });

  it('5. with W1 away from the start the turn passes with two moves for Black, in 1+1 too', () => {
    for (const variant of SCHEMES) {
      const single = play(GameHistory.from(fen('W1:Wb6:Ba7,b8,d8', variant)), 'b6-c7');
      expect(makeFen(single.position)).toBe('B2:Wc7:Ba7,b8,d8');
    }
  });
});

describe('the 1+1 start: exact make/unmake, perft, FEN', () => {
  it('only the start position is answered by one move', () => {
    expect(answeredByOneMove(startPosition(ONE_ONE))).toBe(true);
    expect(answeredByOneMove(startPosition('bashni-double'))).toBe(false);
    expect(answeredByOneMove(startPosition(TWO))).toBe(false);
    // The start's stacks with two moves left, or Black to move, are not the start.
    expect(answeredByOneMove(fen(`W2:${START_STACKS}`, ONE_ONE))).toBe(false);
    expect(answeredByOneMove(fen(`B1:${START_STACKS}`, ONE_ONE))).toBe(false);
    const afterOne = fen(fenAfter(startPosition(ONE_ONE), 'c3-d4'), ONE_ONE);
    expect(answeredByOneMove(afterOne)).toBe(false);
    expect(fenAfter(fen(`B1:${START_STACKS}`, ONE_ONE), 'b6-a5')).toMatch(/^W2:/);
  });

  it('make and unmake walk W1 → B1 → W2 → W1 → B2 and back, hash and moves left exact', () => {
    const start = startPosition(ONE_ONE);
    const board = new Board(start);
    const generator = new MoveGenerator(board);
    const lists: MoveList[] = [];
    const seen: string[] = [];
    const before: string[] = [];
    for (let ply = 0; ply < 4; ply++) {
      const list = new MoveList();
      expect(generator.generate(list)).toBeGreaterThan(0);
      before.push(`${makeFen(board.toPosition())} ${board.hashHigh}:${board.hashLow}`);
      board.make(list, 0);
      lists.push(list);
      const fresh = new Board(board.toPosition());
      expect([board.hashLow, board.hashHigh]).toEqual([fresh.hashLow, fresh.hashHigh]);
      seen.push(`${board.turn === 0 ? 'W' : 'B'}${board.movesLeft}`);
    }
    expect(seen).toEqual(['B1', 'W2', 'W1', 'B2']);
    for (let ply = 3; ply >= 0; ply--) {
      board.unmake(lists[ply]!, 0);
      expect(`${makeFen(board.toPosition())} ${board.hashHigh}:${board.hashLow}`).toBe(before[ply]);
    }
    expect(samePosition(board.toPosition(), start)).toBe(true);
    expect(board.movesLeft).toBe(1);
  });

  it('every first move and every answer, made and unmade, restores the start exactly', () => {
    const board = new Board(startPosition(ONE_ONE));
    const generator = new MoveGenerator(board);
    const key = () => `${makeFen(board.toPosition())} ${board.hashHigh}:${board.hashLow}`;
    const start = key();
    const first = new MoveList();
    const count = generator.generate(first);
    for (let i = 0; i < count; i++) {
      board.make(first, i);
      const answer = key();
      expect(answer).toMatch(/^B1:/);
      const replies = new MoveList();
      const n = generator.generate(replies);
      for (let j = 0; j < n; j++) {
        board.make(replies, j);
        expect(key()).toMatch(/^W2:/);
        board.unmake(replies, j);
        expect(key()).toBe(answer);
      }
      board.unmake(first, i);
      expect(key()).toBe(start);
    }
  });

  it('a position away from the start counts as in bashni-double (the middlegame perft table)', () => {
    for (const [variant, text, counts] of MIDDLEGAME_PERFT) {
      if (variant !== 'bashni-double') continue;
      for (const scheme of [TWO, ONE_ONE]) {
        const position = fen(text, scheme);
        for (let depth = 1; depth <= 5; depth++)
          expect(perft(position, depth), `${scheme} ${text} ${depth}`).toBe(counts[depth - 1]);
      }
    }
  });

  it.each([TWO, ONE_ONE])('positions of random %s games round-trip through FEN', (variant) => {
    const positions = randomPositions(variant, 600, 77, 80);
    const sides = new Set<string>();
    for (const position of positions) {
      const text = makeFen(position);
      sides.add(text.slice(0, 2));
      const parsed = parseFen(text, variant);
      expect(parsed.ok && samePosition(parsed.value, position), text).toBe(true);
      expect(makeFen(new Board(position).toPosition())).toBe(text);
      expect(positionKey(position)).toBe(positionKey(parsed.ok ? parsed.value : position));
    }
    expect([...sides].sort()).toEqual(['B1', 'B2', 'W1', 'W2']);
  });
});

describe('the schemes: turn numbers, draws and game records', () => {
  it('turn numbers from the start: one per turn, Black’s too', () => {
    const numbers = (variant: VariantId) =>
      [0, 1, 2, 3, 4, 5, 6].map((plies) => turnNumberAfter(startPosition(variant), plies));
    expect(numbers('bashni-double')).toEqual([1, 2, 2, 3, 3, 4, 4]);
    expect(numbers(TWO)).toEqual([1, 1, 2, 2, 3, 3, 4]);
    expect(numbers(ONE_ONE)).toEqual([1, 2, 3, 3, 4, 4, 5]);
    // From a mid-turn FEN of 1+1 the first turn is that one move, then two each.
    expect([0, 1, 2, 3].map((p) => turnNumberAfter(fen('B1:Wc3:Bf6', ONE_ONE), p))).toEqual([
      1, 2, 2, 3,
    ]);
  });

  it('the 15-move rule: 60 single moves; the first turns count as whole turns', () => {
    for (const variant of SCHEMES) expect(fifteenMovePlies(VARIANTS[variant])).toBe(60);
    const quiet = (variant: VariantId, ...moves: string[]) =>
      play(GameHistory.from(startPosition(variant)), ...moves).quietPlies;
    // Quiet plies at each turn start = 2 x the turns played.
    expect(quiet('bashni-double', 'c3-d4')).toBe(2);
    expect(quiet(TWO, 'c3-d4', 'g3-f4')).toBe(2);
    expect(quiet(ONE_ONE)).toBe(2);
    expect(quiet(ONE_ONE, 'c3-d4', 'f6-g5')).toBe(4);
    expect(quiet(ONE_ONE, 'c3-d4', 'f6-g5', 'g3-f4', 'd4-e5')).toBe(6);
    // The 1+1 answer (B1) is not a turn start for the rule, nor its start W1.
    expect(atTurnStart(startPosition(ONE_ONE))).toBe(false);
    expect(atTurnStart(startPosition(TWO))).toBe(true);
  });

  it('repetition compares the moves left: the same stacks with W1 and W2 differ', () => {
    for (const variant of [TWO, ONE_ONE]) {
      const keys = ['W1', 'W2', 'B1', 'B2'].map((side) =>
        positionKey(fen(`${side}:WKc1:BKh8`, variant)),
      );
      expect(new Set(keys).size).toBe(4);
      let history = GameHistory.from(fen('W2:WKc1:BKh8', variant));
      const cycle = ['c1-d2', 'd2-c1', 'h8-g7', 'g7-h8'];
      history = play(history, ...cycle, ...cycle);
      expect(history.status()).toEqual({ kind: 'draw', reason: 'threefold-repetition' });
    }
  });

  it('"1+1" records number Black’s one-move answer: 1. c3-b4 2. b6-a5 3. g3-h4 h2-g3 4. a5:c3', () => {
    const moves = ['c3-b4', 'b6-a5', 'g3-h4', 'h2-g3', 'a5:c3'];
    const history = play(GameHistory.from(startPosition(ONE_ONE)), ...moves);
    const text = makePdn({ start: history.start, moves: history.moves, result: '*' });
    expect(text).toContain('[Variant "bashni-double-11"]');
    expect(text).not.toContain('[FEN');
    expect(text.trim().split('\n').at(-1)).toBe('1. c3-b4 2. b6-a5 3. g3-h4 h2-g3 4. a5:c3 *');
    const parsed = parsePdn(text);
    expect(parsed.ok && parsed.value.moves).toEqual(moves);
    const replay = replayGame(ONE_ONE, undefined, moves);
    expect(replay.ok && replay.value.fen).toMatch(/^B1:/);
  });

  it('"1+1" replay names the turn of a bad move: 2. for the answer, 4... for a second move', () => {
    const answer = replayGame(ONE_ONE, undefined, ['c3-b4', 'c3-d4']);
    expect(!answer.ok && answer.error.message).toMatch(/^move 2\. c3-d4/);
    const second = replayGame(ONE_ONE, undefined, [
      'c3-b4',
      'b6-a5',
      'g3-h4',
      'h2-g3',
      'a5-b4',
      'f6-g5',
    ]);
    expect(!second.ok && second.error.message).toMatch(/^move 4\. a5-b4/);
    const later = replayGame(ONE_ONE, undefined, [
      'c3-b4',
      'b6-a5',
      'g3-h4',
      'h2-g3',
      'a5:c3',
      'x',
    ]);
    expect(!later.ok && later.error.message).toMatch(/^move 4\.\.\. x/);
  });

  it('"2 from the start" records: 1. c3-d4 d4-c5 2. b6:d4 a7-b6 3. e3:c5:a7', () => {
    // a7-b6 empties a7: White's forced capture goes on over b6.
    const moves = ['c3-d4', 'd4-c5', 'b6:d4', 'a7-b6', 'e3:c5:a7'];
    const history = play(GameHistory.from(startPosition(TWO)), ...moves);
    const text = makePdn({ start: history.start, moves: history.moves, result: '*' });
    expect(text).not.toContain('[FEN');
    expect(text.trim().split('\n').at(-1)).toBe('1. c3-d4 d4-c5 2. b6:d4 a7-b6 3. e3:c5:a7 *');
    const parsed = parsePdn(text);
    expect(parsed.ok && parsed.value.moves).toEqual(moves);
    const bad = replayGame(TWO, undefined, ['c3-d4', 'x']);
    expect(!bad.ok && bad.error.message).toMatch(/^move 1\.\.\. x/);
  });
});
