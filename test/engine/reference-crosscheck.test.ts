import { describe, expect, it } from 'vitest';
import {
  applyMove,
  Board,
  colorLayers,
  legalMoves,
  makeFen,
  makeMove,
  MoveGenerator,
  MoveList,
  perft,
  startPosition,
  VARIANT_IDS,
  VARIANTS,
  type VariantId,
} from '../../src/engine/index.js';
import { fen, randomPositions, tower } from '../support/engine-helpers.js';
import { referenceMoves, referencePerft } from '../support/reference/reference.js';

const POSITIONS_PER_VARIANT = 2000;

/**
 * A second start for variants whose standard start never builds tall stacks: Multistorey's
 * towers only shrink, so half its games start from towers up to four high (any start by FEN).
 */
const TALL_STARTS: Partial<Record<VariantId, string>> = {
  multistorey:
    'W:Wa1(0000),c1,e1(000),g1(00),b2,d2(0000),f2(00),h2,a3(00),c3(00),e3,g3' +
    ':Bb6,d6,f6(00),h6(00),a7,c7(00),e7(0000),g7,b8(00),d8(000),f8,h8(0000)',
};

describe.each(VARIANT_IDS)('%s: fast generator against the reference', (variantId) => {
  const variant = VARIANTS[variantId];
  const seed = 1000 + variantId.length * 31 + variantId.charCodeAt(0);
  const tallStart = TALL_STARTS[variantId];
  const positions =
    tallStart === undefined
      ? randomPositions(variantId, POSITIONS_PER_VARIANT, seed)
      : [
          ...randomPositions(variantId, POSITIONS_PER_VARIANT / 2, seed),
          ...randomPositions(
            variantId,
            POSITIONS_PER_VARIANT / 2,
            seed + 1,
            120,
            fen(tallStart, variantId),
          ),
        ];

  it(`agrees on moves and resulting positions in ${POSITIONS_PER_VARIANT} positions of seeded random play`, () => {
    let captures = 0;
    let tallest = 0;
    for (const position of positions) {
      const fen = makeFen(position);
      const snapshot = JSON.stringify(position);
      const fast = legalMoves(position)
        .map((move) => ({ move: makeMove(variant, move), fen: makeFen(applyMove(position, move)) }))
        .sort((a, b) => a.move.localeCompare(b.move));
      const reference = referenceMoves(variantId, fen).sort((a, b) => a.move.localeCompare(b.move));
      expect(fast, fen).toEqual(reference);
      expect(JSON.stringify(position), 'legalMoves/applyMove must not mutate').toBe(snapshot);
      if (fast.some((m) => m.move.includes(':'))) captures++;
      for (const stack of position.stacks) tallest = Math.max(tallest, stack?.height ?? 0);
    }
    // The sample must actually exercise captures and stacks, or the comparison proves little.
    expect(captures).toBeGreaterThan(POSITIONS_PER_VARIANT / 10);
    expect(tallest).toBeGreaterThanOrEqual(4);
  });

  it('keeps every stack to at most two colour layers', () => {
    for (const position of positions) {
      for (const stack of position.stacks) {
        if (stack !== null) expect(colorLayers(stack), makeFen(position)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('make/unmake keeps the incremental hash exact and restores the board', () => {
    for (const position of positions.slice(0, 400)) {
      const board = new Board(position);
      const list = new MoveList();
      const count = new MoveGenerator(board).generate(list);
      const before = makeFen(position);
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

  it('matches the reference perft to depth 5 from the start position', () => {
    const start = startPosition(variantId);
    for (let depth = 1; depth <= 5; depth++) {
      expect(perft(start, depth), `depth ${depth}`).toBe(
        referencePerft(variantId, makeFen(start), depth),
      );
    }
  });
});

/**
 * adiyukh-10x10 starts with a stack of 30 to 32 and captures about, where the engine's stack
 * limit (no capture builds a stack of more than 32) decides which captures are available.
 */
const NEAR_THE_LIMIT = [
  'W:Wi1(0000000000000000000/0000000000000),g3:Bd8,j4,a3,j6',
  `W:We5${tower(18, 12)},a1,c1:Bd6,f6,h6,b6,d8,f8,g3,i3`,
  `B:We5,g5,c3,e3,g3,i3,b2,j2:Bf6${tower(19, 12)},a9`,
  `W:Wa1${tower(19, 12, true)},j2:Bc3,g3,e7,h6,d8,f4`,
  `B:Wd4,f4,h4,e5,c7,j2:Bb8${tower(17, 14, true)},e9,g9`,
  `W:Wc3${tower(20, 11)}:Bd4,b4,b6,f6,h8,d8`,
];

describe('adiyukh-10x10 near the engine’s stack limit: fast generator against the reference', () => {
  const positions = NEAR_THE_LIMIT.flatMap((start, i) =>
    randomPositions('adiyukh-10x10', 120, 77 + i, 40, fen(start, 'adiyukh-10x10')),
  );

  it('agrees on moves and positions after them, and the limit takes captures away', () => {
    let limited = 0;
    for (const position of positions) {
      const text = makeFen(position);
      const fast = legalMoves(position)
        .map((move) => ({
          move: makeMove(VARIANTS['adiyukh-10x10'], move),
          fen: makeFen(applyMove(position, move)),
        }))
        .sort((a, b) => a.move.localeCompare(b.move));
      const reference = referenceMoves('adiyukh-10x10', text);
      expect(fast, text).toEqual(reference.sort((a, b) => a.move.localeCompare(b.move)));
      const unlimited = referenceMoves('adiyukh-10x10', text, Infinity).map((m) => m.move);
      if (unlimited.sort().join() !== reference.map((m) => m.move).join()) limited++;
    }
    // The sample must meet the limit often, or the comparison proves little.
    expect(limited).toBeGreaterThan(positions.length / 10);
  });

  it('matches the reference perft to depth 3 from each start', () => {
    for (const start of NEAR_THE_LIMIT) {
      expect(perft(fen(start, 'adiyukh-10x10'), 3), start).toBe(
        referencePerft('adiyukh-10x10', start, 3),
      );
    }
  });
});
