import { beforeEach, describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../src/game/ports.js';

/**
 * The behaviour every KeyValueStore must have, run against each implementation
 * (test/store/key-value.test.ts, test/store/key-value.redis.test.ts).
 */
export function keyValueContract(name: string, makeStore: () => Promise<KeyValueStore>): void {
  describe(`${name}: KeyValueStore contract`, () => {
    let kv: KeyValueStore;
    beforeEach(async () => {
      kv = await makeStore();
    });

    it('gets what was set, undefined for a missing key, nothing after delete', async () => {
      expect(await kv.get('a')).toBeUndefined();
      await kv.set('a', 'one');
      await kv.set('b', 'two');
      expect(await kv.get('a')).toBe('one');
      await kv.set('a', 'three');
      expect(await kv.get('a')).toBe('three');
      await kv.delete('a');
      expect(await kv.get('a')).toBeUndefined();
      expect(await kv.get('b')).toBe('two');
      await kv.delete('missing');
    });

    it('forgets a value after its time to live', async () => {
      await kv.set('short', 'x', 30);
      await kv.set('long', 'y', 60_000);
      expect(await kv.get('short')).toBe('x');
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await kv.get('short')).toBeUndefined();
      expect(await kv.get('long')).toBe('y');
    });

    it('sets a value only when the key holds none, and again once it expired', async () => {
      expect(await kv.setIfAbsent('lease', 'a', 40)).toBe(true);
      expect(await kv.setIfAbsent('lease', 'b', 40)).toBe(false);
      expect(await kv.get('lease')).toBe('a');
      await new Promise((resolve) => setTimeout(resolve, 90));
      expect(await kv.setIfAbsent('lease', 'c', 60_000)).toBe(true);
      expect(await kv.get('lease')).toBe('c');
      await kv.set('plain', 'x');
      expect(await kv.setIfAbsent('plain', 'y', 1_000)).toBe(false);
    });

    it('of calls at the same moment, one sets the value (a lease has one holder)', async () => {
      const takes = await Promise.all(
        ['a', 'b', 'c'].map((v) => kv.setIfAbsent('race', v, 60_000)),
      );
      expect(takes.filter(Boolean)).toHaveLength(1);
      expect(['a', 'b', 'c'][takes.indexOf(true)]).toBe(await kv.get('race'));
    });

    it('keeps sets of members: add is idempotent, remove takes one out', async () => {
      expect(await kv.setMembers('todo')).toEqual([]);
      await kv.addToSet('todo', 'g1');
      await kv.addToSet('todo', 'g2');
      await kv.addToSet('todo', 'g1');
      expect((await kv.setMembers('todo')).sort()).toEqual(['g1', 'g2']);
      await kv.removeFromSet('todo', 'g1');
      await kv.removeFromSet('todo', 'nope');
      expect(await kv.setMembers('todo')).toEqual(['g2']);
      await kv.removeFromSet('todo', 'g2');
      expect(await kv.setMembers('todo')).toEqual([]);
      // Sets and plain values do not see each other.
      await kv.set('todo2', 'plain');
      expect(await kv.setMembers('other')).toEqual([]);
    });
  });
}
