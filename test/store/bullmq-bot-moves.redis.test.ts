import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/game/logger.js';
import type { BotMoves, PositionAnalysis } from '../../src/game/ports.js';
import {
  botMoveJobId,
  QueuedBotMoves,
  startBotMoveWorker,
  type BotMoveRequest,
} from '../../src/store/bullmq-bot-moves.js';
import { startRedis, type PrivateRedis } from '../support/redis-server.js';
import { until } from '../support/until.js';

let server: PrivateRedis;
let prefixes = 0;
const closing: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startRedis();
});

afterEach(async () => {
  for (const part of closing.splice(0).reverse()) await part.close();
});

afterAll(async () => {
  await (server as PrivateRedis | undefined)?.stop();
});

const REQUEST: BotMoveRequest = {
  gameId: 'g:1',
  variant: 'bashni',
  fen: 'W:Wc3:Bf6',
  level: 3,
};

/** A bot process's client and a worker process on one queue, with a search of our own. */
async function setUp(moves: BotMoves | undefined, timeoutMs = 10_000, analysis?: PositionAnalysis) {
  const prefix = `ai${++prefixes}`;
  const client = new QueuedBotMoves({ url: server.url, prefix, timeoutMs, log: silentLogger });
  closing.push(client);
  await client.ready();
  if (moves !== undefined) {
    const worker = startBotMoveWorker({
      url: server.url,
      prefix,
      moves,
      analysis,
      concurrency: 2,
      log: silentLogger,
    });
    closing.push(worker);
  }
  return client;
}

describe('review positions through the queue', () => {
  const none: BotMoves = { chooseMove: () => Promise.reject(new Error('no moves here')) };

  it('a worker process analyses the positions a review asks for, on the same queue', async () => {
    const seen: unknown[] = [];
    const client = await setUp(none, 10_000, {
      analyse: (request) => {
        seen.push(request);
        return Promise.resolve({ best: 'c3-d4', pv: ['c3-d4'], score: 40, whiteChances: 0.53 });
      },
    });
    const answer = await client.analyse({ variant: 'bashni', fen: 'W:Wc3:Bf6', quietPlies: 2 });
    expect(answer).toEqual({ best: 'c3-d4', pv: ['c3-d4'], score: 40, whiteChances: 0.53 });
    expect(seen).toEqual([{ variant: 'bashni', fen: 'W:Wc3:Bf6', quietPlies: 2 }]);
    // Bot moves still go to the moves' port.
    await expect(client.chooseMove(REQUEST)).rejects.toThrow();
  });

  it('fails a review position where the worker has no engine for it', async () => {
    const client = await setUp(none, 10_000);
    await expect(client.analyse({ variant: 'bashni', fen: 'W:Wc3:Bf6' })).rejects.toThrow(
      /no engine here/,
    );
  });
});

describe('bot moves through the queue', () => {
  it('a worker process searches the move a bot process asks for', async () => {
    const seen: BotMoveRequest[] = [];
    const client = await setUp({
      chooseMove: (request) => {
        seen.push(request);
        return Promise.resolve('c3-d4');
      },
    });
    expect(await client.chooseMove(REQUEST)).toBe('c3-d4');
    expect(seen).toEqual([REQUEST]);
  });

  it('reports its Redis, the requests waiting and the workers connected (health, metrics)', async () => {
    const prefix = `ai${++prefixes}`;
    const client = new QueuedBotMoves({ url: server.url, prefix, log: silentLogger });
    closing.push(client);
    await client.ready();
    expect(await client.reachable()).toBe(true);
    expect(await client.workers()).toBe(0);
    const answer = client.chooseMove(REQUEST);
    await until(async () => (await client.waiting()) === 1, 'the request waits');
    const worker = startBotMoveWorker({
      url: server.url,
      prefix,
      moves: { chooseMove: () => Promise.resolve('c3-d4') },
      concurrency: 1,
      log: silentLogger,
    });
    closing.push(worker);
    expect(await answer).toBe('c3-d4');
    expect(await client.waiting()).toBe(0);
    expect(await client.workers()).toBe(1);

    const dead = new QueuedBotMoves({ url: 'redis://127.0.0.1:1', prefix, log: silentLogger });
    closing.push(dead);
    expect(await dead.reachable()).toBe(false);
    // Neither side's close waits for a Redis that is not there (the shutdown would hang).
    const deadWorker = startBotMoveWorker({
      url: 'redis://127.0.0.1:1',
      prefix,
      moves: { chooseMove: () => Promise.resolve('c3-d4') },
      concurrency: 1,
      log: silentLogger,
    });
    await deadWorker.close();
    await dead.close();
  });

  it('the same request asked twice at once is searched once', async () => {
    let searches = 0;
    const client = await setUp({
      chooseMove: async () => {
        searches++;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return 'c3-b4';
      },
    });
    const answers = await Promise.all([client.chooseMove(REQUEST), client.chooseMove(REQUEST)]);
    expect(answers).toEqual(['c3-b4', 'c3-b4']);
    expect(searches).toBe(1);
    // Asked again later (a slower process, the durable retry): the answer, no new search.
    expect(await client.chooseMove(REQUEST)).toBe('c3-b4');
    expect(searches).toBe(1);
    // Another position of the game is another search.
    expect(await client.chooseMove({ ...REQUEST, fen: 'W:Wa3:Bf6' })).toBe('c3-b4');
    expect(searches).toBe(2);
  });

  it('a failing search fails the request; asked again, it is searched again', async () => {
    let crashes = 2; // the first request's two attempts
    const client = await setUp({
      chooseMove: () => {
        if (crashes-- > 0) return Promise.reject(new Error('the search crashed'));
        return Promise.resolve('g3-h4');
      },
    });
    await expect(client.chooseMove(REQUEST)).rejects.toThrow(/the search crashed/);
    expect(await client.chooseMove(REQUEST)).toBe('g3-h4');
  });

  it('without a worker, the request gives up after its timeout', async () => {
    const client = await setUp(undefined, 300);
    await expect(client.chooseMove(REQUEST)).rejects.toThrow();
  });

  it('job ids are BullMQ-safe and tell positions apart', () => {
    const id = botMoveJobId(REQUEST);
    expect(id).not.toMatch(/:/);
    expect(id).not.toMatch(/^\d+$/);
    expect(botMoveJobId({ ...REQUEST, level: 4 })).not.toBe(id);
    expect(botMoveJobId({ ...REQUEST, gameId: 'g:2' })).not.toBe(id);
  });
});
