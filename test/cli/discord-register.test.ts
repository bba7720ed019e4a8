import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { slashCommands } from '../../src/adapters/discord/commands.js';
import { startHttpRecorder, type HttpRecorder } from '../support/http-recorder.js';
import { ROOT } from '../support/start-app.js';
import { item } from '../support/present.js';

const TOKEN = 'MTEyMzQ1Njc4OTAxMjM0NTY3OA.GaBcDe.abcdefghijklmnopqrstuvwxyz_-0123456789';
const APP = '1123456789012345678';
const GUILD = '98765432109876543';
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

/**
 * `npm run cli -- discord-register ...` from a scratch directory (so that a developer's .env is
 * not read), with only `env` set; asynchronous, so this process can serve its requests.
 */
function register(
  env: Record<string, string>,
  args: string[] = [],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', TSX_LOADER, join(ROOT, 'src/cli.ts'), 'discord-register', ...args],
    { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('cli discord-register', () => {
  let recorder: HttpRecorder | undefined;
  let directory: string | undefined;
  const scratch = () => (directory = mkdtempSync(join(tmpdir(), 'bashni-register-')));
  afterEach(async () => {
    await recorder?.close();
    recorder = undefined;
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
    directory = undefined;
  });

  it('registers the commands globally and says how many', async () => {
    recorder = await startHttpRecorder();
    const env = {
      DISCORD_TOKEN: TOKEN,
      DISCORD_APPLICATION_ID: APP,
      DISCORD_REST_API: `${recorder.root}/api`,
    };
    const { code, stdout, stderr } = await register(env, [], scratch());
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const count = slashCommands().length;
    expect(stdout).toMatch(
      new RegExp(`^registered ${count} commands globally \\(application ${APP}\\)`),
    );
    expect(stdout).not.toContain(TOKEN);
    expect(recorder.requests.map((r) => [r.method, r.url])).toEqual([
      ['PUT', `/api/v10/applications/${APP}/commands`],
    ]);
    expect(item(recorder.requests, 0, 'recorder.requests').body).toEqual(slashCommands());
  }, 60_000);

  it('registers in a guild given by --guild, or by DISCORD_GUILD_ID from .env', async () => {
    recorder = await startHttpRecorder();
    const cwd = scratch();
    const env = { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP };
    writeFileSync(join(cwd, '.env'), `DISCORD_REST_API=${recorder.root}/api\n`);
    const flag = await register(env, ['--guild', GUILD], cwd);
    expect(flag.code).toBe(0);
    expect(flag.stdout).toContain(`commands in guild ${GUILD}`);

    writeFileSync(
      join(cwd, '.env'),
      `DISCORD_REST_API=${recorder.root}/api\nDISCORD_GUILD_ID=${GUILD}1\n`,
    );
    const fromEnv = await register(env, [], cwd);
    expect(fromEnv.code).toBe(0);
    expect(recorder.requests.map((r) => r.url)).toEqual([
      `/api/v10/applications/${APP}/guilds/${GUILD}/commands`,
      `/api/v10/applications/${APP}/guilds/${GUILD}1/commands`,
    ]);
  }, 60_000);

  it('names what is missing or wrong, exit 2, and sends nothing', async () => {
    recorder = await startHttpRecorder();
    const cwd = scratch();
    const api = `${recorder.root}/api`;
    const cases: [Record<string, string>, string[], RegExp][] = [
      [{}, [], /^error: DISCORD_TOKEN is not set/],
      [{ DISCORD_TOKEN: TOKEN }, [], /^error: DISCORD_APPLICATION_ID must be set/],
      [{ DISCORD_TOKEN: 'nope', DISCORD_APPLICATION_ID: APP }, [], /^error: DISCORD_TOKEN /],
      [
        { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP, DISCORD_REST_API: api },
        ['--guild', 'x'],
        /^error: --guild must be/,
      ],
      [{ DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP }, ['--colour'], /^error: /],
    ];
    for (const [env, args, message] of cases) {
      const { code, stderr } = await register(env, args, cwd);
      expect(code, stderr).toBe(2);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(message);
    }
    expect(recorder.requests).toEqual([]);
  }, 120_000);

  it('reports Discord’s refusal in one line, exit 1, never the token', async () => {
    recorder = await startHttpRecorder(() => ({
      status: 401,
      json: { message: '401: Unauthorized', code: 0 },
    }));
    const env = {
      DISCORD_TOKEN: TOKEN,
      DISCORD_APPLICATION_ID: APP,
      DISCORD_REST_API: `${recorder.root}/api`,
    };
    const { code, stdout, stderr } = await register(env, [], scratch());
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^error: the commands were not registered: Discord answered 401: 401: Unauthorized\n$/,
    );
    expect(stderr).not.toContain(TOKEN);
  }, 60_000);
});
