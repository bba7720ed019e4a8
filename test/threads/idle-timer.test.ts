import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer } from '../../src/threads/idle-timer.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('idle timer', () => {
  it('stops once the pause passes after arm, restarting with each arm; disarm cancels', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = vi.fn();
    const timer = new IdleTimer(1_000, stop);
    timer.arm();
    vi.advanceTimersByTime(999);
    timer.arm();
    vi.advanceTimersByTime(999);
    expect(stop).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stop).toHaveBeenCalledTimes(1);
    timer.arm();
    timer.disarm();
    vi.advanceTimersByTime(5_000);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('never stops without a pause', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = vi.fn();
    new IdleTimer(undefined, stop).arm();
    vi.advanceTimersByTime(86_400_000);
    expect(stop).not.toHaveBeenCalled();
  });
});
