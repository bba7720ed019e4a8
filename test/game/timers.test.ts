import { describe, expect, it } from 'vitest';
import { GameService } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { capturingLogger } from '../support/capturing-logger.js';
import { ALICE, BORIS } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { value } from '../support/service-results.js';

/** The timer registry: each use case registers the kinds of job it runs (src/game/timers.ts). */
describe('timers', () => {
  function service() {
    const clock = new ManualClock(0);
    const { logger, lines } = capturingLogger();
    const scheduler = new ManualScheduler(clock);
    const created = new GameService({ store: new MemoryGameStore(), scheduler, clock, logger });
    return { service: created, lines, clock };
  }

  it('has a handler for every kind a scheduler delivers, and refuses a second one', () => {
    const { service: games } = service();
    for (const kind of [
      'reminder',
      'timeout',
      'challenge-expiry',
      'bot-move',
      'turn-nudge',
    ] as const)
      expect(() => games.timers.on([kind], () => Promise.reject(new Error('no')))).toThrow(
        `timer kind ${kind} has a handler already`,
      );
  });

  it('routes a due job to its kind: a challenge expires, a time-out ends the game', async () => {
    const { service: games, clock } = service();
    const challenge = value(
      await games.challenges.create({ challenger: ALICE, target: { kind: 'user', player: BORIS } }),
    );
    const expiry = {
      kind: 'challenge-expiry',
      targetId: challenge.id,
      ply: challenge.version,
      at: challenge.expiresAt,
    } as const;
    await games.timers.handle(expiry);
    expect(value(await games.queries.getChallenge(challenge.id)).status).toBe('open');
    clock.time = challenge.expiresAt;
    await games.timers.handle(expiry);
    expect(value(await games.queries.getChallenge(challenge.id)).status).toBe('expired');

    const game = value(await games.moves.start({ white: ALICE, black: BORIS, daysPerMove: 1 }));
    clock.time = game.deadline!;
    await games.timers.handle({ kind: 'timeout', targetId: game.id, ply: 0, at: game.deadline! });
    expect(value(await games.queries.getGame(game.id)).result).toMatchObject({ reason: 'time' });
  });

  it('logs a job of a kind nothing handles instead of throwing', async () => {
    const { service: games, lines } = service();
    const job = { kind: 'solar-eclipse', targetId: 'g', ply: 0, at: 0 } as never;
    await expect(games.timers.handle(job)).resolves.toBeUndefined();
    expect(lines.map((line) => line.message)).toContain('a timer job of a kind nothing handles');
  });
});
