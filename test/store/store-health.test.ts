import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreError } from '../../src/game/ports.js';
import { storeFault, UNAVAILABLE_REPLIES } from '../../src/store/redis-faults.js';
import { StoreHealth } from '../../src/store/store-health.js';
import { capturingLogger } from '../support/capturing-logger.js';

/** An error as ioredis gives a server's error reply. */
function reply(message: string): Error {
  const error = new Error(message);
  error.name = 'ReplyError';
  return error;
}

const READONLY = reply("READONLY You can't write against a read only replica.");
const CROSSSLOT = reply("CROSSSLOT Keys in request don't hash to the same slot");

describe('storeFault', () => {
  it('names what each refusal of the server means', () => {
    expect(storeFault(READONLY)).toEqual({
      code: 'READONLY',
      reason: 'READONLY: writes refused: Redis is a read-only replica (after a failover?)',
    });
    expect(storeFault(CROSSSLOT)?.code).toBe('CROSSSLOT');
    expect(storeFault(reply('MOVED 7872 127.0.0.1:30002'))?.reason).toBe(
      'MOVED: Redis is a cluster node: the keys live on other nodes',
    );
    expect(storeFault(reply('ASK 7872 127.0.0.1:30002'))?.code).toBe('ASK');
    expect(storeFault(reply('CLUSTERDOWN The cluster is down'))?.code).toBe('CLUSTERDOWN');
    expect(storeFault(reply('NOAUTH Authentication required.'))?.code).toBe('NOAUTH');
    expect(storeFault(reply('WRONGPASS invalid username-password pair'))?.code).toBe('WRONGPASS');
    expect(storeFault(reply("OOM command not allowed when used memory > 'maxmemory'."))?.code).toBe(
      'OOM',
    );
    expect(storeFault(reply('MISCONF Redis is configured to save RDB snapshots'))?.code).toBe(
      'MISCONF',
    );
    expect(storeFault(reply('LOADING Redis is loading the dataset in memory'))?.code).toBe(
      'LOADING',
    );
  });

  it('tells a lost connection and a timeout from our own bugs', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), {
      code: 'ECONNREFUSED',
    });
    expect(storeFault(refused)).toEqual({
      code: 'connection',
      reason: 'connection: Redis cannot be reached (ECONNREFUSED)',
    });
    expect(storeFault(new Error('Connection is closed.'))?.code).toBe('connection');
    expect(storeFault(new Error('connection is end'))?.code).toBe('connection');
    expect(storeFault(new Error('Command timed out'))?.code).toBe('timeout');
    // Our bugs are not the store's health.
    expect(storeFault(reply('WRONGTYPE Operation against a key holding the wrong kind'))).toBe(
      undefined,
    );
    expect(storeFault(reply('ERR Error running script'))).toBe(undefined);
    expect(storeFault(new TypeError('x is undefined'))).toBe(undefined);
    expect(storeFault('READONLY')).toBe(undefined);
  });

  it('looks through a StoreError to its cause', () => {
    const wrapped = new StoreError('store-unavailable', 'redis store: getGame g1', 'g1', {
      cause: READONLY,
    });
    expect(storeFault(wrapped)?.code).toBe('READONLY');
  });

  it('every refusal it names is an unavailable reply (the stores answer store-unavailable)', () => {
    for (const message of ['MOVED 1 h:1', 'ASK 1 h:1', 'CROSSSLOT x', 'WRONGPASS x', 'NOPERM x'])
      expect(UNAVAILABLE_REPLIES.test(message)).toBe(true);
    expect(UNAVAILABLE_REPLIES.test('WRONGTYPE x')).toBe(false);
  });
});

describe('StoreHealth', () => {
  // The clock (Date.now) and the timers move only when told.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  function tracker(probe?: () => Promise<void>) {
    const { logger, lines } = capturingLogger();
    const health = new StoreHealth({ log: logger, probe });
    return { health, lines, said: () => lines.map((line) => `${line.level} ${line.message}`) };
  }

  it('is ok with no failures, and ignores errors that are not the store’s', async () => {
    const { health, lines } = tracker();
    const store = health.reporter('redis store');
    store.success();
    for (let i = 0; i < 10; i++) store.failure(reply('WRONGTYPE no'));
    expect(await health.check()).toEqual({ status: 'ok' });
    expect(lines).toEqual([]);
  });

  it('a failure or two is degraded; three within the window are failing, logged once', async () => {
    const { health, lines, said } = tracker();
    const scheduler = health.reporter('scheduler');
    scheduler.failure(READONLY);
    expect(health.current).toEqual({
      status: 'degraded',
      reason:
        '1 store error(s) in the last 15 s: READONLY: writes refused: Redis is a read-only replica (after a failover?)',
    });
    // Out of the window: forgotten.
    await pass(16_000);
    expect(health.current).toEqual({ status: 'ok' });
    scheduler.failure(READONLY);
    scheduler.failure(READONLY);
    expect(health.current.status).toBe('degraded');
    health.reporter('relay').failure(READONLY);
    expect(health.current).toEqual({
      status: 'failing',
      reason: 'READONLY: writes refused: Redis is a read-only replica (after a failover?)',
    });
    for (let i = 0; i < 1_000; i++) scheduler.failure(READONLY);
    expect(said()).toEqual([
      'error store failing: READONLY: writes refused: Redis is a read-only replica (after a failover?)',
    ]);
    expect(lines[0]?.context).toMatchObject({ source: 'relay', err: READONLY });
    health.close();
  });

  it('while failing, one summary line a minute with the count; recovery once', async () => {
    let writable = false;
    const { health, said, lines } = tracker(() =>
      writable ? Promise.resolve() : Promise.reject(READONLY),
    );
    // The probe's failure alone is enough.
    expect((await health.check()).status).toBe('failing');
    const store = health.reporter('redis store');
    for (let second = 0; second < 125; second++) {
      store.failure(READONLY);
      store.failure(CROSSSLOT);
      if (second % 2 === 0) store.success(); // reads still work, say
      await pass(1_000);
    }
    // A minute's 120 commands, and the probe tried every 5 s (11 times, 12 in the next minute).
    expect(said()).toEqual([
      'error store failing: READONLY: writes refused: Redis is a read-only replica (after a failover?)',
      'warn store still failing: 131 failed command(s) in the last 60 s, 30 went through',
      'warn store still failing: 132 failed command(s) in the last 60 s, 30 went through',
    ]);
    expect(lines[1]?.context.failures).toEqual({ READONLY: 71, CROSSSLOT: 60 });

    // Writes work again, but failures still came within the window: still failing.
    writable = true;
    expect((await health.check()).status).toBe('failing');
    // A quiet window (15 s) after the last failure (the probe's at 125 s), the periodic probe
    // finds it well: 1 + 250 + 25 failures in all.
    await pass(20_000);
    expect(health.current).toEqual({ status: 'ok' });
    expect(said().at(-1)).toBe('info store recovered after 140 s (276 failed command(s))');
    // No more summaries once recovered.
    await pass(180_000);
    expect(said()).toHaveLength(4);
  });

  it('after a lost connection, the first write that goes through ends the failing', async () => {
    let reachable = false;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), {
      code: 'ECONNREFUSED',
    });
    const { health, said } = tracker(() =>
      reachable ? Promise.resolve() : Promise.reject(refused),
    );
    const store = health.reporter('redis store');
    for (let i = 0; i < 3; i++) store.failure(refused);
    expect(health.current).toEqual({
      status: 'failing',
      reason: 'connection: Redis cannot be reached (ECONNREFUSED)',
    });
    await pass(8_000);
    reachable = true;
    expect(await health.check()).toEqual({ status: 'ok' });
    expect(said()).toEqual([
      'error store failing: connection: Redis cannot be reached (ECONNREFUSED)',
      'info store recovered after 8 s (4 failed command(s))',
    ]);
  });

  it('without a probe, a quiet window ends the failing', async () => {
    const { health, said } = tracker();
    const worker = health.reporter('ai worker');
    for (let i = 0; i < 3; i++) worker.failure(CROSSSLOT);
    expect(health.current.status).toBe('failing');
    await pass(20_000);
    expect(health.current.status).toBe('ok');
    expect(said()).toEqual([
      'error store failing: CROSSSLOT: Redis is a cluster node: the keys of one command are in different slots',
      'info store recovered after 15 s (3 failed command(s))',
    ]);
  });

  it('close() stops its timers', async () => {
    const { health, said } = tracker();
    for (let i = 0; i < 3; i++) health.reporter('scheduler').failure(READONLY);
    health.close();
    health.reporter('scheduler').failure(READONLY);
    await pass(300_000);
    expect(said()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
