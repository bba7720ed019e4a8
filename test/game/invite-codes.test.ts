import { silentLogger } from '../../src/game/logger.js';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  drawInviteCode,
  INVITE_CODE_ALPHABET,
  normalizeInviteCode,
} from '../../src/game/invite-codes.js';
import type { Game } from '../../src/game/model.js';
import { StoreError } from '../../src/game/ports.js';
import type { ServiceResult } from '../../src/game/results.js';
import { GameService } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { ALICE, BORIS, CAROL } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { item } from '../support/present.js';
import { value } from '../support/service-results.js';

const DAY = 1_000;

function code(result: ServiceResult<unknown>): string {
  return result.ok ? 'ok' : result.code;
}

/** A random() that returns `values` in turn, then repeats the last. */
function sequence(values: number[]): () => number {
  let i = 0;
  return () => item(values, Math.min(i++, values.length - 1), 'values');
}

/** random() values that draw `code` (one per character). */
function drawing(code: string): number[] {
  return [...code].map((char) => (INVITE_CODE_ALPHABET.indexOf(char) + 0.5) / 31);
}

describe('invite codes', () => {
  it('are six characters without look-alikes, drawn with the given random', () => {
    expect(INVITE_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(drawInviteCode(sequence(drawing('ABC234')))).toBe('ABC234');
    expect(drawInviteCode(() => 0)).toBe('AAAAAA');
    expect(drawInviteCode(() => 0.999999)).toBe('999999');
    for (let i = 0; i < 50; i++) expect(drawInviteCode(Math.random)).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('are read as typed: trimmed, any case, spaces and dashes dropped, Cyrillic look-alikes', () => {
    expect(normalizeInviteCode('ABC234')).toBe('ABC234');
    expect(normalizeInviteCode('  abc234\n')).toBe('ABC234');
    expect(normalizeInviteCode('abc-234')).toBe('ABC234');
    expect(normalizeInviteCode('a b c 2 3 4')).toBe('ABC234');
    expect(normalizeInviteCode('АВС234')).toBe('ABC234'); // Cyrillic А, В, С
    expect(normalizeInviteCode('ABC23')).toBeUndefined();
    expect(normalizeInviteCode('ABC2345')).toBeUndefined();
    expect(normalizeInviteCode('ABC01O')).toBeUndefined();
    expect(normalizeInviteCode('')).toBeUndefined();
  });
});

describe('GameService: joining by code', () => {
  let store: MemoryGameStore;
  let clock: ManualClock;
  let ids: number;
  let random: () => number;

  function makeService(overrides: Partial<ConstructorParameters<typeof GameService>[0]> = {}) {
    return new GameService({
      store,
      scheduler: new ManualScheduler(clock),
      clock,
      dayMs: DAY,
      challengeTtlMs: 10 * DAY,
      newId: () => `id${++ids}`,
      random: () => random(),
      logger: silentLogger,
      ...overrides,
    });
  }

  beforeEach(() => {
    store = new MemoryGameStore();
    clock = new ManualClock();
    ids = 0;
    random = sequence([...drawing('ABC234'), 0.1]);
  });

  it('an open challenge gets a code; the code, typed loosely, starts the game', async () => {
    const service = makeService();
    const challenge = value(
      await service.challenges.create({ challenger: CAROL, target: { kind: 'open' } }),
    );
    expect(challenge.inviteCode).toBe('ABC234');
    expect((await store.getChallenge(challenge.id))?.inviteCode).toBe('ABC234');
    const joined = await service.joinByCode(' abc-234 ', ALICE, {
      platform: 'telegram',
      chatId: '-100',
    });
    const game = value(joined) as Game;
    // random() = 0.1 after the code: the challenger (Carol, on Discord) takes White.
    expect([game.white, game.black]).toEqual([CAROL, ALICE]);
    expect(joined.ok && joined.events).toEqual([
      expect.objectContaining({
        type: 'game-started',
        game,
        challenge: expect.objectContaining({ id: challenge.id, status: 'accepted' }) as unknown,
        acceptedIn: { platform: 'telegram', chatId: '-100' },
      }),
    ]);
    // The same code again: the challenge is closed now.
    expect(code(await service.joinByCode('ABC234', BORIS))).toBe('challenge-closed');
  });

  it('acceptChallenge names the chat too; without a chat the event has none', async () => {
    const service = makeService();
    const first = value(
      await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
    );
    const accepted = await service.challenges.accept(first.id, CAROL, {
      platform: 'discord',
      chatId: '555',
    });
    expect(accepted.ok && accepted.events[0]).toMatchObject({
      acceptedIn: { platform: 'discord', chatId: '555' },
    });
    random = () => 0.3;
    const second = value(
      await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
    );
    const plain = await service.challenges.accept(second.id, BORIS);
    expect(plain.ok && 'acceptedIn' in item(plain.events, 0, 'plain.events')).toBe(false);
  });

  it('only open challenges have codes', async () => {
    const service = makeService();
    const named = value(
      await service.challenges.create({
        challenger: ALICE,
        target: { kind: 'user', player: BORIS },
      }),
    );
    expect(named.inviteCode).toBeUndefined();
    expect('inviteCode' in named).toBe(false);
  });

  it('unknown or malformed codes are challenge-not-found', async () => {
    const service = makeService();
    value(await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }));
    expect(code(await service.joinByCode('ABC235', BORIS))).toBe('challenge-not-found');
    expect(code(await service.joinByCode('nonsense!', BORIS))).toBe('challenge-not-found');
    expect(code(await service.joinByCode('', BORIS))).toBe('challenge-not-found');
  });

  it('refuses the challenger’s own code, an expired and a withdrawn challenge', async () => {
    const service = makeService();
    const challenge = value(
      await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
    );
    expect(code(await service.joinByCode('ABC234', ALICE))).toBe('own-challenge');
    clock.time += 10 * DAY + 1;
    expect(code(await service.joinByCode('ABC234', BORIS))).toBe('challenge-expired');

    random = sequence(drawing('XYZ789'));
    const withdrawn = value(
      await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
    );
    value(await service.challenges.cancel(withdrawn.id, ALICE));
    expect(code(await service.joinByCode('xyz789', BORIS))).toBe('challenge-closed');
    expect(challenge.id).not.toBe(withdrawn.id);
  });

  it('a code already taken is drawn again with a new id; too many clashes are "busy"', async () => {
    const service = makeService();
    const first = value(
      await service.challenges.create({ challenger: ALICE, target: { kind: 'open' } }),
    );
    // The next two draws give the same code again, the third a new one.
    random = sequence([...drawing('ABC234'), ...drawing('ABC234'), ...drawing('DEF567'), 0.1]);
    const second = value(
      await service.challenges.create({ challenger: BORIS, target: { kind: 'open' } }),
    );
    expect(second.inviteCode).toBe('DEF567');
    expect(second.id).not.toBe(first.id);
    expect(ids).toBe(4); // id1, then id2 and id3 lost to the clash, id4 stored
    expect(await store.getChallenge('id2')).toBeUndefined();
    expect((value(await service.joinByCode('DEF567', ALICE)) as Game).black).toEqual(ALICE);

    // Always the taken code: a few tries, then "busy".
    let draws = 0;
    random = () => item(drawing('ABC234'), draws++ % 6, 'drawing');
    expect(
      code(await service.challenges.create({ challenger: BORIS, target: { kind: 'open' } })),
    ).toBe('busy');
    expect(draws).toBe(5 * 6);
  });

  it('a store that cannot be reached is store-unavailable, not an unknown code', async () => {
    const service = makeService();
    store.findChallengeByCode = () => {
      return Promise.reject(new StoreError('store-unavailable', 'down'));
    };
    expect(code(await service.joinByCode('ABC234', BORIS))).toBe('store-unavailable');
  });
});
