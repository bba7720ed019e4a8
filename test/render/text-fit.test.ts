/** Fitting a line into a width (text-fit.ts), with a font-less measure: no canvas here. */
import { describe, expect, it } from 'vitest';
import { ellipsize, fitLine } from '../../src/render/text-fit.js';
import { fixedAdvance } from '../support/league-pictures.js';

const at = (size: number) => (text: string) => fixedAdvance(text, 'regular', size);

describe('ellipsize', () => {
  it('keeps a text that fits', () => {
    expect(ellipsize('Alice', 100, at(10))).toBe('Alice');
  });

  it('keeps the longest start that fits with "…" (checked against trying every length)', () => {
    const name = 'Григорий Константинопольский';
    const characters = [...name];
    for (const maxWidth of [10, 25, 60, 100, 150]) {
      let expected = '…';
      for (let length = 0; length < characters.length; length++) {
        const candidate = characters.slice(0, length).join('').trimEnd() + '…';
        if (at(10)(candidate) <= maxWidth) expected = candidate;
      }
      expect(ellipsize(name, maxWidth, at(10))).toBe(expected);
    }
  });

  it('never splits a character made of two UTF-16 units, nor leaves a space before "…"', () => {
    const cut = ellipsize('ab 😀😀😀😀', 6 * 4, at(10));
    expect(cut).toBe('ab…');
    expect(ellipsize('😀😀😀😀😀', 6 * 3, at(10))).toBe('😀😀…');
  });

  it('gives "…" alone when not even one character fits', () => {
    expect(ellipsize('Alice', 7, at(10))).toBe('…');
  });
});

describe('fitLine', () => {
  it('leaves a line that fits at its size', () => {
    expect(
      fitLine('Bob', 20, 100, 0.7, (text, size) => fixedAdvance(text, 'regular', size)),
    ).toEqual({
      text: 'Bob',
      size: 20,
      width: 36,
    });
  });

  it('shrinks a slightly long line to fit instead of cutting it', () => {
    const measure = (text: string, size: number) => fixedAdvance(text, 'regular', size);
    const fitted = fitLine('Carol Smith', 20, 120, 0.7, measure);
    expect(fitted.text).toBe('Carol Smith');
    expect(fitted.size).toBeLessThan(20);
    expect(fitted.size).toBeGreaterThanOrEqual(14);
    expect(fitted.width).toBeLessThanOrEqual(120);
  });

  it('shrinks no further than the minimum scale, then cuts', () => {
    const measure = (text: string, size: number) => fixedAdvance(text, 'regular', size);
    const fitted = fitLine('Featherstonehaugh-Montgomery', 20, 120, 0.7, measure);
    expect(fitted.size).toBe(14);
    expect(fitted.text.endsWith('…')).toBe(true);
    expect(fitted.width).toBe(measure(fitted.text, 14));
    expect(fitted.width).toBeLessThanOrEqual(120);
  });
});
