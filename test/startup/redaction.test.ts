import { Writable } from 'node:stream';
import { DiscordAPIError } from 'discord.js';
import { BotError, GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/startup/logging.js';
import { REDACTED, Redactor, serializeError, urlSecrets } from '../../src/startup/redaction.js';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const DISCORD = 'MTA5ODc2NTQzMjEwOTg3NjU0MzI.GhIjKl.aBcDeFgHiJkLmNoPqRsTuVwXyZ012345678';

function capture(redactor: Redactor) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { logger: createLogger('info', stream, { redactor }).logger, text: () => text };
}

describe('the redactor', () => {
  it('replaces registered secrets in every form they are printed in', () => {
    const redactor = new Redactor();
    redactor.add('pass/word+"x"', undefined, '', 'short');
    expect(redactor.scrub('a pass/word+"x" b')).toBe(`a ${REDACTED} b`);
    expect(redactor.scrub(`url ${encodeURIComponent('pass/word+"x"')}`)).toBe(`url ${REDACTED}`);
    expect(redactor.scrub(JSON.stringify({ p: 'pass/word+"x"' }))).toBe(`{"p":"${REDACTED}"}`);
    // Too short to be worth a secret: ordinary text stays.
    expect(redactor.scrub('short')).toBe('short');
  });

  it('replaces what looks like a secret even when nobody registered it', () => {
    const redactor = new Redactor();
    expect(redactor.scrub(`http://h/bot${TOKEN}/getUpdates`)).toBe(
      `http://h/bot${REDACTED}/getUpdates`,
    );
    expect(redactor.scrub(`token ${DISCORD} end`)).toBe(`token ${REDACTED} end`);
    expect(redactor.scrub('authorization: Bot abcdefghijklmnopqrstu')).toBe(
      `authorization: Bot ${REDACTED}`,
    );
    expect(redactor.scrub('redis://user:hunter2@db:6379/0')).toBe(
      `redis://user:${REDACTED}@db:6379/0`,
    );
    // Already masked stays as it is; ordinary text is untouched.
    expect(redactor.scrub('Redis at redis://:***@db:6379')).toBe('Redis at redis://:***@db:6379');
    expect(redactor.scrub('c3-d4 12:30 https://t.me/bot?start=x')).toBe(
      'c3-d4 12:30 https://t.me/bot?start=x',
    );
  });

  it('finds a URL’s password, encoded or not', () => {
    expect(urlSecrets('redis://:p%40ss@h:1')).toEqual(['p@ss', 'p%40ss']);
    expect(urlSecrets('redis://h:1')).toEqual([]);
    expect(urlSecrets(undefined)).toEqual([]);
  });
});

describe('errors in log lines', () => {
  it('keep what failed and what caused it, never the context, payload or request body', () => {
    const update = { update_id: 77, message: { text: 'private words' } };
    const ctx = { update, api: { token: TOKEN } };
    const inner = new TypeError('txt.substring is not a function');
    const logged = serializeError(new BotError(inner, ctx as never));
    expect(logged).toMatchObject({
      type: 'BotError',
      update_id: 77,
      cause: { type: 'TypeError', message: 'txt.substring is not a function' },
    });
    expect(JSON.stringify(logged)).not.toContain(TOKEN);
    expect(JSON.stringify(logged)).not.toContain('private words');

    const refused = new GrammyError(
      "Call to 'sendMessage' failed! (403: Forbidden)",
      { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
      'sendMessage',
      { chat_id: 1, text: 'private words' },
    );
    expect(serializeError(refused)).toMatchObject({
      method: 'sendMessage',
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect(JSON.stringify(serializeError(refused))).not.toContain('private words');

    const network = new HttpError(
      "Network request for 'getUpdates' failed!",
      new Error('ECONNREFUSED'),
    );
    expect(serializeError(network)).toMatchObject({ cause: { message: 'ECONNREFUSED' } });

    const discord = new DiscordAPIError(
      { message: 'Missing Permissions', code: 50013 },
      50013,
      403,
      'POST',
      'https://discord.com/api/v10/channels/1/messages?x=1',
      { files: undefined, body: { content: 'private words' } },
    );
    expect(serializeError(discord)).toMatchObject({
      status: 403,
      code: 50013,
      method: 'POST',
      path: '/api/v10/channels/1/messages',
    });
    expect(JSON.stringify(serializeError(discord))).not.toContain('private words');
    expect(serializeError('plain')).toEqual({ type: 'string', message: 'plain' });
  });

  it('a whole log line is scrubbed: the message, the context and the error', () => {
    const redactor = new Redactor();
    redactor.add(TOKEN, 'media-signing-secret');
    const { logger, text } = capture(redactor);
    logger.warn(`failed at https://api.telegram.org/bot${TOKEN}/getMe`, {
      err: new Error(`request to http://h/bot${TOKEN}/x failed`),
      url: 'redis://:media-signing-secret@h',
      token: 'anything',
      ctx: { api: { token: TOKEN } },
    });
    const line = text();
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain('media-signing-secret');
    expect(line).not.toContain('anything');
    expect(JSON.parse(line)).toMatchObject({
      component: 'main',
      ctx: '[redacted]',
      token: '[redacted]',
    });
  });
});
