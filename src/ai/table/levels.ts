/**
 * Playing levels 1..8 for table games, in the scheme of ../levels.ts: levels 1–4 search to a
 * fixed depth and then choose with seeded noise, believable blunders and careless captures;
 * levels 5–8 are node-budgeted (deterministic for a seed), the clock only a safety cap.
 *
 * Levels 1–4 keep the two-player depths, noise and margins: a ply is a quarter of a round, so
 * level 4 looks one full round ahead; noise and margins are in the table evaluation's unit, a
 * thousandth of a point, where a storey is worth 150 (evaluate.ts), about the size of the
 * two-player centi-men.
 *
 * Levels 5–8 have their own figures, set by what the table search gains from nodes, measured
 * with `table-match` (four seats, two seats each, paranoid search as in search.ts): depth 4
 * beats depth 2 by 0.25 points a seat, 8,000 nodes beat depth 5 by 0.16 (800 games), 40,000
 * nodes beat 8,000 by 0.11 (320 games), but 100,000 did not beat 10,000 (−0.18 over 160): three
 * seats moving between two of one's own moves make deep lines unreliable, so the table search
 * gains little past some tens of thousands of nodes. The budgets therefore sit on the rising
 * part (about depth 7, 8, 9 and 10 from the start), far below the two-player ones: the top level
 * thinks about 0.2 s on one core (the search runs at about 1 M nodes/s, bench/ai.bench.ts).
 * They are plain searches without noise: the lower levels' scoring of every root move would
 * cost half the budget, which these levels cannot spare. The measured ladder (docs/tuning.md,
 * "Zhernov's table game") is flat from level 5 up: more nodes do not make these levels
 * measurably stronger at four seats.
 */
import { levelConfig, TOP_LEVEL_MS, type LevelConfig } from '../levels.js';

/** Levels 5–8 at full scale (see the module doc). */
const UPPER: readonly Omit<LevelConfig, 'level' | 'maxDepth' | 'timeMs'>[] = [
  { nodes: 8_000, noise: 0, blunderChance: 0, blunderMargin: 0, carelessCapture: 0 },
  { nodes: 20_000, noise: 0, blunderChance: 0, blunderMargin: 0, carelessCapture: 0 },
  { nodes: 60_000, noise: 0, blunderChance: 0, blunderMargin: 0, carelessCapture: 0 },
  { nodes: 200_000, noise: 0, blunderChance: 0, blunderMargin: 0, carelessCapture: 0 },
];

export const TABLE_LEVELS: readonly LevelConfig[] = Array.from({ length: 8 }, (_, i) => {
  const twoPlayer = levelConfig(i + 1);
  return i < 4 ? twoPlayer : { ...twoPlayer, ...UPPER[i - 4]!, timeMs: TOP_LEVEL_MS };
});

/** The table configuration of a level (clamped to 1..8). */
export function tableLevelConfig(level: number): LevelConfig {
  const index = Math.min(Math.max(Math.round(level), 1), TABLE_LEVELS.length) - 1;
  const config = TABLE_LEVELS[index];
  // Only NaN gets past the clamp.
  if (config === undefined) throw new Error(`tableLevelConfig: ${level} is not a level`);
  return config;
}
