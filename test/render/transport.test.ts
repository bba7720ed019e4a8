/**
 * The render pool sends positions to its workers as FEN (makeFen, then parseFen in the worker).
 * These tests check which positions the renderer draws survive that trip exactly, and that the
 * ones that cannot are refused with a RenderError instead of being drawn differently.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_STACK_HEIGHT,
  maxPiecesPerSide,
  parseFen,
  stackFromPieces,
  VARIANT_IDS,
  VARIANTS,
  type Position,
  type Stack,
} from '../../src/engine/index.js';
import { RenderError, renderUncached } from '../../src/render/index.js';
import { positionToFen } from '../../src/render/kinds/board.js';
import { fen, randomPositions } from '../support/engine-helpers.js';
import { pick, seededRandom } from '../support/random.js';
import { randomStackedPosition, twoLayerStack } from '../support/stacked-positions.js';

/** The position as the worker will see it, or the reason the pool refuses it. */
function throughFen(position: Position): Position {
  const variant = VARIANTS[position.variant];
  const parsed = parseFen(positionToFen(position, variant), position.variant);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function expectRoundTrip(position: Position): void {
  const back = throughFen(position);
  expect(back.variant).toBe(position.variant);
  expect(back.stacks).toEqual(position.stacks);
}

describe('positions through FEN to a render worker', () => {
  it('round-trips every position of random games in all four variants', () => {
    for (const variant of VARIANT_IDS) {
      for (const position of randomPositions(variant, 400, 11, 200)) expectRoundTrip(position);
    }
  });

  it('round-trips random tall mixed stacks with kings inside, in all four variants', () => {
    const random = seededRandom(5);
    for (const variant of VARIANT_IDS) {
      for (let i = 0; i < 300; i++) expectRoundTrip(randomStackedPosition(variant, random));
    }
  });

  it('round-trips the tallest stacks and Laska 7x7 positions', () => {
    const random = seededRandom(9);
    for (const variant of VARIANT_IDS) {
      const limit = maxPiecesPerSide(VARIANTS[variant]);
      const squares = VARIANTS[variant].geometry.squareCount;
      for (const owner of [0, 1] as const) {
        const stacks = new Array<Stack | null>(squares).fill(null);
        // The engine holds at most MAX_STACK_HEIGHT (32) pieces in a stack: on 10x10 (20 a
        // side) the tallest is 20 over 12.
        const prisoners =
          VARIANTS[variant].capturedPiecesLeave === true
            ? 0
            : Math.min(limit, MAX_STACK_HEIGHT - limit);
        stacks[pick([0, squares - 1], random)] = twoLayerStack(owner, limit, prisoners, random);
        expectRoundTrip({ variant, turn: owner, stacks });
      }
    }
    expectRoundTrip(fen('W:Wa1(1010/0101),Kg7,c3(0/1):Bd4(11/00),b6(0110)', 'laska'));
    expectRoundTrip(fen('B:WKb2,c3(0/1111):Be5(10101/00000),Kg7', 'stolby'));
    expectRoundTrip(fen('W:Wc3(00000/1):Bh8(1/0000)', 'giveaway'));
  });

  it('refuses a stack of three colour layers, which the renderer alone would draw', () => {
    const stacks = new Array<Stack | null>(32).fill(null);
    // top to bottom: white man, black king, white man
    stacks[9] = stackFromPieces([
      { color: 0, king: false },
      { color: 1, king: true },
      { color: 0, king: false },
    ]);
    const position: Position = { variant: 'bashni', turn: 0, stacks };
    expect(renderUncached('board', position, { size: 200 }).length).toBeGreaterThan(0);
    expect(() => positionToFen(position, VARIANTS.bashni)).toThrow(RenderError);
    expect(() => positionToFen(position, VARIANTS.bashni)).toThrow(/3 colour layers/);
  });

  it('refuses more pieces of one colour than the variant has, which the renderer alone would draw', () => {
    const stacks = new Array<Stack | null>(25).fill(null);
    for (let square = 0; square < 12; square++) stacks[square] = { height: 1, colors: 0, kings: 0 };
    const position: Position = { variant: 'laska', turn: 0, stacks };
    expect(renderUncached('board', position, { size: 200 }).length).toBeGreaterThan(0);
    let error: unknown;
    try {
      positionToFen(position, VARIANTS.laska);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ code: 'bad-position', context: { pieces: 12, limit: 11 } });
  });

  it('refuses prisoners and a 13th stack in multistorey, which its FEN refuses', () => {
    const prisoner = fen('W:Wc3(0/0):Bh8', 'bashni');
    const position: Position = { ...prisoner, variant: 'multistorey' };
    expect(renderUncached('board', position, { size: 200 }).length).toBeGreaterThan(0);
    expect(() => positionToFen(position, VARIANTS.multistorey)).toThrow(/holds prisoners/);

    const stacks = new Array<Stack | null>(32).fill(null);
    for (let square = 0; square < 13; square++) stacks[square] = { height: 1, colors: 0, kings: 0 };
    const thirteen: Position = { variant: 'multistorey', turn: 0, stacks };
    expect(() => positionToFen(thirteen, VARIANTS.multistorey)).toThrow(RenderError);
    expect(() => positionToFen(thirteen, VARIANTS.multistorey)).toThrow(/13 stacks/);
  });
});
