/**
 * The scale-out scenario: two bot processes behind one Telegram webhook URL (the test plays the
 * load balancer, handing each update to one process or the other) and one AI worker process
 * (`npm run worker`). A game against the bot goes through both processes, and the bot's moves
 * are searched by the worker: none comes until the worker runs.
 */
import type { Update } from 'grammy/types';
import { afterEach, expect, it } from 'vitest';
import {
  legalMoves,
  makeMove,
  parseMove,
  startPosition,
  VARIANTS,
  type Position,
} from '../../src/engine/index.js';
import type { useAppFleet } from './app-fleet.js';
import { positionAfter } from './engine-helpers.js';
import { freePort, outputMatches, TOKEN } from './start-app.js';
import { FakeBotApi } from './telegram/fake-bot-api.js';
import { until } from './until.js';

const GROUP = -1001234567890;

/** The settings every process of the scale-out scenarios shares (besides where Redis is). */
export const SCALE_OUT_ENV = {
  REDIS_KEY_PREFIX: 'scale:',
  AI_MODE: 'queue',
  AI_QUEUE_TIMEOUT_SECONDS: '60',
};

/**
 * Starts `count` bot processes behind one webhook URL on the fake Bot API and returns the load
 * balancer: `deliver` hands each update to the next process in turn (`to` picks one).
 */
export async function startBots(
  fleet: ReturnType<typeof useAppFleet>,
  telegram: FakeBotApi,
  shared: Record<string, string>,
  count: number,
): Promise<{ ports: number[]; deliver: (update: Update, to?: number) => Promise<void> }> {
  const ports: number[] = [];
  for (let index = 0; index < count; index++) ports.push(await freePort());
  const bots = ports.map((port) =>
    fleet.start({
      ...shared,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/hook',
      PORT: String(port),
    }),
  );
  for (const bot of bots) await outputMatches(bot, /Bashni Bot is running/, 30_000);
  // No TELEGRAM_WEBHOOK_SECRET: every process derives the same secret token from the bot token.
  const secret = telegram.webhookSecret;
  expect(secret).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  let turn = 0;
  const deliver = async (update: Update, to?: number): Promise<void> => {
    const port = ports[to ?? turn++ % ports.length];
    const response = await fetch(`http://127.0.0.1:${port}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      body: JSON.stringify(update),
    });
    expect(response.status).toBe(200);
  };
  return { ports, deliver };
}

/**
 * Two bot processes behind one webhook and an AI worker play a game against the bot on the
 * fleet's Redis (a single server or a cluster): test/scale-out.redis.test.ts and its cluster twin.
 */
export function botGameAcrossProcesses(fleet: ReturnType<typeof useAppFleet>): void {
  const { start } = fleet;
  let telegram: FakeBotApi | undefined;

  afterEach(async () => {
    await telegram?.close();
  });

  it(`two bot processes behind one webhook and an AI worker play a game on ${fleet.kind}`, async () => {
    telegram = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    telegram.group(GROUP, 'Bashni club');
    const alice = telegram.user(11, 'Alice', 'alice', 'en');
    const shared = { ...fleet.redisEnv(), ...SCALE_OUT_ENV };
    const { deliver } = await startBots(fleet, telegram, shared, 2);
    const say = (text: string) => deliver(telegram!.message({ from: alice, chat: GROUP, text }));
    const board = () => telegram!.chat(GROUP).messages.find((m) => m.photo !== undefined);
    const lastMove = () => /Last move: (\S+)/.exec(board()?.caption ?? '')?.[1];

    await say('/play 1'); // Alice plays White against the bot
    await until(board, 'the board');
    let position: Position = startPosition('bashni');
    const advance = (move: string) => (position = positionAfter(position, move));
    await say('/move c3-d4');
    await until(() => lastMove() === 'c3-d4' || undefined, 'c3-d4 on the board');
    advance('c3-d4');
    // No worker yet: the bot's search waits in the queue.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(lastMove()).toBe('c3-d4');

    const worker = start(shared, 'src/worker.ts');
    await outputMatches(worker, /AI worker/, 30_000);
    for (let round = 0; round < 3; round++) {
      // The bot's answer (the board may show Alice's move and the answer in one edit).
      const answer = await until(
        () => {
          const move = lastMove();
          return move !== undefined && parseMove(position, move).ok ? move : undefined;
        },
        'the bot’s move, searched by the worker',
        30_000,
      );
      advance(answer);
      const next = legalMoves(position).at(0);
      if (next === undefined) break;
      const move = makeMove(VARIANTS.bashni, next);
      await say(`/move ${move}`); // to the other process than the last one
      advance(move);
    }
    // Every process and the worker are still up: nothing crashed on the way.
    for (const app of fleet.apps()) expect(app.child.exitCode).toBeNull();
    // No command of any process was refused for its keys' slots (the issue's 33,500 lines).
    for (const app of fleet.apps()) expect(app.output()).not.toMatch(/CROSSSLOT|MOVED|READONLY/);
  });
}
