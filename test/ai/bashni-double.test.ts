import { describe, expect, it } from 'vitest';
import {
  applyMove,
  legalMoves,
  makeFen,
  makeMove,
  startPosition,
  VARIANTS,
  type Position,
} from '../../src/engine/index.js';
import { MATE_BOUND, playMatch, Searcher } from '../../src/ai/index.js';
import { defaultWeights } from '../../src/ai/weights.js';
import { fen } from '../support/engine-helpers.js';
import { inProcessOn, levelsGame } from '../support/ai-games.js';

// Node budgets alone decide: a clock that stands still.
const searcher = new Searcher({ ttBits: 16, now: () => 0 });
const inProcess = inProcessOn(searcher);
const V = 'bashni-double';

describe('bashni-double: the search keeps the side when a turn has two moves', () => {
  it('crowns with the first move to capture with the second (a win)', () => {
    const position = fen('W2:Wg7:Bb2', V);
    const result = searcher.search(position, defaultWeights(V), { maxDepth: 6 });
    expect(result.score).toBeGreaterThan(MATE_BOUND);
    expect(result.pv.slice(0, 2)).toEqual(['g7-h8', 'h8:a1']);
  });

  it('a forced first move with no second move after it is a loss', () => {
    const result = searcher.search(fen('W2:Wb6:Ba7,b8,d8', V), defaultWeights(V), {
      maxDepth: 4,
    });
    expect(result.score).toBeLessThan(-MATE_BOUND);
  });

  it('scores a one-move-left node from the side to move (Black, a man down)', () => {
    // Black to move with one move left; afterwards White has two.
    const position = fen('B1:Wc3,e3:Bh8', V);
    const result = searcher.search(position, defaultWeights(V), { maxDepth: 8 });
    expect(result.score).toBeLessThan(0);
  });

  it('levels 1 and 8 play a whole game by the rules', async () => {
    const outcome = await levelsGame(
      V,
      { white: 1, black: 8 },
      { seed: 3, scale: 0.05, maxPlies: 120 },
      searcher,
    );
    expect(outcome.end).not.toBe('illegal-move');
    expect(outcome.plies).toBeGreaterThan(0);
  });

  it('a shallow search beats random play', async () => {
    const result = await playMatch({
      variant: V,
      a: { kind: 'search', depth: 2 },
      b: { kind: 'random' },
      games: 4,
      think: inProcess,
      seed: 7,
    });
    expect(result.wins).toBeGreaterThanOrEqual(3);
  });

  it('the start position reads back', () => {
    expect(makeFen(startPosition(V))).toMatch(/^W1:/);
  });
});

describe.each(['bashni-double-2', 'bashni-double-11'] as const)(
  '%s: the search sees the side to move after each ply',
  (variant) => {
    it('its principal variation from the start is a legal line', () => {
      const result = searcher.search(startPosition(variant), defaultWeights(variant), {
        maxDepth: 6,
      });
      expect(result.pv.length).toBeGreaterThanOrEqual(4);
      let position: Position = startPosition(variant);
      const sides: string[] = [];
      for (const text of result.pv) {
        const move = legalMoves(position).find((m) => makeMove(VARIANTS[variant], m) === text);
        expect(move, `${text} in ${makeFen(position)}`).toBeDefined();
        position = applyMove(position, move!);
        sides.push(makeFen(position).slice(0, 2));
      }
      // 2 from the start: W1 B2 B1 W2; 1+1: B1 W2 W1 B2.
      expect(sides.slice(0, 4)).toEqual(
        variant === 'bashni-double-2' ? ['W1', 'B2', 'B1', 'W2'] : ['B1', 'W2', 'W1', 'B2'],
      );
    });

    it('levels 1 and 8 play a whole game by the rules', async () => {
      const outcome = await levelsGame(
        variant,
        { white: 8, black: 1 },
        { seed: 5, scale: 0.05, maxPlies: 120 },
        searcher,
      );
      expect(outcome.end).not.toBe('illegal-move');
      expect(outcome.plies).toBeGreaterThan(10);
    });
  },
);
