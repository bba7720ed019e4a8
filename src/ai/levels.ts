/**
 * Playing levels 1 (beginner) to 8 (full strength).
 *
 * Levels 1–4 are depth-limited searches that choose among near-best moves with seeded noise,
 * sometimes play a "believable blunder" (any move within a margin of the best) and, when several
 * captures are possible, sometimes take one without looking. Levels 5–8 are node-limited: a node
 * budget (not the clock) makes every level deterministic for a given seed; the clock is only a
 * safety cap. The default top-level budget is 2 s.
 */
export interface LevelConfig {
  readonly level: number;
  /** Deepest iteration. */
  readonly maxDepth: number;
  /** Node budget at full scale. */
  readonly nodes: number;
  /** Time cap in ms at full scale. */
  readonly timeMs: number;
  /** Root scores get uniform noise in ±noise centi-men before the best is taken. */
  readonly noise: number;
  /** Chance of picking uniformly among the moves within blunderMargin of the best. */
  readonly blunderChance: number;
  readonly blunderMargin: number;
  /** Chance, when several captures are possible, of taking one at random. */
  readonly carelessCapture: number;
}

/** Slowest search speed the scaled time caps allow for (nodes per ms; ~1/10 of normal). */
const MIN_NODES_PER_MS = 100;

/** Full-scale time budget of the top level, ms. */
export const TOP_LEVEL_MS = 2000;

export const LEVELS: readonly LevelConfig[] = [
  {
    level: 1,
    maxDepth: 1,
    nodes: 20_000,
    timeMs: 500,
    noise: 150,
    blunderChance: 0.3,
    blunderMargin: 400,
    carelessCapture: 0.5,
  },
  {
    level: 2,
    maxDepth: 2,
    nodes: 20_000,
    timeMs: 500,
    noise: 100,
    blunderChance: 0.18,
    blunderMargin: 300,
    carelessCapture: 0.3,
  },
  {
    level: 3,
    maxDepth: 3,
    nodes: 50_000,
    timeMs: 800,
    noise: 60,
    blunderChance: 0.1,
    blunderMargin: 200,
    carelessCapture: 0.15,
  },
  {
    level: 4,
    maxDepth: 4,
    nodes: 100_000,
    timeMs: 1000,
    noise: 30,
    blunderChance: 0.04,
    blunderMargin: 150,
    carelessCapture: 0.05,
  },
  {
    level: 5,
    maxDepth: 64,
    nodes: 15_000,
    timeMs: TOP_LEVEL_MS,
    noise: 12,
    blunderChance: 0,
    blunderMargin: 0,
    carelessCapture: 0,
  },
  {
    level: 6,
    maxDepth: 64,
    nodes: 60_000,
    timeMs: TOP_LEVEL_MS,
    noise: 0,
    blunderChance: 0,
    blunderMargin: 0,
    carelessCapture: 0,
  },
  {
    level: 7,
    maxDepth: 64,
    nodes: 300_000,
    timeMs: TOP_LEVEL_MS,
    noise: 0,
    blunderChance: 0,
    blunderMargin: 0,
    carelessCapture: 0,
  },
  {
    level: 8,
    maxDepth: 64,
    nodes: 1_500_000,
    timeMs: TOP_LEVEL_MS,
    noise: 0,
    blunderChance: 0,
    blunderMargin: 0,
    carelessCapture: 0,
  },
];

export const MIN_LEVEL = 1;
export const MAX_LEVEL = LEVELS.length;

/** The configuration of a level (clamped to 1..8). */
export function levelConfig(level: number): LevelConfig {
  const index = Math.min(Math.max(Math.round(level), MIN_LEVEL), MAX_LEVEL) - 1;
  const config = LEVELS[index];
  // Only NaN gets past the clamp.
  if (config === undefined) throw new Error(`levelConfig: ${level} is not a level`);
  return config;
}

/**
 * A level's budgets at a reduced scale (matches at short time controls; 1 = as in play).
 * Node budgets of levels 5–8 shrink in log space by (level − 4) / 4 of the scale, so level 8
 * shrinks fully and level 5 least, and the ladder keeps its order at any scale; time caps
 * shrink with the scale. Depth-limited levels 1–4 keep their depth.
 */
export function scaledBudget(config: LevelConfig, scale: number): { nodes: number; ms: number } {
  const s = Math.min(Math.max(scale, 1e-4), 1);
  const exponent = config.level <= 4 ? 0 : (config.level - 4) / 4;
  const nodes = Math.max(500, Math.round(config.nodes * Math.pow(s, exponent)));
  // The clock is a safety cap, not the budget: at reduced scale it still leaves room for the
  // node budget at a tenth of normal speed (a loaded machine), so results stay deterministic;
  // it never exceeds the level's own cap (2 s at the top).
  const scaledMs = config.timeMs * (config.level <= 4 ? 1 : s);
  const ms = Math.min(config.timeMs, Math.max(scaledMs, nodes / MIN_NODES_PER_MS));
  return { nodes, ms: Math.max(1, Math.round(ms)) };
}
