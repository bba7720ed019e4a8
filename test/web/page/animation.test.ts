import { describe, expect, it } from 'vitest';
import { applyMove, legalMoves, makeFen, parseFen, type Move } from '../../../src/engine/index.js';
import {
  applyTableMove,
  makeTableFen,
  parseTableFen,
  tableMoves,
} from '../../../src/engine/multi/index.js';
import { geometryOf } from '../../../src/chat/buttons/move-picking.js';
import { moveFrames } from '../../../src/web/page/animation.js';
import { boardModel, pileOwner, type BoardModel } from '../../../src/web/page/board-model.js';

function model(fen: string, variant: 'bashni' | 'multistorey' | 'stolby' | 'zhernov'): BoardModel {
  const board = boardModel(fen, variant, variant === 'zhernov');
  if (board === undefined) throw new Error(`bad FEN ${fen}`);
  return board;
}

function square(variant: 'bashni' | 'zhernov', name: string): number {
  return geometryOf(variant).names.indexOf(name);
}

function names(variant: 'bashni' | 'zhernov', squares: readonly number[]): string[] {
  return squares.map((s) => geometryOf(variant).names[s]!).sort();
}

/** The legal move of `fen` whose squares are `route`. */
function twoPlayerMove(fen: string, route: string): { move: Move; after: string } {
  const position = parseFen(fen, 'bashni');
  if (!position.ok) throw new Error(position.error.message);
  const wanted = route.split(':').map((n) => square('bashni', n));
  const move = legalMoves(position.value).find(
    (m) => [m.from, ...m.path].join() === wanted.join(),
  )!;
  return { move, after: makeFen(applyMove(position.value, move)) };
}

describe('moveFrames', () => {
  it('moves a Bashni capture hop by hop, each jumped stack losing its top to the mover', () => {
    const fen = 'W:Wc3:Bd4,f6(00),h8';
    const { move, after } = twoPlayerMove(fen, 'c3:e5:g7');
    const frames = moveFrames(model(fen, 'bashni'), move, model(after, 'bashni'));
    expect(frames).toHaveLength(2);

    const [first, second] = frames;
    // Hop 1: the mover leaves c3 for e5 and d4's lone man goes under it.
    expect(names('bashni', first!.changed)).toEqual(['c3', 'd4', 'e5']);
    expect(first!.mover).toBe(square('bashni', 'e5'));
    expect(first!.piles[square('bashni', 'd4')]).toBeNull();
    const afterHop = first!.piles[square('bashni', 'e5')]!;
    expect(afterHop.stack).toEqual({ height: 2, colors: 0b01, kings: 0 });
    expect(pileOwner(afterHop)).toBe('white');
    // f6 is untouched until it is jumped.
    expect(first!.piles[square('bashni', 'f6')]!.stack.height).toBe(2);

    // Hop 2: e5 → g7 over f6, whose top goes under the mover.
    expect(names('bashni', second!.changed)).toEqual(['e5', 'f6', 'g7']);
    expect(second!.piles[square('bashni', 'f6')]!.stack).toEqual({
      height: 1,
      colors: 1,
      kings: 0,
    });
    expect(second!.piles[square('bashni', 'g7')]!.stack).toEqual({
      height: 3,
      colors: 0b011,
      kings: 0,
    });
  });

  it('ends on the position the server sent, and a quiet move is one step', () => {
    const fen = 'W:Wc3:Bh8';
    const { move, after } = twoPlayerMove(fen, 'c3:d4');
    const frames = moveFrames(model(fen, 'bashni'), move, model(after, 'bashni'));
    expect(frames).toHaveLength(1);
    expect(names('bashni', frames[0]!.changed)).toEqual(['c3', 'd4']);
    expect(frames[0]!.mover).toBe(square('bashni', 'd4'));
  });

  it('takes the jumped piece off the board in Multistorey', () => {
    const fen = 'W:Wc3(00):Bd4,f6,h8';
    const position = parseFen(fen, 'multistorey');
    if (!position.ok) throw new Error(position.error.message);
    const move = legalMoves(position.value).find((m) => m.captures.length === 2)!;
    const after = makeFen(applyMove(position.value, move));
    const frames = moveFrames(model(fen, 'multistorey'), move, model(after, 'multistorey'));
    expect(frames[0]!.piles[move.path[0]!]!.stack.height).toBe(2);
    expect(frames[0]!.piles[move.captures[0]!]).toBeNull();
  });

  it("at a table, lowers the jumped column by a storey and grows the mover's", () => {
    const fen = 'W:Wc3(00):Rd4(000):Bf6:Gh2';
    const position = parseTableFen(fen);
    if (!position.ok) throw new Error(position.error.message);
    const move = tableMoves(position.value).find((m) => m.captures.length === 2)!;
    const after = makeTableFen(
      applyTableMove({ position: position.value, quietPlies: 0 }, move).position,
    );
    const frames = moveFrames(model(fen, 'zhernov'), move, model(after, 'zhernov'));
    expect(frames).toHaveLength(2);
    const first = frames[0]!;
    expect(first.piles[square('zhernov', 'd4')]!.stack.height).toBe(2);
    expect(first.piles[square('zhernov', 'd4')]!.palette).toEqual(['red', 'red']);
    expect(first.piles[square('zhernov', 'e5')]!.stack.height).toBe(3);
    expect(names('zhernov', first.changed)).toEqual(['c3', 'd4', 'e5']);
    expect(names('zhernov', frames[1]!.changed)).toEqual(['e5', 'f6', 'g7']);
  });
});
