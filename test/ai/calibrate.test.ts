import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  calibrationOf,
  calibrationSource,
  fitLogistic,
  logistic,
  reliabilityTable,
  whiteChances,
  type CalibrationPoint,
} from '../../src/ai/index.js';
import { calibrateCommand } from '../../src/cli/calibrate-command.js';
import { seededRandom } from '../../src/engine/index.js';

/**
 * Positions with scores up to ±`span` and results drawn so that White's expected result is
 * logistic(k·score + b): a draw (0.5) with chance `draws`, else a win or a loss.
 */
function synthetic(
  k: number,
  count: number,
  seed: number,
  span = 1200,
  draws = 0,
  b = 0,
): CalibrationPoint[] {
  const random = seededRandom(seed);
  const points: CalibrationPoint[] = [];
  for (let i = 0; i < count; i++) {
    const score = Math.round((random() * 2 - 1) * span);
    const p = logistic(k * score + b);
    if (random() < draws) points.push({ score, result: 0.5 });
    else points.push({ score, result: random() < (p - draws / 2) / (1 - draws) ? 1 : 0 });
  }
  return points;
}

describe('the calibration fit', () => {
  it('recovers a known k from synthetic wins and losses', () => {
    for (const k of [0.002, 0.004, 0.008]) {
      const fit = fitLogistic(synthetic(k, 20_000, 7));
      expect(fit.k / k).toBeGreaterThan(0.93);
      expect(fit.k / k).toBeLessThan(1.07);
    }
  });

  it('recovers White’s edge (the intercept) with the slope', () => {
    for (const b of [-0.3, 0.25]) {
      const fit = fitLogistic(synthetic(0.003, 40_000, 5, 1200, 0, b));
      expect(fit.b).toBeGreaterThan(b - 0.05);
      expect(fit.b).toBeLessThan(b + 0.05);
      expect(fit.k / 0.003).toBeGreaterThan(0.93);
      expect(fit.k / 0.003).toBeLessThan(1.07);
    }
    // No edge in the data: none found.
    expect(Math.abs(fitLogistic(synthetic(0.004, 40_000, 9)).b)).toBeLessThan(0.05);
  });

  it('counts draws as half a win and still finds k', () => {
    // p stays within [0.15, 0.85] here, so a 30 % draw rate keeps every expectation p.
    const fit = fitLogistic(synthetic(0.003, 30_000, 11, 570, 0.3));
    expect(fit.k / 0.003).toBeGreaterThan(0.9);
    expect(fit.k / 0.003).toBeLessThan(1.1);
  });

  it('is exact when the data are the expectations themselves', () => {
    const points = [-900, -400, -100, 0, 100, 400, 900].map((score) => ({
      score,
      result: logistic(0.005 * score + 0.2),
    }));
    const fit = fitLogistic(points, 0.0001);
    expect(fit.k).toBeCloseTo(0.005, 6);
    expect(fit.b).toBeCloseTo(0.2, 6);
  });

  it('leaves out mates, and refuses to fit nothing', () => {
    expect(() => fitLogistic([{ score: 0, result: 1 }])).toThrow(/no scored positions/);
    expect(() => fitLogistic([{ score: 29_500, result: 1 }])).toThrow(/no scored positions/);
  });

  it('puts each point in its bucket of the prediction', () => {
    const rows = reliabilityTable(
      [
        { score: -2000, result: 0 },
        { score: 0, result: 1 },
        { score: 0, result: 0 },
        { score: 2000, result: 1 },
      ],
      { k: 0.005, b: 0 },
    );
    expect(rows.map((row) => [row.from, row.count, row.observed])).toEqual([
      [0, 1, 0],
      [0.5, 2, 0.5],
      [0.9, 1, 1],
    ]);
  });

  it('turns a score into White’s chances with the variant’s k (Bashni’s for the others)', () => {
    const { k, b } = calibrationOf('bashni');
    expect(whiteChances(0, 'bashni')).toBeCloseTo(logistic(b), 12);
    expect(whiteChances(29_500, 'bashni')).toBe(1);
    expect(whiteChances(-29_500, 'bashni')).toBe(0);
    expect(whiteChances(100, 'bashni')).toBeCloseTo(logistic(k * 100 + b), 12);
    expect(calibrationOf('stavropol')).toEqual(calibrationOf('bashni'));
  });

  it('writes a constants file that keeps the other variants', () => {
    const source = calibrationSource({
      bashni: { k: 0.0025, b: 0.15, games: 3, positions: 200, nodes: 20_000 },
      laska: { k: 0.004, b: 0, games: 2, positions: 100, nodes: 20_000 },
    });
    expect(source).toContain(
      'bashni: { k: 0.0025, b: 0.15, games: 3, positions: 200, nodes: 20000 }',
    );
    expect(source).toContain('laska: { k: 0.004, b: 0,');
    expect(source).toContain('export function calibrationOf');
  });
});

describe('ai calibrate (the command)', () => {
  it('plays a tiny number of games, prints the fit and the table, and writes the file', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'calibrate-')), 'calibration.ts');
    const lines: string[] = [];
    const code = await calibrateCommand(
      ['--games', '2', '--nodes', '2000', '--max-plies', '30', '--seed', '3', '--out', out],
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/games: 2, positions: \d+/);
    expect(text).toMatch(/k = \d/);
    expect(text).toMatch(/predicted\s+positions\s+mean predicted\s+observed/);
    const written = readFileSync(out, 'utf8');
    expect(written).toMatch(
      /bashni: \{ k: [\d.e-]+, b: -?[\d.e-]+, games: 2, positions: \d+, nodes: 2000 \}/,
    );
  });
});
