/**
 * Memory: the bot as shipped (`node dist/main.js`, Telegram on, long polling against the fake
 * Bot API, the Redis store on a private redis-server) idle after start-up, while games are
 * played to the end, and idle again once they are over. Prints its RSS (and its process tree's,
 * when it has children), RSS split into anonymous and file-backed pages, its threads, and its
 * main thread's heap used and total, external memory and array buffers (process.memoryUsage()
 * through the inspector). Idle figures are taken twice: as the process holds them after a
 * quiet wait, and after a full garbage collection (the inspector's, so the bot needs no
 * --expose-gc).
 *
 * The load: BENCH_GAMES games (default 200), BENCH_PARALLEL at a time (default 50), one in four
 * against the bot (level 1, three moves each, then the player resigns), the others between two
 * people in a group (BENCH_PLIES typed moves, default 6, then a resignation and its
 * confirmation; the final board and the game's animation are drawn).
 *
 * Run: npm run bench:memory (builds dist/ when a source is newer). BENCH_STORE=memory runs the
 * memory store instead of Redis; BENCH_ENTRY=src runs `npm start`'s command (tsx) instead of
 * dist/; BENCH_NODE_ARGS adds node flags; BENCH_SETTLE seconds of quiet before the last figures
 * (default 75: past THREAD_IDLE_SECONDS' default, 60, after which idle threads stop). Last, the
 * latency of a game's first board and move, and of the bot's first answer, after that quiet
 * (threads start again) and once more right after (threads running). BENCH_SMAPS=DIR keeps
 * each phase's /proc/<pid>/smaps there (and, after each full collection, the main thread's
 * heap snapshot, for DevTools' Memory tab): where the RSS is. The bot's own settings
 * (RENDER_THREADS, AI_THREADS, …, MALLOC_ARENA_MAX, MALLOC_CONF, LD_PRELOAD) are passed on from
 * the environment.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../src/engine/index.js';
import { startRedis, type PrivateRedis } from '../test/support/redis-server.js';
import { ROOT, startApp, startCommand, TOKEN, type StartedApp } from '../test/support/start-app.js';
import { FakeBotApi } from '../test/support/telegram/fake-bot-api.js';
import { until } from '../test/support/until.js';
import { botGame, humanGame, type GameTimings } from './memory-games.js';
import { allocator, Inspector, inspectorUrl, processMemory } from './memory-probe.js';
import { giveUpAfter } from './watchdog.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 200);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 50);
const PLIES = Number(process.env.BENCH_PLIES ?? 6);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE ?? 75);
const IDLE_SECONDS = 10;
const MEMORY_STORE = process.env.BENCH_STORE === 'memory';
const FROM_SOURCES = process.env.BENCH_ENTRY === 'src';
/** BENCH_SMAPS=DIR: where each phase's smaps and heap snapshot go (see above). */
const SMAPS_DIR = process.env.BENCH_SMAPS;
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
/** The bot's settings that reach it from the benchmark's environment. */
const PASSED_ON =
  /^(RENDER_|AI_|REVIEW_|THREAD_|MALLOC_|MIMALLOC_|GLIBC_TUNABLES$|LD_PRELOAD$|NODE_OPTIONS$)/;

giveUpAfter(30, 'memory benchmark');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The newest modification time under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Builds dist/ when it is missing or older than a source. */
function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(join(ROOT, 'dist/main.js')).mtimeMs;
  } catch {
    // Not built.
  }
  if (built > newest(join(ROOT, 'src'))) return;
  console.log('building dist/ (npm run build) …');
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

function startBot(env: Record<string, string>): StartedApp {
  const nodeArgs = ['--inspect=127.0.0.1:0', ...NODE_ARGS];
  return FROM_SOURCES
    ? startApp(env, { nodeArgs })
    : startCommand(['node', ...nodeArgs, 'dist/main.js'], env);
}

const HEADER =
  'phase                         rss MB  tree MB  anon/file MB  threads  heap used/total MB  external MB  arrayBuffers MB';

interface Figures {
  readonly rss: number;
  readonly treeRss: number;
}

async function main(): Promise<void> {
  if (!FROM_SOURCES) ensureBuilt();
  const redis: PrivateRedis | undefined = MEMORY_STORE ? undefined : await startRedis();
  const fake = await FakeBotApi.start({ botUsername: 'bashni_memory_bot', lean: true });
  const passed = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => PASSED_ON.test(entry[0]) && entry[1] !== undefined,
    ),
  );
  const app = startBot({
    TELEGRAM_API_ROOT: fake.apiRoot,
    TELEGRAM_BOT_TOKEN: TOKEN,
    ...(redis === undefined ? {} : { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'mem:' }),
    ...passed,
  });
  const pid = app.child.pid!;
  let inspector: Inspector | undefined;
  try {
    await fake.waitForCall('getUpdates', undefined, 60_000);
    inspector = await Inspector.connect(
      await until(() => inspectorUrl(app.output()), 'the inspector URL', 10_000),
    );
    const probe = inspector;
    const sample = async (phase: string, gc: boolean): Promise<Figures> => {
      if (gc) {
        await probe.collectGarbage();
        // jemalloc gives freed pages back over its dirty_decay_ms (1 s in the image), gradually.
        await sleep(5_000);
      }
      const own = processMemory(pid);
      if (SMAPS_DIR !== undefined) {
        const name = join(SMAPS_DIR, phase.replace(/[^a-z0-9]+/gi, '-'));
        writeFileSync(`${name}.smaps`, readFileSync(`/proc/${pid}/smaps`));
        if (gc) writeFileSync(`${name}.heapsnapshot`, await probe.heapSnapshot());
      }
      const heap = await probe.heap();
      console.log(
        [
          phase.padEnd(28),
          mb(own.rss).padStart(7),
          (own.tree > 1 ? mb(own.treeRss) : '-').padStart(8),
          `${mb(own.anon)}/${mb(own.file)}`.padStart(13),
          String(own.threads).padStart(8),
          `${mb(heap.heapUsed)}/${mb(heap.heapTotal)}`.padStart(19),
          mb(heap.external).padStart(12),
          mb(heap.arrayBuffers).padStart(16),
        ].join('  '),
      );
      if (gc) {
        let heaps = heap.heapTotal + heap.external;
        for (const worker of await probe.workerHeaps()) {
          heaps += worker.heap.heapTotal + worker.heap.external;
          console.log(
            [
              `  thread ${worker.name}`.padEnd(28),
              ''.padStart(7 + 8 + 13 + 8 + 6),
              `${mb(worker.heap.heapUsed)}/${mb(worker.heap.heapTotal)}`.padStart(19),
              mb(worker.heap.external).padStart(12),
              mb(worker.heap.arrayBuffers).padStart(16),
            ].join('  '),
          );
        }
        console.log(
          `  every thread's heap total and external: ${mb(heaps)} MB; the rest of the RSS (code, native allocations, stacks): ${mb(own.rss - heaps)} MB`,
        );
      }
      return own;
    };

    console.log(
      `memory benchmark: ${FROM_SOURCES ? 'node --import tsx src/main.ts' : 'node dist/main.js'}${NODE_ARGS.length > 0 ? ` (${NODE_ARGS.join(' ')})` : ''}, Telegram (fake Bot API), ${redis === undefined ? 'memory store' : 'Redis'}${
        Object.keys(passed).length > 0
          ? `, ${Object.entries(passed)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}`
          : ''
      }; ${GAMES} games, ${PARALLEL} at a time; ${allocator(pid)}`,
    );
    console.log(HEADER);
    await sleep(IDLE_SECONDS * 1_000);
    await sample('idle after start-up', false);
    const idle = await sample('idle after start-up, GC', true);

    // The load, with the peak RSS watched every half second.
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, processMemory(pid).rss)), 500);
    const random = seededRandom(29);
    const started = Date.now();
    let next = 0;
    let failed = 0;
    const player = async () => {
      while (next < GAMES) {
        const n = next++;
        try {
          if (n % 4 === 3) await botGame(fake, n, 3, 1, random);
          else await humanGame(fake, n, PLIES, random);
        } catch (error) {
          failed++;
          console.error(`game ${n}: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, GAMES) }, player));
    clearInterval(watch);
    const seconds = (Date.now() - started) / 1000;
    const loaded = await sample(`after ${GAMES} games`, false);
    console.log(
      `load: ${GAMES - failed} of ${GAMES} games played to the end in ${seconds.toFixed(0)} s; peak RSS ${mb(Math.max(peak, loaded.rss))} MB`,
    );

    await sleep(SETTLE_SECONDS * 1_000);
    await sample(`idle ${SETTLE_SECONDS} s after the games`, false);
    const after = await sample(`idle ${SETTLE_SECONDS} s after, GC`, true);
    // What a quiet process costs the next player: pictures and a search after the idle time
    // (threads that stopped start again), then the same once more (threads running).
    const firsts: string[] = [];
    let extra = GAMES;
    for (const when of ['after the idle time', 'right after that']) {
      const human: GameTimings = {};
      const bot: GameTimings = {};
      await humanGame(fake, extra++, PLIES, random, human);
      await sleep(when === 'right after that' ? 0 : SETTLE_SECONDS * 1_000);
      await botGame(fake, extra++, 1, 1, random, bot);
      firsts.push(
        `${when}: a game's first board ${human.firstBoard} ms, its first move ${human.firstMove} ms; against the bot: first board ${bot.firstBoard} ms, the bot's first answer ${bot.firstMove} ms`,
      );
    }
    for (const line of firsts) console.log(`latency ${line}`);
    const errors = (app.output().match(/"level":50/g) ?? []).length;
    console.log(
      `idle RSS ${mb(idle.rss)} MB (goal ≤ 120: ${idle.rss <= 120 * 2 ** 20 ? 'met' : 'NOT met'}); after the games ${mb(after.rss)} MB, ${after.rss >= idle.rss ? '+' : ''}${mb(after.rss - idle.rss)} MB (goal ≤ +20: ${after.rss - idle.rss <= 20 * 2 ** 20 ? 'met' : 'NOT met'}); bot errors logged: ${errors}`,
    );
  } finally {
    inspector?.close();
    app.child.kill('SIGTERM');
    await Promise.race([app.exited, sleep(10_000)]);
    app.child.kill('SIGKILL');
    await fake.close();
    await redis?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
