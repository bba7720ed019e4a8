import { describe, expect, it } from 'vitest';
import {
  defaultWeights,
  parseWeights,
  Searcher,
  spsa,
  STANDARD_WEIGHTS,
  think,
  tune,
  tuneLocal,
  type ThinkRequest,
  type Weights,
} from '../../src/ai/index.js';
import { seededRandom, VARIANT_IDS, VARIANTS } from '../../src/engine/index.js';
import { weightBounds } from '../../src/ai/tune.js';
import { unreadWeights } from '../../src/ai/evaluate.js';

const names = Object.keys(STANDARD_WEIGHTS) as (keyof Weights)[];
const distance = (a: Weights, b: Weights) =>
  Math.sqrt(names.reduce((sum, name) => sum + ((a[name] - b[name]) / 10) ** 2, 0));

describe('SPSA', () => {
  // A hidden "best" set of weights; a noisy match favours whichever side is closer to it.
  const target: Weights = {
    ...STANDARD_WEIGHTS,
    king: 380,
    reserveMan: 50,
    prisonerSafe: 40,
    threatMax: 60,
    center: 14,
  };
  const noise = seededRandom(99);
  const compare = (plus: Weights, minus: Weights) => {
    const edge = Math.tanh((distance(minus, target) - distance(plus, target)) / 2);
    let total = 0;
    for (let game = 0; game < 4; game++) total += noise() < 0.5 + edge / 2 ? 1 : -1;
    return Promise.resolve(total / 4);
  };

  it('moves the weights towards the ones that win more, keeping the man at 100', async () => {
    const before = distance(STANDARD_WEIGHTS, target);
    const result = await spsa({ start: STANDARD_WEIGHTS, iterations: 1500, seed: 5, compare });
    expect(result.man).toBe(100);
    expect(distance(result, target)).toBeLessThan(before / 2);
    expect(result.king).toBeGreaterThan(STANDARD_WEIGHTS.king);
    expect(result.reserveMan).toBeLessThan(STANDARD_WEIGHTS.reserveMan);
  });

  it('leaves frozen weights at their start, even outside the bounds', async () => {
    const start = { ...STANDARD_WEIGHTS, king: 5000 };
    const result = await spsa({ start, iterations: 300, seed: 5, compare, frozen: ['king'] });
    expect(result.king).toBe(5000);
    // The others still move towards the target.
    expect(result.threatMax).toBeGreaterThan(STANDARD_WEIGHTS.threatMax);
  });

  it('stays where it is when no change helps', async () => {
    const flat = await spsa({
      start: STANDARD_WEIGHTS,
      iterations: 400,
      seed: 6,
      compare: (_plus, _minus, random) => Promise.resolve((random() < 0.5 ? -1 : 1) * 0.5),
    });
    // Pure noise: a random walk with shrinking steps stays within a fraction of each weight.
    expect(distance(flat, STANDARD_WEIGHTS)).toBeLessThan(distance(STANDARD_WEIGHTS, target));
  });
});

describe('tuning by games', () => {
  // A clock that stands still: node budgets alone decide the moves, whatever the machine load.
  const searcher = new Searcher({ ttBits: 14, now: () => 0 });
  const inProcess = (request: ThinkRequest) => Promise.resolve(think(searcher, request));

  it('SPSA plays real games and returns weights within bounds, the same for the same seed', async () => {
    const run = () =>
      tune({ variant: 'bashni', iterations: 3, pairs: 1, nodesPerMove: 150, think: inProcess });
    const first = await run();
    expect(first.man).toBe(100);
    for (const name of names) expect(Number.isInteger(first[name])).toBe(true);
    expect(first.prisonerThin).toBeGreaterThanOrEqual(-60);
    expect(await run()).toEqual(first);
  });

  it('tunes adiyukh with its goal term, and stavropol only in what its evaluation reads', async () => {
    const run = (variant: 'adiyukh' | 'stavropol') =>
      tune({ variant, iterations: 4, pairs: 1, nodesPerMove: 150, think: inProcess });
    const adiyukh = await run('adiyukh');
    expect(adiyukh.halfCount).not.toBe(defaultWeights('adiyukh').halfCount);
    expect(adiyukh.crossing).toBe(defaultWeights('adiyukh').crossing);
    const stavropol = await run('stavropol');
    const start = defaultWeights('stavropol');
    for (const name of unreadWeights(VARIANTS.stavropol))
      expect(stavropol[name], name).toBe(start[name]);
  });

  it('tunes giveaway within its own bounds: material stays a burden', async () => {
    const result = await tune({
      variant: 'giveaway',
      iterations: 3,
      pairs: 1,
      nodesPerMove: 150,
      think: inProcess,
    });
    expect(result.man).toBe(-100);
    const bounds = weightBounds('giveaway');
    for (const name of names) {
      expect(result[name]).toBeGreaterThanOrEqual(bounds[name][0]);
      expect(result[name]).toBeLessThanOrEqual(bounds[name][1]);
    }
    expect(result.king).toBeLessThan(0);
  });

  it("each variant's default weights lie within its tuning bounds", () => {
    for (const variant of VARIANT_IDS) {
      const weights = defaultWeights(variant);
      const bounds = weightBounds(variant);
      for (const name of names) {
        expect(weights[name], `${variant} ${name}`).toBeGreaterThanOrEqual(bounds[name][0]);
        expect(weights[name], `${variant} ${name}`).toBeLessThanOrEqual(bounds[name][1]);
      }
    }
  });

  it('local search keeps a change only when it wins its trial', async () => {
    // Every weight well inside its bounds, so each gets a trial up and a trial down.
    const start: Weights = {
      ...{ man: 100, king: 300, reserveMan: 70, reserveKing: 150, prisonerSafe: 20 },
      ...{ prisonerThin: 5, prisonerKing: 30, fragile: 15, threatMax: 40, threatExtra: 15 },
      ...{ manMobility: 3, kingMobility: 2, blocked: 6, advance: 4, nearPromotion: 20 },
      ...{ promotionThreat: 40, backRank: 8, center: 6, tradeDown: 4, tempo: 5 },
      ...{ halfCount: 50, crossing: 20 },
    };
    const lines: string[] = [];
    const result = await tuneLocal({
      variant: 'bashni',
      passes: 1,
      games: 2,
      nodesPerMove: 100,
      think: inProcess,
      start,
      log: (line) => lines.push(line),
      accept: 1.01, // unreachable: nothing may change
    });
    expect(result).toEqual(start);
    // No trials of the man (the unit) nor of the weights Bashni does not read (the half count's).
    const unread = unreadWeights(VARIANTS.bashni);
    expect(unread).toEqual(['halfCount', 'crossing']);
    expect(lines.filter((line) => line.startsWith('pass 1 '))).toHaveLength(
      2 * (names.length - 1 - unread.length),
    );
  });
});

describe('weights from JSON', () => {
  it('fills names left out from the defaults', () => {
    const parsed = parseWeights('{"king": 350, "tempo": -3}', 'bashni');
    expect(parsed).toEqual({ ok: true, value: { ...STANDARD_WEIGHTS, king: 350, tempo: -3 } });
  });

  it('refuses what is not a set of weights', () => {
    for (const text of ['', '[1,2]', 'null', '{"king": "300"}', '{"queen": 900}', '{"man": 1e999}'])
      expect(parseWeights(text, 'bashni').ok, text).toBe(false);
  });
});
