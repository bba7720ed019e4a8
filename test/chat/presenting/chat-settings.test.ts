import { describe, expect, it } from 'vitest';
import { decodeChatSettings } from '../../../src/chat/presenting/chat-settings.js';
import { capturingLogger } from '../../support/capturing-logger.js';

describe('decodeChatSettings', () => {
  it('reads stored settings and keeps a setting it does not know', () => {
    const { lines, logger } = capturingLogger();
    const text = JSON.stringify({ lang: 'ru', orientation: 'mover', theme: 'dark' });
    expect(decodeChatSettings(text, 'k', logger)).toEqual({
      lang: 'ru',
      orientation: 'mover',
      theme: 'dark',
    });
    expect(decodeChatSettings(undefined, 'k', logger)).toEqual({});
    expect(lines).toEqual([]);
  });

  it('falls back to the defaults on damaged settings, and says so in the log', () => {
    const { lines, logger } = capturingLogger();
    for (const text of ['{not json', '[1,2]', '"ru"', '{"lang":"de"}', '{"orientation":7}']) {
      expect(decodeChatSettings(text, 'tg:chat:5', logger), text).toEqual({});
    }
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(line).toMatchObject({ level: 'warn', context: { key: 'tg:chat:5' } });
      expect(line.message).toContain('defaults');
    }
  });
});
