import { GrammyError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { botApiDependency, redisDependency } from '../../src/startup/dependencies.js';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

function apiError(code: number, description: string): GrammyError {
  return new GrammyError(
    `Call to 'getMe' failed! (${code}: ${description})`,
    { ok: false, error_code: code, description },
    'getMe',
    {},
  );
}

describe('what the bot waits for', () => {
  it('the Bot API: named by its root, a refused token is a configuration error', () => {
    expect(botApiDependency(TOKEN, undefined).name).toBe(
      'the Telegram Bot API at https://api.telegram.org',
    );
    const api = botApiDependency(TOKEN, 'https://user:pw@bot-api.example.org');
    expect(api.name).toBe('the Telegram Bot API at https://user:***@bot-api.example.org/');
    for (const code of [401, 404]) {
      const refusal = api.permanent?.(apiError(code, 'Unauthorized'));
      expect(refusal).toBeInstanceOf(ConfigError);
      expect(refusal?.message).toBe('TELEGRAM_BOT_TOKEN was refused by the Bot API (Unauthorized)');
    }
    expect(api.permanent?.(apiError(502, 'Bad Gateway'))).toBeUndefined();
    expect(api.describe(new Error(`request to /bot${TOKEN}/getMe failed`))).toBe(
      'getMe: request to /bot<token>/getMe failed',
    );
  });

  it('Redis: named without its password, refused credentials are a configuration error', () => {
    const redis = redisDependency({ kind: 'single', url: 'redis://bot:hunter2@127.0.0.1:6390/2' });
    expect(redis.name).toBe('Redis at redis://bot:***@127.0.0.1:6390/2');
    const wrong = new Error('WRONGPASS invalid username-password pair or user is disabled.');
    expect(redis.permanent?.(wrong)).toEqual(
      new ConfigError(
        'REDIS_URL: Redis refused the connection (WRONGPASS invalid username-password pair or user is disabled.)',
      ),
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6390'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(redis.permanent?.(refused)).toBeUndefined();
    expect(redis.describe(refused)).toBe('connect ECONNREFUSED');
  });
});
