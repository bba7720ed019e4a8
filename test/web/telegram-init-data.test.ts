import { createHmac } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import { describe, expect, it } from 'vitest';
import { miniAppUser, INIT_DATA_MAX_AGE_SECONDS } from '../../src/web/telegram-init-data.js';

const TOKEN = '123456:test-token';
const SIGNED_AT = Date.UTC(2026, 11, 3, 12);
const clock = (at: number) => ({ now: () => at });

/** initData as Telegram makes it for this bot (the library signs with the token). */
function initData(token = TOKEN, at = SIGNED_AT): string {
  return sign(
    {
      user: { id: 42, first_name: 'Анна', last_name: 'K', language_code: 'ru' },
      start_param: 'g_abc',
      query_id: 'q1',
    },
    token,
    new Date(at),
  );
}

describe('Mini App initData', () => {
  it('names the user Telegram signed for, with their language and the start parameter', () => {
    expect(miniAppUser(initData(), TOKEN, clock(SIGNED_AT + 5_000))).toEqual({
      ok: true,
      value: {
        platform: 'telegram',
        userId: '42',
        displayName: 'Анна K',
        languageCode: 'ru',
        startParam: 'g_abc',
      },
    });
  });

  it('refuses initData signed for another bot, or changed after signing', () => {
    const other = miniAppUser(initData('999:other'), TOKEN, clock(SIGNED_AT));
    expect(other).toMatchObject({ ok: false, error: { code: 'init-data-forged' } });
    // Another user id put in by the page: the hash no longer matches.
    const forged = initData().replace(encodeURIComponent('"id":42'), encodeURIComponent('"id":7'));
    expect(forged).not.toBe(initData());
    expect(miniAppUser(forged, TOKEN, clock(SIGNED_AT))).toMatchObject({
      error: { code: 'init-data-forged' },
    });
    // A hash made with the token itself as the key (a common mistake) is not Telegram's.
    const params = new URLSearchParams(initData());
    params.delete('hash');
    const check = [...params].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`);
    params.set('hash', createHmac('sha256', TOKEN).update(check.join('\n')).digest('hex'));
    expect(miniAppUser(params.toString(), TOKEN, clock(SIGNED_AT))).toMatchObject({
      error: { code: 'init-data-forged' },
    });
    expect(miniAppUser('', TOKEN, clock(SIGNED_AT))).toMatchObject({
      error: { code: 'init-data-forged' },
    });
  });

  it('refuses stale initData, and initData from the future', () => {
    const late = SIGNED_AT + INIT_DATA_MAX_AGE_SECONDS * 1000 + 1;
    expect(miniAppUser(initData(), TOKEN, clock(late))).toMatchObject({
      error: { code: 'init-data-stale' },
    });
    expect(miniAppUser(initData(), TOKEN, clock(SIGNED_AT - 3_600_000))).toMatchObject({
      error: { code: 'init-data-stale' },
    });
    expect(miniAppUser(initData(), TOKEN, clock(late - 2), INIT_DATA_MAX_AGE_SECONDS).ok).toBe(
      true,
    );
  });
});
