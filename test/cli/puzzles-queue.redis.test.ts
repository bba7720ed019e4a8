/**
 * `puzzles generate --queue`: the games are mined by an `npm run worker` process through Redis,
 * and the library is the one a local run makes (games are deterministic by variant, seed and
 * number). Without a worker nothing is mined; without REDIS_URL the option is refused.
 */
import { expect, it } from 'vitest';
import { decodeLibrary } from '../../src/puzzles/index.js';
import { useAppFleet } from '../support/app-fleet.js';
import { runCliWith } from '../support/run-cli.js';
import { outputMatches } from '../support/start-app.js';

const fleet = useAppFleet();

const GENERATE = [
  ...['puzzles', 'generate', '--variant', 'giveaway', '--count', '2', '--seed', '7'],
  ...['--budget-scale', '0.05'],
];

it('mines on the worker processes what a local run mines', async () => {
  const env = { REDIS_URL: fleet.redisUrl(), REDIS_KEY_PREFIX: 'mine:' };
  const worker = fleet.start({ ...env, AI_THREADS: '2' }, 'src/worker.ts');
  await outputMatches(worker, /AI worker/, 30_000);

  const remote = runCliWith(env, ...GENERATE, '--queue', '--threads', '2');
  expect(remote.stderr).toMatch(/2 games at once on the workers/);
  expect(remote.code).toBe(0);
  const local = runCliWith({}, ...GENERATE);
  expect(local.code).toBe(0);

  const fromWorkers = decodeLibrary(remote.stdout);
  const fromHere = decodeLibrary(local.stdout);
  expect(fromWorkers.ok && fromHere.ok).toBe(true);
  if (!fromWorkers.ok || !fromHere.ok) return;
  expect(fromWorkers.value.puzzles).toHaveLength(2);
  expect(fromWorkers.value.puzzles).toEqual(fromHere.value.puzzles);
  // Two mining runs of ~20 s of CPU each: on a loaded 2-core machine more than a minute.
}, 180_000);

it('refuses --queue without REDIS_URL', () => {
  const result = runCliWith({ REDIS_URL: '' }, ...GENERATE, '--queue');
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/--queue needs REDIS_URL/);
});
