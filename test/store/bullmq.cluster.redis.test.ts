/**
 * BullMQ on a Redis Cluster of 3 masters: the timer scheduler and the AI queue, with the
 * prefix in braces (KeyBuilder.bullMqPrefix) so that every key of a queue is in one slot.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/game/logger.js';
import type { TimerJob } from '../../src/game/ports.js';
import { QueuedBotMoves, startBotMoveWorker } from '../../src/store/bullmq-bot-moves.js';
import { BullMqScheduler } from '../../src/store/bullmq-scheduler.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { useRedisBackend } from '../support/redis-backend.js';
import { until } from '../support/until.js';

const redis = useRedisBackend('cluster');
let prefixes = 0;
const closing: { stop?(): Promise<void>; close?(): Promise<void> }[] = [];
afterEach(async () => {
  for (const part of closing.splice(0).reverse()) await (part.stop ?? part.close)?.call(part);
});
const prefix = () => new KeyBuilder(`bq${++prefixes}:`).bullMqPrefix();

describe('BullMQ on a cluster', () => {
  it('fires a timer once, scheduled by two instances, after its delay', async () => {
    const shared = prefix();
    const make = () => {
      const scheduler = new BullMqScheduler({
        connection: redis.target(),
        prefix: shared,
        backoffMs: 50,
        log: silentLogger,
      });
      closing.push(scheduler);
      return scheduler;
    };
    const [first, second] = [make(), make()];
    const fired: TimerJob[] = [];
    for (const scheduler of [first, second])
      await scheduler.start((job) => {
        fired.push(job);
        return Promise.resolve();
      });
    const job: TimerJob = { kind: 'timeout', targetId: 'g:1', ply: 3, at: Date.now() + 300 };
    await first.schedule(job);
    await second.schedule(job);
    await until(() => (fired.length > 0 ? true : undefined), 'the timer', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fired).toEqual([job]);
    expect(await first.backlog()).toBe(0);
  });

  it('searches a bot move on a worker through the AI queue', async () => {
    const shared = prefix();
    const client = new QueuedBotMoves({
      url: redis.target(),
      prefix: shared,
      timeoutMs: 10_000,
      log: silentLogger,
    });
    closing.push(client);
    await client.ready();
    const worker = startBotMoveWorker({
      url: redis.target(),
      prefix: shared,
      moves: { chooseMove: (request) => Promise.resolve(`move-for-${request.gameId}`) },
      concurrency: 1,
      log: silentLogger,
    });
    closing.push(worker);
    const move = await client.chooseMove({
      gameId: 'g:1',
      variant: 'bashni',
      fen: 'W:Wc3:Bf6',
      level: 3,
    });
    expect(move).toBe('move-for-g:1');
    expect(await client.workers()).toBe(1);
  });
});
