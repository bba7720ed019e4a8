import { textLogger } from '../support/capturing-logger.js';
import { silentLogger } from '../../src/game/logger.js';
import { Queue, type JobType } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TIMER_KINDS, type TimerJob } from '../../src/game/ports.js';
import { BullMqScheduler, bullJobId } from '../../src/store/bullmq-scheduler.js';
import { createBullMqRedis } from '../../src/store/redis-connection.js';
import { startRedis, useReplicaPair, type PrivateRedis } from '../support/redis-server.js';
import { item } from '../support/present.js';

const PREFIX = 'test:bull';

/** Waits until `condition` holds (polling), or fails after `ms`. */
async function eventually(condition: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let server: PrivateRedis;
let queues = 0;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startRedis();
});
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
afterAll(async () => {
  await (server as PrivateRedis | undefined)?.stop();
});

/** Every state in which a job may still run (again). */
const LIVE: JobType[] = ['waiting', 'delayed', 'active', 'prioritized', 'waiting-children'];

/**
 * Schedulers of one test share a queue no other test uses; `queue` reads its jobs in Redis, so
 * that a test waits on what BullMQ records instead of on the clock.
 */
function schedulerFactory(): {
  make: () => BullMqScheduler;
  /** The state of a timer's job in Redis ('delayed', 'completed', ...). */
  state: (job: TimerJob) => Promise<string>;
  /** Jobs that may still run, and finished ones. */
  counts: () => Promise<{ live: number; completed: number; failed: number }>;
} {
  const queueName = `timers-${++queues}`;
  const connection = createBullMqRedis(server.url);
  const queue = new Queue(queueName, { connection, prefix: PREFIX });
  cleanups.push(async () => {
    await queue.close();
    connection.disconnect();
  });
  return {
    make: () => {
      const scheduler = new BullMqScheduler({
        connection: server.url,
        queueName,
        prefix: PREFIX,
        backoffMs: 50,
        log: silentLogger,
      });
      cleanups.push(() => scheduler.stop());
      return scheduler;
    },
    state: (job) => queue.getJobState(bullJobId(job)),
    counts: async () => {
      const counts: Partial<Record<string, number>> = await queue.getJobCounts(
        ...LIVE,
        'completed',
        'failed',
      );
      const live = LIVE.reduce((sum, type) => sum + (counts[type] ?? 0), 0);
      return { live, completed: counts.completed ?? 0, failed: counts.failed ?? 0 };
    },
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
    const { make, state } = schedulerFactory();
    const fired: { job: TimerJob; at: number }[] = [];
    const scheduler = make();
    await scheduler.start((firedJob) => {
      fired.push({ job: firedJob, at: Date.now() });
      return Promise.resolve();
    });
    const timeout = job({ targetId: 'odd:id', at: Date.now() + 300 });
    await scheduler.schedule(timeout);
    // Held back in Redis until its time.
    expect(await state(timeout)).toBe('delayed');
    expect(fired).toEqual([]);
    await eventually(() => fired.length > 0);
    expect(fired.map((f) => f.job)).toEqual([timeout]);
    expect(item(fired, 0, 'fired').at).toBeGreaterThanOrEqual(timeout.at);
  });

  it('delivers every kind of timer job the game service schedules', async () => {
    const { make } = schedulerFactory();
    const fired: TimerJob[] = [];
    const scheduler = make();
    await scheduler.start((firedJob) => {
      fired.push(firedJob);
      return Promise.resolve();
    });
    const jobs = TIMER_KINDS.map((kind) => job({ kind, at: Date.now() }));
    for (const each of jobs) await scheduler.schedule(each);
    await eventually(() => fired.length === jobs.length);
    expect(fired.map((f) => f.kind).sort()).toEqual([...TIMER_KINDS].sort());
  });

  it('runs a job scheduled twice, by two running instances, exactly once', async () => {
    const { make, state, counts } = schedulerFactory();
    const calls: string[] = [];
    const first = make();
    const second = make();
    await first.start(() => {
      calls.push('first');
      return Promise.resolve();
    });
    await second.start(() => {
      calls.push('second');
      return Promise.resolve();
    });
    const at = Date.now() + 200;
    await Promise.all([first.schedule(job({ at })), second.schedule(job({ at: at + 50 }))]);
    // One job in Redis for both (waiting for its time, or already running or run).
    const scheduled = await counts();
    expect(scheduled.live + scheduled.completed).toBe(1);
    await eventually(async () => (await state(job())) === 'completed');
    // The one job has run to its end and no job is left that could run: it ran once, for good.
    expect(await counts()).toEqual({ live: 0, completed: 1, failed: 0 });
    expect(calls).toHaveLength(1);
    // Scheduling it again after it fired still collapses into the finished job.
    await first.schedule(job({ at: Date.now() }));
    expect(await counts()).toEqual({ live: 0, completed: 1, failed: 0 });
    expect(calls).toHaveLength(1);
  });

  it('fires in a fresh instance a job scheduled by one that stopped (a restart)', async () => {
    const { make } = schedulerFactory();
    const before = make();
    let firedEarly = false;
    await before.start(() => {
      firedEarly = true;
      return Promise.resolve();
    });
    const reminder = job({ kind: 'reminder', at: Date.now() + 300 });
    await before.schedule(reminder);
    await before.stop();

    const fired: TimerJob[] = [];
    const after = make();
    await after.start((firedJob) => {
      fired.push(firedJob);
      return Promise.resolve();
    });
    await eventually(() => fired.length > 0);
    expect(fired).toEqual([reminder]);
    expect(firedEarly).toBe(false);
  });

  it('retries a handler that throws', async () => {
    const { make, state, counts } = schedulerFactory();
    let attempts = 0;
    const scheduler = make();
    await scheduler.start(() => {
      attempts++;
      if (attempts < 3) return Promise.reject(new Error('not yet'));
      return Promise.resolve();
    });
    const retried = job({ at: Date.now() + 100 });
    await scheduler.schedule(retried);
    await eventually(() => attempts >= 3);
    // Done once it succeeds: completed, with no retry left waiting.
    await eventually(async () => (await state(retried)) === 'completed');
    expect(await counts()).toEqual({ live: 0, completed: 1, failed: 0 });
    expect(attempts).toBe(3);
  });
});

/** A started scheduler on `url` whose log lines and fired timers are recorded. */
async function recordingScheduler(url: string) {
  const lines: string[] = [];
  const scheduler = new BullMqScheduler({
    connection: url,
    prefix: 'test:bull',
    log: textLogger(lines),
  });
  cleanups.push(() => scheduler.stop());
  const fired: TimerJob[] = [];
  await scheduler.start((firedJob) => {
    fired.push(firedJob);
    return Promise.resolve();
  });
  return { lines, scheduler, fired };
}

describe('BullMqScheduler: a Redis outage', () => {
  let dying: PrivateRedis;
  beforeAll(async () => {
    dying = await startRedis();
  });
  afterAll(async () => {
    await (dying as PrivateRedis | undefined)?.stop();
  });

  it('is logged once when it starts and once when it ends, then timers fire again', async () => {
    const { lines, scheduler, fired } = await recordingScheduler(dying.url);

    await dying.stop();
    // Several reconnect attempts of the queue's and of the worker's connection fail meanwhile
    // (the point is that time passes: only the one line may come of them).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
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

describe('BullMqScheduler on a read-only replica (after a failover)', () => {
  const pair = useReplicaPair();

  it('its worker tries again after growing pauses, not at once; a master again, timers fire', async () => {
    const { lines, scheduler, fired } = await recordingScheduler(pair.replica().url);
    await expect(scheduler.schedule(job({ kind: 'reminder' }))).rejects.toMatchObject({
      code: 'store-unavailable',
    });
    // Each refused try of the worker is one line (no store health given): 100 ms, 200 ms ...
    // between tries makes a handful in 3 s, where it used to be thousands.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const refused = lines.filter((line) => line.startsWith('scheduler: worker error'));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(20);
    expect(refused[0]).toMatch(/READONLY/);

    const admin = createBullMqRedis(pair.replica().url);
    try {
      await admin.call('REPLICAOF', 'NO', 'ONE');
    } finally {
      admin.disconnect();
    }
    const reminder = job({ kind: 'reminder', at: Date.now() + 100 });
    await scheduler.schedule(reminder);
    await eventually(() => fired.length > 0, 15_000);
    expect(fired).toEqual([reminder]);
  });
});
