/**
 * A challenge replaces the challenger's open twins — the same opponent, the same terms — so
 * that a second `/newgame @bob` leaves Bob one challenge to take, on every platform.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/game/logger.js';
import type { ChallengeRequest } from '../../src/game/challenges.js';
import type { ServiceResult } from '../../src/game/results.js';
import type { Challenge } from '../../src/game/model.js';
import { GameService } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { ALICE, BORIS, CAROL } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { refused, value } from '../support/service-results.js';

let clock: ManualClock;
let service: GameService;

beforeEach(() => {
  clock = new ManualClock();
  service = new GameService({
    store: new MemoryGameStore(),
    scheduler: new ManualScheduler(clock),
    clock,
    logger: silentLogger,
  });
});

const TO_BORIS: ChallengeRequest = { challenger: ALICE, target: { kind: 'user', player: BORIS } };

/** Makes a challenge a moment after the last one. */
async function challenge(request: ChallengeRequest): Promise<ServiceResult<Challenge>> {
  clock.time += 1_000;
  return service.challenges.create(request);
}

async function statusOf(id: string): Promise<Challenge['status']> {
  return value(await service.queries.getChallenge(id)).status;
}

describe('a challenge and its twins', () => {
  it('a second identical challenge to the same player withdraws the first: its Accept no longer works', async () => {
    const first = value(await challenge(TO_BORIS));
    const second = await challenge(TO_BORIS);
    expect(second.ok && second.events.map((event) => event.type)).toEqual([
      'challenge-created',
      'challenge-cancelled',
    ]);
    expect(second.ok && second.events[1]).toMatchObject({ challenge: { id: first.id } });
    expect(await statusOf(first.id)).toBe('cancelled');
    expect(refused(await service.challenges.accept(first.id, BORIS))).toBe('challenge-closed');
    value(await service.challenges.accept(value(second).id, BORIS));

    // By username (Telegram's /newgame @name), in any letter case, too.
    const byName = value(
      await challenge({ challenger: ALICE, target: { kind: 'username', username: 'Boris_B' } }),
    );
    value(
      await challenge({ challenger: ALICE, target: { kind: 'username', username: '@boris_b' } }),
    );
    expect(await statusOf(byName.id)).toBe('cancelled');
  });

  it('other terms, another opponent or another challenger make no twin; open challenges never are', async () => {
    const kept = [
      value(await challenge(TO_BORIS)),
      value(await challenge({ ...TO_BORIS, variant: 'laska' })),
      value(await challenge({ ...TO_BORIS, daysPerMove: 3 })),
      value(await challenge({ ...TO_BORIS, rated: true })),
      value(await challenge({ ...TO_BORIS, side: 'black' })),
      value(await challenge({ challenger: ALICE, target: { kind: 'user', player: CAROL } })),
      value(await challenge({ challenger: CAROL, target: { kind: 'user', player: BORIS } })),
      value(await challenge({ challenger: ALICE, target: { kind: 'open' } })),
      value(await challenge({ challenger: ALICE, target: { kind: 'open' } })),
    ];
    for (const made of kept) expect(await statusOf(made.id)).toBe('open');
  });

  it('the first request delivered again never withdraws the challenge that replaced it', async () => {
    // All in one millisecond: the later request still replaces the earlier one.
    const first = value(await service.challenges.create({ ...TO_BORIS, requestKey: 'r1' }));
    const second = value(await service.challenges.create({ ...TO_BORIS, requestKey: 'r2' }));
    const again = await service.challenges.create({ ...TO_BORIS, requestKey: 'r1' });
    expect(again).toMatchObject({ ok: true, repeated: true, events: [] });
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['cancelled', 'open']);
  });
});
