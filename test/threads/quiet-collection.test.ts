import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { afterEach, expect, it } from 'vitest';
import { collectWhenQuiet } from '../../src/threads/quiet-collection.js';

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

it('runs one full collection about a second after the first of several requests', async () => {
  // Whatever the test run itself had pending settles first.
  await sleep(1_500);
  observed = majorCollections();
  collectWhenQuiet();
  collectWhenQuiet();
  await sleep(300);
  collectWhenQuiet();
  expect(observed.count()).toBe(0);
  await sleep(1_500);
  expect(observed.count()).toBe(1);
  // A request after that one ran is a new one.
  collectWhenQuiet();
  await sleep(1_500);
  expect(observed.count()).toBe(2);
});
