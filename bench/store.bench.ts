import { consoleLogger } from '../src/game/logger.js';
/**
 * Store throughput and footprint: random games played through the GameService on a private
 * local redis-server (never the machine's shared one), 100 games in parallel, each move a
 * compare-and-set. Prints committed moves per second, and Redis memory per finished game of
 * 60 moves (plies) — measured as the growth of used_memory over many finished games.
 * Run: npm run bench:store
 */
import { legalMoves, makeMove, VARIANTS } from '../src/engine/index.js';
import { gamePosition } from '../src/game/game-rules.js';
import type { Game, Player } from '../src/game/model.js';
import type { Scheduler } from '../src/game/ports.js';
import { GameService } from '../src/game/service.js';
import { KeyBuilder } from '../src/store/keys.js';
import { createStoreRedis } from '../src/store/redis-connection.js';
import { RedisGameStore } from '../src/store/redis-store.js';
import { startRedis } from '../test/support/redis-server.js';
import { pick, seededRandom } from '../test/support/random.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(10, 'store benchmark');

const PARALLEL = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PLIES = 60;

const noClocks: Scheduler = {
  schedule: async () => {},
  start: async () => {},
  stop: async () => {},
};
const player = (n: number): Player => ({
  platform: 'telegram',
  userId: String(100_000 + n),
  displayName: `Player ${n}`,
  username: `p${n}`,
});

async function usedMemory(redis: ReturnType<typeof createStoreRedis>): Promise<number> {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)?.[1]);
}

/** Commands the server has run so far (INFO stats), for the commands a game costs. */
async function commandsRun(redis: ReturnType<typeof createStoreRedis>): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1]);
}

async function main(): Promise<void> {
  const server = await startRedis();
  const redis = createStoreRedis(server.url);
  redis.on('error', () => {}); // the store reports outages; none are expected here
  await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  const store = new RedisGameStore(redis, new KeyBuilder('bench:'));
  const service = new GameService({
    store,
    scheduler: noClocks,
    logger: consoleLogger(),
  });
  const random = seededRandom(2026);
  const sixtyPlyGames: string[] = [];

  /** Plays one game to PLIES moves (or its natural end) and resigns it; returns moves committed. */
  async function playGame(n: number): Promise<{ moves: number; stale: number }> {
    const white = player(2 * n);
    const black = player(2 * n + 1);
    const started = await service.moves.start({ white, black });
    if (!started.ok) throw new Error(started.message);
    let game: Game = started.value;
    let moves = 0;
    let stale = 0;
    let refusedInARow = 0;
    while (game.status === 'active' && game.moves.length < PLIES) {
      // Nothing else plays in this game: a refusal that repeats is a bug, not a race.
      if (refusedInARow > 10)
        throw new Error(`game ${game.id}: move refused ${refusedInARow} times in a row`);
      const position = gamePosition(game);
      const options = legalMoves(position);
      const move = makeMove(VARIANTS[position.variant], pick(options, random));
      const mover = position.turn === 0 ? white : black;
      const result = await service.moves.play(game.id, mover, move, { seenPly: game.moves.length });
      if (!result.ok) {
        stale++;
        refusedInARow++;
        const fresh = await service.queries.getGame(game.id);
        if (!fresh.ok) throw new Error(fresh.message);
        game = fresh.value;
        continue;
      }
      game = result.value;
      moves++;
      refusedInARow = 0;
    }
    if (game.moves.length === PLIES) sixtyPlyGames.push(game.id);
    if (game.status === 'active') {
      const resigned = await service.endings.resign(game.id, white);
      if (!resigned.ok) throw new Error(resigned.message);
    }
    return { moves, stale };
  }

  await redis.flushdb();
  const before = await usedMemory(redis);
  const commandsBefore = await commandsRun(redis);
  let committed = 0;
  let games = 0;
  let failures = 0;
  const startedAt = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS; round++) {
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => playGame(round * PARALLEL + i)),
    );
    for (const r of results) {
      committed += r.moves;
      failures += r.stale;
      games++;
    }
  }
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const commands = (await commandsRun(redis)) - commandsBefore;
  const after = await usedMemory(redis);
  const keyCount = await redis.dbsize();
  // The record of a game that reached exactly 60 plies, as Redis accounts for it.
  const sixty: number[] = [];
  for (const id of sixtyPlyGames.slice(0, 50))
    sixty.push(Number(await redis.memory('USAGE', store.keys.game(id))));
  const sixtyAverage = sixty.reduce((a, b) => a + b, 0) / Math.max(sixty.length, 1);

  console.log(
    `store benchmark: ${games} games, ${PARALLEL} in parallel, ${PLIES}-ply games (or their natural end), then resigned`,
  );
  console.log(
    `committed moves per second: ${Math.round(committed / seconds)} (${committed} moves in ${seconds.toFixed(2)} s, ${failures} refused)`,
  );
  console.log(`average plies per game: ${(committed / games).toFixed(1)}`);
  console.log(
    `Redis commands per game: ${Math.round(commands / games)} (${(commands / committed).toFixed(1)} per committed move, the game's creation and end included)`,
  );
  console.log(
    `Redis memory per finished game: ${Math.round((after - before) / games)} bytes (${keyCount} keys for ${games} games)`,
  );
  console.log(
    `record of a finished 60-move (60-ply) game: ${Math.round(sixtyAverage)} bytes (MEMORY USAGE, average of ${sixty.length})`,
  );
  console.log(
    'goal: at least 3000 moves per second and at most 4096 bytes per finished 60-move game',
  );

  await store.close();
  redis.disconnect();
  await server.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
