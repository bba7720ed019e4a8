import { describe, expect, it, type TestContext } from 'vitest';
import {
  freePort,
  logLines,
  outputMatches,
  startApp,
  TOKEN,
  TOKEN_SECRET,
  type StartedApp,
} from './support/start-app.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';

/** Starts the app, killed when the test ends. */
function start(context: TestContext, env: Record<string, string>, args: string[] = []): StartedApp {
  const app = startApp(env, { args });
  context.onTestFinished(() => {
    app.child.kill('SIGKILL');
  });
  return app;
}

/** A fake Bot API, closed when the test ends. */
async function fakeBotApi(context: TestContext): Promise<FakeBotApi> {
  const fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
  context.onTestFinished(() => fake.close());
  return fake;
}

/**
 * The output as log lines, each of the start-up (a warning while waiting, fatal at the end): a
 * few "waiting for" lines, then the last one.
 */
function waitingAndLast(app: StartedApp): { waiting: string[]; last: string } {
  const lines = logLines(app);
  for (const line of lines) expect(line.component).toBe('startup');
  expect(lines.slice(0, -1).map((line) => line.level)).toEqual(lines.slice(0, -1).map(() => 40));
  expect(lines.at(-1)?.level).toBe(60);
  const messages = lines.map((line) => line.msg);
  return { waiting: messages.slice(0, -1), last: messages.at(-1) ?? '' };
}

// These wait most of the time (for the start-up timeout), so they run side by side.
describe.concurrent('npm start: waiting for the Bot API and Redis', () => {
  it('waits for an unreachable Bot API, saying so without the token, then exits 1', async (context) => {
    const port = await freePort();
    const app = start(context, {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: `http://127.0.0.1:${port}`,
      STARTUP_TIMEOUT_SECONDS: '3',
    });
    expect(await app.exited).toBe(1);
    const name = `the Telegram Bot API at http://127.0.0.1:${port}`;
    const { waiting, last } = waitingAndLast(app);
    // Tries at 0 s, 1 s and, the pause cut short by the deadline, at 3 s.
    expect(waiting).toHaveLength(2);
    expect(waiting[0]).toBe(`waiting for ${name} (getMe: connect ECONNREFUSED); next try in 1 s`);
    expect(waiting[1]).toMatch(
      new RegExp(
        `^waiting for ${name} \\(getMe: connect ECONNREFUSED\\); next try in [12](\\.\\d)? s$`,
      ),
    );
    expect(last).toBe(`could not reach ${name} within 3 s (getMe: connect ECONNREFUSED)`);
    expect(app.output()).not.toContain(TOKEN_SECRET);
  });

  it('with --wait it keeps waiting past the timeout', async (context) => {
    const port = await freePort();
    const app = start(
      context,
      {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: `http://127.0.0.1:${port}`,
        STARTUP_TIMEOUT_SECONDS: '2',
      },
      ['--wait'],
    );
    // Tries at 0, 1 and 3 s: the pause after the third starts past the 2 s timeout.
    await outputMatches(app, /next try in 4 s"/);
    expect(app.child.exitCode).toBeNull();
    expect(app.output()).not.toMatch(/could not reach/);
    expect(app.output()).not.toContain(TOKEN_SECRET);
  });

  it('stops at once when the Bot API refuses the token, exit 2', async (context) => {
    const fake = await fakeBotApi(context);
    fake.failNext('getMe', { error_code: 401, description: 'Unauthorized' });
    const app = start(context, { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: fake.apiRoot });
    expect(await app.exited).toBe(2);
    expect(logLines(app)).toEqual([
      expect.objectContaining({
        level: 60,
        component: 'startup',
        msg: 'configuration error: TELEGRAM_BOT_TOKEN was refused by the Bot API (Unauthorized)',
      }),
    ]);
  });

  it('waits for an unreachable Redis with a few clear lines, no flood, then exits 1', async (context) => {
    const fake = await fakeBotApi(context);
    const port = await freePort();
    const app = start(context, {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: fake.apiRoot,
      REDIS_URL: `redis://:hunter2@127.0.0.1:${port}`,
      STARTUP_TIMEOUT_SECONDS: '3',
    });
    expect(await app.exited).toBe(1);
    const name = `Redis at redis://:\\*\\*\\*@127.0.0.1:${port}`;
    const { waiting, last } = waitingAndLast(app);
    expect(waiting).toHaveLength(2);
    for (const line of waiting)
      expect(line).toMatch(
        new RegExp(`^waiting for ${name} \\(connect ECONNREFUSED\\); next try in [\\d.]+ s$`),
      );
    expect(last).toMatch(
      new RegExp(`^could not reach ${name} within 3 s \\(connect ECONNREFUSED\\)$`),
    );
    expect(app.output()).not.toContain('hunter2');
    // The bot did not start on a dead Redis.
    expect(fake.calls.some((call) => call.method === 'getUpdates')).toBe(false);
  });
});
