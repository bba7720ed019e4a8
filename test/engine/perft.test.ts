import { describe, expect, it } from 'vitest';
import { makeFen, Perft, startPosition } from '../../src/engine/index.js';
import { fen } from '../support/engine-helpers.js';
import { referencePerft } from '../support/reference/reference.js';
import { MIDDLEGAME_PERFT, START_PERFT } from './fixtures/perft-table.js';

/** Keeps the suite quick: deeper entries of the table are checked by `npm run cli -- perft`. */
const MAX_NODES_IN_TESTS = 1_000_000;

describe('perft from the start positions', () => {
  it.each(Object.entries(START_PERFT))('%s', (variant, counts) => {
    const perft = new Perft(startPosition(variant as keyof typeof START_PERFT));
    expect(counts.length).toBeGreaterThanOrEqual(6);
    counts.forEach((count, i) => {
      if (count <= MAX_NODES_IN_TESTS)
        expect(perft.count(i + 1, true), `depth ${i + 1}`).toBe(count);
    });
  });

  it('made-and-unmade perft equals bulk-counted perft', () => {
    const perft = new Perft(startPosition('bashni'));
    expect(perft.count(6, false)).toBe(START_PERFT.bashni[5]);
  });

  it('made-and-unmade perft equals bulk-counted perft with covers (borovikov)', () => {
    const perft = new Perft(startPosition('borovikov'));
    expect(perft.count(4, false)).toBe(START_PERFT.borovikov[3]);
  });
});

describe('perft from middlegame positions with tall stacks and kings', () => {
  it('has at least 10 positions', () => {
    expect(MIDDLEGAME_PERFT.length).toBeGreaterThanOrEqual(10);
  });

  it.each(MIDDLEGAME_PERFT)('%s %s', (variant, text, counts) => {
    const position = fen(text, variant);
    const perft = new Perft(position);
    counts.forEach((count, i) => {
      if (count <= MAX_NODES_IN_TESTS)
        expect(perft.count(i + 1, true), `depth ${i + 1}`).toBe(count);
    });
    expect(perft.count(3, false)).toBe(counts[2]);
    for (let depth = 1; depth <= 3; depth++) {
      expect(referencePerft(variant, makeFen(position), depth), `reference depth ${depth}`).toBe(
        counts[depth - 1],
      );
    }
  });
});
