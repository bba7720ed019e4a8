import { describe, expect, it } from 'vitest';
import {
  makeFen,
  parseFen,
  samePosition,
  startPosition,
  VARIANT_IDS,
} from '../../src/engine/index.js';
import { randomPositions } from '../support/engine-helpers.js';

describe('FEN', () => {
  it('writes the start positions canonically', () => {
    expect(makeFen(startPosition('bashni'))).toBe(
      'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8',
    );
    expect(makeFen(startPosition('laska'))).toBe(
      'W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7',
    );
  });

  it('reads a FEN like the docs/rules.md example and writes it back canonically', () => {
    const parsed = parseFen('B:Wa1,c3,Kd8,f4(0101/00):Bb6(00/1),e7,Kh2', 'bashni');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(makeFen(parsed.value)).toBe('B:Wa1,c3,f4(0101/00),Kd8:BKh2,b6(00/1),e7');
    expect(parsed.value.turn).toBe(1);
  });

  it('accepts c3(0) for c3 and c3(1) for Kc3, any order and case, spaces around tokens', () => {
    const a = parseFen('w:Wc3(0), e3(1) : B h8', 'bashni');
    const b = parseFen('W:Wc3,Ke3:Bh8', 'bashni');
    expect(a.ok && b.ok && samePosition(a.value, b.value)).toBe(true);
    const c = parseFen('W:Bh8:Wc3,Ke3', 'bashni');
    expect(c.ok && b.ok && samePosition(c.value, b.value)).toBe(true);
  });

  it.each(VARIANT_IDS)('round-trips positions of random %s games', (variant) => {
    for (const position of randomPositions(variant, 300, 77)) {
      const text = makeFen(position);
      const back = parseFen(text, variant);
      expect(back.ok).toBe(true);
      if (back.ok) {
        expect(samePosition(back.value, position)).toBe(true);
        expect(makeFen(back.value)).toBe(text);
      }
    }
  });

  it.each([
    ['', 'fen-syntax'],
    ['X:Wc3:Bd4', 'fen-syntax'],
    ['W:Wc3:Wd4', 'fen-syntax'],
    ['W:Qc3:Bd4', 'fen-syntax'],
    ['W:Wc3x:Bd4', 'fen-stack'],
    ['W:Wc3(012):Bd4', 'fen-stack'],
    ['W:Wc3(/0):Bd4', 'fen-stack'],
    ['W:WKc3(1):Bd4', 'fen-stack'],
    ['W:Wc4:Bd4', 'no-such-square'],
    ['W:Wi3:Bd4', 'no-such-square'],
    ['W:Wc3,c3:Bd4', 'fen-duplicate-square'],
    ['W:Wc3:Bc3', 'fen-duplicate-square'],
    ['W:Wa1(0000000000000):B', 'fen-too-many-pieces'],
  ])('rejects %j with %s, never throwing', (text, code) => {
    const parsed = parseFen(text, 'bashni');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe(code);
      expect(parsed.error.message.length).toBeGreaterThan(5);
    }
  });

  it('knows the 7x7 board: h-file and light squares do not exist in Laska', () => {
    expect(parseFen('W:Wg7:Ba1', 'laska').ok).toBe(true);
    const bad = parseFen('W:Wh8:Ba1', 'laska');
    expect(!bad.ok && bad.error.code).toBe('no-such-square');
  });
});
