import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATING,
  decayRating,
  isProvisional,
  updateRating,
  type RatedResult,
  type Rating,
} from '../../src/ratings/glicko2.js';
import { seededRandom } from '../support/random.js';
import { item } from '../support/present.js';

const rating = (value: number, deviation: number, volatility = 0.06): Rating => ({
  rating: value,
  deviation,
  volatility,
});

describe('Glicko-2', () => {
  it("matches the worked example of Glickman's paper", () => {
    const next = updateRating(rating(1500, 200), [
      { opponent: rating(1400, 30), score: 1 },
      { opponent: rating(1550, 100), score: 0 },
      { opponent: rating(1700, 300), score: 0 },
    ]);
    // The paper's figures come from intermediates rounded to 4 places (μ' = -0.2069,
    // φ' = 0.8722, σ' = 0.05999): exact arithmetic lands within 0.01 of 1464.06 / 151.52.
    expect(Math.abs(next.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(next.deviation - 151.52)).toBeLessThan(0.01);
    expect((next.rating - 1500) / 173.7178).toBeCloseTo(-0.2069, 4);
    expect(next.deviation / 173.7178).toBeCloseTo(0.8722, 4);
    expect(Math.abs(next.volatility - 0.05999)).toBeLessThan(0.00001);
    expect(next.volatility).toBeLessThan(0.06);
  });

  it('starts newcomers at 1500/350/0.06, provisional', () => {
    expect(DEFAULT_RATING).toEqual({ rating: 1500, deviation: 350, volatility: 0.06 });
    expect(isProvisional(DEFAULT_RATING)).toBe(true);
    expect(isProvisional(rating(1500, 110))).toBe(false);
    expect(isProvisional(rating(1500, 110.5))).toBe(true);
  });

  it('a period without results only widens the deviation, never past a newcomer’s', () => {
    const player = rating(1720, 200);
    const idle = updateRating(player, []);
    expect(idle.rating).toBe(1720);
    expect(idle.volatility).toBe(0.06);
    // Step 6 of the paper: sqrt(φ² + σ²) on the Glicko-2 scale.
    const phi = 200 / 173.7178;
    expect(idle.deviation).toBeCloseTo(173.7178 * Math.sqrt(phi ** 2 + 0.06 ** 2), 9);
    expect(idle.deviation).toBeGreaterThan(200);
    // n idle periods at once are n single periods.
    let stepped = player;
    for (let i = 0; i < 30; i++) stepped = updateRating(stepped, []);
    expect(decayRating(player, 30).deviation).toBeCloseTo(stepped.deviation, 9);
    expect(decayRating(player, 100_000).deviation).toBe(350);
    expect(updateRating(DEFAULT_RATING, [])).toEqual(DEFAULT_RATING);
    expect(decayRating(player, 0)).toEqual(player);
  });

  it('is symmetric: equal players, a win and a loss move them by the same amount', () => {
    const a = rating(1600, 120);
    const b = rating(1600, 120);
    const winner = updateRating(a, [{ opponent: b, score: 1 }]);
    const loser = updateRating(b, [{ opponent: a, score: 0 }]);
    expect(winner.rating - 1600).toBeGreaterThan(0);
    expect(winner.rating - 1600).toBeCloseTo(1600 - loser.rating, 9);
    expect(winner.deviation).toBeCloseTo(loser.deviation, 9);
    // A draw between equals changes no rating, and shrinks both deviations.
    const drawn = updateRating(a, [{ opponent: b, score: 0.5 }]);
    expect(drawn.rating).toBeCloseTo(1600, 9);
    expect(drawn.deviation).toBeLessThan(120);
  });

  it('an upset moves ratings more than an expected result', () => {
    const strong = rating(1900, 80);
    const weak = rating(1400, 80);
    const expected = updateRating(weak, [{ opponent: strong, score: 0 }]);
    const upset = updateRating(weak, [{ opponent: strong, score: 1 }]);
    expect(1400 - expected.rating).toBeLessThan(upset.rating - 1400);
  });

  it('a replayed season ranks players by their true strength', () => {
    // Six players of known strength play random pairings; results follow the Elo expectation.
    const truth = [1100, 1300, 1500, 1700, 1900, 2100];
    const random = seededRandom(2026);
    let ratings = truth.map(() => DEFAULT_RATING);
    for (let period = 0; period < 40; period++) {
      const results: RatedResult[][] = truth.map(() => []);
      for (let game = 0; game < 12; game++) {
        const i = Math.floor(random() * truth.length);
        const j = (i + 1 + Math.floor(random() * (truth.length - 1))) % truth.length;
        const p = 1 / (1 + 10 ** ((item(truth, j, 'truth') - item(truth, i, 'truth')) / 400));
        const score = random() < p ? 1 : 0;
        item(results, i, 'results').push({ opponent: item(ratings, j, 'ratings'), score });
        item(results, j, 'results').push({
          opponent: item(ratings, i, 'ratings'),
          score: score === 1 ? 0 : 1,
        });
      }
      ratings = ratings.map((r, k) => updateRating(r, item(results, k, 'results')));
    }
    const order = ratings.map((r, k) => ({ r: r.rating, k })).sort((x, y) => x.r - y.r);
    expect(order.map(({ k }) => k)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(item(ratings, 5, 'ratings').rating - item(ratings, 0, 'ratings').rating).toBeGreaterThan(
      600,
    );
    for (const r of ratings) expect(isProvisional(r)).toBe(false);
  });
});
