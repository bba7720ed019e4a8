import { textLogger } from '../support/capturing-logger.js';
import { silentLogger } from '../../src/game/logger.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import type { GameEvent } from '../../src/game/results.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { RedisEventRelay } from '../../src/store/redis-event-relay.js';
import { createStoreRedis } from '../../src/store/redis-connection.js';
import { startRedis, type PrivateRedis } from '../support/redis-server.js';
import { batch, eventRelayContract, until } from './event-relay-contract.js';
import { redisRelayHarness } from './redis-harnesses.js';
import { changeFeedContract } from './change-feed-contract.js';
import { RedisChangeFeed } from '../../src/store/redis-change-feed.js';
import { item } from '../support/present.js';

let server: PrivateRedis;
let shared: Redis;
let prefixes = 0;

beforeAll(async () => {
  server = await startRedis();
  shared = createStoreRedis(server.url);
});

afterAll(async () => {
  (shared as Redis | undefined)?.disconnect();
  await (server as PrivateRedis | undefined)?.stop();
});

eventRelayContract('redis relay', () =>
  redisRelayHarness(shared, new KeyBuilder(`r${++prefixes}:`)),
);

describe('redis relay: streams and outages', () => {
  it('keeps one stream per platform under the key builder, trimmed, with one group', async () => {
    const keys = new KeyBuilder('layout:');
    const relay = new RedisEventRelay(shared, { keys, maxLength: 10, log: silentLogger });
    for (let i = 0; i < 500; i++) await relay.publish('discord', batch(`g${i}`));
    expect(await shared.exists(keys.events('discord'))).toBe(1);
    expect(await shared.xlen(keys.events('discord'))).toBeLessThan(500);
    const groups = (await shared.call('XINFO', 'GROUPS', keys.events('discord'))) as unknown[][];
    expect(groups).toHaveLength(1);
    expect(item(groups, 0, 'groups')[1]).toBe('presenters');
    await relay.stop();
  });

  it('deletes the consumer names of processes gone, but never one with entries pending', async () => {
    const keys = new KeyBuilder('prune:');
    const key = keys.events('telegram');
    await shared.call('XGROUP', 'CREATE', key, 'presenters', '$', 'MKSTREAM');
    await shared.call('XADD', key, '*', 'e', '[]');
    // 'holding' read the entry and never acknowledged it; 'gone' read nothing.
    await shared.call(
      'XREADGROUP',
      'GROUP',
      'presenters',
      'holding',
      'COUNT',
      1,
      'STREAMS',
      key,
      '>',
    );
    await shared.call('XREADGROUP', 'GROUP', 'presenters', 'gone', 'COUNT', 1, 'STREAMS', key, '>');
    const relay = new RedisEventRelay(shared, {
      keys,
      consumer: 'new',
      pruneIdleMs: 0,
      claimAfterMs: 3_600_000,
      log: silentLogger,
    });
    await relay.subscribe('telegram', () => Promise.resolve(undefined));
    const consumers = (await shared.call('XINFO', 'CONSUMERS', key, 'presenters')) as string[][];
    const names = consumers.map((consumer) => consumer[consumer.indexOf('name') + 1]).sort();
    // This relay's own name appears once it has read; it is never pruned by itself.
    expect(names.filter((name) => name !== 'new')).toEqual(['holding']);
    await relay.stop();
  });

  it('survives a Redis outage: logs it once, reads again when Redis is back', async () => {
    const dying = await startRedis();
    const logs: string[] = [];
    const got: (readonly GameEvent[])[] = [];
    const log = textLogger(logs, false);
    const subscriber = new RedisEventRelay(dying.url, { blockMs: 100, consumer: 'sub', log });
    const publisher = new RedisEventRelay(dying.url, { consumer: 'pub', log });
    try {
      await subscriber.subscribe('telegram', (events) => {
        got.push(events);
        return Promise.resolve();
      });
      await publisher.publish('telegram', batch('before'));
      await until(() => got.length === 1, 'the first batch');

      await dying.stop();
      await until(() => logs.some((line) => line.includes('cannot read events')), 'the outage');
      await expect(publisher.publish('telegram', batch('lost'))).rejects.toMatchObject({
        code: 'store-unavailable',
      });
      await dying.restart();
      // A fresh Redis: the stream and its group are made again by whoever comes first.
      await until(() => logs.some((line) => line.includes('reading events again')), 'recovery');
      for (let sent = false; !sent;) {
        sent = await publisher.publish('telegram', batch('after')).then(
          () => true,
          () => false,
        );
      }
      await until(() => got.length === 2, 'the batch after the outage');
      expect(got[1]).toEqual(batch('after'));
      expect(logs.filter((line) => line.includes('cannot read events'))).toHaveLength(1);
    } finally {
      await subscriber.stop();
      await publisher.stop();
      await dying.stop();
    }
  });
});

changeFeedContract('redis change feed', () =>
  Promise.resolve({
    feed: () => new RedisChangeFeed(shared, { keys: new KeyBuilder(`f${prefixes}:`) }),
    close: () => {
      prefixes++;
      return Promise.resolve();
    },
  }),
);
