import { silentLogger } from '../../src/game/logger.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecordUpdates } from '../../src/game/record-updates.js';
import type { ServiceResult } from '../../src/game/results.js';
import { GameService } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { ALICE, BORIS, makeGame } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { value } from '../support/service-results.js';

const DAY = 1_000;

describe('RecordUpdates: the one place that stamps version and times', () => {
  const store = new MemoryGameStore();
  const clock = new ManualClock();
  const service = new GameService({
    store,
    scheduler: new ManualScheduler(clock),
    clock,
    dayMs: DAY,
    logger: silentLogger,
  });
  beforeAll(() => service.start());

  it('a new record is version 1, created and updated now', async () => {
    const open = { challenger: ALICE, target: { kind: 'open' as const }, daysPerMove: 1 as const };
    const challenge = value(await service.challenges.create(open));
    expect(challenge).toMatchObject({ version: 1, createdAt: clock.time, updatedAt: clock.time });
    clock.time += 10;
    const accepted = await service.challenges.accept(challenge.id, BORIS);
    const game = value(accepted);
    expect(game).toMatchObject({ version: 1, createdAt: clock.time, updatedAt: clock.time });
    expect(accepted.ok && accepted.events[0]).toMatchObject({
      type: 'game-started',
      challenge: { version: 2, updatedAt: clock.time, status: 'accepted', gameId: game.id },
    });
  });

  it('every change: the next version, updated now, and its events carry the saved record', async () => {
    let game = value(await service.moves.start({ white: ALICE, black: BORIS, daysPerMove: 1 }));
    const changes: (() => Promise<ServiceResult<unknown>>)[] = [
      () => service.moves.play(game.id, ALICE, 'c3-d4'),
      () => service.endings.offerDraw(game.id, BORIS),
      () => service.endings.declineDraw(game.id, ALICE),
      () =>
        service.timers
          .handle({ kind: 'reminder', targetId: game.id, ply: 1, at: clock.time })
          .then(async () => service.queries.getGame(game.id)),
      () => service.endings.resign(game.id, BORIS),
    ];
    for (const change of changes) {
      clock.time += 100;
      const result = await change();
      const saved = value(await service.queries.getGame(game.id));
      expect(saved.version).toBe(game.version + 1);
      expect(saved.updatedAt).toBe(clock.time);
      if (result.ok && result.events.length > 0) {
        for (const event of result.events) expect(event).toMatchObject({ game: saved });
      }
      game = saved;
    }
    expect(game).toMatchObject({ status: 'finished', finishedAt: clock.time, reminderSent: true });
  });

  it('a new chat view moves the version on but keeps the date of the last real change', async () => {
    const game = value(await service.moves.start({ white: ALICE, black: BORIS }));
    clock.time += 500;
    const view = { platform: 'telegram' as const, chatId: '1', messageId: '2' };
    const shown = value(await service.queries.addView({ kind: 'game', id: game.id }, view));
    expect(shown).toMatchObject({ version: 2, updatedAt: game.updatedAt, views: [view] });
  });

  it('a change cannot set the version or the time itself', async () => {
    await store.createGame(makeGame('g1', { updatedAt: 5 }));
    const records = new RecordUpdates(store, clock, silentLogger);
    const saved = value(
      await records.game('g1', (game) => ({
        ok: true,
        next: { ...game, version: 99, updatedAt: 7, reminderSent: true },
        events: [],
      })),
    );
    expect(saved).toMatchObject({ version: 2, updatedAt: clock.time, reminderSent: true });
    expect(await store.getGame('g1')).toEqual(saved);
  });
});
