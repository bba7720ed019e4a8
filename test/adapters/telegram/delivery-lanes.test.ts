import { silentLogger } from '../../../src/game/logger.js';
import { describe, expect, it } from 'vitest';
import {
  classifyApiFailure,
  DeliveryLanes,
  type Delivery,
  type DeliveryLanesOptions,
} from '../../../src/adapters/telegram/delivery-lanes.js';
import { item } from '../../support/present.js';

const GROUP = -100;
const OTHER_GROUP = -200;
const quiet = silentLogger;

function lanes(options: Partial<DeliveryLanesOptions> = {}): DeliveryLanes {
  return new DeliveryLanes({
    logger: quiet,
    group: { max: 100, windowMs: 1_000 },
    private: { max: 100, windowMs: 1_000 },
    globalNewMessages: { max: 1_000, windowMs: 1_000 },
    transientBackoffMs: 5,
    ...options,
  });
}

/** A log of calls: which delivery ran, when. */
function recorder() {
  const calls: { name: string; at: number }[] = [];
  const delivery = (
    name: string,
    extra: Partial<Delivery<string>> = {},
    call?: () => Promise<string>,
  ): Delivery<string> => ({
    class: 'message',
    counted: true,
    ...extra,
    call: async () => {
      calls.push({ name, at: Date.now() });
      return call === undefined ? name : call();
    },
  });
  return { calls, delivery, names: () => calls.map((c) => c.name) };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A refusal as grammY throws it: an Error carrying Telegram's error fields. */
const apiError = (error_code: number, description: string, parameters?: { retry_after: number }) =>
  Object.assign(new Error(description), { error_code, description, parameters });

const flood = (seconds: number) =>
  apiError(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds });

describe('delivery lanes', () => {
  it('runs one call at a time per chat: boards first, then messages, cosmetic calls last', async () => {
    const lane = lanes();
    const { delivery, names } = recorder();
    const gate = deferred();
    const first = lane.submit(
      GROUP,
      delivery('busy', {}, async () => (await gate.promise, 'busy')),
    );
    const rest = [
      lane.submit(GROUP, delivery('delete', { class: 'cosmetic', counted: false })),
      lane.submit(GROUP, delivery('notice')),
      lane.submit(GROUP, delivery('board', { class: 'board' })),
      lane.submit(GROUP, delivery('reply')),
    ];
    gate.resolve();
    await Promise.all([first, ...rest]);
    expect(names()).toEqual(['busy', 'board', 'notice', 'reply', 'delete']);
  });

  it('spends the budget without waiting, then waits for the window, coalescing by key', async () => {
    const lane = lanes({ group: { max: 3, windowMs: 150 } });
    const { calls, delivery, names } = recorder();
    const results = await Promise.all([
      lane.submit(GROUP, delivery('a')),
      lane.submit(GROUP, delivery('b')),
      lane.submit(GROUP, delivery('c')),
      lane.submit(GROUP, delivery('board v1', { key: 'board' })),
      lane.submit(GROUP, delivery('board v2', { key: 'board' })),
      lane.submit(GROUP, delivery('board v3', { key: 'board' })),
      // Not counted: waits only for its turn in the line.
      lane.submit(GROUP, delivery('typing', { class: 'cosmetic', counted: false })),
    ]);
    expect(names()).toEqual(['a', 'b', 'c', 'board v3', 'typing']);
    expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      'ok',
      'ok',
      'ok',
      'superseded',
      'superseded',
      'ok',
      'ok',
    ]);
    // The fourth counted call waited until the first left the window.
    expect(item(calls, 3, 'calls').at - item(calls, 0, 'calls').at).toBeGreaterThanOrEqual(150);
  });

  it('estimates how long a delivery queued now would wait: its budget and the line before it', async () => {
    const lane = lanes({ group: { max: 1, windowMs: 10_000 } });
    const { delivery } = recorder();
    expect(lane.waitEstimate(GROUP, 'board')).toBe(0);
    await lane.submit(GROUP, delivery('sent'));
    /** Whole windows (a test may take a while between the calls): 10 s each. */
    const windows = (kind: 'board' | 'message', key?: string) =>
      Math.ceil(lane.waitEstimate(GROUP, kind, key) / 10_000);
    // The window is full: the next call waits until the sent one leaves it.
    expect(windows('board')).toBe(1);
    void lane.submit(GROUP, delivery('board v1', { class: 'board', key: 'board' }));
    void lane.submit(GROUP, delivery('notice'));
    // A newer board takes the waiting one's place; another board goes after it; a message
    // after both.
    expect(windows('board', 'board')).toBe(1);
    expect(windows('board')).toBe(2);
    expect(windows('message')).toBe(3);
    // Other chats are not held up.
    expect(lane.waitEstimate(OTHER_GROUP, 'message')).toBe(0);
    lane.close();
  });

  it('gives an inline message’s lane a group’s budget (it may live in any group)', async () => {
    const lane = lanes({
      group: { max: 2, windowMs: 60_000 },
      private: { max: 100, windowMs: 60_000 },
    });
    const { delivery, names } = recorder();
    const done = [
      lane.submit('inline:AgAAAFake', delivery('a')),
      lane.submit('inline:AgAAAFake', delivery('b')),
    ];
    const third = lane.submit('inline:AgAAAFake', delivery('c'));
    await Promise.all(done);
    await new Promise((resolve) => setImmediate(resolve));
    expect(names()).toEqual(['a', 'b']);
    expect(lane.backlog()).toBe(1);
    lane.close();
    expect(await third).toMatchObject({ ok: false, reason: 'closed' });
  });

  it('a 429 pauses only that chat; the call is sent again after retry_after', async () => {
    const lane = lanes();
    const { calls, delivery, names } = recorder();
    let refused = false;
    const edit = lane.submit(
      GROUP,
      delivery('edit', {}, () => {
        if (!refused) {
          refused = true;
          return Promise.reject(flood(0.1));
        }
        return Promise.resolve('edited');
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const other = lane.submit(OTHER_GROUP, delivery('other chat'));
    const same = lane.submit(GROUP, delivery('same chat'));
    expect(await other).toEqual({ ok: true, value: 'other chat' });
    expect(await edit).toEqual({ ok: true, value: 'edited' });
    await same;
    expect(names()).toEqual(['edit', 'other chat', 'edit', 'same chat']);
    expect(item(calls, 2, 'calls').at - item(calls, 0, 'calls').at).toBeGreaterThanOrEqual(100);
    expect(lane.stats.floodWaits).toBe(1);
  });

  it('newer content that arrives during a flood wait replaces the refused call', async () => {
    const lane = lanes();
    const { delivery, names } = recorder();
    let refused = false;
    const v1 = lane.submit(
      GROUP,
      delivery('board v1', { key: 'board' }, () => {
        if (!refused) {
          refused = true;
          return Promise.reject(flood(0.05));
        }
        return Promise.resolve('board v1');
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const v2 = lane.submit(GROUP, delivery('board v2', { key: 'board' }));
    expect(await v1).toMatchObject({ ok: false, reason: 'superseded' });
    expect(await v2).toEqual({ ok: true, value: 'board v2' });
    expect(names()).toEqual(['board v1', 'board v2']);
  });

  it('a 403 makes the chat unreachable: queued and later deliveries are dropped, not sent', async () => {
    const gone: string[] = [];
    const lane = lanes({ onUnreachable: (chatId) => gone.push(chatId) });
    const { delivery, names } = recorder();
    const gate = deferred();
    const kicked = lane.submit(
      GROUP,
      delivery('send', {}, async () => {
        await gate.promise;
        throw apiError(403, 'Forbidden: bot was kicked from the group chat');
      }),
    );
    const queued = lane.submit(GROUP, delivery('queued'));
    gate.resolve();
    expect(await kicked).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(await queued).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(await lane.submit(GROUP, delivery('later'))).toMatchObject({ reason: 'unreachable' });
    expect(names()).toEqual(['send']);
    expect(gone).toEqual([String(GROUP)]);
    expect(lane.isUnreachable(GROUP)).toBe(true);
    expect(await lane.reachableAgain(GROUP)).toBe(true);
    expect(await lane.submit(GROUP, delivery('again'))).toEqual({ ok: true, value: 'again' });
  });

  it('asks whether a chat was found unreachable earlier before its first delivery', async () => {
    const lane = lanes({ knownUnreachable: (chatId) => Promise.resolve(chatId === String(GROUP)) });
    const { delivery, names } = recorder();
    expect(await lane.submit(GROUP, delivery('x'))).toMatchObject({ reason: 'unreachable' });
    expect(await lane.submit(OTHER_GROUP, delivery('y'))).toMatchObject({ ok: true });
    expect(names()).toEqual(['y']);
  });

  it('retries network failures and 5xx a bounded number of times; other errors once', async () => {
    const lane = lanes({ transientAttempts: 3 });
    const { delivery, names } = recorder();
    let failures = 0;
    const flaky = await lane.submit(
      GROUP,
      delivery('flaky', {}, () => {
        if (++failures < 3) return Promise.reject(new Error('socket hang up'));
        return Promise.resolve('ok');
      }),
    );
    expect(flaky).toEqual({ ok: true, value: 'ok' });
    const down = await lane.submit(
      GROUP,
      delivery('down', {}, () => {
        return Promise.reject(apiError(502, 'Bad Gateway'));
      }),
    );
    expect(down).toMatchObject({ ok: false, reason: 'failed' });
    const bad = await lane.submit(
      GROUP,
      delivery('bad', {}, () => {
        return Promise.reject(apiError(400, 'Bad Request: message is not modified'));
      }),
    );
    expect(bad).toMatchObject({ ok: false, reason: 'failed' });
    expect(names()).toEqual(['flaky', 'flaky', 'flaky', 'down', 'down', 'down', 'bad']);
  });

  it('a delivery no longer wanted is skipped without a call and without spending budget', async () => {
    const lane = lanes({ group: { max: 1, windowMs: 10_000 } });
    const { delivery, names } = recorder();
    expect(await lane.submit(GROUP, delivery('stale', { wanted: () => false }))).toMatchObject({
      reason: 'skipped',
    });
    expect(
      await lane.submit(GROUP, delivery('fresh', { wanted: () => Promise.resolve(true) })),
    ).toEqual({
      ok: true,
      value: 'fresh',
    });
    expect(names()).toEqual(['fresh']);
  });

  it('drops cosmetic deliveries that waited too long behind real work', async () => {
    const lane = lanes({ cosmeticMaxWaitMs: 20 });
    const { delivery, names } = recorder();
    const gate = deferred();
    const busy = lane.submit(
      GROUP,
      delivery('busy', {}, async () => (await gate.promise, 'busy')),
    );
    const typing = lane.submit(GROUP, delivery('typing', { class: 'cosmetic', counted: false }));
    await new Promise((resolve) => setTimeout(resolve, 40));
    gate.resolve();
    await busy;
    expect(await typing).toMatchObject({ ok: false, reason: 'expired' });
    expect(names()).toEqual(['busy']);
  });

  it('new messages share one global budget across chats; edits do not spend it', async () => {
    const lane = lanes({ globalNewMessages: { max: 2, windowMs: 120 } });
    const { calls, delivery } = recorder();
    await Promise.all([
      lane.submit(-1, delivery('send 1', { newMessage: true })),
      lane.submit(-2, delivery('send 2', { newMessage: true })),
      lane.submit(-3, delivery('edit', {})),
      lane.submit(-4, delivery('send 3', { newMessage: true })),
    ]);
    const at = (name: string) => calls.find((c) => c.name === name)!.at;
    expect(at('send 3') - at('send 1')).toBeGreaterThanOrEqual(120);
    expect(at('edit')).toBeLessThan(at('send 3'));
  });

  it('drain waits for the backlog; close drops what is left', async () => {
    const lane = lanes({ group: { max: 1, windowMs: 5_000 } });
    const { delivery } = recorder();
    await lane.submit(GROUP, delivery('a'));
    const waiting = lane.submit(GROUP, delivery('b'));
    expect(await lane.drain(30)).toBe(false);
    lane.close();
    expect(await waiting).toMatchObject({ reason: 'closed' });
    expect(await lane.submit(GROUP, delivery('c'))).toMatchObject({ reason: 'closed' });
  });

  it('classifies Bot API failures', () => {
    expect(classifyApiFailure(flood(7))).toEqual({ kind: 'flood', retryAfterMs: 7000 });
    expect(classifyApiFailure(new Error('ECONNRESET'))).toEqual({ kind: 'transient' });
    expect(classifyApiFailure({ error_code: 500, description: 'Internal' }).kind).toBe('transient');
    for (const description of [
      'Forbidden: bot was blocked by the user',
      "Forbidden: bot can't initiate conversation with a user",
    ])
      expect(classifyApiFailure({ error_code: 403, description }).kind).toBe('unreachable');
    expect(
      classifyApiFailure({ error_code: 400, description: 'Bad Request: chat not found' }).kind,
    ).toBe('unreachable');
    expect(
      classifyApiFailure({ error_code: 400, description: 'Bad Request: message is not modified' })
        .kind,
    ).toBe('permanent');
  });
});
