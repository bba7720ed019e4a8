import { silentLogger, type Logger } from '../../src/game/logger.js';
import { textLogger } from '../support/capturing-logger.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimerJob } from '../../src/game/ports.js';
import { InProcessScheduler } from '../../src/store/memory-scheduler.js';
import { item } from '../support/present.js';

function job(overrides: Partial<TimerJob> = {}): TimerJob {
  return { kind: 'timeout', targetId: 'g1', ply: 3, at: Date.now() + 150, ...overrides };
}

describe('InProcessScheduler', () => {
  const schedulers: InProcessScheduler[] = [];
  function scheduler(log: Logger = silentLogger) {
    const made = new InProcessScheduler({ log });
    schedulers.push(made);
    return made;
  }
  // Fake timers (and a fake Date.now, the scheduler's clock): time moves only when a test says.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
  });

  it('fires a job at its time, not before', async () => {
    const fired: { job: TimerJob; at: number }[] = [];
    const timers = scheduler();
    await timers.start((firedJob) => {
      fired.push({ job: firedJob, at: Date.now() });
      return Promise.resolve();
    });
    const timeout = job({ at: Date.now() + 200 });
    await timers.schedule(timeout);
    await vi.advanceTimersByTimeAsync(199);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired.map((f) => f.job)).toEqual([timeout]);
    expect(item(fired, 0, 'fired').at).toBeGreaterThanOrEqual(timeout.at);
    expect(timers.size).toBe(0);
  });

  it('collapses jobs with the same id into one', async () => {
    const handler = vi.fn(async (_job: TimerJob) => {});
    const timers = scheduler();
    await timers.start(handler);
    await timers.schedule(job({ at: Date.now() + 100 }));
    await timers.schedule(job({ at: Date.now() + 120 }));
    await timers.schedule(job({ kind: 'reminder', at: Date.now() + 100 }));
    await vi.runAllTimersAsync();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler.mock.calls.map(([fired]) => fired.kind).sort()).toEqual(['reminder', 'timeout']);
  });

  it('fires jobs scheduled before start once started, and a past job at once', async () => {
    const handler = vi.fn(async () => {});
    const timers = scheduler();
    await timers.schedule(job({ at: Date.now() - 1_000 }));
    await vi.runAllTimersAsync();
    expect(handler).not.toHaveBeenCalled();
    await timers.start(handler);
    await vi.advanceTimersByTimeAsync(0);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('stop cancels pending timers', async () => {
    const handler = vi.fn(async () => {});
    const timers = scheduler();
    await timers.start(handler);
    await timers.schedule(job({ at: Date.now() + 100 }));
    await timers.stop();
    await vi.runAllTimersAsync();
    expect(handler).not.toHaveBeenCalled();
  });

  it('logs a failing handler and keeps going', async () => {
    const lines: string[] = [];
    const handler = vi.fn((fired: TimerJob) => {
      if (fired.targetId === 'bad') return Promise.reject(new Error('boom'));
      return Promise.resolve();
    });
    const timers = scheduler(textLogger(lines));
    await timers.start(handler);
    await timers.schedule(job({ targetId: 'bad', at: Date.now() + 20 }));
    await timers.schedule(job({ targetId: 'good', at: Date.now() + 40 }));
    await vi.runAllTimersAsync();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('timeout:bad:3');
    expect(lines[0]).toContain('boom');
  });

  it('waits longer than setTimeout allows (24.8 days) by re-arming', async () => {
    const handler = vi.fn(async () => {});
    const timers = scheduler();
    await timers.start(handler);
    const day = 86_400_000;
    await timers.schedule(job({ at: Date.now() + 30 * day }));
    await vi.advanceTimersByTimeAsync(25 * day);
    expect(handler).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5 * day - 1_000);
    expect(handler).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('never keeps the process alive', () => {
    vi.useRealTimers(); // a real child process, timed by the real clock
    const module = fileURLToPath(new URL('../../src/store/memory-scheduler.ts', import.meta.url));
    const script = `
      const { InProcessScheduler } = await import(${JSON.stringify(module)});
      const timers = new InProcessScheduler();
      await timers.start(async () => {});
      await timers.schedule({ kind: 'timeout', targetId: 'g', ply: 1, at: Date.now() + 3_600_000 });
    `;
    const started = Date.now();
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
