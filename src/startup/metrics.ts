/**
 * The Prometheus metrics of a bot process (GET /metrics, see docs/operations.md). main.ts feeds
 * them where the parts meet (the event dispatch, the painter, the AI, the platform clients),
 * so the layers below know nothing of Prometheus.
 */
import type { Transformer } from 'grammy';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Platform } from '../game/model.js';
import type { GameEvent } from '../game/results.js';

/** What the gauges read when scraped. */
export interface MetricSources {
  /** Timers due but not fired or still running. */
  timerBacklog(): Promise<number> | number;
  /** Bot moves waiting for an AI worker. */
  aiQueue(): Promise<number> | number;
  /** AI worker processes taking bot moves from the queue (AI_MODE=queue only). */
  aiWorkers?: () => Promise<number>;
}

export class AppMetrics {
  readonly registry = new Registry();
  /** Counts kept elsewhere (the update pipeline's), brought into `updates` at each scrape. */
  private readonly followed: { platform: Platform; read: () => number; seen: number }[] = [];
  readonly updates: Counter<'platform'>;
  readonly moves = new Counter({
    name: 'bashni_moves_played_total',
    help: 'Moves played (players and the bot), counted by the process that played them',
    registers: [this.registry],
  });
  readonly renderSeconds = new Histogram({
    name: 'bashni_render_seconds',
    help: 'Time to get a board image from the render pool (cache hits included)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly aiSeconds = new Histogram({
    name: 'bashni_ai_search_seconds',
    help: 'Time to choose a bot move, queueing included',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly apiErrors = new Counter({
    name: 'bashni_platform_api_errors_total',
    help: 'Failed Bot API / Discord API calls, by platform and error code',
    labelNames: ['platform', 'code'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    const followed = this.followed;
    this.updates = new Counter({
      name: 'bashni_updates_handled_total',
      help: 'Telegram updates and Discord interactions handled',
      labelNames: ['platform'] as const,
      registers: [this.registry],
      collect() {
        for (const count of followed) {
          const now = count.read();
          this.inc({ platform: count.platform }, now - count.seen);
          count.seen = now;
        }
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'bashni_' });
    this.gauge(
      'bashni_timer_backlog',
      'Game timers (clocks, reminders, bot moves) due but not done yet',
      () => sources.timerBacklog(),
    );
    this.gauge('bashni_ai_queue_depth', 'Bot moves waiting for a free AI worker', () =>
      sources.aiQueue(),
    );
    if (sources.aiWorkers !== undefined)
      this.gauge(
        'bashni_ai_workers',
        'Worker processes taking bot moves from the queue (npm run worker)',
        sources.aiWorkers,
      );
  }

  /** A gauge set from `read` at each scrape. */
  private gauge(name: string, help: string, read: () => Promise<number> | number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** Counts the moves among events this process dispatches. */
  countEvents(events: readonly GameEvent[]): void {
    for (const event of events) if (event.type === 'move-played') this.moves.inc();
  }

  /** Counts a platform's handled updates from a running total kept by the adapter. */
  followUpdates(platform: Platform, read: () => number): void {
    this.followed.push({ platform, read, seen: 0 });
  }

  countUpdate(platform: Platform): void {
    this.updates.inc({ platform });
  }

  countApiError(platform: Platform, code: string | number): void {
    this.apiErrors.inc({ platform, code: String(code) });
  }

  /** Times `work` into `histogram` (whether it succeeds or fails). */
  async time<T>(histogram: Histogram, work: () => Promise<T>): Promise<T> {
    const end = histogram.startTimer();
    try {
      return await work();
    } finally {
      end();
    }
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/**
 * A Bot API transformer counting failed calls by Telegram's error_code ("network" when no
 * answer came).
 */
export function botApiErrors(metrics: AppMetrics): Transformer {
  return async (prev, method, payload, signal) => {
    let result;
    try {
      result = await prev(method, payload, signal);
    } catch (error) {
      metrics.countApiError('telegram', 'network');
      throw error;
    }
    if (!result.ok) metrics.countApiError('telegram', result.error_code);
    return result;
  };
}
