import { describe, expect, it } from 'vitest';
import { looksLikeMove, normaliseMoveText, quoteBack } from '../../src/game/move-input.js';

describe('typed moves as people type them', () => {
  it.each([
    ['c3-d4', 'c3-d4'],
    ['C3-D4', 'c3-d4'],
    ['с3-d4', 'c3-d4'], // Cyrillic с
    ['а3-в4', 'a3-b4'], // Cyrillic а and в
    ['е3-ф4', 'e3-f4'],
    ['г3-н4', 'g3-h4'],
    ['c3–d4', 'c3-d4'], // en dash
    ['c3—d4', 'c3-d4'], // em dash
    ['c3−d4', 'c3-d4'], // minus sign
    ['c3 d4', 'c3-d4'],
    ['c3  -  d4', 'c3-d4'],
    ['ｃ３－ｄ４', 'c3-d4'], // full width
    ['c3:e5:g3', 'c3:e5:g3'],
    ['c3 : e5', 'c3:e5'],
    ['c3×e5', 'c3xe5'],
    ['c3хe5', 'c3xe5'], // Cyrillic х between squares is a capture
    ['х2-g3', 'h2-g3'], // and before a rank it is the h file
    ['c3-d4!', 'c3-d4'],
    ['  c3-d4  ', 'c3-d4'],
    // The 10-file boards: two-digit ranks, files i and j (и and й on a Russian keyboard).
    ['b10 c9', 'b10-c9'],
    ['и3-й4', 'i3-j4'],
    ['a8:c10:e8', 'a8:c10:e8'],
  ])('%s → %s', (typed, expected) => {
    expect(normaliseMoveText(typed)).toBe(expected);
    expect(looksLikeMove(typed)).toBe(true);
  });

  it.each(['hello', 'c3', 'c3-', '3c-4d', 'c3-d4 please', '', 'c11-d4', 'c0-d1', 'привет'])(
    '%s is not a move',
    (typed) => {
      expect(looksLikeMove(typed)).toBe(false);
    },
  );

  it('quotes back at most a short line', () => {
    expect(quoteBack('c3-d5')).toBe('c3-d5');
    const long = quoteBack('x'.repeat(5000));
    expect([...long]).toHaveLength(24);
    expect(long.endsWith('…')).toBe(true);
    expect(quoteBack('a\nb\n\nc')).toBe('a b c');
  });
});
