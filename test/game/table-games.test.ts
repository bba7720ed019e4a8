import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTableFen } from '../../src/engine/multi/index.js';
import { silentLogger } from '../../src/game/logger.js';
import type { Game } from '../../src/game/model.js';
import type { BotMoves } from '../../src/game/ports.js';
import type { GameEvent } from '../../src/game/results.js';
import { GameService } from '../../src/game/service.js';
import { seatedBot } from '../../src/game/bot-player.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { firstLegalMove } from '../support/any-game.js';
import { ALICE, BORIS, CAROL, DMITRI } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { refused, value } from '../support/service-results.js';

const DAY = 1000;
const seats = { white: ALICE, red: BORIS, black: CAROL, green: DMITRI };

describe('table games (Zhernov): playing', () => {
  let store: MemoryGameStore;
  let clock: ManualClock;
  let scheduler: ManualScheduler;
  let published: GameEvent[];
  let bot: BotMoves & { requests: number };
  let service: GameService;

  beforeEach(async () => {
    store = new MemoryGameStore();
    clock = new ManualClock();
    scheduler = new ManualScheduler(clock);
    published = [];
    bot = {
      requests: 0,
      chooseMove(request) {
        this.requests++;
        return Promise.resolve(firstLegalMove(request.variant, request.fen));
      },
    };
    service = new GameService({
      store,
      scheduler,
      clock,
      bot,
      dayMs: DAY,
      onEvents: (events) => void published.push(...events),
      logger: silentLogger,
    });
    await service.start();
  });

  const stored = async (id: string) => (await store.getGame(id))!;

  it('takes moves from the seat to move only, and says which moves are legal', async () => {
    const game = value(await service.moves.start({ ...seats, variant: 'zhernov' }));
    expect(refused(await service.moves.play(game.id, BORIS, 'a3-b4'))).toBe('not-your-turn');
    expect(refused(await service.moves.play(game.id, { ...BORIS, userId: '9' }, 'c1-b2'))).toBe(
      'not-a-player',
    );
    const illegal = await service.moves.play(game.id, ALICE, 'g1-h2');
    expect(illegal).toMatchObject({ ok: false, code: 'illegal-move' });
    expect(!illegal.ok && illegal.code === 'illegal-move' && [...illegal.legal].sort()).toEqual([
      'c1-b2',
      'c1-d2',
      'e1-d2',
      'e1-f2',
      'g1-f2',
    ]);
    const played = await service.moves.play(game.id, ALICE, 'C1-B2', { seenPly: 0 });
    expect(value(played).moves).toEqual(['c1-b2']);
    expect(played.ok && played.events[0]).toMatchObject({ type: 'move-played', by: 'white' });
    // Red must capture: the only move.
    const red = await service.moves.play(game.id, BORIS, 'a3:c1', { seenPly: 1 });
    expect(value(red).fen).toMatch(/^B:/);
    expect(value(red).lastMove).toEqual({ from: 8, path: [1], captures: [4] });
    expect(refused(await service.moves.play(game.id, CAROL, 'b8-c7', { seenPly: 1 }))).toBe(
      'stale-version',
    );
  });

  it('makes a count, puts out the seats left without a move, and ends with the standings', async () => {
    const game = value(
      await service.moves.start({
        white: ALICE,
        red: BORIS,
        black: CAROL,
        variant: 'zhernov',
        fen: 'W:Wd4(00000):Re5:B',
      }),
    );
    const played = await service.moves.play(game.id, ALICE, 'd4:f6');
    expect(played.ok && played.events.map((e) => e.type)).toEqual(['move-played', 'game-over']);
    // White is count; Red (its one column taken) is out at its turn; Black is the last seat.
    expect(played.ok && played.events[0]).toMatchObject({
      finished: [
        { seat: 0, how: 'count' },
        { seat: 1, how: 'out' },
      ],
    });
    const over = value(played);
    expect(over.status).toBe('finished');
    // Three seats: places score 2/1/0; the count takes the best, the first out the worst,
    // the last seat playing what is left.
    expect(over.result).toMatchObject({ winner: 'white', reason: 'last-player' });
    expect(over.result?.standings?.map((s) => [s.seat, s.place, s.points, s.count])).toEqual([
      [0, 1, 3, true],
      [1, 3, 0, false],
      [2, 2, 1, false],
    ]);
  });

  it('keeps the position keys in the record and ends a capture cycle by threefold repetition', async () => {
    // Red and Green are count; Black is forced round a six-ply loop with White.
    const game = value(
      await service.moves.start({
        ...seats,
        variant: 'zhernov',
        fen: 'B:Wh6(111):Ra7(00):Bg7(000):Gd8(111111):FR+,G+',
      }),
    );
    expect(game.keys).toHaveLength(1);
    const loop = ['g7-f6', 'h6-g7', 'f6:h8', 'g7-f8', 'h8-g7', 'f8:h6'];
    const moves = [...loop, ...loop];
    for (const [i, move] of moves.entries()) {
      const played = await service.moves.play(game.id, i % 2 === 0 ? CAROL : ALICE, move);
      const last = i === moves.length - 1;
      expect(played.ok && played.events.map((e) => e.type)).toEqual(
        last ? ['move-played', 'game-over'] : ['move-played'],
      );
      if (!last) expect((await stored(game.id)).keys).toHaveLength(i + 2);
    }
    const over = await stored(game.id);
    expect(over).toMatchObject({ status: 'finished', keys: [] });
    expect(over.result).toMatchObject({ winner: 'red', reason: 'threefold-repetition' });
    expect(over.result?.standings?.map((s) => [s.seat, s.place, s.points])).toEqual([
      [0, 3, 0.5],
      [1, 1, 4],
      [2, 3, 0.5],
      [3, 2, 3],
    ]);
  });

  it('takes a resignation as the seat going out; the others play on, the bot answers', async () => {
    const withBot = { ...seats, red: seatedBot('telegram', 2, 'Bot', 'red') };
    const game = value(await service.moves.start({ ...withBot, variant: 'zhernov' }));
    // A resignation off turn: Black is out; White still to move.
    const resigned = await service.endings.resign(game.id, CAROL);
    expect(resigned.ok && resigned.events).toEqual([
      expect.objectContaining({
        type: 'seat-out',
        color: 'black',
        why: 'resign',
        finished: [{ seat: 2, how: 'out' }],
      }),
    ]);
    expect(value(resigned).moves).toEqual(['resign:black']);
    expect(refused(await service.endings.resign(game.id, CAROL))).toBe('game-over');
    expect(refused(await service.endings.offerDraw(game.id, ALICE))).toBe('no-draws-at-table');
    // White resigns on its turn: the turn passes to the bot at Red, which moves.
    value(await service.endings.resign(game.id, ALICE));
    await vi.waitFor(async () => expect((await stored(game.id)).moves).toHaveLength(3));
    const after = await stored(game.id);
    expect(after.moves.slice(0, 2)).toEqual(['resign:black', 'resign:white']);
    const position = parseTableFen(after.fen);
    expect(position.ok && position.value.turn).toBe(3);
    // Green resigns: Red is the last seat playing and wins.
    const last = value(await service.endings.resign(game.id, DMITRI));
    expect(last.result).toMatchObject({ winner: 'red', reason: 'last-player' });
    expect(last.result?.standings?.map((s) => s.place)).toEqual([3, 1, 4, 2]);
  });

  it('puts a seat out when its time runs out, and starts the next seat’s clock', async () => {
    const game = value(await service.moves.start({ ...seats, variant: 'zhernov', daysPerMove: 1 }));
    expect(game.deadline).toBe(clock.time + DAY);
    clock.time += DAY + 1;
    await scheduler.runDue();
    const after = await stored(game.id);
    expect(after.moves).toEqual(['time:white']);
    expect(after.status).toBe('active');
    expect(after.deadline).toBe(clock.time + DAY);
    expect(published.map((e) => e.type)).toContain('seat-out');
    // The next time-out is Red's.
    clock.time += DAY + 1;
    await scheduler.runDue();
    expect((await stored(game.id)).moves).toEqual(['time:white', 'time:red']);
  });

  it('refuses a start whose players do not match the seats of its position', async () => {
    expect(
      refused(
        await service.moves.start({
          white: ALICE,
          black: BORIS,
          variant: 'zhernov',
          fen: 'W:Wd4(00000):Re5,a3:B',
        }),
      ),
    ).toBe('bad-position');
    expect(
      refused(
        await service.moves.start({ white: ALICE, black: BORIS, variant: 'zhernov', fen: 'x' }),
      ),
    ).toBe('bad-position');
  });

  it('keeps a table game through the store as it was (a restart changes nothing)', async () => {
    const game = value(await service.moves.start({ ...seats, variant: 'zhernov' }));
    value(await service.moves.play(game.id, ALICE, 'c1-b2'));
    value(await service.endings.resign(game.id, DMITRI));
    const saved: Game = await stored(game.id);
    const again = new GameService({ store, scheduler, clock, logger: silentLogger });
    expect(value(await again.queries.getGame(game.id))).toEqual(saved);
    expect(value(await again.moves.play(game.id, BORIS, 'a3:c1')).moves).toEqual([
      'c1-b2',
      'resign:green',
      'a3:c1',
    ]);
  });
});
