import { describe, expect, it } from 'vitest';
import { describeFunnel, describeLibrary } from '../../src/puzzles/index.js';
import { bashniPuzzle } from '../support/puzzles.js';

describe('the mining funnel in words', () => {
  it('gives each filter the share it removed of what reached it', () => {
    const [line] = describeFunnel({
      mistakes: 100,
      'not-winning': 20,
      'not-unique': 40,
      'short-of-gain': 30,
      trivial: 2,
      kept: 8,
    });
    expect(line).toBe(
      'mining: 100 positions after a mistake; not-winning -20 (20%), not-unique -40 (50%), ' +
        'short-of-gain -30 (75%), trivial -2 (20%), few-candidates -0 (0%), most-captures -0 (0%), ' +
        'greedy-material -0 (0%), repeated-line -0 (0%), found-before -0 (0%), failed-check -0 (0%); kept 8',
    );
    expect(describeFunnel({})).toEqual([]);
  });

  it('spreads the seed ratings and counts the puzzles shown after a mistake', () => {
    const rated = (rating: number) => ({
      ...bashniPuzzle('W:Wc3,g3:Bd4,h6', ['c3:e5']),
      rating,
      mistake: { fen: 'B:Wc3,g3:Be5,h6', move: 'e5-d4' },
    });
    const lines = describeLibrary([rated(1190), rated(1300), rated(1450), rated(1990)]);
    expect(lines).toContain(
      'seed ratings (4): min 1190, quartiles 1300 1450 1990, max 1990; ' +
        '1000-1199: 1, 1200-1399: 1, 1400-1599: 1, 1800-1999: 1',
    );
    expect(lines).toContain('after a mistake (shown as the last move): 4');
  });
});
