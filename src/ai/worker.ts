/**
 * A worker thread of the AI pool: answers ThinkRequests one at a time with a Searcher that it
 * keeps for its lifetime. Cancellation comes through shared memory, so a running (synchronous)
 * search sees it without the event loop: the pool sets cancel[0] to 1.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startPosition } from '../engine/index.js';
import { makeTableFen, tableStart } from '../engine/multi/index.js';
import { think, type ThinkRequest } from './player.js';
import { Searcher } from './search.js';
import { defaultWeights } from './weights.js';

export interface WorkerJob {
  readonly id: number;
  readonly request: ThinkRequest;
}

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly result: ReturnType<typeof think> }
  | { readonly id: number; readonly ok: false; readonly error: string };

const { cancel, ttBits } = workerData as { cancel: SharedArrayBuffer; ttBits: number };
const flag = new Int32Array(cancel);
const searcher = new Searcher({ ttBits });
const isCancelled = () => Atomics.load(flag, 0) !== 0;

// Warm up the JIT before the first request, so that even the first move gets compiled speed and
// its node budget (not the time cap) decides the search, as levels are meant to.
searcher.search(startPosition('bashni'), defaultWeights('bashni'), {
  maxNodes: 30_000,
  timeMs: 1000,
});
// The table games' search has its own generator and board (src/ai/table): warm it up as well.
think(searcher, {
  variant: 'zhernov',
  fen: makeTableFen(tableStart()),
  player: { kind: 'search', nodes: 20_000, ms: 500 },
  seed: 1,
});

parentPort!.on('message', (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    reply = { id: job.id, ok: true, result: think(searcher, job.request, isCancelled) };
  } catch (error) {
    reply = {
      id: job.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  parentPort!.postMessage(reply);
});
