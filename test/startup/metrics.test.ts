import { afterEach, describe, expect, it } from 'vitest';
import { AppMetrics, botApiErrors } from '../../src/startup/metrics.js';
import { TelegramHarness } from '../adapters/telegram/harness.js';

const GROUP = -100200;

/** One sample of the text exposition, e.g. `bashni_moves_played_total` -> 1. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('metrics, wired around the Telegram bot as in main.ts', () => {
  let h: TelegramHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('count handled updates, played moves and failed Bot API calls by code', async () => {
    const metrics = new AppMetrics({ timerBacklog: () => 0, aiQueue: () => 0 });
    h = await TelegramHarness.start({
      wiring: {
        transformers: [botApiErrors(metrics)],
        publish: (events, app) => {
          metrics.countEvents(events);
          return app.presenter.handle(events);
        },
      },
    });
    metrics.followUpdates('telegram', () => h!.process.pipeline.handled);
    const before = await metrics.text();
    expect(sample(before, 'bashni_moves_played_total')).toBe(0);
    expect(sample(before, 'bashni_updates_handled_total{platform="telegram"}')).toBe(0);

    const { alice, bob, boardId } = await h.groupGame(GROUP);
    await h.say(alice, GROUP, '/move c3-d4');
    h.fake.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked' });
    await h.say(bob, GROUP, '/help');
    await h.say(bob, GROUP, 'f6-g5', boardId);

    const after = await metrics.text();
    expect(sample(after, 'bashni_moves_played_total')).toBe(2);
    expect(sample(after, 'bashni_updates_handled_total{platform="telegram"}')).toBe(3);
    expect(sample(after, 'bashni_platform_api_errors_total{platform="telegram",code="403"}')).toBe(
      1,
    );
    // Counted once: a second scrape with nothing new says the same.
    expect(sample(await metrics.text(), 'bashni_moves_played_total')).toBe(2);
    expect(sample(await metrics.text(), 'bashni_updates_handled_total{platform="telegram"}')).toBe(
      3,
    );
  });
});

describe('AI gauges', () => {
  it('read the queue and, with AI_MODE=queue, the workers when scraped', async () => {
    let waiting = 4;
    const local = new AppMetrics({ timerBacklog: () => 0, aiQueue: () => 1 });
    expect(sample(await local.text(), 'bashni_ai_queue_depth')).toBe(1);
    expect(sample(await local.text(), 'bashni_ai_workers')).toBeUndefined();
    const queued = new AppMetrics({
      timerBacklog: () => 0,
      aiQueue: () => Promise.resolve(waiting),
      aiWorkers: () => Promise.resolve(3),
    });
    expect(sample(await queued.text(), 'bashni_ai_queue_depth')).toBe(4);
    waiting = 0;
    expect(sample(await queued.text(), 'bashni_ai_queue_depth')).toBe(0);
    expect(sample(await queued.text(), 'bashni_ai_workers')).toBe(3);
  });
});
