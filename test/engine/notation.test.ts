import { describe, expect, it } from 'vitest';
import { makeMove, makeSquare, parseMove, parseSquare, VARIANTS } from '../../src/engine/index.js';
import { fen } from '../support/engine-helpers.js';

const bashni = VARIANTS.bashni;

describe('squares', () => {
  it('round-trips every square of both boards', () => {
    for (const variant of [VARIANTS.bashni, VARIANTS.laska]) {
      for (let s = 0; s < variant.geometry.squareCount; s++) {
        const parsed = parseSquare(variant, makeSquare(variant, s));
        expect(parsed).toEqual({ ok: true, value: s });
      }
    }
    expect(makeSquare(bashni, 0)).toBe('a1');
    expect(makeSquare(bashni, 31)).toBe('h8');
    expect(makeSquare(VARIANTS.laska, 24)).toBe('g7');
  });

  it('rejects light squares, off-board squares and garbage', () => {
    expect(parseSquare(bashni, 'a2')).toMatchObject({
      ok: false,
      error: { code: 'no-such-square' },
    });
    expect(parseSquare(bashni, 'z9')).toMatchObject({
      ok: false,
      error: { code: 'no-such-square' },
    });
    expect(parseSquare(bashni, 'hello')).toMatchObject({
      ok: false,
      error: { code: 'bad-square' },
    });
  });
});

describe('moves', () => {
  const example1 = fen('W:Wc3:Bd4(00),f4,f2,d2,h8');

  it('round-trips every legal move through its full-path text', () => {
    for (const position of [example1, fen('W:WKa1:Bc3,f4'), fen('W:Wc3,e3:Bh8')]) {
      const variant = VARIANTS[position.variant];
      for (const text of ['c3-d4', 'c3:e5:g3:e1:c3:e5', 'a1:e5:g3', 'e3-f4']) {
        const parsed = parseMove(position, text);
        if (parsed.ok) expect(makeMove(variant, parsed.value)).toBe(text);
      }
    }
    const parsed = parseMove(example1, 'c3:e5:g3:e1:c3:e5');
    expect(parsed.ok && makeMove(bashni, parsed.value)).toBe('c3:e5:g3:e1:c3:e5');
  });

  it('accepts from-to and from:to when they name exactly one legal move', () => {
    const position = fen('W:WKa1:Bc3,f4');
    expect(parseMove(position, 'a1:e5')).toMatchObject({
      ok: false,
      error: { code: 'illegal-move' },
    });
    const short = parseMove(position, 'a1-g3');
    expect(short.ok && makeMove(bashni, short.value)).toBe('a1:e5:g3');
    const quiet = parseMove(fen('W:Wc3:Bh8'), 'C3:D4');
    expect(quiet.ok && makeMove(bashni, quiet.value)).toBe('c3-d4');
  });

  it('says when a short form is ambiguous and lists the candidates', () => {
    // Both routes of example 1 in stolby start and end on c3.
    const result = parseMove(fen('W:Wc3:Bd4(00),f4,f2,d2,h8', 'stolby'), 'c3:c3');
    expect(result).toMatchObject({ ok: false, error: { code: 'ambiguous-move' } });
    if (!result.ok) expect(result.error.message).toContain('c3:e1:g3:e5:c3');
  });

  it('accepts x as a capture sign, spaces and annotation marks', () => {
    const position = fen('W:Wd4:Bc3,h8');
    for (const text of ['d4xb2', ' d4 : b2 ', 'd4:b2!', 'D4-B2']) {
      const parsed = parseMove(position, text);
      expect(parsed.ok && makeMove(bashni, parsed.value), text).toBe('d4:b2');
    }
  });

  it.each([
    ['', 'bad-move-syntax'],
    ['c3', 'bad-move-syntax'],
    ['c3--d4', 'bad-move-syntax'],
    ['hello world', 'bad-move-syntax'],
    ['c3-d5', 'no-such-square'],
    ['c3-b4-a5', 'illegal-move'],
    ['e3-f4', 'illegal-move'],
  ])('rejects %j with %s', (text, code) => {
    expect(parseMove(fen('W:Wc3:Bh8'), text)).toMatchObject({ ok: false, error: { code } });
  });
});
