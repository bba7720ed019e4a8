import { beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src/game/logger.js';
import type { Challenge, Game, Player } from '../../src/game/model.js';
import type { BotMoves } from '../../src/game/ports.js';
import type { GameEvent } from '../../src/game/results.js';
import { GameService, type Seating } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { firstLegalMove } from '../support/any-game.js';
import { ALICE, BORIS, CAROL, DMITRI } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { refused, value } from '../support/service-results.js';

/** A bot that plays the first legal move of any game. */
const firstMoveBot: BotMoves = {
  chooseMove: (request) => Promise.resolve(firstLegalMove(request.variant, request.fen)),
};

describe('table games (Zhernov): the lobby', () => {
  let store: MemoryGameStore;
  let clock: ManualClock;
  let scheduler: ManualScheduler;
  let published: GameEvent[];
  let service: GameService;

  beforeEach(async () => {
    store = new MemoryGameStore();
    clock = new ManualClock();
    scheduler = new ManualScheduler(clock);
    published = [];
    service = new GameService({
      store,
      scheduler,
      clock,
      bot: firstMoveBot,
      onEvents: (events) => void published.push(...events),
      logger: silentLogger,
    });
    await service.start();
  });

  const table = async (host: Player = ALICE): Promise<Challenge> =>
    value(
      await service.challenges.create({
        challenger: host,
        // A target is no matter at a table: anyone may sit down.
        target: { kind: 'user', player: BORIS },
        variant: 'zhernov',
        daysPerMove: 2,
      }),
    );

  it('opens a table with its maker at White, open to anyone, with an invite code', async () => {
    const lobby = await table();
    expect(lobby.seats).toEqual([ALICE, null, null, null]);
    expect(lobby.target).toEqual({ kind: 'open' });
    expect(lobby.inviteCode).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('seats players in turn, refuses a second seat, and starts the game when full', async () => {
    const lobby = await table();
    const boris = value(await service.tables.sit(lobby.id, BORIS));
    expect(boris.challenge.seats).toEqual([ALICE, BORIS, null, null]);
    expect(boris.game).toBeUndefined();
    expect(refused(await service.tables.sit(lobby.id, BORIS))).toBe('already-seated');
    expect(refused(await service.tables.sit(lobby.id, ALICE))).toBe('already-seated');
    expect(refused(await service.tables.start(lobby.id, ALICE))).toBe('table-not-full');
    value(await service.tables.sit(lobby.id, CAROL));
    const sat = await service.tables.sit(lobby.id, DMITRI, { platform: 'telegram', chatId: '-5' });
    const full: Seating = value(sat);
    const game = full.game!;
    expect(game).toMatchObject({
      variant: 'zhernov',
      white: ALICE,
      red: BORIS,
      black: CAROL,
      green: DMITRI,
      daysPerMove: 2,
      status: 'active',
    });
    expect(game.fen).toBe(
      'W:Wc1(00),e1(00),g1(00):Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00)',
    );
    expect((await store.getChallenge(lobby.id))?.status).toBe('accepted');
    expect(sat.ok && sat.events.map((event) => event.type)).toEqual(['game-started']);
    expect(sat.ok && sat.events[0]).toMatchObject({
      type: 'game-started',
      game: { id: game.id },
      acceptedIn: { platform: 'telegram', chatId: '-5' },
    });
    // Every player finds it among their games.
    for (const player of [ALICE, BORIS, CAROL, DMITRI])
      expect(value(await service.queries.activeGames(player)).map((g) => g.id)).toEqual([game.id]);
    expect(refused(await service.tables.sit(lobby.id, { ...BORIS, userId: '77' }))).toBe(
      'challenge-closed',
    );
  });

  it('lets a player stand up, and closes the table when its maker does', async () => {
    const lobby = await table();
    value(await service.tables.sit(lobby.id, BORIS));
    const stood = await service.tables.stand(lobby.id, BORIS);
    expect(value(stood).seats).toEqual([ALICE, null, null, null]);
    expect(stood.ok && stood.events).toEqual([
      { type: 'challenge-updated', challenge: value(stood) },
    ]);
    expect(refused(await service.tables.stand(lobby.id, BORIS))).toBe('not-seated');
    expect(value(await service.tables.stand(lobby.id, ALICE)).status).toBe('cancelled');
    expect(refused(await service.tables.sit(lobby.id, CAROL))).toBe('challenge-closed');
  });

  it('seats the bot for a seated player, each bot seat its own player, and the bot moves', async () => {
    const lobby = await table();
    expect(refused(await service.tables.seatBot(lobby.id, BORIS, 3, 'Bot'))).toBe('not-seated');
    value(await service.tables.seatBot(lobby.id, ALICE, 3, 'Bot 3'));
    value(await service.tables.sit(lobby.id, CAROL));
    const started = value(await service.tables.seatBot(lobby.id, CAROL, 5, 'Bot 5'));
    const game = started.game!;
    expect([game.red?.userId, game.black, game.green?.userId]).toEqual([
      'bot-red',
      CAROL,
      'bot-green',
    ]);
    expect(game.red?.botLevel).toBe(3);
    expect(game.green?.botLevel).toBe(5);
    // White (Alice) moves; then the bot plays Red at once.
    value(await service.moves.play(game.id, ALICE, 'c1-b2', { seenPly: 0 }));
    await vi.waitFor(async () => expect((await store.getGame(game.id))!.moves).toHaveLength(2));
    expect((await store.getGame(game.id))!.moves[1]).toBe('a3:c1');
  });

  it('refuses seats at a two-player challenge, and accepting a table', async () => {
    const duel = value(
      await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
    );
    expect(refused(await service.tables.sit(duel.id, BORIS))).toBe('challenge-closed');
    expect(refused(await service.tables.seatBot(duel.id, ALICE, 3, 'Bot'))).toBe(
      'challenge-closed',
    );
    const lobby = await table();
    expect(refused(await service.challenges.accept(lobby.id, BORIS))).toBe('challenge-closed');
    expect(refused(await service.tables.sit('no-such-table', BORIS))).toBe('challenge-not-found');
  });

  it('sits a player down by the invite code, from any platform', async () => {
    const lobby = await table();
    const seated = value(await service.joinByCode(lobby.inviteCode!.toLowerCase(), CAROL));
    expect('challenge' in seated && seated.challenge.seats).toEqual([ALICE, CAROL, null, null]);
  });

  it('refuses a lobby past its time, and expires it', async () => {
    const lobby = await table();
    clock.time = lobby.expiresAt + 1;
    expect(refused(await service.tables.sit(lobby.id, BORIS))).toBe('challenge-expired');
    await scheduler.runDue();
    expect((await store.getChallenge(lobby.id))?.status).toBe('expired');
  });

  it('starts a full table once, however many ask at the same time', async () => {
    const lobby = await table();
    value(await service.tables.sit(lobby.id, BORIS));
    value(await service.tables.sit(lobby.id, CAROL));
    const results = await Promise.all([
      service.tables.sit(lobby.id, DMITRI),
      service.tables.sit(lobby.id, { ...DMITRI, userId: '1005' }),
      service.tables.start(lobby.id, ALICE),
    ]);
    const gameOf = (value: Game | Seating) => ('challenge' in value ? value.game : value);
    const games = new Set(results.flatMap((r) => (r.ok ? [gameOf(r.value)?.id] : [])));
    games.delete(undefined);
    expect(games.size).toBe(1);
    const started = results.flatMap((r) => (r.ok ? r.events : []));
    expect(started.filter((event) => event.type === 'game-started')).toHaveLength(1);
    expect((await store.getChallenge(lobby.id))?.gameId).toBe([...games][0]);
  });
});
