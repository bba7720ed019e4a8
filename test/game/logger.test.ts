import { describe, expect, it } from 'vitest';
import { bestEffort, withLogScope } from '../../src/game/logger.js';
import { capturingLogger } from '../support/capturing-logger.js';

describe('bestEffort', () => {
  it('passes a result through and logs nothing', async () => {
    const { logger, lines } = capturingLogger();
    expect(await bestEffort(logger, 'x', Promise.resolve(7))).toBe(7);
    expect(lines).toEqual([]);
  });

  it('logs a failure as a warning with its context and the error itself, and falls back', async () => {
    const { logger, lines } = capturingLogger();
    const boom = new Error('store down');
    const settings = await bestEffort(
      logger.child({ component: 'telegram' }),
      'could not read chat settings',
      Promise.reject(boom),
      { chatId: 5 },
      { lang: undefined },
    );
    expect(settings).toEqual({ lang: undefined });
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'could not read chat settings',
        context: { component: 'telegram', chatId: 5, err: boom },
      },
    ]);
    expect(await bestEffort(logger, 'y', Promise.reject(boom))).toBeUndefined();
  });
});

describe('withLogScope', () => {
  it('puts the request’s fields on every line logged below it, across awaits', async () => {
    const { logger, lines } = capturingLogger();
    await withLogScope({ update_id: 42 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      withLogScope({ chat: 'c' }, () => logger.warn('inner'));
      logger.error('outer');
    });
    logger.info('outside');
    expect(lines.map((line) => [line.message, line.context])).toEqual([
      ['inner', { update_id: 42, chat: 'c' }],
      ['outer', { update_id: 42 }],
      ['outside', {}],
    ]);
  });
});
