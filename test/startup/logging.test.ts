import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { withLogScope } from '../../src/game/logger.js';
import { createLogger } from '../../src/startup/logging.js';
import { item } from '../support/present.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('the pino logger behind the port', () => {
  it('writes JSON lines: message, component, request fields and the error with its stack', () => {
    const { lines, stream } = capture();
    const { logger } = createLogger('info', stream);
    const telegram = logger.child({ component: 'telegram' });
    const boom = new Error('boom');
    withLogScope({ update_id: 7 }, () => telegram.warn('update failed', { err: boom }));
    telegram.info('running');
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'update failed',
      component: 'telegram',
      update_id: 7,
      err: { type: 'Error', message: 'boom' },
    });
    expect((item(lines, 0, 'lines').err as { stack: string }).stack).toContain('logging.test.ts');
    expect(lines[1]).toMatchObject({ level: 30, msg: 'running', component: 'telegram' });
    expect(lines[1]).not.toHaveProperty('update_id');
  });

  it('keeps below its level quiet, and fatal lines out', () => {
    const { lines, stream } = capture();
    const logging = createLogger('error', stream);
    logging.logger.warn('not shown');
    logging.fatal('unhandled rejection', { err: new Error('lost') });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg: 'unhandled rejection' });
  });
});
