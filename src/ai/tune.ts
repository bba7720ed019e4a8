import { seededRandom, startPosition, VARIANTS, type VariantId } from '../engine/index.js';
import { unreadWeights } from './evaluate.js';
import { openings, playGame, playMatch, type Think } from './match.js';
import {
  defaultWeights,
  vectorToWeights,
  WEIGHT_NAMES,
  weightsToVector,
  type Weights,
} from './weights.js';

/**
 * Tuning of the evaluation weights by self-play, with SPSA (simultaneous perturbation
 * stochastic approximation): each iteration perturbs every weight at once by ±c_i (random
 * signs), plays game pairs θ+ against θ− (one opening, both colours, fixed node budget per
 * move), and moves θ along the perturbation in proportion to the result:
 *   θ_i ← θ_i + a_k · c_i · r · Δ_i,   r = (points of θ+ − points of θ−) / games,
 * with a_k = a / (k + A)^0.602 (Spall's schedule). The result reported is the average of θ over
 * the last quarter of the iterations, which smooths the noise of single games. The man's
 * value stays fixed at 100 (it sets the scale), and the weights a variant's evaluation does not
 * read (unreadWeights in evaluate.ts) stay as they start.
 *
 * Run with `npm run cli -- tune` (src/cli/tune-command.ts).
 */

/** Options shared by both tuners. */
interface GameTuneOptions {
  readonly variant: VariantId;
  readonly nodesPerMove: number;
  readonly think: Think;
  readonly seed?: number;
  readonly start?: Weights;
}

export interface SpsaOptions {
  readonly start: Weights;
  /** Default: the standard variants' bounds. */
  readonly bounds?: WeightBounds;
  readonly iterations: number;
  readonly seed?: number;
  /**
   * Weights left at their start values: neither perturbed nor moved, and no random sign is drawn
   * for them (so adding weights that a variant does not read leaves its runs as they were).
   */
  readonly frozen?: readonly (keyof Weights)[];
  /**
   * The noisy measurement: how much better `plus` did than `minus`, from −1 (lost everything)
   * to 1 (won everything).
   */
  readonly compare: (plus: Weights, minus: Weights, random: () => number) => Promise<number>;
  /** Called after every iteration with the current weights and the measurement. */
  readonly onIteration?: (k: number, current: Weights, result: number) => void;
}

export interface TuneOptions extends GameTuneOptions {
  readonly iterations: number;
  /** Game pairs per iteration. */
  readonly pairs: number;
  readonly onIteration?: SpsaOptions['onIteration'];
}

/** The SPSA loop on its own, for any measurement (see the comment above). */
export async function spsa(options: SpsaOptions): Promise<Weights> {
  const random = seededRandom(options.seed ?? 12345);
  const bounds = options.bounds ?? STANDARD_BOUNDS;
  const theta = weightsToVector(options.start);
  const free = WEIGHT_NAMES.map((name) => !(options.frozen ?? []).includes(name));
  const scale = theta.map((value, i) =>
    WEIGHT_NAMES[i] === 'man' || !free[i] ? 0 : Math.max(3, Math.abs(value) * 0.15),
  );
  // A frozen weight keeps its start value, even outside the bounds.
  const bound = (i: number, value: number) => (free[i] ? clamp(bounds, i, value) : theta[i]!);
  const n = options.iterations;
  const bigA = n / 10;
  const a = 0.15 * Math.pow(bigA + 1, 0.602);
  const sum = theta.map(() => 0);
  let averaged = 0;
  for (let k = 1; k <= n; k++) {
    const delta = theta.map((_, i) => (!free[i] ? 0 : random() < 0.5 ? -1 : 1));
    const ck = 1 / Math.pow(k, 0.101);
    const plus = vectorToWeights(theta.map((t, i) => bound(i, t + ck * scale[i]! * delta[i]!)));
    const minus = vectorToWeights(theta.map((t, i) => bound(i, t - ck * scale[i]! * delta[i]!)));
    const r = await options.compare(plus, minus, random);
    const ak = a / Math.pow(k + bigA, 0.602);
    for (let i = 0; i < theta.length; i++) {
      theta[i] = bound(i, theta[i]! + ak * scale[i]! * r * delta[i]! * 2);
    }
    if (k > (n * 3) / 4) {
      for (let i = 0; i < theta.length; i++) sum[i]! += theta[i]!;
      averaged++;
    }
    options.onIteration?.(k, vectorToWeights(theta), r);
  }
  return vectorToWeights(averaged > 0 ? sum.map((s) => s / averaged) : theta);
}

/** SPSA where each measurement is `pairs` game pairs of θ+ against θ−. */
export function tune(options: TuneOptions): Promise<Weights> {
  const lines = openings(options.variant, 400, options.seed ?? 12345, 4, 80);
  const start = startPosition(options.variant);
  return spsa({
    start: options.start ?? defaultWeights(options.variant),
    bounds: weightBounds(options.variant),
    frozen: unreadWeights(VARIANTS[options.variant]),
    iterations: options.iterations,
    seed: options.seed,
    onIteration: options.onIteration,
    compare: async (plus, minus, random) => {
      const games: Promise<number>[] = [];
      for (let p = 0; p < options.pairs; p++) {
        const opening = lines[Math.floor(random() * lines.length)];
        for (const plusColor of [0, 1]) {
          const seed = Math.floor(random() * 0x7fffffff);
          const game = playGame({
            start,
            opening,
            white: { kind: 'search', nodes: options.nodesPerMove },
            black: { kind: 'search', nodes: options.nodesPerMove },
            think: options.think,
            seed,
            maxPlies: 250,
            weights: plusColor === 0 ? [plus, minus] : [minus, plus],
          });
          games.push(
            game.then((outcome) =>
              plusColor === 0 ? outcome.whiteScore * 2 - 1 : 1 - outcome.whiteScore * 2,
            ),
          );
        }
      }
      const results = await Promise.all(games);
      return results.reduce((x, y) => x + y, 0) / results.length;
    },
  });
}

/** The range each weight may take while tuning: it keeps every weight's sign meaningful. */
export type WeightBounds = Readonly<Record<keyof Weights, readonly [number, number]>>;

/** Bashni, Stolby and Laska: material is good, the man fixed at 100 sets the scale. */
const STANDARD_BOUNDS: WeightBounds = {
  man: [100, 100],
  king: [120, 800],
  reserveMan: [10, 200],
  reserveKing: [30, 500],
  prisonerSafe: [-20, 120],
  prisonerThin: [-60, 100],
  prisonerKing: [-20, 200],
  fragile: [0, 100],
  threatMax: [0, 150],
  threatExtra: [0, 100],
  manMobility: [0, 30],
  kingMobility: [0, 30],
  blocked: [-20, 60],
  advance: [0, 30],
  nearPromotion: [-20, 120],
  promotionThreat: [0, 200],
  backRank: [-20, 60],
  center: [-10, 50],
  tradeDown: [0, 40],
  tempo: [-20, 40],
  halfCount: [0, 400],
  crossing: [0, 200],
};

/** Giveaway: material is a burden, the man fixed at −100; positional terms may take either sign. */
const GIVEAWAY_BOUNDS: WeightBounds = {
  man: [-100, -100],
  king: [-800, -50],
  reserveMan: [-200, 0],
  reserveKing: [-500, 0],
  prisonerSafe: [-120, 20],
  prisonerThin: [-120, 20],
  prisonerKing: [-100, 100],
  fragile: [-50, 50],
  threatMax: [-150, 50],
  threatExtra: [-100, 50],
  manMobility: [-30, 10],
  kingMobility: [-30, 10],
  blocked: [-20, 60],
  advance: [-30, 30],
  nearPromotion: [-60, 60],
  promotionThreat: [-100, 50],
  backRank: [-30, 30],
  center: [-30, 30],
  tradeDown: [-20, 20],
  tempo: [-20, 40],
  halfCount: [0, 400],
  crossing: [0, 200],
};

export function weightBounds(variant: VariantId): WeightBounds {
  return variant === 'giveaway' ? GIVEAWAY_BOUNDS : STANDARD_BOUNDS;
}

function clamp(bounds: WeightBounds, i: number, value: number): number {
  const [low, high] = bounds[WEIGHT_NAMES[i]!]; // i indexes a weight vector
  return Math.min(high, Math.max(low, value));
}

export interface LocalSearchOptions extends GameTuneOptions {
  /** Sweeps over all weights. */
  readonly passes: number;
  /** Games per trial (each opening with both colours). */
  readonly games: number;
  /** Games played at once. */
  readonly concurrency?: number;
  /** Score a trial must reach against the current weights to be kept (default 0.53). */
  readonly accept?: number;
  readonly log?: (line: string) => void;
}

/**
 * Coordinate local search by matches: for each weight the variant reads, in turn, plays the current weights with
 * that weight raised by a step, and with it lowered, against the current weights (`games` games
 * each, fixed nodes per move, fresh openings every trial); a trial that scores at least
 * `accept` replaces the current weights. Steps start at 35% of the weight (at least 4) and
 * halve for a weight whose trials both failed, so later passes refine.
 */
export async function tuneLocal(options: LocalSearchOptions): Promise<Weights> {
  const log = options.log ?? (() => {});
  const current = { ...(options.start ?? defaultWeights(options.variant)) };
  const bounds = weightBounds(options.variant);
  const unread = unreadWeights(VARIANTS[options.variant]);
  const steps = new Map<keyof Weights, number>(
    WEIGHT_NAMES.map((name) => [name, Math.max(4, Math.round(Math.abs(current[name]) * 0.35))]),
  );
  const pool = openings(options.variant, 1000, options.seed ?? 777, 4, 80);
  if (pool.length === 0)
    throw new Error(`tuneLocal: no balanced opening found for ${options.variant}`);
  let trial = 0;
  for (let pass = 0; pass < options.passes; pass++) {
    for (const name of WEIGHT_NAMES) {
      if (name === 'man' || unread.includes(name)) continue;
      const step = steps.get(name)!;
      let improved = false;
      for (const sign of [1, -1]) {
        const [low, high] = bounds[name];
        const value = Math.min(high, Math.max(low, current[name] + sign * step));
        if (value === current[name]) continue;
        const candidate = { ...current, [name]: value };
        const pairs = Math.ceil(options.games / 2);
        const offset = (trial++ * pairs) % pool.length;
        const lines = Array.from({ length: pairs }, (_, i) => pool[(offset + i) % pool.length]!);
        const result = await playMatch({
          variant: options.variant,
          a: { kind: 'search', nodes: options.nodesPerMove },
          b: { kind: 'search', nodes: options.nodesPerMove },
          games: options.games,
          think: options.think,
          concurrency: options.concurrency ?? 2,
          weights: [candidate, current],
          lines,
          seed: trial,
        });
        const score =
          (result.wins + result.draws / 2) / (result.wins + result.draws + result.losses);
        log(`pass ${pass + 1} ${name} ${current[name]} -> ${value}: ${(score * 100).toFixed(1)}%`);
        if (score >= (options.accept ?? 0.53)) {
          current[name] = value;
          improved = true;
          log(`  kept: ${JSON.stringify(current)}`);
          break;
        }
      }
      if (!improved) steps.set(name, Math.max(2, Math.round(step / 2)));
    }
  }
  return current;
}
