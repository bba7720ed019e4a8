import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Platform } from '../../src/game/model.js';
import type { EventRelay } from '../../src/game/ports.js';
import type { GameEvent } from '../../src/game/results.js';
import type { ConsumerSettings } from '../../src/store/event-stream-consumer.js';
import { makeGame } from '../support/game-fixtures.js';
import { item } from '../support/present.js';

/** What an event relay test needs: relays that stand for processes on one shared backend. */
export interface RelayHarness {
  /** A relay as one process has it (one consumer), on the harness's shared streams. */
  relay(settings?: Partial<Omit<ConsumerSettings, 'log'>>): EventRelay;
  /** Appends an entry to a platform's stream that is not a list of events. */
  plantGarbage(platform: Platform): Promise<void>;
  /** What the relays logged. */
  readonly logs: string[];
  close(): Promise<void>;
}

/** A batch of one event, told apart by its game id. */
export function batch(id: string): GameEvent[] {
  return [{ type: 'turn-nudge', game: makeGame(id) }];
}

/** The game ids of received batches. */
function ids(batches: (readonly GameEvent[])[]): string[] {
  return batches.map((events) => events.map((e) => ('game' in e ? e.game.id : '?')).join('+'));
}

/** Waits (event loop turns, 10 s at most) until `condition` holds. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every EventRelay must have (test/store/event-relay.test.ts,
 * test/store/event-relay.redis.test.ts).
 */
export function eventRelayContract(name: string, makeHarness: () => Promise<RelayHarness>): void {
  describe(`${name}: EventRelay contract`, () => {
    let h: RelayHarness;
    const relays: EventRelay[] = [];
    /** A relay that the test's end stops. */
    const relay = (settings?: Parameters<RelayHarness['relay']>[0]): EventRelay => {
      const made = h.relay({ blockMs: 100, ...settings });
      relays.push(made);
      return made;
    };
    beforeEach(async () => {
      h = await makeHarness();
    });
    afterEach(async () => {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
      await h.close();
    });

    it('delivers each batch to a subscriber of its platform, and only there', async () => {
      const telegram: (readonly GameEvent[])[] = [];
      const discord: (readonly GameEvent[])[] = [];
      const subscriber = relay();
      await subscriber.subscribe('telegram', (events) => {
        telegram.push(events);
        return Promise.resolve();
      });
      await subscriber.subscribe('discord', (events) => {
        discord.push(events);
        return Promise.resolve();
      });
      const publisher = relay();
      const both = [
        ...batch('g1'),
        {
          type: 'game-over',
          game: makeGame('g2'),
          result: { winner: null, reason: 'agreement' },
        } as const,
      ];
      await publisher.publish('telegram', both);
      await publisher.publish('discord', batch('g3'));
      await until(() => telegram.length === 1 && discord.length === 1, 'both batches');
      expect(telegram[0]).toEqual(both);
      expect(discord[0]).toEqual(batch('g3'));
      await publisher.publish('telegram', batch('g4'));
      await until(() => telegram.length === 2, 'the next batch');
      expect(ids(discord)).toEqual(['g3']);
    });

    it('gives each batch to one of several subscribers of a platform', async () => {
      const got = new Map<string, string[]>([
        ['a', []],
        ['b', []],
      ]);
      await relay().subscribe('telegram', (events) => {
        got.get('a')!.push(...ids([events]));
        return Promise.resolve();
      });
      await relay().subscribe('telegram', (events) => {
        got.get('b')!.push(...ids([events]));
        return Promise.resolve();
      });
      const publisher = relay();
      const sent = Array.from({ length: 20 }, (_, i) => `g${i}`);
      for (const id of sent) await publisher.publish('telegram', batch(id));
      const all = () => [...got.get('a')!, ...got.get('b')!];
      await until(() => all().length >= sent.length, 'all batches');
      await sleep(200);
      expect(all().sort()).toEqual([...sent].sort());
    });

    it('keeps the order of a platform’s batches for one subscriber', async () => {
      const got: string[] = [];
      await relay().subscribe('discord', async (events) => {
        // A slow handler: later batches wait, and still come in order.
        if (got.length % 7 === 0) await sleep(15);
        got.push(...ids([events]));
      });
      const publisher = relay();
      const sent = Array.from({ length: 30 }, (_, i) => `g${i}`);
      for (const id of sent) await publisher.publish('discord', batch(id));
      await until(() => got.length === sent.length, 'all batches');
      expect(got).toEqual(sent);
    });

    it('an acknowledged batch is never delivered again', async () => {
      const first: string[] = [];
      const a = relay();
      await a.subscribe('telegram', (events) => {
        first.push(...ids([events]));
        return Promise.resolve();
      });
      const publisher = relay();
      await publisher.publish('telegram', batch('g1'));
      await until(() => first.length === 1, 'the first batch');
      await sleep(50); // the acknowledgement follows the handler
      await a.stop();
      const second: string[] = [];
      await relay({ claimAfterMs: 30, blockMs: 30 }).subscribe('telegram', (events) => {
        second.push(...ids([events]));
        return Promise.resolve();
      });
      await publisher.publish('telegram', batch('g2'));
      await until(() => second.length === 1, 'the second batch');
      await sleep(300); // ten take-over intervals
      expect(first).toEqual(['g1']);
      expect(second).toEqual(['g2']);
    });

    it('a batch left unacknowledged by a consumer that died goes to another', async () => {
      const dying: string[] = [];
      const a = relay({ stopTimeoutMs: 10 });
      // This consumer takes the batch and never finishes with it.
      await a.subscribe('telegram', (events) => {
        dying.push(...ids([events]));
        return new Promise<void>(() => undefined);
      });
      const publisher = relay();
      await publisher.publish('telegram', batch('g1'));
      await until(() => dying.length === 1, 'the first delivery');
      await a.stop();
      const taken: (readonly GameEvent[])[] = [];
      await relay({ claimAfterMs: 100, blockMs: 50 }).subscribe('telegram', (events) => {
        taken.push(events);
        return Promise.resolve();
      });
      await until(() => taken.length === 1, 'the take-over');
      expect(taken[0]).toEqual(batch('g1'));
      expect(dying).toEqual(['g1']);
    });

    it('a failing batch is retried, then dropped and logged; it never blocks the stream', async () => {
      const tries = new Map<string, number>();
      const done: string[] = [];
      await relay({ claimAfterMs: 30, blockMs: 30, maxDeliveries: 3 }).subscribe(
        'telegram',
        (events) => {
          const id = item(ids([events]), 0, 'event ids');
          tries.set(id, (tries.get(id) ?? 0) + 1);
          if (id === 'poison') return Promise.reject(new Error('cannot show this'));
          if (id === 'flaky' && tries.get(id) === 1) return Promise.reject(new Error('not now'));
          done.push(id);
          return Promise.resolve();
        },
      );
      const publisher = relay();
      await publisher.publish('telegram', batch('poison'));
      await publisher.publish('telegram', batch('flaky'));
      await publisher.publish('telegram', batch('fine'));
      await until(() => h.logs.some((line) => line.includes('dropped')), 'the poison dropped');
      await until(() => done.length === 2, 'the others');
      expect(done.sort()).toEqual(['fine', 'flaky']);
      expect(tries.get('poison')).toBe(3);
      expect(tries.get('flaky')).toBe(2);
      await sleep(200);
      expect(tries.get('poison')).toBe(3);
      expect(done).toHaveLength(2);
    });

    it('an entry that is not a list of events is logged and skipped', async () => {
      const got: string[] = [];
      await relay().subscribe('discord', (events) => {
        got.push(...ids([events]));
        return Promise.resolve();
      });
      await h.plantGarbage('discord');
      await relay().publish('discord', batch('g1'));
      await until(() => got.length === 1, 'the good batch');
      expect(got).toEqual(['g1']);
      expect(h.logs.some((line) => line.includes('not a list of events'))).toBe(true);
    });
  });
}
