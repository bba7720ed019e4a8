import type { Worker } from 'bullmq';
import { reconnectDelay } from './outage.js';
import { storeFault } from './redis-faults.js';

/** A refusal this long after the last one starts the pauses from the shortest again. */
const CALM_MS = 30_000;

/**
 * BullMQ's worker asks for its next job again at once when Redis refuses the command (READONLY
 * on a replica, CROSSSLOT on a cluster node ...; it waits only after connection errors): tens of
 * thousands of tries and 'error' events a minute, a core kept busy. This pauses the worker
 * after each refusal and resumes it after a growing pause (reconnectDelay: 100 ms, 200 ms ... up
 * to 5 s), so a refusing Redis costs one try every 5 s. Jobs in hand carry on.
 */
export function pauseOnRefusals(worker: Worker): void {
  let refusals = 0;
  let lastAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  worker.on('closing', () => {
    closing = true;
    clearTimeout(timer);
  });
  worker.on('error', (error) => {
    const fault = storeFault(error);
    if (fault === undefined || fault.code === 'connection' || closing || timer !== undefined)
      return;
    const now = Date.now();
    refusals = now - lastAt > CALM_MS ? 1 : refusals + 1;
    lastAt = now;
    void worker.pause(true);
    timer = setTimeout(() => {
      timer = undefined;
      if (!closing) void worker.resume();
    }, reconnectDelay(refusals));
    timer.unref();
  });
}
