import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadConfig } from '../config.js';
import { VARIANTS, type VariantId } from '../engine/index.js';
import { loadEnvFile } from '../startup/env-file.js';
import {
  checkLegality,
  describeFunnel,
  describeLibrary,
  encodeLibrary,
  generatePuzzles,
  mineGame,
  MINING_BUDGETS,
  addCounts,
  countsAfterRemoval,
  puzzleSearcher,
  scaleBudgets,
  recheckPuzzle,
  type MiningCounts,
  type Puzzle,
  type PuzzleLibrary,
} from '../puzzles/index.js';
import { readOptions, UsageError, type Print } from './options.js';
import { countOf } from './plural.js';
import { PuzzlePool } from './puzzle-workers.js';
import { readGoodLibrary, readLibraryFile } from './library-file.js';
import { fitCommand, rateCommand } from './puzzle-rating-commands.js';
import { remoteMiner } from './remote-mining.js';
import { KeyBuilder } from '../store/keys.js';

/** The queue of `--queue`, from REDIS_URL and REDIS_KEY_PREFIX (the environment or .env). */
function remoteMinerFromEnv(): ReturnType<typeof remoteMiner> {
  const env = { ...process.env };
  loadEnvFile(join(process.cwd(), '.env'), env);
  const { redis } = loadConfig(env);
  if (redis === undefined)
    throw new UsageError(
      '--queue needs REDIS_URL or REDIS_CLUSTER_NODES: the games go to `npm run worker` through Redis',
    );
  return remoteMiner({ url: redis.target, prefix: new KeyBuilder(redis.keyPrefix).bullMqPrefix() });
}

/** `puzzles generate|check ...` */
export async function puzzlesCommand(args: string[], print: Print): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'generate') return generateCommand(rest, print);
  if (sub === 'check') return checkCommand(rest, print);
  if (sub === 'rate') return rateCommand(rest, print);
  if (sub === 'fit') return fitCommand(rest, print);
  throw new UsageError(
    'usage: puzzles generate [options] | puzzles check FILE [--sample N] [--deep] | ' +
      'puzzles rate FILE [--out FILE] | puzzles fit FILE... [--limit N]',
  );
}

/**
 * `puzzles generate [--variant V] --count N [--seed S] [--out FILE] [--threads T] [--resume]
 * [--games G]`: mines seeded self-play games until the library holds N puzzles, printing
 * progress and the rate, and writes the library (to stdout without --out; with --out, after
 * every game that adds a puzzle, so a run stopped early keeps what it found). --resume goes on
 * with the library at --out from the game it stopped at; --games stops after G more games (a
 * chunk of a long mining).
 */
async function generateCommand(args: string[], print: Print): Promise<number> {
  const opts = readOptions(args, {
    strings: 'variant count seed out threads games budget-scale',
    flags: 'queue resume',
  });
  const { values } = opts;
  const variant = opts.variant();
  // The miner's goals (win by leaving the opponent no move, or material) do not fit a game
  // scored by the half count.
  if (VARIANTS[variant].outcome === 'half-count')
    throw new UsageError(`puzzles cannot be mined for ${variant} (scored by the half count)`);
  const count = opts.integer('count', 1, 100_000);
  const seed = opts.seed(1);
  const threads = opts.threads();
  const chunk = opts.optionalInteger('games', 1, 100_000);
  const resumed = opts.flag('resume') ? readResumed(values.out, variant, seed) : undefined;
  const log =
    values.out === undefined ? (line: string) => process.stderr.write(line + '\n') : print;
  // --queue: the games go to `npm run worker` processes through Redis (REDIS_URL).
  const remote = opts.flag('queue') ? remoteMinerFromEnv() : undefined;
  const pool = remote === undefined && threads > 1 ? new PuzzlePool(threads) : undefined;
  const searcher = pool === undefined && remote === undefined ? puzzleSearcher() : undefined;
  const scale = opts.optionalNumber('budget-scale', 0.001, 10);
  const budgets = scale === undefined ? MINING_BUDGETS : scaleBudgets(MINING_BUDGETS, scale);
  const firstGame = resumed?.games ?? 0;
  const earlierSeconds = resumed?.seconds ?? 0;
  const started = Date.now();
  await remote?.ready();
  log(
    `mining ${countOf(count, `${variant} puzzle`)}, seed ${seed}, from game ${firstGame + 1}, ` +
      (remote === undefined
        ? countOf(threads, 'thread')
        : `${countOf(threads, 'game')} at once on the workers`),
  );
  const libraryOf = (puzzles: readonly Puzzle[], games: number, counts: MiningCounts) => ({
    schemaVersion: 1 as const,
    variant,
    generatedBy: {
      command: [
        'npm run cli -- puzzles generate',
        `--variant ${variant}`,
        `--count ${count}`,
        `--seed ${seed}`,
        ...(scale === undefined ? [] : [`--budget-scale ${scale}`]),
        ...(values.out === undefined ? [] : [`--out ${values.out}`]),
      ].join(' '),
      seed,
      budgets,
      games,
      seconds: Math.round(earlierSeconds + (Date.now() - started) / 1000),
      counts: addCounts(resumed?.counts ?? {}, counts),
    },
    puzzles,
  });
  const save = (library: PuzzleLibrary) => {
    if (values.out === undefined) return;
    mkdirSync(dirname(values.out), { recursive: true });
    writeFileSync(values.out, encodeLibrary(library));
  };
  let result: Awaited<ReturnType<typeof generatePuzzles>>;
  try {
    result = await generatePuzzles({
      variant,
      count,
      concurrency: threads,
      firstGame,
      library: resumed?.puzzles ?? [],
      ...(chunk === undefined ? {} : { endGame: firstGame + chunk }),
      mineGame: (game) =>
        remote !== undefined
          ? remote.mine({ variant, seed, game, budgets })
          : pool !== undefined
            ? pool.mine({ variant, seed, game, budgets })
            : mineGame(searcher!, { variant, seed, game, budgets }),
      onGame: ({ game, taken, puzzles, counts }) => {
        if (taken > 0) save(libraryOf(puzzles, game + 1, counts));
        if (taken === 0 && (game + 1) % 10 !== 0) return;
        const hours = (Date.now() - started) / 3_600_000;
        const found = puzzles.length - (resumed?.puzzles.length ?? 0);
        log(
          `game ${game + 1}: +${taken}, ${puzzles.length}/${count} puzzles, ` +
            `${Math.round(found / hours)} puzzles/hour, ${Math.round(hours * 3600)} s`,
        );
      },
    });
  } finally {
    await pool?.close();
    await remote?.close();
  }
  const library = libraryOf(result.puzzles, result.nextGame, result.counts);
  if (values.out === undefined) process.stdout.write(encodeLibrary(library));
  else save(library);
  const seconds = (Date.now() - started) / 1000;
  const found = result.puzzles.length - (resumed?.puzzles.length ?? 0);
  log(
    `${countOf(found, 'puzzle')} in ${seconds.toFixed(0)} s with ${countOf(threads, 'thread')}: ` +
      `${Math.round((found * 3600) / seconds)} puzzles/hour; ${result.puzzles.length} in the library`,
  );
  for (const line of describeFunnel(library.generatedBy.counts)) log(line);
  return result.puzzles.length >= count || chunk !== undefined ? 0 : 1;
}

/** The library at `out` to go on with: same variant and seed, made by this miner. */
function readResumed(
  out: string | undefined,
  variant: VariantId,
  seed: number,
): { puzzles: readonly Puzzle[]; games: number; seconds: number; counts: MiningCounts } {
  if (out === undefined) throw new UsageError('--resume needs --out: the library to go on with');
  const library = readGoodLibrary(out);
  const { generatedBy } = library;
  const games = generatedBy.games;
  if (library.variant !== variant || generatedBy.seed !== seed || typeof games !== 'number')
    throw new UsageError(
      `--resume: ${out} is not a ${variant} library of seed ${seed} made by this miner`,
    );
  return {
    puzzles: library.puzzles,
    games,
    seconds: typeof generatedBy.seconds === 'number' ? generatedBy.seconds : 0,
    counts: generatedBy.counts ?? {},
  };
}

/**
 * `puzzles check FILE [--sample N] [--deep] [--threads T] [--out FILE]`: reads a library and
 * re-verifies it: every line legal, and every solver move unique by a fresh search at the
 * library's budgets (for N puzzles spread over the file with --sample), on T worker threads.
 * With --deep the searches get ten times the budgets (DEEP_BUDGETS) and every defender reply
 * must be the best defence too. Prints each bad puzzle and why (in the file's order), then the
 * library's make-up; exit code 1 when a puzzle is bad. With --out, writes the library without
 * its bad puzzles there (counted in generatedBy.counts as failed-check).
 */
async function checkCommand(args: string[], print: Print): Promise<number> {
  const opts = readOptions(args, { strings: 'sample threads out', flags: 'deep' }, true);
  const deep = opts.flag('deep');
  const { positionals } = opts;
  const [path, ...extra] = positionals;
  if (path === undefined || extra.length > 0)
    throw new UsageError('puzzles check needs one library file');
  const decoded = readLibraryFile(path);
  if (!decoded.ok) {
    print(`${path}: ${decoded.error.message}`);
    return 1;
  }
  const puzzles = decoded.value.puzzles;
  const sample = opts.optionalInteger('sample', 0, puzzles.length) ?? puzzles.length;
  const threads = opts.threads();
  const pool = threads > 1 ? new PuzzlePool(threads) : undefined;
  const searcher = pool === undefined ? puzzleSearcher() : undefined;
  const started = Date.now();
  const bad = new Set<number>();
  const searched = (index: number) =>
    sample > 0 && index % Math.max(1, Math.floor(puzzles.length / sample)) === 0;
  const check = (index: number): Promise<string[]> => {
    const puzzle = puzzles[index]!;
    if (!searched(index)) return Promise.resolve(checkLegality(puzzle));
    return pool?.verify(puzzle, deep) ?? Promise.resolve(recheckPuzzle(searcher!, puzzle, deep));
  };
  // With threads every puzzle is handed out at once (the pool runs T at a time); alone, one by
  // one, so that a bad puzzle shows as soon as it is found.
  const running = pool === undefined ? undefined : puzzles.map((_, index) => check(index));
  // Awaited in order below; a failure meanwhile is not unhandled.
  for (const verdict of running ?? []) verdict.catch(() => undefined);
  try {
    for (let index = 0; index < puzzles.length; index++) {
      const problems = await (running?.[index] ?? check(index));
      if (problems.length > 0) {
        bad.add(index);
        print(`${puzzles[index]!.id}: ${problems.join('; ')}`);
      }
    }
  } finally {
    await pool?.close();
  }
  for (const line of describeLibrary(puzzles)) print(line);
  for (const line of describeFunnel(decoded.value.generatedBy.counts ?? {})) print(line);
  print(
    `${puzzles.length - bad.size}/${puzzles.length} puzzles good (${sample} searched${deep ? ' at 10x the budgets, defences too' : ''}) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const out = opts.values.out;
  if (out !== undefined) {
    const library = withoutBad(decoded.value, bad);
    writeFileSync(out, encodeLibrary(library));
    print(
      `${countOf(library.puzzles.length, 'puzzle')} written to ${out} (${bad.size} bad left out)`,
    );
  }
  return bad.size === 0 ? 0 : 1;
}

/** The library without the puzzles at these indexes, counted as failed-check. */
function withoutBad(library: PuzzleLibrary, bad: ReadonlySet<number>): PuzzleLibrary {
  const puzzles = library.puzzles.filter((_, index) => !bad.has(index));
  const earlier = (library.generatedBy.counts ?? {}) as MiningCounts;
  const counts = countsAfterRemoval(earlier, { 'failed-check': bad.size }, puzzles.length);
  return { ...library, generatedBy: { ...library.generatedBy, counts }, puzzles };
}
