/**
 * Calibration of the review's "White's chances": seeded self-play at the review's search budget
 * records, at each ply, the search score from White's side and the game's final result; a
 * logistic p = 1 / (1 + e^(-(k·score + b))) is fitted by maximum likelihood (Newton's method:
 * the log-likelihood is concave in k and b), draws counting half in the binomial likelihood.
 * The CLI command (`ai calibrate`, src/cli/ai-commands.ts) prints the fit with a reliability table
 * and writes src/ai/calibration.ts.
 */
import { startPosition, type VariantId } from '../engine/index.js';
import { fenTurn, logistic } from './analysis.js';
import type { Calibration } from './calibration-model.js';
import { openings, playGame, type Think } from './match.js';
import { MATE_BOUND } from './search.js';

/** One recorded position: the score from White's side and White's final result (1, 0.5, 0). */
export interface CalibrationPoint {
  readonly score: number;
  readonly result: number;
}

export interface CalibrationFit {
  /** The slope per centi-man. */
  readonly k: number;
  /** The intercept: White's edge in a position the search scores level (the first move's). */
  readonly b: number;
  /** Mean log-likelihood per point at (k, b) (higher is better; -ln 2 ≈ -0.693 for k = b = 0). */
  readonly logLikelihood: number;
  readonly iterations: number;
}

/**
 * The maximum-likelihood k and b of p(White) = 1 / (1 + e^(-(k·score + b))) for points with
 * results in [0, 1] (a draw is half a win in the likelihood), by Newton's method in two
 * dimensions (the log-likelihood is concave in (k, b)). Mates carry no information about the
 * curve and are left out. Throws when nothing is left to fit.
 */
export function fitLogistic(points: readonly CalibrationPoint[], start = 0.005): CalibrationFit {
  const used = points.filter((p) => Math.abs(p.score) <= MATE_BOUND);
  if (!used.some((p) => p.score !== 0)) throw new Error('calibration: no scored positions to fit');
  let k = start;
  let b = 0;
  let iterations = 0;
  for (; iterations < 100; iterations++) {
    // The gradient (gk, gb) and the negated Hessian [[hkk, hkb], [hkb, hbb]].
    let gk = 0;
    let gb = 0;
    let hkk = 0;
    let hkb = 0;
    let hbb = 0;
    for (const { score, result } of used) {
      const p = logistic(k * score + b);
      const w = p * (1 - p);
      gk += (result - p) * score;
      gb += result - p;
      hkk += w * score * score;
      hkb += w * score;
      hbb += w;
    }
    const determinant = hkk * hbb - hkb * hkb;
    if (determinant <= 0) break;
    let stepK = (hbb * gk - hkb * gb) / determinant;
    let stepB = (hkk * gb - hkb * gk) / determinant;
    // Damped so that a far start cannot jump across to a negative slope.
    if (k + stepK <= 0) {
      const scale = k / 2 / -stepK;
      stepK *= scale;
      stepB *= scale;
    }
    k += stepK;
    b += stepB;
    if (Math.abs(stepK) < 1e-12 + 1e-9 * k && Math.abs(stepB) < 1e-9) {
      iterations++;
      break;
    }
  }
  let total = 0;
  for (const { score, result } of used) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, logistic(k * score + b)));
    total += result * Math.log(p) + (1 - result) * Math.log(1 - p);
  }
  return { k, b, logLikelihood: total / used.length, iterations };
}

export interface ReliabilityRow {
  /** The bucket of predicted chances, [from, to). */
  readonly from: number;
  readonly to: number;
  readonly count: number;
  readonly predicted: number;
  readonly observed: number;
}

/** Predicted against observed White results, in `buckets` equal buckets of the prediction. */
export function reliabilityTable(
  points: readonly CalibrationPoint[],
  fit: { readonly k: number; readonly b: number },
  buckets = 10,
): ReliabilityRow[] {
  const rows = Array.from({ length: buckets }, (_, i) => ({
    from: i / buckets,
    to: (i + 1) / buckets,
    count: 0,
    predicted: 0,
    observed: 0,
  }));
  for (const { score, result } of points) {
    const p = score > MATE_BOUND ? 1 : score < -MATE_BOUND ? 0 : logistic(fit.k * score + fit.b);
    const row = rows[Math.min(buckets - 1, Math.floor(p * buckets))]!;
    row.count++;
    row.predicted += p;
    row.observed += result;
  }
  return rows
    .filter((row) => row.count > 0)
    .map((row) => ({
      ...row,
      predicted: row.predicted / row.count,
      observed: row.observed / row.count,
    }));
}

export interface SelfPlayOptions {
  readonly variant: VariantId;
  readonly games: number;
  readonly seed: number;
  /** Nodes per move (the review's budget by default in the CLI). */
  readonly nodes: number;
  readonly ms: number;
  readonly maxPlies?: number;
  /** Runs a search (in process or on the pool). */
  readonly think: Think;
  readonly onGame?: (index: number, whiteScore: number, plies: number) => void;
}

/**
 * Self-play games from varied balanced openings (each opening once, colours as they fall: both
 * sides play alike), recording every searched position's score from White's side with the
 * game's final result.
 */
export async function selfPlayPoints(options: SelfPlayOptions): Promise<CalibrationPoint[]> {
  const lines = openings(options.variant, options.games, options.seed);
  const points: CalibrationPoint[] = [];
  const player = { kind: 'search', nodes: options.nodes, ms: options.ms } as const;
  for (let i = 0; i < options.games && i < lines.length; i++) {
    const scores: number[] = [];
    const outcome = await playGame({
      start: startPosition(options.variant),
      opening: lines[i],
      white: player,
      black: player,
      seed: options.seed + i,
      maxPlies: options.maxPlies,
      think: async (request) => {
        const answer = await options.think(request);
        scores.push(fenTurn(request.fen) === 'white' ? answer.score : -answer.score);
        return answer;
      },
    });
    for (const score of scores) points.push({ score, result: outcome.whiteScore });
    options.onGame?.(i, outcome.whiteScore, outcome.plies);
  }
  return points;
}

/** Six significant digits, written as Prettier keeps a number (no trailing zeros). */
function sixDigits(value: number): string {
  return String(Number(value.toPrecision(6)));
}

/** The source of src/ai/calibration.ts for these calibrations. */
export function calibrationSource(
  calibrations: Readonly<Partial<Record<VariantId, Calibration>>>,
): string {
  const rows = Object.entries(calibrations).map(
    ([variant, c]) =>
      `  ${variant}: { k: ${sixDigits(c.k)}, b: ${sixDigits(c.b)}, games: ${c.games}, positions: ${c.positions}, nodes: ${c.nodes} },`,
  );
  return `/**
 * Generated by \`npm run cli -- ai calibrate\` (src/ai/calibrate.ts); run it again rather than
 * editing by hand. White's chances from a search score s (centi-men, White's side) are
 * 1 / (1 + e^(-(k·s + b))), k and b fitted by maximum likelihood on self-play positions (draws
 * count half); b is White's edge in a position the search scores level.
 * Variants without a calibration of their own use Bashni's.
 */
import type { VariantId } from '../engine/index.js';
import type { Calibration } from './calibration-model.js';

export const CALIBRATIONS: Readonly<Partial<Record<VariantId, Calibration>>> = {
${rows.join('\n')}
};

/** A variant's calibration, or Bashni's for a variant not calibrated. */
export function calibrationOf(variant: VariantId): Calibration {
  return CALIBRATIONS[variant] ?? CALIBRATIONS.bashni!;
}
`;
}
