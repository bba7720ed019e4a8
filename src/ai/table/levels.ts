/**
 * Playing levels 1..8 for table games, in the scheme of ../levels.ts: levels 1–4 search to a
 * fixed depth and then choose with seeded noise, believable blunders and careless captures;
 * levels 5–8 are node-budgeted (deterministic for a seed), the clock only a safety cap.
 *
 * Their own figures, because the table search is slower and its plies are thinner:
 *   - the table search runs at about 1 M nodes/s on one free core (bench/ai.bench.ts; the
 *     board checks on every move whether the next seat can move at all, and evaluates four
 *     seats), against about 1.5 M in two-player Bashni: the budgets are about two thirds of the
 *     two-player ones, so that each level thinks for a similar time (level 8: 1 M nodes, about
 *     1 s, inside the 2 s cap);
 *   - levels 1–4 keep the two-player depths, noise and margins: a ply is a quarter of a round,
 *     so level 4 looks one full round ahead, and noise and margins are in the table evaluation's
 *     unit, a thousandth of a point, where a storey is worth 150 (evaluate.ts), about the size
 *     of the two-player centi-men.
 */
import { levelConfig, TOP_LEVEL_MS, type LevelConfig } from '../levels.js';

/** The node budgets of levels 5–8 at full scale (see the module doc). */
const TABLE_NODES: Readonly<Record<number, number>> = {
  5: 10_000,
  6: 40_000,
  7: 200_000,
  8: 1_000_000,
};

export const TABLE_LEVELS: readonly LevelConfig[] = Array.from({ length: 8 }, (_, i) => {
  const twoPlayer = levelConfig(i + 1);
  return i < 4 ? twoPlayer : { ...twoPlayer, nodes: TABLE_NODES[i + 1]!, timeMs: TOP_LEVEL_MS };
});

/** The table configuration of a level (clamped to 1..8). */
export function tableLevelConfig(level: number): LevelConfig {
  const index = Math.min(Math.max(Math.round(level), 1), TABLE_LEVELS.length) - 1;
  const config = TABLE_LEVELS[index];
  // Only NaN gets past the clamp.
  if (config === undefined) throw new Error(`tableLevelConfig: ${level} is not a level`);
  return config;
}
