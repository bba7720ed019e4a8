import { describe, expect, it } from 'vitest';
import {
  Board,
  legalMoves,
  makeFen,
  makeMove,
  MoveGenerator,
  MoveList,
  MOVE_STRIDE,
  parseFen,
  parseMove,
  applyMove,
  stacksOf,
  startPosition,
  VARIANT_IDS,
  VARIANTS,
  type VariantId,
} from '../../src/engine/index.js';
import { randomPositions } from '../support/engine-helpers.js';

const NARROW = VARIANT_IDS.filter((id) => VARIANTS[id].geometry.squareCount <= 32);
const WIDE = VARIANT_IDS.filter((id) => VARIANTS[id].geometry.squareCount > 32);

/** The move list's entries in generation order, as plain numbers. */
function entries(generator: MoveGenerator, list: MoveList): number[][] {
  const count = generator.generate(list);
  const moves: number[][] = [];
  for (let i = 0; i < count; i++) {
    const base = i * MOVE_STRIDE;
    moves.push(Array.from(list.data.subarray(base, base + 4 + list.jumps(i))));
  }
  return moves;
}

describe('the wide boards', () => {
  it('are the Adiyukh boards of 10x8 and 10x10', () => {
    expect(WIDE).toEqual(['adiyukh-8x10', 'adiyukh-10x10']);
    expect(VARIANTS['adiyukh-8x10'].geometry).toMatchObject({ files: 10, ranks: 8 });
    expect(VARIANTS['adiyukh-10x10'].geometry).toMatchObject({ files: 10, ranks: 10 });
  });
});

describe.each(NARROW)('%s: the square-scanning generator against the bitboard one', (variantId) => {
  it('gives the same moves in the same order, and the same counts', () => {
    let moves = 0;
    for (const position of randomPositions(variantId, 300, 77, 100)) {
      const board = new Board(position);
      const bitboards = new MoveGenerator(board);
      const scanning = new MoveGenerator(board, { scan: true });
      const expected = entries(bitboards, new MoveList());
      expect(entries(scanning, new MoveList()), makeFen(position)).toEqual(expected);
      expect(scanning.count(), makeFen(position)).toBe(expected.length);
      moves += expected.length;
    }
    expect(moves).toBeGreaterThan(1000);
  });
});

describe.each(WIDE)('%s', (variantId: VariantId) => {
  const positions = randomPositions(variantId, 400, 31, 200);

  it('keeps the bitboards empty: nothing reads another square through a wrapped bit', () => {
    for (const position of positions.slice(0, 100)) {
      const board = new Board(position);
      expect(board.wide).toBe(true);
      const list = new MoveList();
      const count = new MoveGenerator(board).generate(list);
      for (let i = 0; i < count; i++) {
        board.make(list, i);
        expect([board.whiteBits, board.blackBits, board.kingBits, board.allSquares]).toEqual([
          0, 0, 0, 0,
        ]);
        board.unmake(list, i);
      }
    }
  });

  it('counts stacks square by square', () => {
    for (const position of positions.slice(0, 100)) {
      const board = new Board(position);
      for (const color of [0, 1] as const) {
        const owned = position.stacks.filter(
          (s) => s !== null && ((s.colors >>> (s.height - 1)) & 1) === color,
        );
        expect(stacksOf(board, color)).toBe(owned.length);
      }
    }
  });

  it('reaches squares past the 32nd, and both far ranks', () => {
    const variant = VARIANTS[variantId];
    const reached = new Set<number>();
    for (const position of positions)
      position.stacks.forEach((s, i) => s !== null && reached.add(i));
    expect(Math.max(...reached)).toBe(variant.geometry.squareCount - 1);
    expect(reached.size).toBe(variant.geometry.squareCount);
  });

  it('round-trips the FEN and every move of random games (two-digit ranks)', () => {
    const variant = VARIANTS[variantId];
    let tenthRank = 0;
    for (const position of positions) {
      const text = makeFen(position);
      const parsed = parseFen(text, variantId);
      expect(parsed.ok && makeFen(parsed.value), text).toBe(text);
      for (const move of legalMoves(position)) {
        const written = makeMove(variant, move);
        if (/10/.test(written)) tenthRank++;
        const read = parseMove(position, written);
        expect(read.ok && makeMove(variant, read.value), written).toBe(written);
        expect(read.ok && makeFen(applyMove(position, read.value))).toBe(
          makeFen(applyMove(position, move)),
        );
      }
    }
    if (variant.geometry.ranks === 10) expect(tenthRank).toBeGreaterThan(0);
  });

  it('starts with its men on the first and last ranks of its board', () => {
    const start = startPosition(variantId);
    const men = start.stacks.filter((s) => s !== null).length;
    expect(men).toBe(variantId === 'adiyukh-8x10' ? 30 : 40);
  });
});
