/**
 * A request delivered twice — the same chat update handled again after a crash, or by a second
 * process behind a load balancer — never makes anything twice: every creating use case keys
 * what it makes on the request's key, and the second delivery gets the first one's result back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { botPlayer } from '../../src/game/bot-player.js';
import { silentLogger } from '../../src/game/logger.js';
import type { ServiceResult } from '../../src/game/results.js';
import { GameService } from '../../src/game/service.js';
import type { TournamentRequest } from '../../src/game/tournaments.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { MemoryLeagueStore } from '../../src/store/memory-league-store.js';
import { countMade, type MadeCount } from '../support/counting-store.js';
import { ALICE, BORIS, CAROL } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { value } from '../support/service-results.js';

/** The second delivery's result: the first one's value, marked repeated, without events. */
function expectRepeated<T>(first: ServiceResult<T>, second: ServiceResult<T>): void {
  expect(second).toEqual({ ok: true, value: value(first), events: [], repeated: true });
}

describe('a request delivered twice makes one thing', () => {
  let store: MemoryGameStore;
  let made: MadeCount;
  let league: MemoryLeagueStore;
  let clock: ManualClock;
  let scheduler: ManualScheduler;
  let draws: number;
  let ids: number;

  /** A bot process on the shared stores (two of them are two processes behind one URL). */
  function newProcess(): GameService {
    return new GameService({
      store,
      league,
      scheduler,
      clock,
      // Every process draws its own ids, codes and colours.
      newId: () => `id${++ids}`,
      random: () => (++draws % 10) / 10,
      logger: silentLogger,
    });
  }

  let service: GameService;
  let other: GameService;

  beforeEach(() => {
    store = new MemoryGameStore();
    made = countMade(store);
    league = new MemoryLeagueStore();
    clock = new ManualClock();
    scheduler = new ManualScheduler(clock);
    draws = 0;
    ids = 0;
    service = newProcess();
    other = newProcess();
  });

  it('/newgame (an open challenge): one challenge, with one invite code', async () => {
    const request = { challenger: ALICE, target: { kind: 'open' as const }, requestKey: 'tg:1' };
    const first = await service.challenges.create(request);
    const second = await other.challenges.create(request);
    expect(value(first).inviteCode).toBeDefined();
    expectRepeated(first, second);
    expect(made.challenges).toBe(1);
    // Another request is another challenge.
    const third = await service.challenges.create({ ...request, requestKey: 'tg:2' });
    expect(value(third).id).not.toBe(value(first).id);
  });

  it('/newgame @friend and a table lobby (/newgame zhernov): one each', async () => {
    const friend = {
      challenger: ALICE,
      target: { kind: 'username' as const, username: 'boris' },
      requestKey: 'tg:3',
    };
    expectRepeated(await service.challenges.create(friend), await other.challenges.create(friend));
    const table = {
      challenger: ALICE,
      target: { kind: 'open' as const },
      variant: 'zhernov' as const,
      requestKey: 'tg:4',
    };
    expectRepeated(await service.challenges.create(table), await other.challenges.create(table));
    expect(made.challenges).toBe(2);
  });

  it('delivered to two processes at once: one challenge, both get it', async () => {
    const request = { challenger: ALICE, target: { kind: 'open' as const }, requestKey: 'tg:5' };
    const results = await Promise.all([
      service.challenges.create(request),
      other.challenges.create(request),
    ]);
    expect(new Set(results.map((result) => value(result).id)).size).toBe(1);
    expect(results.filter((result) => result.ok && result.repeated === true)).toHaveLength(1);
    expect(made.challenges).toBe(1);
  });

  it('/play (a game against the bot): one game', async () => {
    const request = {
      white: ALICE,
      black: botPlayer('telegram', 2, 'Bot'),
      requestKey: 'tg:6',
      rated: true,
    };
    const first = await service.moves.start(request);
    expect(value(first).id).toBeDefined();
    expectRepeated(first, await other.moves.start(request));
    expect(made.games).toBe(1);
    expect(value(await service.queries.activeGames(ALICE))).toHaveLength(1);
  });

  it('/join CODE: the second delivery gets the game the first started, not a refusal', async () => {
    const challenge = value(
      await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
    );
    const chat = { platform: 'telegram' as const, chatId: '-100' };
    const first = await service.joinByCode(challenge.inviteCode!, BORIS, chat, 'tg:7');
    const second = await other.joinByCode(challenge.inviteCode!, BORIS, chat, 'tg:7');
    expectRepeated(first, second);
    expect(made.games).toBe(1);
    // Someone else's request is refused as before: the challenge is taken.
    const late = await other.joinByCode(challenge.inviteCode!, CAROL, chat, 'tg:8');
    expect(late.ok ? 'ok' : late.code).toBe('challenge-closed');
  });

  it('an Accept tapped once and delivered twice: one game', async () => {
    const challenge = value(
      await service.challenges.create({
        challenger: ALICE,
        target: { kind: 'user', player: BORIS },
      }),
    );
    const first = await service.challenges.accept(challenge.id, BORIS, undefined, {
      requestKey: 'tg:9',
    });
    const second = await other.challenges.accept(challenge.id, BORIS, undefined, {
      requestKey: 'tg:9',
    });
    expectRepeated(first, second);
    expect(made.games).toBe(1);
  });

  it('/join CODE at a table: one seat; the sit that filled it, one game', async () => {
    const table = value(
      await service.challenges.create({
        challenger: ALICE,
        target: { kind: 'open' },
        variant: 'zhernov',
      }),
    );
    const code = table.inviteCode!;
    const first = await service.joinByCode(code, BORIS, undefined, 'tg:10');
    expectRepeated(first, await other.joinByCode(code, BORIS, undefined, 'tg:10'));
    const dave = { ...CAROL, userId: '4' };
    await service.joinByCode(code, CAROL, undefined, 'tg:11');
    const filled = await service.joinByCode(code, dave, undefined, 'tg:12');
    const again = await other.joinByCode(code, dave, undefined, 'tg:12');
    // The game it started, and the lobby as it now is (taken by that game).
    const game = (result: typeof filled) => {
      const seating = value(result);
      return 'game' in seating ? seating.game?.id : undefined;
    };
    expect(game(again)).toBe(game(filled));
    expect(again).toMatchObject({ repeated: true, events: [] });
    expect(made.games).toBe(1);
  });

  it('/tournament new: one tournament, not "this chat already has one"', async () => {
    const request: TournamentRequest = {
      organiser: ALICE,
      chat: { platform: 'telegram', chatId: '-100' },
      format: 'swiss',
      variant: 'bashni',
      daysPerMove: 3,
      rounds: 0,
      rated: true,
      requestKey: 'tg:13',
    };
    const first = await service.league.createTournament(request);
    expectRepeated(first, await other.league.createTournament(request));
    const live = await service.league.createTournament({ ...request, requestKey: 'tg:14' });
    expect(live.ok ? 'ok' : live.code).toBe('tournament-live');
  });

  it('a draw offer and a resignation delivered twice: each acts once, and an old board acts not', async () => {
    const game = value(await service.moves.start({ white: ALICE, black: BORIS }));
    const offer = await service.endings.offerDraw(game.id, ALICE, { requestKey: 'web:1' });
    expect(value(offer).drawOffer).toBe('white');
    // Again: what it did, not "you have already offered a draw".
    expectRepeated(offer, await other.endings.offerDraw(game.id, ALICE, { requestKey: 'web:1' }));
    const stale = await service.endings.offerDraw(game.id, BORIS, { seenPly: 3 });
    expect(stale.ok ? 'ok' : stale.code).toBe('stale-version');
    const resigned = await service.endings.resign(game.id, BORIS, { requestKey: 'web:2' });
    expect(value(resigned).result?.winner).toBe('white');
    expectRepeated(resigned, await other.endings.resign(game.id, BORIS, { requestKey: 'web:2' }));
  });
});
