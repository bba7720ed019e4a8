import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { afterEach, expect, it } from 'vitest';
import { getHeapSpaceStatistics } from 'node:v8';
import { collectNow, collectWhenQuiet } from '../../src/threads/quiet-collection.js';

/** Full (major) collections of this thread's heap from now on, as node reports them. */
function majorCollections(): { count(): number; stop(): void } {
  const seen: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    count: () =>
      seen.filter(
        (entry) =>
          ((entry as { detail?: unknown }).detail as { kind: number } | undefined)?.kind ===
          constants.NODE_PERFORMANCE_GC_MAJOR,
      ).length,
    stop: () => observer.disconnect(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let observed: ReturnType<typeof majorCollections> | undefined;
afterEach(() => observed?.stop());

it('collects once, a while after the first of several requests', async () => {
  // Test speed: 300 ms instead of the default second.
  const after = 300;
  // Whatever the test run itself had pending settles first.
  await sleep(500);
  observed = majorCollections();
  collectWhenQuiet(after);
  collectWhenQuiet(after);
  await sleep(100);
  collectWhenQuiet(after);
  expect(observed.count()).toBe(0);
  await sleep(after + 300);
  // One memory-reducing collection: V8 runs full collections until nothing more is freed.
  const first = observed.count();
  expect(first).toBeGreaterThanOrEqual(1);
  await sleep(after + 300);
  expect(observed.count()).toBe(first);
  // A request after that one ran is a new one.
  collectWhenQuiet(after);
  await sleep(after + 300);
  expect(observed.count()).toBeGreaterThan(first);
});

it('gives back the young generation a busy spell grew (a plain full collection keeps it)', async () => {
  const youngSize = () =>
    getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;
  // Short-lived garbage, a lot of it: V8 grows the young generation to its largest.
  let kept = 0;
  for (let round = 0; round < 200; round++) {
    const batch = Array.from({ length: 10_000 }, (_, i) => ({ i, text: `item ${i}` }));
    kept += batch.length;
  }
  expect(kept).toBe(2_000_000);
  const grown = youngSize();
  await collectNow();
  expect(youngSize()).toBeLessThan(grown / 2);
});
