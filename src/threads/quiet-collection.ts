/**
 * One full, memory-reducing garbage collection of the main thread once the process has gone
 * quiet, so that what a quiet moment let go is given back now rather than whenever the next
 * full collection comes. A quiet process allocates too little for V8 to collect its old
 * generation on its own: after 120 games, 45 MB of PNGs dropped from the render cache were still
 * held 20 s after the threads had stopped; and the young generation that start-up or a busy
 * spell grew (32 MB) stays that size (docs/operations.md "Memory").
 *
 * The collection is the inspector protocol's `HeapProfiler.collectGarbage` through an
 * in-process session (node:inspector; no port is opened): unlike `gc()` under --expose-gc it
 * also shrinks the young generation. About 30 ms on a ~35 MB heap, once per quiet spell.
 */
import { Session } from 'node:inspector';

/** How long after the (first) request the collection runs; requests meanwhile are the same one. */
const GATHER_MS = 1_000;

let pending: NodeJS.Timeout | undefined;

/** Runs the collection now; resolves when it is done (never rejects). */
export async function collectNow(): Promise<void> {
  const session = new Session();
  try {
    session.connect();
    await new Promise<void>((resolve) =>
      session.post('HeapProfiler.collectGarbage', () => resolve()),
    );
  } catch {
    // No inspector in this build of node: nothing to give back this way.
  } finally {
    // Not from within post's callback: node 20 hangs disconnecting there.
    session.disconnect();
  }
}

/**
 * Asks for a collection `afterMs` from now (default a second), one for every request until it
 * runs: two pools stopping their threads together cost one. Never keeps the process alive.
 */
export function collectWhenQuiet(afterMs = GATHER_MS): void {
  if (pending !== undefined) return;
  pending = setTimeout(() => {
    pending = undefined;
    void collectNow();
  }, afterMs);
  pending.unref();
}
