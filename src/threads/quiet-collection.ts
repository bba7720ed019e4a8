/**
 * One full garbage collection of the main thread once the process has gone quiet, so that what
 * a quiet moment let go (the render cache's images, dropped as its threads stop) is given back
 * now rather than whenever the next full collection comes. A quiet process allocates too little
 * for V8 to collect its old generation on its own: after 120 games, 45 MB of dropped PNGs stayed
 * in the heap's external memory until something forced a collection (docs/operations.md
 * "Memory").
 *
 * node does not expose `gc` without --expose-gc; the flag is set here, and the function is
 * taken from a fresh context, so that no global changes for the app's own code.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;
let pending: NodeJS.Timeout | undefined;

function fullCollection(): () => void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

/** The collections asked for within this long are one. */
const GATHER_MS = 1_000;

/**
 * Asks for a full collection about a second from now (one for every request within that
 * second: two pools stopping their threads together cost one). Never keeps the process alive.
 */
export function collectWhenQuiet(): void {
  if (pending !== undefined) return;
  pending = setTimeout(() => {
    pending = undefined;
    fullCollection()();
  }, GATHER_MS);
  pending.unref();
}
