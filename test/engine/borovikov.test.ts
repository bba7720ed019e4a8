import { describe, expect, it } from 'vitest';
import {
  Board,
  GameHistory,
  makeFen,
  MoveGenerator,
  legalMoves,
  MoveList,
  parseMove,
  type Position,
} from '../../src/engine/index.js';
import {
  fen,
  fenAfter,
  moveTexts,
  randomPositions,
  stackText as sharedStackText,
  playMoves,
} from '../support/engine-helpers.js';
import { referenceMoves } from '../support/reference/reference.js';

/** A Borovikov position from a FEN stated as a fact. */
function pos(text: string): Position {
  return fen(text, 'borovikov');
}

/** A stack in the worked examples' shorthand. */
function stackText(fenText: string, square: string): string {
  return sharedStackText(fenText, square, 'borovikov');
}

const play = playMoves;

/** The engine's moves, checked against the reference generator's. */
function movesBoth(text: string): string[] {
  const engine = moveTexts(pos(text));
  const reference = referenceMoves('borovikov', text)
    .map((entry) => entry.move)
    .sort();
  expect(engine, `reference for ${text}`).toEqual(reference);
  return engine;
}

/** The FEN after a move by the engine, checked against the reference generator's. */
function afterBoth(text: string, move: string): string {
  const engine = fenAfter(pos(text), move);
  const reference = referenceMoves('borovikov', text).find((entry) => entry.move === move);
  expect(reference?.fen, `reference after ${move}`).toBe(engine);
  return engine;
}

describe('borovikov: the worked examples of VARIANTS.md section 3', () => {
  it('1. covering your own stack', () => {
    const start = 'W:Wc3,d4:Bh8';
    expect(movesBoth(start)).toEqual(['c3-b4', 'c3-d4', 'd4-c5', 'd4-e5']);
    expect(moveTexts(fen(start, 'bashni'))).toEqual(['c3-b4', 'd4-c5', 'd4-e5']);
    const after = afterBoth(start, 'c3-d4');
    expect(after).toBe('B:Wd4(00):Bh8');
    expect(stackText(after, 'd4')).toBe('ww');
  });

  it('2. sandwich: the black man between two white men leaves the board; Black loses', () => {
    const start = 'W:Wc3,e5:Bd4(0/0)';
    expect(movesBoth(start)).toEqual(['c3-b4', 'c3-d4', 'e5-d6', 'e5-f6']);
    const after = afterBoth(start, 'c3-d4');
    expect(after).toBe('B:Wd4(00),e5:B');
    expect(stackText(after, 'd4')).toBe('ww');
    const history = play(GameHistory.from(pos(start)), 'c3-d4');
    expect(history.status()).toEqual({ kind: 'win', winner: 0, reason: 'no-legal-move' });
  });

  it('3. capture before cover', () => {
    expect(movesBoth('W:Wc3:Bd4')).toEqual(['c3:e5']);
  });

  it('4. a king covers the first occupied square of a diagonal', () => {
    const start = 'W:WKa1:Be5,f6';
    expect(movesBoth(start)).toEqual(['a1-b2', 'a1-c3', 'a1-d4', 'a1-e5']);
    const after = afterBoth(start, 'a1-e5');
    expect(after).toBe('B:We5(1/0):Bf6');
    expect(stackText(after, 'e5')).toBe('Wb');
  });

  it('5. covering your own stack kills the prisoners you carry', () => {
    const start = 'W:Wc3(0/0),d4:Bh8';
    expect(movesBoth(start)).toEqual(['c3-b4', 'c3-d4', 'd4-c5', 'd4-e5']);
    expect(afterBoth(start, 'c3-d4')).toBe('B:Wd4(00):Bh8');
  });
});

describe('borovikov: covering in detail', () => {
  it('covering an enemy stack with nothing of the mover under it removes nothing', () => {
    // No jump: both landing squares behind d4 are taken.
    const start = 'W:Wc3(0/0),e5:Bd4(00)';
    expect(movesBoth(start)).toEqual(['c3-b4', 'c3-d4', 'e5-d6', 'e5-f6']);
    const after = afterBoth(start, 'c3-d4');
    expect(stackText(after, 'd4')).toBe('wbbb');
    expect(after).toBe('B:Wd4(0/000),e5:B');
  });

  it('every enemy piece above the lowest own piece goes, prisoners carried included', () => {
    const start = 'W:Wc3(0/00),e5:Bd4(0/1)';
    const after = afterBoth(start, 'c3-d4');
    // w b b over b W: the three black men sit between w (top) and W (bottom).
    expect(stackText(after, 'd4')).toBe('wW');
  });

  it('kings in the covered stack keep their rank; removed kings are gone', () => {
    const start = 'W:Wc3,e5:Bd4(1/1)';
    // d4 = B over W. c3 covers: w B W -> the black king is sandwiched.
    expect(afterBoth(start, 'c3-d4')).toBe('B:Wd4(01),e5:B');
  });

  it('a man covering on the far rank is crowned (top piece only); Black covers downwards', () => {
    const white = 'W:Wg7:Bh8,b2';
    expect(movesBoth(white)).toEqual(['g7-f8', 'g7-h8']);
    expect(stackText(afterBoth(white, 'g7-h8'), 'h8')).toBe('Wb');

    const black = 'B:Wa1,c1:Bb2(0/0)';
    expect(movesBoth(black)).toEqual(['b2-a1', 'b2-c1']);
    // b over w, onto w: b / w / w -> no black piece below, nothing removed; crowned on rank 1.
    expect(stackText(afterBoth(black, 'b2-a1'), 'a1')).toBe('Bww');
  });

  it('a king covers in all four directions, never past the first stack', () => {
    const start = 'W:WKd4,b2:Bf6,g7,b6,a7';
    const moves = movesBoth(start);
    expect(
      moves.filter((m) => m.startsWith('d4-') && ['b2', 'f6', 'b6'].includes(m.slice(3))),
    ).toEqual(['d4-b2', 'd4-b6', 'd4-f6']);
    expect(moves).not.toContain('d4-g7');
  });

  it('covers are never obligatory and are not written as captures', () => {
    const start = 'W:Wc3,d4:Bh8';
    expect(moveTexts(pos(start))).toContain('c3-b4');
    const move = parseMove(pos(start), 'c3-d4');
    expect(move.ok && move.value.captures).toEqual([]);
  });

  it('make/unmake restores a cover and its removals exactly, and the hash', () => {
    for (const text of [
      'W:Wc3(0/00),e5:Bd4(0/1)',
      'W:Wc3,e5:Bd4(1/1)',
      'W:Wg7:Bh8,b2',
      'B:Wa1,c1:Bb2(0/0)',
      'W:WKd4,b2:Bf6,g7,b6,a7',
    ]) {
      const board = new Board(pos(text));
      const list = new MoveList();
      const count = new MoveGenerator(board).generate(list);
      const before = makeFen(board.toPosition());
      const { hashLow, hashHigh } = board;
      for (let i = 0; i < count; i++) {
        board.make(list, i);
        const fresh = new Board(board.toPosition());
        expect([board.hashLow, board.hashHigh]).toEqual([fresh.hashLow, fresh.hashHigh]);
        board.unmake(list, i);
        expect(makeFen(board.toPosition())).toBe(before);
        expect([board.hashLow, board.hashHigh]).toEqual([hashLow, hashHigh]);
      }
    }
  });

  it('the bulk count equals the generated list', () => {
    for (const text of ['W:WKd4,b2:Bf6,g7,b6,a7', 'W:Wc3,d4:Bh8', 'B:Wa1,c1:Bb2(0/0)']) {
      const board = new Board(pos(text));
      const generator = new MoveGenerator(board);
      expect(generator.count()).toBe(generator.generate(new MoveList()));
    }
  });
});

describe('borovikov: end of game', () => {
  it('covering the last enemy stack wins: the opponent owns nothing', () => {
    const history = play(GameHistory.from(pos('W:Wc3,e5:Bd4')), 'c3-d4');
    expect(history.position.stacks.filter((s) => s !== null)).toHaveLength(2);
    expect(history.status()).toEqual({ kind: 'win', winner: 0, reason: 'no-legal-move' });
  });

  it('a cover that merges stacks resets the 15-move count', () => {
    const history = play(GameHistory.from(pos('W:Wc3,d4:Bh8')), 'c3-d4');
    expect(history.quietPlies).toBe(0);
  });
});

describe('borovikov: seeded random play exercises covers and removals', () => {
  it('covers are common, and pieces do leave the board', () => {
    // The seed reference-crosscheck.test.ts uses for this variant.
    const positions = randomPositions('borovikov', 2000, 1000 + 9 * 31 + 'b'.charCodeAt(0));
    let withCover = 0;
    let fewest = 24;
    for (const position of positions) {
      const moves = legalMoves(position);
      if (moves.some((m) => m.captures.length === 0 && position.stacks[m.path[0]!] !== null))
        withCover++;
      const pieces = position.stacks.reduce((sum, stack) => sum + (stack?.height ?? 0), 0);
      fewest = Math.min(fewest, pieces);
    }
    expect(withCover).toBeGreaterThan(positions.length / 4);
    expect(fewest).toBeLessThan(24);
  });
});
