/**
 * Every benchmark finishes: one that has not printed its result after `minutes` stops with an
 * error (exit 1) instead of running on, whatever went wrong (a lost answer, a retry loop).
 */
export function giveUpAfter(minutes: number, name: string): void {
  const timer = setTimeout(() => {
    console.error(`${name}: no result after ${minutes} min; giving up`);
    process.exit(1);
  }, minutes * 60_000);
  timer.unref();
}
