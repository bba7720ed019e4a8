import { capturingLogger, textLogger } from '../../support/capturing-logger.js';
import { silentLogger } from '../../../src/game/logger.js';
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import {
  runLongPolling,
  UpdatePipeline,
  updateChatKey,
} from '../../../src/adapters/telegram/update-pipeline.js';
import { item } from '../../support/present.js';

const quiet = silentLogger;

function message(updateId: number, chatId: number, text = 'hi'): Update {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 0,
      chat: { id: chatId, type: 'group', title: 'g' },
      from: { id: 1, is_bot: false, first_name: 'A' },
      text,
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('update pipeline', () => {
  it('handles one chat in order and different chats side by side', async () => {
    const log: string[] = [];
    const gates = new Map<number, ReturnType<typeof deferred>>();
    const pipeline = new UpdatePipeline({
      logger: quiet,
      handle: async (update) => {
        log.push(`start ${update.update_id}`);
        const gate = deferred();
        gates.set(update.update_id, gate);
        await gate.promise;
        log.push(`end ${update.update_id}`);
      },
    });
    const a1 = pipeline.accept(message(1, -1));
    const a2 = pipeline.accept(message(2, -1));
    const b3 = pipeline.accept(message(3, -2));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Chat -1's second update waits for its first; chat -2 is not held back.
    expect(log).toEqual(['start 1', 'start 3']);
    expect(pipeline.confirmOffset()).toBe(1);
    gates.get(3)!.resolve();
    await b3.done;
    expect(pipeline.confirmOffset()).toBe(1); // update 1 is still running
    gates.get(1)!.resolve();
    await a1.done;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(['start 1', 'start 3', 'end 3', 'end 1', 'start 2']);
    expect(pipeline.confirmOffset()).toBe(2);
    gates.get(2)!.resolve();
    await a2.done;
    expect(pipeline.confirmOffset()).toBe(4);
  });

  it('does not handle an update twice when it is delivered again', async () => {
    let handled = 0;
    const gate = deferred();
    const pipeline = new UpdatePipeline({
      logger: quiet,
      handle: async () => {
        handled++;
        await gate.promise;
      },
    });
    expect(pipeline.accept(message(10, -1)).fresh).toBe(true);
    expect(pipeline.accept(message(10, -1)).fresh).toBe(false); // in flight
    gate.resolve();
    await pipeline.idle();
    expect(pipeline.accept(message(10, -1)).fresh).toBe(false); // done
    expect(pipeline.accept(message(11, -1)).fresh).toBe(true);
    await pipeline.idle();
    expect(handled).toBe(2);
  });

  it('handles an update it never saw though its id is below those handled (a webhook retry)', async () => {
    // Behind a load balancer, Telegram's retry of an update another process died on can reach
    // a process that has handled later updates of other chats since.
    const handled: number[] = [];
    const pipeline = new UpdatePipeline({
      logger: quiet,
      handle: (update) => {
        handled.push(update.update_id);
        return Promise.resolve();
      },
    });
    await pipeline.accept(message(20, -1)).done;
    await pipeline.accept(message(21, -2)).done;
    const retry = pipeline.accept(message(19, -3));
    expect(retry.fresh).toBe(true);
    await retry.done;
    expect(handled).toEqual([20, 21, 19]);
    // Handled, it is known: delivered again, it is not handled twice.
    expect(pipeline.accept(message(19, -3)).fresh).toBe(false);
    expect(pipeline.accept(message(20, -1)).fresh).toBe(false);
  });

  it('every line logged while handling an update carries its update_id', async () => {
    const { logger, lines } = capturingLogger();
    const pipeline = new UpdatePipeline({
      logger,
      handle: async (update) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        logger.child({ component: 'store' }).warn('slow store');
        if (update.update_id === 8) throw new Error('boom');
      },
    });
    pipeline.accept(message(7, -1));
    await pipeline.accept(message(8, -2)).done;
    await pipeline.idle();
    expect(lines.map((line) => [line.message, line.context.update_id])).toEqual([
      ['slow store', 7],
      ['slow store', 8],
      ['telegram: update failed', 8],
    ]);
    expect(item(lines, 2, 'lines').context.err).toBeInstanceOf(Error);
  });

  it('a failing handler is logged and counts as handled', async () => {
    const errors: string[] = [];
    const pipeline = new UpdatePipeline({
      logger: textLogger(errors),
      handle: () => {
        return Promise.reject(new Error('boom'));
      },
    });
    await pipeline.accept(message(5, -1)).done;
    expect(errors).toHaveLength(1);
    expect(pipeline.confirmOffset()).toBe(6);
  });

  it('a hung handler stops holding back the offset after a while', async () => {
    const errors: string[] = [];
    const pipeline = new UpdatePipeline({
      logger: textLogger(errors),
      handle: (update) =>
        update.update_id === 1 ? new Promise(() => undefined) : Promise.resolve(),
      stuckAfterMs: 30,
    });
    pipeline.accept(message(1, -1));
    await pipeline.accept(message(2, -2)).done;
    expect(pipeline.confirmOffset()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(pipeline.confirmOffset()).toBe(3);
    expect(errors).toHaveLength(1);
  });

  it('keys updates by chat, else by user', () => {
    expect(updateChatKey(message(1, -42))).toBe('-42');
    expect(
      updateChatKey({
        update_id: 2,
        callback_query: {
          id: 'q',
          from: { id: 7, is_bot: false, first_name: 'B' },
          chat_instance: 'i',
        },
      }),
    ).toBe('user:7');
    // An inline message is a chat of its own: its card and its taps are handled in order.
    const from = { id: 7, is_bot: false, first_name: 'B' };
    expect(
      updateChatKey({
        update_id: 3,
        callback_query: { id: 'q', from, chat_instance: 'i', inline_message_id: 'AgAA' },
      }),
    ).toBe('inline:AgAA');
    expect(
      updateChatKey({
        update_id: 4,
        chosen_inline_result: { result_id: 'c', from, query: '', inline_message_id: 'AgAA' },
      }),
    ).toBe('inline:AgAA');
    expect(
      updateChatKey({ update_id: 5, inline_query: { id: 'i', from, query: '', offset: '' } }),
    ).toBe('user:7');
  });
});

describe('long polling', () => {
  it('confirms only handled updates and does not spin while one is still running', async () => {
    const offsets: (number | undefined)[] = [];
    const batches: Update[][] = [[message(1, -1), message(2, -2)], [], []];
    const stop = new AbortController();
    const slow = deferred();
    const pipeline = new UpdatePipeline({
      logger: quiet,
      handle: async (update) => {
        if (update.update_id === 1) await slow.promise;
      },
    });
    const api = {
      getUpdates: async (other: { offset?: number }) => {
        offsets.push(other.offset);
        const call = offsets.length;
        if (call === 1) return batches[0];
        // Telegram answers with every unconfirmed update: update 1 while it is running.
        if (pipeline.confirmOffset() <= 1) return [message(1, -1)];
        if (call > 6) stop.abort();
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [];
      },
    } as unknown as Api;
    const polling = runLongPolling(api, pipeline, { logger: quiet, signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // While update 1 runs, each answer holds nothing new: the loop waits between polls.
    expect(offsets.length).toBeLessThan(8);
    expect(offsets.slice(1).every((offset) => offset === 1)).toBe(true);
    slow.resolve();
    await polling;
    expect(offsets.at(-1)).toBe(3);
  });
});
