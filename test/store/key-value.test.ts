import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryKeyValueStore } from '../../src/store/key-value.js';
import { keyValueContract } from './key-value-contract.js';

keyValueContract('memory key-value store', () => Promise.resolve(new MemoryKeyValueStore()));

describe('memory key-value store', () => {
  afterEach(() => vi.useRealTimers());

  it('sweeps expired entries nobody reads again, so it does not grow for ever', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const kv = new MemoryKeyValueStore();
    await kv.set('kept', 'forever');
    for (let i = 0; i < 998; i++) await kv.set(`notice:${i}`, 'x', 1_000);
    expect(kv.size).toBe(999);
    vi.setSystemTime(1_002_000);
    await kv.set('fresh', 'y', 1_000); // the 1000th write sweeps
    expect(kv.size).toBe(2);
    expect(await kv.get('kept')).toBe('forever');
    expect(await kv.get('fresh')).toBe('y');
  });
});
