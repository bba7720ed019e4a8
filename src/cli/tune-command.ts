import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AiPool, tune, tuneLocal, type Weights } from '../ai/index.js';
import { readOptions, UsageError, type Print } from './options.js';

/**
 * `tune [--method spsa|local] [--iterations N] [--pairs N] [--passes N] [--games N]
 * [--nodes N] [--threads T] [--seed S] [--variant V] [--start FILE] [--out FILE]`
 *
 * Tunes the evaluation weights by self-play (src/ai/tune.ts) and prints progress, then the
 * result as JSON (also written to --out, which is checked before the run: a run takes hours).
 * SPSA: --iterations, each --pairs game pairs of θ+ against θ−. Local: --passes over the
 * weights, --games per trial.
 */
export async function tuneCommand(
  args: string[],
  print: Print,
  printError: Print,
): Promise<number> {
  const opts = readOptions(args, {
    strings: 'method iterations pairs passes games nodes threads seed variant start out',
  });
  const { values } = opts;
  const method = values.method ?? 'spsa';
  if (method !== 'spsa' && method !== 'local')
    throw new UsageError(`--method must be spsa or local, got "${method}"`);
  const count = (name: 'iterations' | 'pairs' | 'passes' | 'games' | 'nodes', fallback: number) =>
    opts.optionalInteger(name, 1, 10_000_000) ?? fallback;
  const variant = opts.variant();
  const start = opts.weights('start', variant);
  const threads = opts.threads();
  const seed = opts.seed(12345);
  const nodesPerMove = count('nodes', 4000);
  if (values.out !== undefined) checkWritable(values.out);

  const pool = new AiPool({ size: threads, ttBits: 18 });
  const started = Date.now();
  const log = (line: string) => print(`${Math.round((Date.now() - started) / 1000)}s ${line}`);
  const think = (request: Parameters<AiPool['think']>[0]) => pool.think(request);
  try {
    let result: Weights;
    if (method === 'spsa') {
      const iterations = count('iterations', 1000);
      const every = Math.max(1, Math.round(iterations / 40));
      let window = 0;
      result = await tune({
        variant,
        iterations,
        pairs: count('pairs', 2),
        nodesPerMove,
        think,
        seed,
        start,
        onIteration: (k, current, r) => {
          window += r;
          if (k % every !== 0) return;
          log(`iteration ${k}: mean r ${(window / every).toFixed(3)} ${JSON.stringify(current)}`);
          window = 0;
        },
      });
    } else {
      result = await tuneLocal({
        variant,
        passes: count('passes', 1),
        games: count('games', 200),
        nodesPerMove,
        think,
        seed,
        start,
        concurrency: threads,
        log,
      });
    }
    const json = JSON.stringify(result);
    print(`result: ${json}`);
    if (values.out === undefined) return 0;
    try {
      writeFileSync(values.out, json + '\n');
    } catch (error) {
      printError(`error: cannot write ${values.out}: ${(error as Error).message}`);
      return 1;
    }
    print(`wrote ${values.out}`);
    return 0;
  } finally {
    await pool.close();
  }
}

/** --out names a file that can be written: in an existing, writable directory, not a directory. */
function checkWritable(path: string): void {
  const directory = dirname(path);
  if (!existsSync(directory) || !statSync(directory).isDirectory())
    throw new UsageError(`--out ${path}: there is no directory ${directory}`);
  if (existsSync(path) && statSync(path).isDirectory())
    throw new UsageError(`--out ${path} is a directory; give a file name`);
  try {
    accessSync(existsSync(path) ? path : directory, constants.W_OK);
  } catch {
    throw new UsageError(`--out ${path} cannot be written (no permission)`);
  }
}
