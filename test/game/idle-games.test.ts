import { silentLogger } from '../../src/game/logger.js';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/game/results.js';
import { DAY_MS, GameService } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { messages } from '../../src/i18n/index.js';
import { ALICE, BORIS, CAROL } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { value } from '../support/service-results.js';

const IDLE = 30 * DAY_MS;

function setUp() {
  const store = new MemoryGameStore();
  const clock = new ManualClock();
  const published: GameEvent[] = [];
  const service = new GameService({
    store,
    scheduler: new ManualScheduler(clock),
    clock,
    onEvents: (events) => void published.push(...events),
    logger: silentLogger,
  });
  return { store, clock, published, service };
}

describe('games nobody plays', () => {
  it('end as abandoned after the idle time, without a winner, and leave the active lists', async () => {
    const { store, clock, published, service } = setUp();
    const idle = value(await service.moves.start({ white: ALICE, black: BORIS }));
    const played = value(await service.moves.start({ white: CAROL, black: BORIS }));
    clock.time += IDLE - 1;
    value(await service.moves.play(played.id, CAROL, 'c3-d4'));
    expect(await service.idle.end(IDLE)).toBe(0);

    clock.time += 1;
    expect(await service.idle.end(IDLE)).toBe(1);
    const ended = value(await service.queries.getGame(idle.id));
    expect(ended.status).toBe('finished');
    expect(ended.result).toEqual({ winner: null, reason: 'abandoned' });
    expect(ended.finishedAt).toBe(clock.time);
    expect(published.at(-1)).toMatchObject({ type: 'game-over', result: ended.result });
    expect(await store.activeGameIds(ALICE)).toEqual([]);
    expect(await store.activeGameIds(BORIS)).toEqual([played.id]);
    // Nothing more to end; the game that moved goes the same way once idle in its turn.
    expect(await service.idle.end(IDLE)).toBe(0);
    clock.time += IDLE;
    expect(await service.idle.end(IDLE)).toBe(1);
    expect(await store.activeGameIds(BORIS)).toEqual([]);
    // And once past retention, purge deletes them.
    expect(await store.purge(clock.time + 1)).toEqual({ games: 2, challenges: 0 });
  });

  it('ends more games than one batch holds', async () => {
    const { store, clock, service } = setUp();
    for (let i = 0; i < 150; i++)
      value(await service.moves.start({ white: ALICE, black: { ...BORIS, userId: `b${i}` } }));
    clock.time += IDLE;
    expect(await service.idle.end(IDLE)).toBe(150);
    expect(await store.activeGameIds(ALICE)).toEqual([]);
  });

  it('the result reads as abandoned in both languages', () => {
    expect(messages('en').result(null, 'abandoned')).toBe(
      'Game abandoned (nobody moved for too long).',
    );
    expect(messages('ru').result(null, 'abandoned')).toBe(
      'Партия прекращена (слишком долго никто не ходил).',
    );
  });
});
