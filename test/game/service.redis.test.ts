import { silentLogger } from '../../src/game/logger.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/game/results.js';
import { GameService } from '../../src/game/service.js';
import { BullMqScheduler } from '../../src/store/bullmq-scheduler.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { RedisGameStore } from '../../src/store/redis-store.js';
import { ALICE, BORIS } from '../support/game-fixtures.js';
import { startRedis, type PrivateRedis } from '../support/redis-server.js';
import { item } from '../support/present.js';

let server: PrivateRedis;
let run = 0;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startRedis();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await (server as PrivateRedis | undefined)?.stop();
});

/** A service instance as one bot process would have it: its own connections, shared Redis. */
async function instance(
  prefix: string,
  dayMs: number,
  events: GameEvent[] = [],
): Promise<GameService> {
  const store = new RedisGameStore(server.url, new KeyBuilder(prefix), { log: silentLogger });
  const scheduler = new BullMqScheduler({
    connection: server.url,
    prefix: `${prefix}bull`,
    log: silentLogger,
  });
  const service = new GameService({
    store,
    scheduler,
    dayMs,
    logger: silentLogger,
    onEvents: (e) => void events.push(...e),
  });
  await service.start();
  cleanups.push(async () => {
    await service.stop();
    await store.close();
  });
  return service;
}

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GameService on Redis', () => {
  it('50 simultaneous plays at one version from two instances: exactly one applies', async () => {
    const prefix = `r${++run}:`;
    const a = await instance(prefix, 86_400_000);
    const b = await instance(prefix, 86_400_000);
    const started = await a.moves.start({ white: ALICE, black: BORIS });
    if (!started.ok) throw new Error(started.message);
    const game = started.value;
    const moves = ['c3-d4', 'c3-b4', 'a3-b4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4'];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? a : b).moves.play(game.id, ALICE, item(moves, i % 7, 'moves'), {
          seenPly: game.moves.length,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.code)).toEqual(
      Array(49).fill('stale-version'),
    );
    const stored = await b.queries.getGame(game.id);
    expect(stored.ok && stored.value.moves.length).toBe(1);
    expect(stored.ok && stored.value.version).toBe(game.version + 1);
  });

  it('a game continues in a fresh instance after a restart, with its reminder and time-out', async () => {
    const prefix = `r${++run}:`;
    const dayMs = 1_500;
    const first = await instance(prefix, dayMs);
    const started = await first.moves.start({ white: ALICE, black: BORIS, daysPerMove: 1 });
    if (!started.ok) throw new Error(started.message);
    const moved = await first.moves.play(started.value.id, ALICE, 'c3-d4');
    expect(moved.ok).toBe(true);
    // The first process goes away before any timer is due.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();

    const events: GameEvent[] = [];
    const second = await instance(prefix, dayMs, events);
    const loaded = await second.queries.getGame(started.value.id);
    expect(loaded.ok && loaded.value.moves).toEqual(['c3-d4']);

    await waitFor(() => events.some((e) => e.type === 'game-over'));
    expect(events.map((e) => e.type)).toEqual(['reminder', 'game-over']);
    expect(events[0]).toMatchObject({ type: 'reminder', side: 'black' });
    const over = await second.queries.getGame(started.value.id);
    expect(over.ok && over.value.result).toEqual({ winner: 'white', reason: 'time' });
  });
});
