import { silentLogger } from '../../src/game/logger.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { firstLegalMove } from '../support/any-game.js';
import type { Game, Player } from '../../src/game/model.js';
import type { BotMoves } from '../../src/game/ports.js';
import type { GameEvent, ServiceResult } from '../../src/game/results.js';
import { GameService } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { ALICE, BORIS } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { item } from '../support/present.js';
import { value } from '../support/service-results.js';

const BOT: Player = { platform: 'telegram', userId: 'bot', displayName: 'Bot', botLevel: 3 };

/** A bot that plays the first legal move, after failing the first `failures` requests. */
class ScriptedBot implements BotMoves {
  requests = 0;
  constructor(
    private failures = 0,
    private hang = false,
  ) {}
  async chooseMove(request: { fen: string; variant: Game['variant'] }): Promise<string> {
    this.requests++;
    if (this.hang) return new Promise<string>(() => undefined);
    if (this.failures > 0) {
      this.failures--;
      throw new Error('worker crashed');
    }
    return firstLegalMove(request.variant, request.fen);
  }
}

/** A bot whose answer waits until the test releases it; an aborted search rejects. */
class GatedBot implements BotMoves {
  readonly signals: AbortSignal[] = [];
  private readonly inner = new ScriptedBot();
  private release: (() => void) | undefined;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));

  async chooseMove(
    request: { gameId: string; fen: string; variant: Game['variant']; level: number },
    options: { signal?: AbortSignal } = {},
  ): Promise<string> {
    const signal = options.signal!;
    this.signals.push(signal);
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }),
    );
    await Promise.race([this.gate, aborted]);
    return this.inner.chooseMove(request);
  }

  answer(): void {
    this.release!();
  }
}

describe('the bot as a player', () => {
  let store: MemoryGameStore;
  let clock: ManualClock;
  let scheduler: ManualScheduler;
  let published: GameEvent[];

  beforeEach(() => {
    store = new MemoryGameStore();
    clock = new ManualClock();
    scheduler = new ManualScheduler(clock);
    published = [];
  });

  async function serviceWith(bot: BotMoves): Promise<GameService> {
    const service = new GameService({
      store,
      scheduler,
      clock,
      bot,
      onEvents: (events) => void published.push(...events),
      logger: silentLogger,
    });
    await service.start();
    return service;
  }

  const plies = async (id: string) => (await store.getGame(id))!.moves.length;

  it('answers a human move at once and publishes it; the safety net then does nothing', async () => {
    const bot = new ScriptedBot();
    const service = await serviceWith(bot);
    const game = value(await service.moves.start({ white: ALICE, black: BOT }));
    value(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
    await vi.waitFor(async () => expect(await plies(game.id)).toBe(2));
    expect(published.filter((event) => event.type === 'move-played')).toHaveLength(1);

    clock.time += 120_000;
    await scheduler.runDue();
    expect(await plies(game.id)).toBe(2);
    expect(bot.requests).toBe(1);
  });

  it('moves first when it has White', async () => {
    const service = await serviceWith(new ScriptedBot());
    const game = value(await service.moves.start({ white: BOT, black: ALICE }));
    await vi.waitFor(async () => expect(await plies(game.id)).toBe(1));
  });

  it('asks again later when the search fails, until a move comes', async () => {
    const bot = new ScriptedBot(2);
    const service = await serviceWith(bot);
    const game = value(await service.moves.start({ white: ALICE, black: BOT }));
    value(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
    await vi.waitFor(() => expect(bot.requests).toBe(1));
    expect(await plies(game.id)).toBe(1);

    clock.time += 60_000;
    // The retry fails too: the job throws, so a real scheduler tries it again.
    const job = [...scheduler.jobs.values()].find((entry) => entry.kind === 'bot-move')!;
    expect(job).toMatchObject({ targetId: game.id, ply: 1 });
    await expect(service.timers.handle(job)).rejects.toThrow('worker crashed');
    await service.timers.handle(job);
    expect(await plies(game.id)).toBe(2);
    expect(published.filter((event) => event.type === 'move-played')).toHaveLength(1);
  });

  it('another process takes over a game whose bot was thinking when this one stopped', async () => {
    const before = await serviceWith(new ScriptedBot(0, true));
    const game = value(await before.moves.start({ white: ALICE, black: BOT }));
    value(await before.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
    await before.stop();

    const bot = new ScriptedBot();
    await serviceWith(bot); // the same store and (durable) scheduler
    clock.time += 60_000;
    expect(await scheduler.runDue()).toBeGreaterThan(0);
    expect(await plies(game.id)).toBe(2);
    expect(published.at(-1)).toMatchObject({ type: 'move-played' });
  });

  it('stop() waits for a bot move being thought about, within its time', async () => {
    const bot = new GatedBot();
    const service = await serviceWith(bot);
    const game = value(await service.moves.start({ white: ALICE, black: BOT }));
    value(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
    await vi.waitFor(() => expect(bot.signals).toHaveLength(1));
    let stopped = false;
    const stopping = service.stop({ timeoutMs: 3_600_000 }).then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    bot.answer();
    await stopping;
    expect(await plies(game.id)).toBe(2);
    expect(item(bot.signals, 0, 'bot.signals').aborted).toBe(false);
    expect(published.filter((event) => event.type === 'move-played')).toHaveLength(1);
  });

  it('stop() hands back a search that outlives its time: the next start plays the move', async () => {
    const slow = new GatedBot();
    const before = await serviceWith(slow);
    const game = value(await before.moves.start({ white: ALICE, black: BOT }));
    value(await before.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
    await vi.waitFor(() => expect(slow.signals).toHaveLength(1));
    await before.stop({ timeoutMs: 1 });
    expect(item(slow.signals, 0, 'slow.signals').aborted).toBe(true);
    expect(await plies(game.id)).toBe(1);

    const bot = new ScriptedBot();
    await serviceWith(bot); // a restart on the same store and durable scheduler
    clock.time += 60_000;
    expect(await scheduler.runDue()).toBeGreaterThan(0);
    expect(await plies(game.id)).toBe(2);
    expect(bot.requests).toBe(1);
  });

  it('a late answer for a ply the bot has played (a worker after the fallback) is not played', async () => {
    const late = new GatedBot(); // the queue's worker, answering after all
    const slow = await serviceWith(late);
    const game = value(await slow.moves.start({ white: ALICE, black: BOT }));
    value(await slow.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
    await vi.waitFor(() => expect(late.signals).toHaveLength(1));
    // Meanwhile the move is searched elsewhere (this process's fallback, another process's
    // safety net) and played.
    const quick = await serviceWith(new ScriptedBot());
    const job = [...scheduler.jobs.values()].find((entry) => entry.kind === 'bot-move')!;
    await quick.timers.handle(job);
    expect(await plies(game.id)).toBe(2);
    const played = published.filter((event) => event.type === 'move-played').length;

    late.answer();
    await slow.stop({ timeoutMs: 60_000 }); // its bot move has ended
    expect(await plies(game.id)).toBe(2);
    expect(published.filter((event) => event.type === 'move-played')).toHaveLength(played);
  });

  it('once stopping, a move that wants an answer only leaves the durable job', async () => {
    const bot = new ScriptedBot();
    const service = await serviceWith(bot);
    const game = value(await service.moves.start({ white: ALICE, black: BOT }));
    await service.stop();
    // An update still being handled while the process stops plays a human move.
    value(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
    await vi.waitFor(() =>
      expect([...scheduler.jobs.values()].some((job) => job.kind === 'bot-move')).toBe(true),
    );
    expect(bot.requests).toBe(0);
    const job = [...scheduler.jobs.values()].find((entry) => entry.kind === 'bot-move')!;
    // The safety net refuses to run in a stopping process, so the scheduler keeps the job.
    clock.time += 60_000;
    await expect(service.timers.handle(job)).rejects.toThrow('stopping');
    expect(await plies(game.id)).toBe(1);
  });
  describe('bashni-double: a turn of two moves', () => {
    it('the bot plays both moves of its turn, and its second move is not a stale request', async () => {
      const bot = new ScriptedBot();
      const service = await serviceWith(bot);
      const game = value(
        await service.moves.start({ white: ALICE, black: BOT, variant: 'bashni-double' }),
      );
      expect(game.fen).toMatch(/^W1:/);
      value(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
      await vi.waitFor(async () => expect(await plies(game.id)).toBe(3));
      const after = (await store.getGame(game.id))!;
      expect(after.fen).toMatch(/^W2:/);
      expect(bot.requests).toBe(2);
    });

    it('after the first of two moves the same human moves again, without a ping', async () => {
      const service = await serviceWith(new ScriptedBot());
      const game = value(
        await service.moves.start({ white: ALICE, black: BORIS, variant: 'bashni-double' }),
      );
      const ping = (result: ServiceResult<Game>) =>
        result.ok ? result.events.find((event) => event.type === 'move-played') : undefined;
      clock.time += 10 * 60_000;
      const first = await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 });
      expect(value(first).fen).toMatch(/^B2:/);
      // Alice took ten minutes: Boris is pinged.
      expect(ping(first)).toMatchObject({ ping: true });
      clock.time += 10 * 60_000;
      const second = await service.moves.play(game.id, BORIS, 'b6-a5', { seenPly: 1 });
      expect(value(second).fen).toMatch(/^B1:/);
      // Boris moves again: nobody is pinged.
      expect(ping(second)).toMatchObject({ ping: false });
      expect(value(second).turnStartedAt).toBe(clock.time);
      const refused = await service.moves.play(game.id, ALICE, 'd4-e5', { seenPly: 2 });
      expect(refused.ok).toBe(false);
      const third = value(await service.moves.play(game.id, BORIS, 'f6-g5', { seenPly: 2 }));
      expect(third.fen).toMatch(/^W2:/);
    });
  });

  describe('the double-move schemes through the game service', () => {
    /** The first legal move in a stored game's position, as text. */
    const firstLegal = async (id: string) => {
      const game = (await store.getGame(id))!;
      return firstLegalMove(game.variant, game.fen);
    };
    const ping = (result: ServiceResult<Game>) =>
      result.ok ? result.events.find((event) => event.type === 'move-played') : undefined;

    it('2 from the start: White moves twice (no ping between), then Black must capture', async () => {
      const service = await serviceWith(new ScriptedBot());
      const game = value(
        await service.moves.start({ white: ALICE, black: BORIS, variant: 'bashni-double-2' }),
      );
      expect(game.fen).toMatch(/^W2:/);
      clock.time += 10 * 60_000;
      const first = await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 });
      expect(value(first).fen).toMatch(/^W1:/);
      expect(ping(first)).toMatchObject({ ping: false });
      expect((await service.moves.play(game.id, BORIS, 'b6-a5', { seenPly: 1 })).ok).toBe(false);
      clock.time += 10 * 60_000;
      const second = await service.moves.play(game.id, ALICE, 'd4-c5', { seenPly: 1 });
      expect(value(second).fen).toMatch(/^B2:/);
      expect(ping(second)).toMatchObject({ ping: true });
      const refused = await service.moves.play(game.id, BORIS, 'f6-g5', { seenPly: 2 });
      expect(!refused.ok && refused.code).toBe('illegal-move');
      const capture = value(await service.moves.play(game.id, BORIS, 'b6:d4', { seenPly: 2 }));
      expect(capture.fen).toMatch(/^B1:/);
      expect(capture.moves).toEqual(['c3-d4', 'd4-c5', 'b6:d4']);
    });

    it('1+1: Black answers with one move (a new turn, pinged), then White has two', async () => {
      const service = await serviceWith(new ScriptedBot());
      const game = value(
        await service.moves.start({ white: ALICE, black: BORIS, variant: 'bashni-double-11' }),
      );
      expect(game.fen).toMatch(/^W1:/);
      clock.time += 10 * 60_000;
      const first = await service.moves.play(game.id, ALICE, 'c3-b4', { seenPly: 0 });
      expect(value(first).fen).toMatch(/^B1:/);
      expect(ping(first)).toMatchObject({ ping: true });
      clock.time += 10 * 60_000;
      const answer = await service.moves.play(game.id, BORIS, 'b6-a5', { seenPly: 1 });
      expect(value(answer).fen).toMatch(/^W2:/);
      expect(ping(answer)).toMatchObject({ ping: true });
      expect((await service.moves.play(game.id, BORIS, 'a5:c3', { seenPly: 2 })).ok).toBe(false);
      clock.time += 10 * 60_000;
      const third = await service.moves.play(game.id, ALICE, 'g3-h4', { seenPly: 2 });
      expect(value(third).fen).toMatch(/^W1:/);
      expect(ping(third)).toMatchObject({ ping: false });
      value(await service.moves.play(game.id, ALICE, 'h2-g3', { seenPly: 3 }));
      const capture = value(await service.moves.play(game.id, BORIS, 'a5:c3', { seenPly: 4 }));
      expect(capture.fen).toMatch(/^B1:/);
      expect(capture.quietPlies).toBe(0);
    });

    it('1+1 against the bot: it answers White’s first move with one move only', async () => {
      const bot = new ScriptedBot();
      const service = await serviceWith(bot);
      const game = value(
        await service.moves.start({ white: ALICE, black: BOT, variant: 'bashni-double-11' }),
      );
      value(await service.moves.play(game.id, ALICE, 'c3-d4', { seenPly: 0 }));
      await vi.waitFor(async () => expect(await plies(game.id)).toBe(2));
      const after = (await store.getGame(game.id))!;
      expect(after.fen).toMatch(/^W2:/);
      expect(bot.requests).toBe(1);
      // White's turn of two: the bot waits for both.
      value(await service.moves.play(game.id, ALICE, await firstLegal(game.id), { seenPly: 2 }));
      expect((await store.getGame(game.id))!.fen).toMatch(/^W1:/);
      expect(bot.requests).toBe(1);
      value(await service.moves.play(game.id, ALICE, await firstLegal(game.id), { seenPly: 3 }));
      await vi.waitFor(async () => expect(await plies(game.id)).toBe(6));
      expect(bot.requests).toBe(3);
      expect((await store.getGame(game.id))!.fen).toMatch(/^W2:/);
    });

    it('2 from the start with the bot as White: it plays both moves of its first turn', async () => {
      const bot = new ScriptedBot();
      const service = await serviceWith(bot);
      const game = value(
        await service.moves.start({ white: BOT, black: ALICE, variant: 'bashni-double-2' }),
      );
      await vi.waitFor(async () => expect(await plies(game.id)).toBe(2));
      expect((await store.getGame(game.id))!.fen).toMatch(/^B2:/);
      expect(bot.requests).toBe(2);
    });
  });
});
