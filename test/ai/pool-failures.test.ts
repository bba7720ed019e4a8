import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AiPool, type ThinkRequest } from '../../src/ai/index.js';

const REQUEST: ThinkRequest = {
  variant: 'bashni',
  fen: 'W:W21,22,23,24:B9,10,11,12',
  player: { kind: 'level', level: 1 },
  seed: 1,
};

/** A worker that exits as soon as it starts, as a broken install's would. */
const DIES_ON_START = 'process.exit(3)';

/** A worker that answers every request with c3-d4, except seed 666, which kills it. */
const DIES_ON_POISON = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (job) => {
  if (job.request.seed === 666) process.exit(1);
  parentPort.postMessage({ id: job.id, ok: true, result: { move: 'c3-d4' } });
});`;

/** Starts eval'd workers from `source`, counting starts and exits. */
function workers(source: string) {
  const counts = { started: 0, exited: 0 };
  const start = () => {
    counts.started++;
    const worker = new Worker(source, { eval: true });
    worker.once('exit', () => counts.exited++);
    return worker;
  };
  return { counts, start };
}

/**
 * Lets real I/O (worker exits) happen while setTimeout is faked: turns of the event loop until
 * the condition holds, for up to 30 s of real time (Date is not faked) — a worker's exit takes
 * far longer on a busy machine than on an idle one.
 */
async function untilTrue(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(condition()).toBe(true);
}

let pool: AiPool | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await pool?.close();
  pool = undefined;
});

describe('AI pool with failing workers', () => {
  it('replaces a worker that dies on start after pauses that double up to a cap; then requests fail at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { counts, start } = workers(DIES_ON_START);
    pool = new AiPool({ restartDelayMs: { first: 1_000, max: 2_000 }, startWorker: start });
    // The request sent to the dying worker fails with it.
    const first = expect(pool.think(REQUEST)).rejects.toThrow(/AI worker failed: exit code 3/);
    await untilTrue(() => counts.exited === 1);
    await first;

    // During the pause a request waits for the next worker (and dies with it).
    const second = expect(pool.think(REQUEST)).rejects.toThrow(/AI worker failed/);
    vi.advanceTimersByTime(999);
    expect(counts.started).toBe(1);
    vi.advanceTimersByTime(1);
    expect(counts.started).toBe(2);
    await untilTrue(() => counts.exited === 2);
    await second;

    // Twice the pause; two requests wait: one goes to the third worker, one stays queued.
    const third = expect(pool.think(REQUEST)).rejects.toThrow(/AI worker failed/);
    const queued = expect(pool.think(REQUEST)).rejects.toThrow(
      /AI workers keep failing \(exit code 3\)/,
    );
    vi.advanceTimersByTime(1_999);
    expect(counts.started).toBe(2);
    vi.advanceTimersByTime(1);
    expect(counts.started).toBe(3);
    // The third death in a row: the queue does not wait for a fourth worker, nor does a new one.
    await untilTrue(() => counts.exited === 3);
    await third;
    await queued;
    await expect(pool.think(REQUEST)).rejects.toThrow(/keep failing/);
    // The slot keeps trying, at the capped pause.
    vi.advanceTimersByTime(1_999);
    expect(counts.started).toBe(3);
    vi.advanceTimersByTime(1);
    expect(counts.started).toBe(4);
  });

  it('fails the request that killed a worker; a new worker serves the next one', async () => {
    const { counts, start } = workers(DIES_ON_POISON);
    pool = new AiPool({ restartDelayMs: { first: 1, max: 1 }, startWorker: start });
    const poison = pool.think({ ...REQUEST, seed: 666 });
    const next = pool.think(REQUEST);
    await expect(poison).rejects.toThrow(/AI worker failed: exit code 1/);
    await expect(next).resolves.toEqual({ move: 'c3-d4' });
    expect(counts.started).toBe(2);
    // Answers reset the count of deaths in a row: three more poisons do not break the pool.
    for (let i = 0; i < 3; i++) {
      await expect(pool.think({ ...REQUEST, seed: 666 })).rejects.toThrow(/AI worker failed/);
      await expect(pool.think(REQUEST)).resolves.toEqual({ move: 'c3-d4' });
    }
  });
});
