import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  calibrationSource,
  CALIBRATIONS,
  fitLogistic,
  REVIEW_MS,
  REVIEW_NODES,
  reliabilityTable,
  Searcher,
  selfPlayPoints,
  think,
} from '../ai/index.js';
import { readOptions, UsageError, type Print } from './options.js';
import { countOf } from './plural.js';

/** Where the fitted constants go by default: src/ai/calibration.ts beside the AI. */
export const CALIBRATION_FILE = fileURLToPath(new URL('../ai/calibration.ts', import.meta.url));

/**
 * `calibrate [--variant V] [--games N] [--nodes N] [--max-plies N] [--seed S] [--out FILE]
 * [--dry-run]` (also `ai calibrate ...`): seeded self-play at the review's budget, searched on
 * this thread (one core), the logistic k fitted to the positions' scores and results, a
 * reliability table, and the constants file written with this variant's k (the others kept).
 */
export async function calibrateCommand(args: string[], print: Print): Promise<number> {
  const opts = readOptions(args, {
    strings: 'variant games nodes max-plies seed out',
    flags: 'dry-run',
  });
  const { values } = opts;
  const variant = opts.variant();
  if (variant === ('zhernov' as string)) throw new UsageError('table games are not reviewed');
  const games = opts.optionalInteger('games', 1, 10_000) ?? 40;
  const nodes = opts.optionalInteger('nodes', 100, 10_000_000) ?? REVIEW_NODES;
  const maxPlies = opts.optionalInteger('max-plies', 4, 1000) ?? 200;
  const seed = opts.seed(1);
  const searcher = new Searcher({ ttBits: 18 });
  const started = performance.now();
  print(
    `calibrating ${variant}: ${countOf(games, 'self-play game')} at ${nodes} nodes per move, one thread`,
  );
  const points = await selfPlayPoints({
    variant,
    games,
    seed,
    nodes,
    ms: REVIEW_MS,
    maxPlies,
    think: (request) => Promise.resolve(think(searcher, request)),
  });
  if (points.length === 0) throw new UsageError('no position was searched: play more games');
  const fit = fitLogistic(points);
  const seconds = (performance.now() - started) / 1000;
  print(`games: ${games}, positions: ${points.length}, ${seconds.toFixed(1)} s`);
  print(
    `k = ${fit.k.toPrecision(6)} per centi-man, b = ${fit.b.toPrecision(4)} ` +
      `(level: White ${(100 / (1 + Math.exp(-fit.b))).toFixed(1)} %; White a man up: ` +
      `${(100 / (1 + Math.exp(-(100 * fit.k + fit.b)))).toFixed(1)} %; Black a man up: ` +
      `${(100 / (1 + Math.exp(-(-100 * fit.k + fit.b)))).toFixed(1)} %), ` +
      `mean log-likelihood ${fit.logLikelihood.toFixed(4)} (k = b = 0: ${(-Math.LN2).toFixed(4)}), ` +
      `${fit.iterations} Newton steps`,
  );
  print('predicted   positions  mean predicted  observed');
  for (const row of reliabilityTable(points, fit)) {
    const bucket = `${Math.round(row.from * 100)}-${Math.round(row.to * 100)} %`.padEnd(11);
    print(
      `${bucket} ${String(row.count).padStart(9)}  ${(row.predicted * 100).toFixed(1).padStart(13)} %  ${(row.observed * 100).toFixed(1).padStart(7)} %`,
    );
  }
  if (!opts.flag('dry-run')) {
    const file = values.out ?? CALIBRATION_FILE;
    const next = {
      ...CALIBRATIONS,
      [variant]: { k: fit.k, b: fit.b, games, positions: points.length, nodes },
    };
    writeFileSync(file, calibrationSource(next));
    print(`written: ${file}`);
  }
  return 0;
}
