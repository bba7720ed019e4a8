/**
 * The stop of a bot process: its steps in order (stop taking updates, finish or hand back the
 * work in flight, close the pools, close Redis last) under one deadline, each step on its own so
 * that one failing or hanging step never skips closing the ones after it.
 */
import type { Logger } from '../game/service.js';

/** One step of the stop; `remainingMs` is what is left of the deadline when it starts. */
export interface ShutdownStep {
  readonly name: string;
  run(remainingMs: number): Promise<unknown> | void;
}

export interface ShutdownOptions {
  /** The whole stop's time (SHUTDOWN_TIMEOUT_SECONDS). */
  readonly timeoutMs: number;
  readonly logger: Logger;
  /** Once the deadline has passed, how long each later step is still waited for; 1 s. */
  readonly lateStepMs?: number;
  readonly now?: () => number;
}

/**
 * Runs the steps one after another. A step that throws is logged and the next one runs; a step
 * still running at the deadline is left to finish on its own (the process exits soon after) and
 * the later steps are started anyway, each waited for `lateStepMs` at most. Resolves to the exit
 * code: 0 when every step finished in time, 1 when one failed or the deadline passed.
 */
export async function runShutdown(
  steps: readonly ShutdownStep[],
  options: ShutdownOptions,
): Promise<0 | 1> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  let clean = true;
  // Set when a step is given up on at the deadline: timers may fire up to a millisecond before
  // the clock shows it, and no later step may still think some of the deadline is left.
  let deadlinePassed = false;
  for (const step of steps) {
    const remaining = deadlinePassed ? 0 : deadline - now();
    try {
      const work = Promise.resolve().then(() => step.run(Math.max(0, remaining)));
      const finished = await within(
        work,
        remaining > 0 ? remaining : (options.lateStepMs ?? 1_000),
      );
      if (!finished) {
        clean = false;
        deadlinePassed = true;
        options.logger.warn('shutdown: a step did not finish in time', { step: step.name });
      }
    } catch (error) {
      clean = false;
      options.logger.error('shutdown: a step failed', { step: step.name, err: error });
    }
  }
  return clean ? 0 : 1;
}

/**
 * Runs parts of one step side by side (e.g. every platform's), each to its end even when
 * another fails; rejects with the first failure once all are over.
 */
export async function together(parts: readonly (() => Promise<unknown> | void)[]): Promise<void> {
  const results = await Promise.allSettled(parts.map((part) => Promise.resolve().then(part)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}

/** Whether `work` settled within `ms` (its rejection is passed on); never waits longer. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), timeUp]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined); // a step given up on may still fail: not unhandled
  }
}

/** The process as stopSignals needs it (a fake in tests). */
export interface SignalTarget {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  exit(code: number): void;
}

/**
 * SIGINT or SIGTERM starts `stop` and exits with the code it resolves to; a second signal
 * during the stop exits at once, with code 1.
 */
export function stopOnSignals(target: SignalTarget, stop: () => Promise<0 | 1>): void {
  let stopping = false;
  const onSignal = (): void => {
    if (stopping) {
      target.exit(1);
      return;
    }
    stopping = true;
    stop().then(
      (code) => target.exit(code),
      () => target.exit(1),
    );
  };
  for (const signal of SIGNALS) target.on(signal, onSignal);
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
