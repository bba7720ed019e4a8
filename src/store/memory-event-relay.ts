import type { Platform } from '../game/model.js';
import type { EventRelay } from '../game/ports.js';
import type { GameEvent } from '../game/results.js';
import {
  StreamConsumer,
  type ConsumerSettings,
  type StreamEntry,
  type StreamReader,
} from './event-stream-consumer.js';
import { consoleLogger } from '../game/logger.js';

interface PendingEntry {
  readonly payload: string;
  owner: string;
  deliveredAt: number;
  deliveries: number;
}

/** One platform's stream with one consumer group, as Redis keeps it, in memory. */
class MemoryStream {
  private sequence = 0;
  private readonly unread: { id: string; payload: string }[] = [];
  private readonly pending = new Map<string, PendingEntry>();
  private readonly waiters = new Set<() => void>();

  append(payload: string): void {
    this.unread.push({ id: String(++this.sequence), payload });
    for (const wake of [...this.waiters]) wake();
  }

  reader(consumer: string): StreamReader {
    return {
      readNew: (count, blockMs, signal) => this.readNew(consumer, count, blockMs, signal),
      claimStale: (count, minIdleMs) =>
        Promise.resolve(this.claimStale(consumer, count, minIdleMs)),
      ack: (id) => {
        this.pending.delete(id);
        return Promise.resolve();
      },
    };
  }

  private async readNew(
    consumer: string,
    count: number,
    blockMs: number,
    signal: AbortSignal,
  ): Promise<StreamEntry[]> {
    if (this.unread.length === 0 && !signal.aborted) await this.waitForEntries(blockMs, signal);
    return this.unread.splice(0, count).map(({ id, payload }) => {
      this.pending.set(id, { payload, owner: consumer, deliveredAt: Date.now(), deliveries: 1 });
      return { id, payload, deliveries: 1 };
    });
  }

  private claimStale(consumer: string, count: number, minIdleMs: number): StreamEntry[] {
    const now = Date.now();
    const claimed: StreamEntry[] = [];
    for (const [id, entry] of this.pending) {
      if (claimed.length >= count) break;
      if (now - entry.deliveredAt < minIdleMs) continue;
      entry.owner = consumer;
      entry.deliveredAt = now;
      entry.deliveries++;
      claimed.push({ id, payload: entry.payload, deliveries: entry.deliveries });
    }
    return claimed;
  }

  private waitForEntries(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

/**
 * The streams of several MemoryEventRelays that stand for processes sharing one Redis: each
 * relay is one consumer of every platform's stream. Payloads are kept as JSON text, as in Redis.
 */
export class MemoryEventStreams {
  private readonly streams = new Map<Platform, MemoryStream>();

  stream(platform: Platform): MemoryStream {
    let stream = this.streams.get(platform);
    if (stream === undefined) this.streams.set(platform, (stream = new MemoryStream()));
    return stream;
  }

  /** Appends a raw entry (what a relay publishes is JSON of the events). */
  append(platform: Platform, payload: string): void {
    this.stream(platform).append(payload);
  }
}

export interface MemoryEventRelayOptions extends Partial<ConsumerSettings> {
  /** Shared by the relays that stand for processes on one Redis; a new one by default. */
  readonly streams?: MemoryEventStreams;
  /** This relay's consumer name; unique by default. */
  readonly consumer?: string;
}

let consumers = 0;

/**
 * EventRelay in process memory, with the Redis relay's behaviour (one consumer group per
 * platform, acks, taking over a stopped consumer's pending batches after claimAfterMs, dropping
 * poison batches): for one process, and for the tests of what runs on the relay.
 */
export class MemoryEventRelay implements EventRelay {
  readonly streams: MemoryEventStreams;
  private readonly consumer: string;
  private readonly running: StreamConsumer[] = [];

  constructor(private readonly options: MemoryEventRelayOptions = {}) {
    this.streams = options.streams ?? new MemoryEventStreams();
    this.consumer = options.consumer ?? `memory-${++consumers}`;
  }

  publish(platform: Platform, events: readonly GameEvent[]): Promise<void> {
    this.streams.append(platform, JSON.stringify(events));
    return Promise.resolve();
  }

  subscribe(
    platform: Platform,
    handler: (events: readonly GameEvent[]) => Promise<void>,
  ): Promise<void> {
    const consumer = new StreamConsumer(
      `event relay (${platform})`,
      this.streams.stream(platform).reader(this.consumer),
      handler,
      { ...this.options, log: this.options.log ?? consoleLogger() },
    );
    this.running.push(consumer);
    consumer.start();
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    await Promise.all(this.running.splice(0).map((consumer) => consumer.stop()));
  }
}
