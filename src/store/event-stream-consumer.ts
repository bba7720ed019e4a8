import type { GameEvent } from '../game/results.js';
import type { Logger } from '../game/logger.js';
import { decodeBatch } from './event-schemas.js';
import { reconnectDelay } from './outage.js';
import type { StoreHealthReport } from './store-health.js';

/** One entry of a platform's event stream: a batch of events as JSON. */
export interface StreamEntry {
  readonly id: string;
  readonly payload: string | undefined;
  /** How many times it has been delivered, this delivery included. */
  readonly deliveries: number;
}

/**
 * One consumer's access to one stream (a Redis stream with its consumer group, or the memory
 * relay's copy of one): new entries, entries other consumers left pending too long, and acks.
 */
export interface StreamReader {
  /** Entries nobody has had yet, waiting up to `blockMs` for some (or until `signal`). */
  readNew(count: number, blockMs: number, signal: AbortSignal): Promise<StreamEntry[]>;
  /** Takes over entries pending (delivered, not acknowledged) for `minIdleMs` or more. */
  claimStale(count: number, minIdleMs: number): Promise<StreamEntry[]>;
  ack(id: string): Promise<void>;
}

/** Settings of a relay's consumers (both relays). */
export interface ConsumerSettings {
  /** How long one read waits for new entries; default 2000 ms (stop() is as prompt). */
  readonly blockMs?: number;
  /** Entries pending this long with another consumer (a dead one) are taken over; 30 s. */
  readonly claimAfterMs?: number;
  /** An entry delivered more often than this is logged and dropped; default 5. */
  readonly maxDeliveries?: number;
  /** Entries read at once; default 20. */
  readonly batchSize?: number;
  /** How long stop() waits for a batch being handled before leaving it to others; 5 s. */
  readonly stopTimeoutMs?: number;
  readonly log: Logger;
  /** Where the outcomes of the stream's reads go (the store's health). */
  readonly health?: StoreHealthReport;
}

/**
 * The loop of one subscription, the same for both relays: take over stale entries now and then,
 * read new ones, hand each batch to the handler in stream order and acknowledge it when the
 * handler resolves. A batch whose handler fails stays pending, to be taken over (by any
 * consumer, this one too) after `claimAfterMs`; one delivered more than `maxDeliveries` times,
 * or that does not decode, is logged and acknowledged so it never blocks the stream. Failures
 * of the stream itself (Redis down) are logged once per outage and retried with backoff.
 */
export class StreamConsumer {
  private readonly blockMs: number;
  private readonly claimAfterMs: number;
  private readonly maxDeliveries: number;
  private readonly batchSize: number;
  private readonly stopTimeoutMs: number;
  private readonly abort = new AbortController();
  private nextClaimAt = 0;
  private failures = 0;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly reader: StreamReader,
    private readonly handler: (events: readonly GameEvent[]) => Promise<void>,
    private readonly settings: ConsumerSettings,
  ) {
    this.blockMs = settings.blockMs ?? 2_000;
    this.claimAfterMs = settings.claimAfterMs ?? 30_000;
    this.maxDeliveries = settings.maxDeliveries ?? 5;
    this.batchSize = settings.batchSize ?? 20;
    this.stopTimeoutMs = settings.stopTimeoutMs ?? 5_000;
  }

  start(): void {
    this.running ??= this.loop();
  }

  /**
   * Stops reading. A batch being handled gets up to stopTimeoutMs to finish (and be
   * acknowledged); after that it is left pending for another consumer.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.running;
  }

  /** The stop flag, read through a call: stop() may set it while the loop awaits a read. */
  private isStopped(): boolean {
    return this.stopped;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        if (Date.now() >= this.nextClaimAt) {
          // Checked at a quarter of the idle time: a dead consumer's entries wait at most
          // about 1.25 × claimAfterMs (plus one read).
          this.nextClaimAt = Date.now() + Math.max(10, this.claimAfterMs / 4);
          await this.handleAll(await this.reader.claimStale(this.batchSize, this.claimAfterMs));
        }
        if (this.isStopped()) break;
        const fresh = await this.reader.readNew(
          this.batchSize,
          Math.min(this.blockMs, Math.max(10, this.nextClaimAt - Date.now())),
          this.abort.signal,
        );
        this.settings.health?.success();
        await this.handleAll(fresh);
        if (this.failures > 0) this.settings.log.info(`${this.name}: reading events again`);
        this.failures = 0;
      } catch (error) {
        if (this.isStopped()) break;
        this.settings.health?.failure(error);
        this.failures++;
        if (this.failures === 1)
          this.settings.log.warn(`${this.name}: cannot read events`, { err: error });
        await this.pause(reconnectDelay(this.failures));
      }
    }
  }

  private async handleAll(entries: readonly StreamEntry[]): Promise<void> {
    for (const entry of entries) {
      if (this.stopped) return; // left pending: another consumer takes it over
      await this.handleOne(entry);
    }
  }

  private async handleOne(entry: StreamEntry): Promise<void> {
    if (entry.deliveries > this.maxDeliveries) {
      this.settings.log.warn(
        `${this.name}: dropped event batch ${entry.id} after ${entry.deliveries - 1} failed deliveries`,
      );
      await this.reader.ack(entry.id);
      return;
    }
    const events = decodeBatch(entry.payload);
    if (events === undefined) {
      this.settings.log.warn(`${this.name}: dropped event batch ${entry.id}: not a list of events`);
      await this.reader.ack(entry.id);
      return;
    }
    let handled: boolean;
    try {
      handled = await this.untilStopped(this.handler(events));
    } catch (error) {
      this.settings.log.warn(`${this.name}: handling event batch ${entry.id} failed`, {
        err: error,
      });
      return; // stays pending: redelivered after claimAfterMs
    }
    if (handled) await this.reader.ack(entry.id);
  }

  /** The handler's outcome: true when it resolved, false when stop() gave up waiting. */
  private untilStopped(work: Promise<void>): Promise<boolean> {
    const signal = this.abort.signal;
    return new Promise<boolean>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = (): void => {
        timer = setTimeout(() => resolve(false), this.stopTimeoutMs);
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      work
        .then(() => resolve(true), reject)
        .finally(() => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
        });
    });
  }

  /** Waits `ms`, or less if stop() is called. */
  private pause(ms: number): Promise<void> {
    const signal = this.abort.signal;
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
