import type { LogContext, Logger } from '../../src/game/logger.js';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runShutdown, stopOnSignals, together } from '../../src/startup/shutdown.js';

/** Each line as `message {context}` (errors by their message). */
function recordingLogger() {
  const lines: string[] = [];
  const text = (message: string, context?: LogContext) =>
    void lines.push(
      `${message} ${JSON.stringify(context, (_key, value: unknown) =>
        value instanceof Error ? value.message : value,
      )}`,
    );
  const logger: Logger = { info: text, warn: text, error: text, child: () => logger };
  return { lines, logger };
}

const never = () => new Promise<void>(() => undefined);

describe('shutdown steps', () => {
  it('runs every step in order and exits 0 when all finish in time', async () => {
    const ran: string[] = [];
    const { logger, lines } = recordingLogger();
    const code = await runShutdown(
      ['intake', 'service', 'store'].map((name) => ({
        name,
        run: () => {
          ran.push(name);
          return Promise.resolve();
        },
      })),
      { timeoutMs: 60_000, logger },
    );
    expect(code).toBe(0);
    expect(ran).toEqual(['intake', 'service', 'store']);
    expect(lines).toEqual([]);
  });

  it('a failing step is logged and the later ones still run; the exit code is 1', async () => {
    const ran: string[] = [];
    const { logger, lines } = recordingLogger();
    const code = await runShutdown(
      [
        {
          name: 'adapters',
          run: () => {
            throw new Error('socket gone');
          },
        },
        { name: 'store', run: () => void ran.push('store') },
      ],
      { timeoutMs: 60_000, logger },
    );
    expect(code).toBe(1);
    expect(ran).toEqual(['store']);
    expect(lines.join('\n')).toMatch(/adapters.*socket gone/);
  });

  it('a step that hangs past the deadline is left behind; later steps run; exit code 1', async () => {
    const ran: string[] = [];
    const given: number[] = [];
    const { logger, lines } = recordingLogger();
    const code = await runShutdown(
      [
        { name: 'game service', run: never },
        {
          name: 'store',
          run: (left) => {
            given.push(left);
            ran.push('store');
          },
        },
      ],
      { timeoutMs: 5, logger, lateStepMs: 1_000 },
    );
    expect(code).toBe(1);
    expect(ran).toEqual(['store']);
    expect(given).toEqual([0]); // nothing left of the deadline
    expect(lines.join('\n')).toContain('game service');
  });

  it('each step is told what is left of the deadline', async () => {
    let time = 1_000;
    const given: number[] = [];
    await runShutdown(
      [
        {
          name: 'a',
          run: (left) => {
            given.push(left);
            time += 300;
          },
        },
        { name: 'b', run: (left) => void given.push(left) },
      ],
      { timeoutMs: 1_000, logger: recordingLogger().logger, now: () => time },
    );
    expect(given).toEqual([1_000, 700]);
  });

  it('together() runs every part even when one fails, then fails with it', async () => {
    const ran: string[] = [];
    await expect(
      together([
        () => {
          return Promise.reject(new Error('telegram'));
        },
        () => {
          ran.push('discord');
          return Promise.resolve();
        },
      ]),
    ).rejects.toThrow('telegram');
    expect(ran).toEqual(['discord']);
  });
});

class FakeProcess extends EventEmitter {
  readonly exits: number[] = [];
  exit(code: number): void {
    this.exits.push(code);
  }
}

describe('stop signals', () => {
  it('SIGTERM starts the stop and exits with its code', async () => {
    const target = new FakeProcess();
    let stops = 0;
    stopOnSignals(target, () => {
      stops++;
      return Promise.resolve(0);
    });
    target.emit('SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(stops).toBe(1);
    expect(target.exits).toEqual([0]);
  });

  it('a second signal during the stop exits at once with 1', () => {
    const target = new FakeProcess();
    let stops = 0;
    stopOnSignals(target, () => {
      stops++;
      return new Promise<0 | 1>(() => undefined);
    });
    target.emit('SIGINT');
    expect(target.exits).toEqual([]);
    target.emit('SIGTERM');
    expect(stops).toBe(1);
    expect(target.exits).toEqual([1]);
  });

  it('a stop that passed its deadline exits 1', async () => {
    const target = new FakeProcess();
    stopOnSignals(target, () => Promise.resolve(1));
    target.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(target.exits).toEqual([1]);
  });
});
