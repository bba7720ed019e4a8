import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TimerJob } from '../../src/game/ports.js';
import { BullMqScheduler, bullJobId } from '../../src/store/bullmq-scheduler.js';
import { startRedis, type PrivateRedis } from '../support/redis-server.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds, or fails after `ms`. */
async function eventually(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

let server: PrivateRedis;
let queues = 0;
const schedulers: BullMqScheduler[] = [];

beforeAll(async () => {
  server = await startRedis();
});
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.stop()));
});
afterAll(async () => {
  await server?.stop();
});

/** Schedulers of one test share a queue no other test uses. */
function schedulerFactory(): () => BullMqScheduler {
  const queueName = `timers-${++queues}`;
  return () => {
    const scheduler = new BullMqScheduler({
      connection: server.url,
      queueName,
      prefix: 'test:bull',
      backoffMs: 50,
      log: () => {},
    });
    schedulers.push(scheduler);
    return scheduler;
  };
}

function job(overrides: Partial<TimerJob> = {}): TimerJob {
  return { kind: 'timeout', targetId: 'g1', ply: 3, at: Date.now() + 300, ...overrides };
}

describe('BullMqScheduler', () => {
  it('escapes timer ids into valid, distinct BullMQ job ids', () => {
    expect(bullJobId(job())).toBe('timeout%3Ag1%3A3');
    expect(bullJobId(job({ targetId: 'a:b' }))).toBe('timeout%3Aa%3Ab%3A3');
    expect(bullJobId(job({ targetId: 'a%3Ab' }))).not.toBe(bullJobId(job({ targetId: 'a:b' })));
    expect(bullJobId(job({ kind: 'challenge-expiry', targetId: 'c1', ply: 1 }))).toBe(
      'challenge-expiry%3Ac1%3A1',
    );
  });

  it('fires a job after its delay, not before', async () => {
    const make = schedulerFactory();
    const fired: { job: TimerJob; at: number }[] = [];
    const scheduler = make();
    await scheduler.start(async (firedJob) => {
      fired.push({ job: firedJob, at: Date.now() });
    });
    const timeout = job({ targetId: 'odd:id', at: Date.now() + 300 });
    await scheduler.schedule(timeout);
    await sleep(100);
    expect(fired).toEqual([]);
    await eventually(() => fired.length > 0);
    expect(fired.map((f) => f.job)).toEqual([timeout]);
    expect(fired[0].at).toBeGreaterThanOrEqual(timeout.at);
  });

  it('runs a job scheduled twice, by two running instances, exactly once', async () => {
    const make = schedulerFactory();
    const calls: string[] = [];
    const first = make();
    const second = make();
    await first.start(async () => {
      calls.push('first');
    });
    await second.start(async () => {
      calls.push('second');
    });
    const at = Date.now() + 200;
    await Promise.all([first.schedule(job({ at })), second.schedule(job({ at: at + 50 }))]);
    await eventually(() => calls.length > 0);
    await sleep(600);
    expect(calls).toHaveLength(1);
    // Scheduling it again after it fired still collapses into the finished job.
    await first.schedule(job({ at: Date.now() }));
    await sleep(300);
    expect(calls).toHaveLength(1);
  });

  it('fires in a fresh instance a job scheduled by one that stopped (a restart)', async () => {
    const make = schedulerFactory();
    const before = make();
    let firedEarly = false;
    await before.start(async () => {
      firedEarly = true;
    });
    const reminder = job({ kind: 'reminder', at: Date.now() + 300 });
    await before.schedule(reminder);
    await before.stop();

    const fired: TimerJob[] = [];
    const after = make();
    await after.start(async (firedJob) => {
      fired.push(firedJob);
    });
    await eventually(() => fired.length > 0);
    expect(fired).toEqual([reminder]);
    expect(firedEarly).toBe(false);
  });

  it('retries a handler that throws', async () => {
    const make = schedulerFactory();
    let attempts = 0;
    const scheduler = make();
    await scheduler.start(async () => {
      attempts++;
      if (attempts < 3) throw new Error('not yet');
    });
    await scheduler.schedule(job({ at: Date.now() + 100 }));
    await eventually(() => attempts >= 3);
    await sleep(300);
    expect(attempts).toBe(3);
  });
});

describe('BullMqScheduler: a Redis outage', () => {
  let dying: PrivateRedis;
  beforeAll(async () => {
    dying = await startRedis();
  });
  afterAll(async () => {
    await dying?.stop();
  });

  it('is logged once when it starts and once when it ends, then timers fire again', async () => {
    const lines: string[] = [];
    const scheduler = new BullMqScheduler({
      connection: dying.url,
      prefix: 'test:bull',
      log: (message, error) => lines.push(error === undefined ? message : `${message}: ${error}`),
    });
    schedulers.push(scheduler);
    const fired: TimerJob[] = [];
    await scheduler.start(async (firedJob) => {
      fired.push(firedJob);
    });

    await dying.stop();
    // Several reconnect attempts of the queue's and of the worker's connection fail meanwhile.
    await sleep(2_500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^scheduler: Redis connection lost, reconnecting in the background/);

    await dying.restart();
    await eventually(() => lines.length > 1, 15_000);
    expect(lines[1]).toBe('scheduler: Redis connection restored');
    const reminder = job({ kind: 'reminder', at: Date.now() + 100 });
    await scheduler.schedule(reminder);
    await eventually(() => fired.length > 0, 15_000);
    expect(fired).toEqual([reminder]);
    await scheduler.stop();
    expect(lines).toHaveLength(2); // stopping on purpose is no outage
  });
});
