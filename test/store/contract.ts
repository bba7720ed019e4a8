import { beforeEach, describe, expect, it } from 'vitest';
import type { GameStore } from '../../src/game/ports.js';
import { StoreError } from '../../src/game/ports.js';
import { square } from '../support/engine-helpers.js';
import {
  ALICE,
  BORIS,
  CAROL,
  DMITRI,
  makeChallenge,
  makeGame,
  makeTableGame,
} from '../support/game-fixtures.js';

/** What a store test needs: a fresh, empty store and a way to plant raw (corrupt) records. */
export interface StoreHarness {
  store: GameStore;
  putRawGame(id: string, text: string): Promise<void>;
}

/**
 * The behaviour every GameStore must have, run against each implementation
 * (test/store/memory-store.test.ts, test/store/redis-store.redis.test.ts).
 */
export function storeContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`${name}: GameStore contract`, () => {
    let harness: StoreHarness;
    let store: GameStore;
    beforeEach(async () => {
      harness = await makeHarness();
      store = harness.store;
    });

    it('creates and reads challenges; a second create with the same id is refused', async () => {
      const challenge = makeChallenge('c1', {
        views: [{ platform: 'telegram', chatId: '-100', messageId: '7' }],
      });
      expect(await store.createChallenge(challenge)).toBe(true);
      expect(await store.createChallenge(challenge)).toBe(false);
      expect(await store.getChallenge('c1')).toEqual(challenge);
      expect(await store.getChallenge('nope')).toBeUndefined();
      expect(
        await store.findByView({ platform: 'telegram', chatId: '-100', messageId: '7' }),
      ).toEqual({
        kind: 'challenge',
        id: 'c1',
      });
    });

    it('indexes invite codes: a taken code refuses the create, like a taken id', async () => {
      const coded = makeChallenge('c1', { inviteCode: 'ABC234' });
      expect(await store.createChallenge(coded)).toBe(true);
      expect(await store.findChallengeByCode('ABC234')).toBe('c1');
      expect(await store.findChallengeByCode('ABC235')).toBeUndefined();
      // Another challenge with the same code: refused, and nothing of it is written.
      const clash = makeChallenge('c2', {
        inviteCode: 'ABC234',
        views: [{ platform: 'discord', chatId: '77', messageId: '1' }],
      });
      expect(await store.createChallenge(clash)).toBe(false);
      expect(await store.getChallenge('c2')).toBeUndefined();
      expect(
        await store.findByView({ platform: 'discord', chatId: '77', messageId: '1' }),
      ).toBeUndefined();
      expect(await store.findChallengeByCode('ABC234')).toBe('c1');
      // A challenge without a code (one to a named player) indexes none.
      expect(await store.createChallenge(makeChallenge('c3'))).toBe(true);
      expect(await store.getChallenge('c3')).toEqual(makeChallenge('c3'));
    });

    it('a closed challenge keeps its code until purged; purge removes the code', async () => {
      await store.createChallenge(makeChallenge('c1', { inviteCode: 'XYZ789' }));
      await store.createChallenge(makeChallenge('c2', { inviteCode: 'QQQ222', updatedAt: 1 }));
      const expired = makeChallenge('c1', {
        version: 2,
        status: 'expired',
        inviteCode: 'XYZ789',
        updatedAt: 2_000,
      });
      expect(await store.saveChallenge(expired, 1)).toBe(true);
      expect(await store.findChallengeByCode('XYZ789')).toBe('c1');
      expect(await store.purge(5_000)).toEqual({ games: 0, challenges: 1 });
      expect(await store.findChallengeByCode('XYZ789')).toBeUndefined();
      // An open one is not purged, nor is its code; a freed code can be used again.
      expect(await store.findChallengeByCode('QQQ222')).toBe('c2');
      expect(await store.createChallenge(makeChallenge('c4', { inviteCode: 'XYZ789' }))).toBe(true);
      expect(await store.findChallengeByCode('XYZ789')).toBe('c4');
    });

    it('saves a challenge only on the expected version, one version up', async () => {
      await store.createChallenge(makeChallenge('c1'));
      const declined = makeChallenge('c1', { version: 2, status: 'declined' });
      expect(await store.saveChallenge(declined, 2)).toBe(false);
      expect(await store.saveChallenge({ ...declined, version: 3 }, 1)).toBe(false);
      expect(await store.saveChallenge(declined, 1)).toBe(true);
      expect(await store.saveChallenge(declined, 1)).toBe(false);
      expect((await store.getChallenge('c1'))?.status).toBe('declined');
    });

    it('indexes the open challenges of each challenger; a closed or accepted one leaves it', async () => {
      await store.createChallenge(makeChallenge('c1'));
      await store.createChallenge(makeChallenge('c2'));
      await store.createChallenge(makeChallenge('c3', { challenger: BORIS }));
      expect((await store.openChallengeIds(ALICE)).sort()).toEqual(['c1', 'c2']);
      expect(await store.openChallengeIds(BORIS)).toEqual(['c3']);
      expect(await store.openChallengeIds(CAROL)).toEqual([]);

      await store.saveChallenge(makeChallenge('c1', { version: 2, status: 'cancelled' }), 1);
      const accepted = makeChallenge('c2', { version: 2, status: 'accepted', gameId: 'g1' });
      await store.startGame(accepted, 1, makeGame('g1'));
      expect(await store.openChallengeIds(ALICE)).toEqual([]);
      expect(await store.openChallengeIds(BORIS)).toEqual(['c3']);
    });

    it('starts a game from a challenge atomically: both or neither', async () => {
      await store.createChallenge(makeChallenge('c1'));
      const accepted = makeChallenge('c1', { version: 2, status: 'accepted', gameId: 'g1' });
      expect(await store.startGame(accepted, 5, makeGame('g1'))).toBe(false);
      expect(await store.getGame('g1')).toBeUndefined();
      expect((await store.getChallenge('c1'))?.status).toBe('open');

      expect(await store.startGame(accepted, 1, makeGame('g1'))).toBe(true);
      expect((await store.getChallenge('c1'))?.gameId).toBe('g1');
      expect(await store.getGame('g1')).toEqual(makeGame('g1'));
      expect(await store.activeGameIds(ALICE)).toEqual(['g1']);

      // A second acceptance racing the first loses, and changes nothing.
      const again = makeChallenge('c1', { version: 3, status: 'accepted', gameId: 'g2' });
      expect(await store.startGame(again, 1, makeGame('g2'))).toBe(false);
      expect(await store.getGame('g2')).toBeUndefined();
    });

    it('keeps games with compare-and-set on the version', async () => {
      const game = makeGame('g1');
      expect(await store.createGame(game)).toBe(true);
      expect(await store.createGame(game)).toBe(false);
      const moved = { ...game, version: 2, moves: ['c3-d4'] };
      expect(await store.saveGame(moved, 2)).toBe(false);
      expect(await store.saveGame(moved, 1)).toBe(true);
      expect(await store.saveGame({ ...moved, version: 3, moves: ['a3-b4'] }, 1)).toBe(false);
      expect(await store.getGame('g1')).toEqual(moved);
      expect(await store.saveGame(makeGame('ghost', { version: 2 }), 1)).toBe(false);
      expect(await store.getGame('ghost')).toBeUndefined();
    });

    it('lets exactly one of 50 simultaneous saves at one version win', async () => {
      await store.createGame(makeGame('g1'));
      const attempts = Array.from({ length: 50 }, (_, i) =>
        store.saveGame(makeGame('g1', { version: 2, moves: [`attempt-${i}`] }), 1),
      );
      const results = await Promise.all(attempts);
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await store.getGame('g1'))?.moves).toEqual([`attempt-${winner}`]);
    });

    it('indexes active games per player and games by chat message', async () => {
      const view = { platform: 'telegram' as const, chatId: '-100', messageId: '42' };
      await store.createGame(makeGame('g1', { views: [view] }));
      await store.createGame(makeGame('g2', { white: CAROL, black: ALICE }));
      expect((await store.activeGameIds(ALICE)).sort()).toEqual(['g1', 'g2']);
      expect(await store.activeGameIds(BORIS)).toEqual(['g1']);
      expect(await store.activeGameIds(CAROL)).toEqual(['g2']);
      expect(await store.findByView(view)).toEqual({ kind: 'game', id: 'g1' });
      expect(await store.findByView({ ...view, messageId: '43' })).toBeUndefined();

      const second = { platform: 'discord' as const, chatId: '555', messageId: '9' };
      const finished = makeGame('g1', {
        version: 2,
        status: 'finished',
        result: { winner: 'white', reason: 'resignation' },
        views: [view, second],
        finishedAt: 2_000,
      });
      expect(await store.saveGame(finished, 1)).toBe(true);
      expect(await store.activeGameIds(ALICE)).toEqual(['g2']);
      expect(await store.activeGameIds(BORIS)).toEqual([]);
      expect(await store.findByView(second)).toEqual({ kind: 'game', id: 'g1' });
    });

    it('keeps a table game and its lobby whole, and indexes every seat’s player', async () => {
      const lobby = makeChallenge('t-lobby', {
        variant: 'zhernov',
        seats: [ALICE, BORIS, null, { ...DMITRI, botLevel: 3, userId: 'bot-green' }],
      });
      expect(await store.createChallenge(lobby)).toBe(true);
      expect(await store.getChallenge('t-lobby')).toEqual(lobby);
      const table = makeTableGame('t1', {
        moves: ['c1-b2', 'resign:green'],
        lastMove: { from: square('c1'), path: [square('b2')], captures: [] },
      });
      expect(await store.createGame(table)).toBe(true);
      expect(await store.getGame('t1')).toEqual(table);
      for (const player of [ALICE, BORIS, CAROL, DMITRI])
        expect(await store.activeGameIds(player)).toEqual(['t1']);
      const over = makeTableGame('t1', {
        version: 2,
        status: 'finished',
        finishedAt: 2_000,
        result: {
          winner: 'red',
          reason: 'last-player',
          standings: [
            { seat: 0, place: 3, points: 1, count: false },
            { seat: 1, place: 1, points: 2.5, count: false },
            { seat: 2, place: 4, points: 0, count: false },
            { seat: 3, place: 2, points: 2, count: true },
          ],
        },
      });
      expect(await store.saveGame(over, 1)).toBe(true);
      expect(await store.getGame('t1')).toEqual(over);
      expect(await store.activeGameIds(DMITRI)).toEqual([]);
      expect(await store.purge(5_000)).toEqual({ games: 1, challenges: 0 });
    });

    it('a table game whose FEN does not parse is corrupt', async () => {
      await harness.putRawGame(
        't-bad',
        JSON.stringify({ ...makeTableGame('t-bad'), s: 3, fen: 'W:Wc1(00):Zz9' }),
      );
      await expect(store.getGame('t-bad')).rejects.toMatchObject({ code: 'corrupt-record' });
    });

    it('a challenge message that becomes the game message points to the game', async () => {
      const view = { platform: 'telegram' as const, chatId: '-100', messageId: '8' };
      await store.createChallenge(makeChallenge('c1', { views: [view] }));
      const accepted = makeChallenge('c1', {
        version: 2,
        status: 'accepted',
        gameId: 'g1',
        views: [view],
      });
      await store.startGame(accepted, 1, makeGame('g1', { views: [view] }));
      expect(await store.findByView(view)).toEqual({ kind: 'game', id: 'g1' });
    });

    it('purges finished games and closed challenges past retention, with their indexes', async () => {
      const oldView = { platform: 'telegram' as const, chatId: '1', messageId: '1' };
      await store.createGame(
        makeGame('old', { status: 'finished', finishedAt: 1_000, views: [oldView] }),
      );
      await store.createGame(makeGame('recent', { status: 'finished', finishedAt: 9_000 }));
      await store.createGame(makeGame('live', { updatedAt: 1 }));
      await store.createChallenge(makeChallenge('c-old', { status: 'expired', updatedAt: 1_000 }));
      await store.createChallenge(makeChallenge('c-open', { updatedAt: 1 }));
      expect(await store.purge(5_000)).toEqual({ games: 1, challenges: 1 });
      expect(await store.getGame('old')).toBeUndefined();
      expect(await store.findByView(oldView)).toBeUndefined();
      expect(await store.getGame('recent')).toBeDefined();
      expect(await store.getGame('live')).toBeDefined();
      expect(await store.getChallenge('c-old')).toBeUndefined();
      expect(await store.getChallenge('c-open')).toBeDefined();
      expect(await store.purge(5_000)).toEqual({ games: 0, challenges: 0 });
    });

    it('lists active games by last change for ending idle ones; a game that ends leaves the list', async () => {
      await store.createGame(makeGame('old', { updatedAt: 1_000 }));
      await store.createGame(makeGame('older', { updatedAt: 500 }));
      await store.createGame(makeGame('fresh', { updatedAt: 9_000 }));
      await store.createGame(makeGame('done', { status: 'finished', updatedAt: 100 }));
      expect(await store.idleGameIds(5_000, 10)).toEqual(['older', 'old']);
      expect(await store.idleGameIds(5_000, 1)).toEqual(['older']);
      expect(await store.idleGameIds(500, 10)).toEqual([]);

      // A change moves the game on; ending it takes it off the list, and purge then deletes it.
      const moved = makeGame('older', { version: 2, updatedAt: 9_500 });
      expect(await store.saveGame(moved, 1)).toBe(true);
      const ended = makeGame('old', {
        version: 2,
        status: 'finished',
        result: { winner: null, reason: 'abandoned' },
        updatedAt: 6_000,
        finishedAt: 6_000,
      });
      expect(await store.saveGame(ended, 1)).toBe(true);
      expect(await store.idleGameIds(10_000, 10)).toEqual(['fresh', 'older']);
      expect(await store.purge(7_000)).toEqual({ games: 2, challenges: 0 });
      expect(await store.getGame('old')).toBeUndefined();
      expect(await store.idleGameIds(10_000, 10)).toEqual(['fresh', 'older']);
    });

    it('a corrupt or unknown-version record is an error for that game only', async () => {
      await store.createGame(makeGame('good'));
      await harness.putRawGame('broken', '{"s":2,"id":"broken",');
      await harness.putRawGame('future', JSON.stringify({ s: 99, id: 'future' }));
      await harness.putRawGame(
        'wrong',
        JSON.stringify({ ...makeGame('wrong'), s: 2, moves: 'c3-d4' }),
      );
      for (const id of ['broken', 'future', 'wrong']) {
        const error = await store.getGame(id).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(StoreError);
        expect((error as StoreError).code).toBe('corrupt-record');
        expect((error as StoreError).recordId).toBe(id);
        expect((error as StoreError).message).toContain(id);
      }
      expect(await store.getGame('good')).toEqual(makeGame('good'));
    });

    it('upgrades a schema-1 game on read by replaying its moves', async () => {
      const current = makeGame('v1');
      const { keys: _keys, quietPlies: _quiet, ...old } = current;
      await harness.putRawGame('v1', JSON.stringify({ ...old, s: 1, moves: ['c3-d4', 'f6-g5'] }));
      const game = await store.getGame('v1');
      expect(game?.keys).toHaveLength(3);
      expect(game?.quietPlies).toBe(2);
      expect(game?.moves).toEqual(['c3-d4', 'f6-g5']);
      expect(game?.lastMove).toEqual({ from: square('f6'), path: [square('g5')], captures: [] });
    });

    it('upgrades a schema-2 game on read: the last move’s squares, from one replay', async () => {
      const current = makeGame('v2', {
        moves: ['c3-d4', 'f6-e5', 'd4:f6'],
        status: 'finished',
        keys: [],
      });
      await harness.putRawGame('v2', JSON.stringify({ ...current, s: 2 }));
      await harness.putRawGame('fresh', JSON.stringify({ ...makeGame('fresh'), s: 2 }));
      const game = await store.getGame('v2');
      expect(game?.lastMove).toEqual({
        from: square('d4'),
        path: [square('f6')],
        captures: [square('e5')],
      });
      expect(game?.keys).toEqual([]);
      // Before the first move there is no last move to draw.
      expect(await store.getGame('fresh')).toEqual(makeGame('fresh'));
      expect('lastMove' in (await store.getGame('fresh'))!).toBe(false);
      // A schema-2 record whose moves do not replay is corrupt, like any other.
      await harness.putRawGame(
        'bad',
        JSON.stringify({ ...current, id: 'bad', moves: ['c3-e5'], s: 2 }),
      );
      const error = await store.getGame('bad').catch((e: unknown) => e);
      expect((error as StoreError).code).toBe('corrupt-record');
    });

    it('a saved game keeps its last move’s squares; a stored one that is not an object is corrupt', async () => {
      const lastMove = { from: square('c3'), path: [square('d4')], captures: [] };
      const game = makeGame('g1', { moves: ['c3-d4'], lastMove });
      await store.createGame(game);
      expect((await store.getGame('g1'))?.lastMove).toEqual(lastMove);
      await harness.putRawGame(
        'odd',
        JSON.stringify({ ...makeGame('odd'), s: 3, lastMove: 'c3-d4' }),
      );
      const error = await store.getGame('odd').catch((e: unknown) => e);
      expect((error as StoreError).code).toBe('corrupt-record');
    });
  });
}
