import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  describeError,
  formatSeconds,
  redactUrl,
  StartupTimeoutError,
  waitFor,
  type Dependency,
  type WaitClock,
} from '../../src/startup/wait.js';

function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6390'), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
  });
}

/** A dependency that fails `failures` times (or forever), then answers 'up'. */
function flaky(failures: number, tries: number[] = []): Dependency<string> {
  return {
    name: 'the thing at tcp://here',
    attempt: () => {
      tries.push(Date.now());
      if (tries.length <= failures) return Promise.reject(refused());
      return Promise.resolve('up');
    },
    describe: describeError,
  };
}

describe('waitFor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers at once, silently, when the dependency is up', async () => {
    const lines: string[] = [];
    await expect(waitFor(flaky(0), { timeoutMs: 5_000, log: (l) => lines.push(l) })).resolves.toBe(
      'up',
    );
    expect(lines).toEqual([]);
  });

  it('says what it waits for and why, backing off 1, 2, 4 s', async () => {
    const lines: string[] = [];
    const tries: number[] = [];
    const waiting = waitFor(flaky(3, tries), { timeoutMs: 60_000, log: (l) => lines.push(l) });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(waiting).resolves.toBe('up');
    expect(lines).toEqual([
      'waiting for the thing at tcp://here (connect ECONNREFUSED); next try in 1 s',
      'waiting for the thing at tcp://here (connect ECONNREFUSED); next try in 2 s',
      'waiting for the thing at tcp://here (connect ECONNREFUSED); next try in 4 s',
    ]);
    expect(tries).toEqual([0, 1_000, 3_000, 7_000]);
  });

  it('gives up after the timeout, naming what and why', async () => {
    const lines: string[] = [];
    const tries: number[] = [];
    const waiting = waitFor(flaky(Infinity, tries), {
      timeoutMs: 3_000,
      log: (l) => lines.push(l),
    });
    const outcome = expect(waiting).rejects.toThrow(
      new StartupTimeoutError(
        'could not reach the thing at tcp://here within 3 s (connect ECONNREFUSED)',
      ),
    );
    await vi.advanceTimersByTimeAsync(3_000);
    await outcome;
    expect(lines.map((line) => line.replace(/.*; /, ''))).toEqual([
      'next try in 1 s',
      'next try in 2 s',
    ]);
    expect(tries).toEqual([0, 1_000, 3_000]);
  });

  it('shortens the last pause to end at the deadline', async () => {
    const lines: string[] = [];
    const waiting = waitFor(flaky(Infinity), { timeoutMs: 2_500, log: (l) => lines.push(l) });
    const outcome = expect(waiting).rejects.toThrow(StartupTimeoutError);
    await vi.advanceTimersByTimeAsync(2_500);
    await outcome;
    expect(lines.map((line) => line.replace(/.*; /, ''))).toEqual([
      'next try in 1 s',
      'next try in 1.5 s',
    ]);
  });

  it('ends after the shortened pause even when timers fire a little early', async () => {
    let time = 0;
    const early: WaitClock = {
      now: () => time,
      sleep: (ms, signal) => {
        // A try's own time limit: never reached here, the tries fail at once.
        if (signal !== undefined)
          return new Promise((resolve) => (signal.onabort = () => resolve()));
        time += ms - 1;
        return Promise.resolve();
      },
    };
    const lines: string[] = [];
    const tries: number[] = [];
    const dependency: Dependency<string> = {
      name: 'it',
      attempt: () => {
        tries.push(time);
        return Promise.reject(refused());
      },
      describe: describeError,
    };
    await expect(
      waitFor(dependency, { timeoutMs: 3_000, log: (l) => lines.push(l), clock: early }),
    ).rejects.toThrow(StartupTimeoutError);
    expect(tries).toEqual([0, 999, 2_998]);
    expect(lines).toHaveLength(2);
  });

  it('without a timeout waits forever, pauses capped at 30 s', async () => {
    const lines: string[] = [];
    let settled = false;
    const waiting = waitFor(flaky(Infinity), { timeoutMs: undefined, log: (l) => lines.push(l) });
    waiting.finally(() => (settled = true)).catch(() => {});
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(settled).toBe(false);
    const pauses = lines.map((line) => /next try in (\d+) s$/.exec(line)?.[1]);
    expect(pauses.slice(0, 7)).toEqual(['1', '2', '4', '8', '16', '30', '30']);
    // 1+2+4+8+16 s, then one try every 30 s for the rest of the hour.
    expect(lines.length).toBe(5 + Math.floor((3_600_000 - 31_000) / 30_000) + 1);
  });

  it('stops at once on a permanent failure', async () => {
    const lines: string[] = [];
    const refusal = new Error('the token was refused');
    const dependency: Dependency<string> = {
      name: 'the API',
      attempt: () => {
        return Promise.reject(new Error('401'));
      },
      describe: describeError,
      permanent: (error) =>
        error instanceof Error && error.message === '401' ? refusal : undefined,
    };
    await expect(
      waitFor(dependency, { timeoutMs: 60_000, log: (l) => lines.push(l) }),
    ).rejects.toBe(refusal);
    expect(lines).toEqual([]);
  });

  it('abandons a try that hangs', async () => {
    const lines: string[] = [];
    const dependency: Dependency<string> = {
      name: 'a black hole',
      attempt: () => new Promise<string>(() => {}),
      describe: describeError,
    };
    const waiting = waitFor(dependency, {
      timeoutMs: 30_000,
      attemptTimeoutMs: 5_000,
      log: (l) => lines.push(l),
    });
    const outcome = expect(waiting).rejects.toThrow(
      /^could not reach a black hole within 30 s \(no answer within \d s\)$/,
    );
    // Tries end at 5, 11, 18 and 27 s; the last one starts at the deadline and gets a second.
    await vi.advanceTimersByTimeAsync(31_000);
    await outcome;
    expect(lines[0]).toBe('waiting for a black hole (no answer within 5 s); next try in 1 s');
    expect(lines).toHaveLength(4);
  });
});

describe('start-up wording', () => {
  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, 1_000, 30_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('writes seconds plainly', () => {
    expect(formatSeconds(4_000)).toBe('4 s');
    expect(formatSeconds(1_500)).toBe('1.5 s');
    expect(formatSeconds(60_000)).toBe('60 s');
  });

  it('describes system errors by call and code, others by message', () => {
    expect(describeError(refused())).toBe('connect ECONNREFUSED');
    expect(describeError(new Error('LOADING Redis is loading'))).toBe('LOADING Redis is loading');
    expect(describeError('plain')).toBe('plain');
  });

  it('hides passwords in URLs', () => {
    expect(redactUrl('redis://:hunter2@db.example.org:6380/1')).toBe(
      'redis://:***@db.example.org:6380/1',
    );
    expect(redactUrl('redis://bot:hunter2@db')).toBe('redis://bot:***@db');
    expect(redactUrl('redis://127.0.0.1:6390')).toBe('redis://127.0.0.1:6390');
    expect(redactUrl('not a url')).toBe('not a url');
  });
});
