import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Worker } from 'bullmq';
import { silentLogger } from '../../src/game/logger.js';
import { createBullMqRedis } from '../../src/store/redis-connection.js';
import { capturingLogger } from '../support/capturing-logger.js';
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
    // The deeper look at the same position is a job of its own, and says it is the deeper one.
    await client.analyse({ variant: 'bashni', fen: 'W:Wc3:Bf6', quietPlies: 2, deep: true });
    expect(seen.at(-1)).toEqual({ variant: 'bashni', fen: 'W:Wc3:Bf6', quietPlies: 2, deep: true });
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
    await vi.waitFor(async () => expect(await client.waiting()).toBe(1), { timeout: 10_000 });
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

describe('with no worker to take the moves: the in-process fallback', () => {
  /** The bot process's own search (the fallback's AI pool): counts its requests. */
  function localSearch(move = 'g3-h4') {
    const seen: BotMoveRequest[] = [];
    const local: BotMoves & PositionAnalysis = {
      chooseMove: (request) => {
        seen.push(request);
        return Promise.resolve(move);
      },
      analyse: () => Promise.resolve({ best: move, pv: [move], score: 0, whiteChances: 0.5 }),
    };
    return { local, seen };
  }

  async function fallingBack(local: BotMoves & PositionAnalysis) {
    const prefix = `ai${++prefixes}`;
    const { logger, lines } = capturingLogger();
    const client = new QueuedBotMoves({
      url: server.url,
      prefix,
      timeoutMs: 30_000,
      log: logger,
      fallback: { afterMs: 1_000, local: () => local },
    });
    closing.push(client);
    await client.ready();
    const worker = (moves: BotMoves) => {
      const started = startBotMoveWorker({
        url: server.url,
        prefix,
        moves,
        concurrency: 1,
        log: silentLogger,
      });
      closing.push(started);
      return started;
    };
    return { client, prefix, worker, said: () => lines.map((line) => line.message) };
  }

  it('a move no worker takes is taken back and searched here; a late worker finds nothing', async () => {
    const { local, seen } = localSearch();
    const { client, worker, said } = await fallingBack(local);
    expect(await client.health()).toEqual({
      status: 'degraded',
      reason: expect.stringMatching(
        /^no AI worker has been seen for \d+ s; bot moves are searched in this process after 1 s$/,
      ) as unknown,
    });
    expect(await client.chooseMove(REQUEST)).toBe('g3-h4');
    expect(seen).toEqual([REQUEST]);
    expect(await client.waiting()).toBe(0); // taken back
    // While no worker is back, the next moves are searched here at once (never queued).
    const next = { ...REQUEST, fen: 'W:Wa3:Bf6' };
    expect(await client.chooseMove(next)).toBe('g3-h4');
    expect(await client.waiting()).toBe(0);

    // A worker comes: it gets the moves asked from now on, and none of those searched here.
    const searched: BotMoveRequest[] = [];
    worker({
      chooseMove: (request) => {
        searched.push(request);
        return Promise.resolve('c3-b4');
      },
    });
    await vi.waitFor(async () => expect(await client.workers()).toBe(1), { timeout: 10_000 });
    expect(await client.health()).toEqual({ status: 'ok' });
    const later = { ...REQUEST, fen: 'W:Wc1:Bf6' };
    expect(await client.chooseMove(later)).toBe('c3-b4');
    expect(searched).toEqual([later]);
    expect(seen).toHaveLength(2);
    // Each change of where the moves go, logged once.
    expect(said()).toEqual([
      'AI queue: no worker took a bot move in 1 s; searching in this process until a worker is back',
      'AI queue: a worker is back; bot moves go to the queue again',
    ]);
  });

  it('a move a worker has taken is waited for past the fallback’s wait', async () => {
    const { local, seen } = localSearch();
    const { client, worker } = await fallingBack(local);
    let answer: ((move: string) => void) | undefined;
    worker({ chooseMove: () => new Promise<string>((resolve) => (answer = resolve)) });
    await vi.waitFor(async () => expect(await client.workers()).toBe(1), { timeout: 10_000 });
    const move = client.chooseMove(REQUEST);
    await until(() => answer, 'the worker takes the move');
    // Three fallback waits go by; the move stays with the worker.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    answer!('c3-b4');
    expect(await move).toBe('c3-b4');
    expect(seen).toEqual([]);
  });

  it('a move whose worker is gone, with no other connected, is searched here', async () => {
    const { local, seen } = localSearch();
    const { client, prefix } = await fallingBack(local);
    const connection = createBullMqRedis(server.url);
    let taken = false;
    const dying = new Worker(
      'ai',
      () => {
        taken = true;
        return new Promise<never>(() => undefined); // never answers
      },
      { connection, prefix },
    );
    const move = client.chooseMove(REQUEST);
    await until(() => taken, 'the worker takes the move');
    // The worker dies with the move in hand (its lock lapses only later).
    await dying.close(true);
    connection.disconnect();
    expect(await move).toBe('g3-h4');
    expect(seen).toEqual([REQUEST]);
  });
});
