/**
 * Whether the store (Redis) serves this process, as its real commands and a write probe find:
 * a PING alone says nothing of a read-only replica (it answers PING, refuses writes) or of a
 * cluster node (it answers, but the keys live elsewhere).
 */
import type { Logger } from '../game/logger.js';
import { storeFault, type StoreFault } from './redis-faults.js';

/** How a part of the process is doing, as the health endpoint reports it. */
export type HealthStatus = 'ok' | 'degraded' | 'failing';

/** One part's health: its status and, unless ok, why (short, for people; never a secret). */
export interface PartHealth {
  readonly status: HealthStatus;
  readonly reason?: string;
}

/** Where one Redis-backed part (a store, the relay, the scheduler) reports its commands. */
export interface StoreHealthReport {
  success(): void;
  /** Counted when the error shows a store fault (storeFault); other errors are not the store's. */
  failure(error: unknown): void;
}

export interface StoreHealthOptions {
  readonly log: Logger;
  /** A small write (a short-lived key): rejects when the store cannot take writes. */
  readonly probe?: () => Promise<void>;
  /** Failures within this window count together; recovery needs as long without one; 15 s. */
  readonly windowMs?: number;
  /** Failures within the window that make the store failing; default 3 (a probe's: one). */
  readonly failuresToFail?: number;
  /** While failing: one summary line per this long, with the failures counted; 60 s. */
  readonly summaryMs?: number;
  /**
   * While failing: the probe is tried this often, to see the store come back; a third of the
   * window, 5 s at most.
   */
  readonly recheckMs?: number;
}

/** Faults of not reaching Redis at all: over once a command goes through. */
const UNREACHED: ReadonlySet<string> = new Set(['connection', 'timeout']);

/** Failures remembered within the window: enough to count towards failing, and to say so. */
const RECENT_KEPT = 100;

interface Failure {
  readonly at: number;
  readonly source: string;
  readonly fault: StoreFault;
}

/**
 * Collects the outcomes of the store's commands from every Redis-backed part (each through its
 * reporter) and decides the store's health:
 * - failing once `failuresToFail` store faults came within `windowMs`, or the write probe failed;
 *   logged once ("store failing: READONLY: writes refused ..."), then at most one line per
 *   `summaryMs` with the failures of that time, and once more when it recovers;
 * - failing ends when the probe (tried every `recheckMs` meanwhile) succeeds and no refusal
 *   came for `windowMs` (a refusal may be of some commands only: a cluster node takes the
 *   probe's key and refuses others); lost connections and timeouts are over once it succeeds;
 * - degraded while some fault came within the window without making it failing.
 * Errors that show no store fault (our bugs) are left to their callers.
 */
export class StoreHealth {
  private readonly log: Logger;
  private readonly probe: (() => Promise<void>) | undefined;
  private readonly windowMs: number;
  private readonly failuresToFail: number;
  private readonly summaryMs: number;
  private readonly recheckMs: number;
  private recent: Failure[] = [];
  private last: Failure | undefined;
  /** Since when the store is failing, undefined while it is not. */
  private failingSince: number | undefined;
  private failuresWhileFailing = 0;
  /** Failures since the last summary line, by code; and the commands that went through. */
  private counted = new Map<string, number>();
  private succeeded = 0;
  private timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(options: StoreHealthOptions) {
    this.log = options.log;
    this.probe = options.probe;
    this.windowMs = options.windowMs ?? 15_000;
    this.failuresToFail = options.failuresToFail ?? 3;
    this.summaryMs = options.summaryMs ?? 60_000;
    this.recheckMs = options.recheckMs ?? Math.min(5_000, Math.ceil(this.windowMs / 3));
  }

  /** The reporter of one part, named in the log ("redis store", "scheduler", "relay"). */
  reporter(source: string): StoreHealthReport {
    return {
      success: () => this.success(source),
      failure: (error) => this.failure(source, error),
    };
  }

  /** The health as the reports say, without probing. */
  get current(): PartHealth {
    if (this.failingSince !== undefined)
      return { status: 'failing', reason: this.last?.fault.reason ?? 'store failing' };
    const recent = this.inWindow();
    const last = recent.at(-1);
    if (last === undefined) return { status: 'ok' };
    return {
      status: 'degraded',
      reason: `${recent.length} store error(s) in the last ${Math.round(this.windowMs / 1000)} s: ${last.fault.reason}`,
    };
  }

  /** The health check: the write probe (if any), then the health as everything reported. */
  async check(): Promise<PartHealth> {
    await this.runProbe();
    return this.current;
  }

  /** Stops the timers of a failing store (at shutdown). */
  close(): void {
    this.closed = true;
    this.stopTimers();
  }

  private success(source: string): void {
    this.succeeded++;
    if (source !== 'probe' || this.closed) return;
    // A write went through: Redis is reached; its refusals may go on.
    this.recent = this.inWindow().filter((failure) => !UNREACHED.has(failure.fault.code));
    if (this.recent.length === 0) this.recover();
  }

  private failure(source: string, error: unknown): void {
    const fault = storeFault(error);
    if (fault === undefined || this.closed) return;
    const failure: Failure = { at: Date.now(), source, fault };
    this.last = failure;
    this.recent = this.inWindow().slice(-RECENT_KEPT);
    this.recent.push(failure);
    this.counted.set(fault.code, (this.counted.get(fault.code) ?? 0) + 1);
    if (this.failingSince !== undefined) {
      this.failuresWhileFailing++;
      return;
    }
    if (source === 'probe' || this.recent.length >= this.failuresToFail) this.fail(error);
  }

  private fail(error: unknown): void {
    const last = this.last!;
    this.failingSince = last.at;
    this.failuresWhileFailing = this.recent.length;
    // The summaries count what follows this line.
    this.counted = new Map();
    this.succeeded = 0;
    this.log.error(`store failing: ${last.fault.reason}`, { source: last.source, err: error });
    const summary = setInterval(() => this.summarize(), this.summaryMs);
    const recheck = setInterval(() => void this.recheck(), this.recheckMs);
    summary.unref();
    recheck.unref();
    this.timers = [summary, recheck];
  }

  private summarize(): void {
    const counted = this.counted;
    const succeeded = this.succeeded;
    this.counted = new Map();
    this.succeeded = 0;
    const failures = [...counted.values()].reduce((sum, n) => sum + n, 0);
    if (failures === 0) return;
    // Some commands may go through meanwhile: a read-only replica serves reads.
    this.log.warn(
      `store still failing: ${failures} failed command(s) in the last ${Math.round(this.summaryMs / 1000)} s, ${succeeded} went through`,
      { reason: this.last?.fault.reason, failures: Object.fromEntries(counted) },
    );
  }

  /** While failing: the probe, or without one the quiet window alone, may end it. */
  private async recheck(): Promise<void> {
    if (this.probe !== undefined) await this.runProbe();
    else if (this.inWindow().length === 0) this.recover();
  }

  private recover(): void {
    const since = this.failingSince;
    if (since === undefined) return;
    this.failingSince = undefined;
    this.stopTimers();
    const seconds = Math.round((Date.now() - since) / 1000);
    this.log.info(
      `store recovered after ${seconds} s (${this.failuresWhileFailing} failed command(s))`,
    );
  }

  private async runProbe(): Promise<void> {
    if (this.probe === undefined) return;
    try {
      await this.probe();
      this.success('probe');
    } catch (error) {
      this.failure('probe', error);
    }
  }

  private inWindow(): Failure[] {
    const since = Date.now() - this.windowMs;
    return this.recent.filter((failure) => failure.at > since);
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}
