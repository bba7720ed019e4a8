import { afterEach, describe, expect, it } from 'vitest';
import type { GameChangeFeed } from '../../src/game/ports.js';
import { until } from './event-relay-contract.js';

/** Feeds as processes have them, on one shared backend. */
export interface ChangeFeedHarness {
  /** The feed of one more process (the memory feed: one process, the same feed). */
  feed(): GameChangeFeed;
  close(): Promise<void>;
}

/** The behaviour every GameChangeFeed must have (memory, Redis, Redis Cluster). */
export function changeFeedContract(name: string, makeHarness: () => Promise<ChangeFeedHarness>) {
  describe(`${name}: GameChangeFeed contract`, () => {
    let harness: ChangeFeedHarness | undefined;
    const feeds: GameChangeFeed[] = [];
    const feed = () => {
      const made = harness!.feed();
      feeds.push(made);
      return made;
    };
    afterEach(async () => {
      await Promise.all(feeds.splice(0).map((f) => f.stop()));
      await harness?.close();
    });

    it('tells every subscriber of every process, the publisher too', async () => {
      harness = await makeHarness();
      const [a, b] = [feed(), feed()];
      const heardA: string[] = [];
      const heardB: string[] = [];
      const heardB2: string[] = [];
      await a.subscribe((id) => heardA.push(id));
      await b.subscribe((id) => heardB.push(id));
      await b.subscribe((id) => heardB2.push(id));
      await a.publish(['g1', 'g2']);
      await b.publish(['g3']);
      await until(() => heardA.length === 3 && heardB.length === 3 && heardB2.length === 3);
      // In no particular order: a cluster's nodes relay their publishes each at its own pace,
      // and the feed only says "read this game again".
      for (const heard of [heardA, heardB, heardB2])
        expect([...heard].sort()).toEqual(['g1', 'g2', 'g3']);
    });

    it('a stopped feed hears nothing more; a listener that throws does not stop the others', async () => {
      harness = await makeHarness();
      const [a, b] = [feed(), feed()];
      const heard: string[] = [];
      await a.subscribe(() => {
        throw new Error('a broken page');
      });
      await a.subscribe((id) => heard.push(id));
      await b.subscribe(() => undefined);
      await b.publish(['g1']);
      await until(() => heard.length === 1);
      await a.stop();
      await b.publish(['g2']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['g1']);
    });
  });
}
