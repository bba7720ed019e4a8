import { describe, expect, it } from 'vitest';
import { decodeChallenge, decodeGame, encodeChallenge, encodeGame } from '../../src/store/codec.js';
import { square, UNHOLDABLE_FEN } from '../support/engine-helpers.js';
import { corruptRecordOf } from '../support/corrupt-record.js';
import { CAROL, makeChallenge, makeGame } from '../support/game-fixtures.js';

describe('record codec', () => {
  it('round-trips a game with every optional field, and keeps a field it does not know', () => {
    const game = makeGame('g1', {
      moves: ['c3-d4'],
      lastMove: { from: square('c3'), path: [square('d4')], captures: [] },
      status: 'finished',
      result: { winner: 'black', reason: 'time' },
      daysPerMove: 3,
      deadline: null,
      drawOffer: 'white',
      views: [{ platform: 'discord', chatId: '7', messageId: '8' }],
      finishedAt: 2_000,
      turnStartedAt: 1_500,
      turnAnnounced: true,
      nudge: { at: 3_000, ply: 1 },
      requestKeys: ['u1'],
    });
    expect(decodeGame('g1', encodeGame(game))).toEqual(game);
    const newer = { ...game, s: 3, addedLater: { x: 1 } };
    expect(decodeGame('g1', JSON.stringify(newer))).toEqual({ ...game, addedLater: { x: 1 } });
  });

  it('refuses a game damaged at any depth as corrupt, saying where', () => {
    const game = makeGame('g1');
    const damaged: [string, object, RegExp][] = [
      ['moves of numbers', { moves: [22, 23] }, /moves/],
      ['a view without chatId', { views: [{ platform: 'telegram', messageId: '5' }] }, /chatId/],
      ['a player without a user id', { white: { displayName: 'A', platform: 'x' } }, /white/],
      ['a FEN that does not parse', { fen: 'W:Wz9:B' }, /fen does not parse/],
      ['a start FEN that does not parse', { startFen: 'nonsense' }, /startFen/],
      [
        'a position the engine cannot hold',
        { variant: 'adiyukh-10x10', fen: UNHOLDABLE_FEN },
        /fen does not parse: c3: a stack of 33 pieces; the engine holds 32/,
      ],
      [
        'a result with an unknown reason',
        { status: 'finished', result: { winner: null, reason: 'boredom' } },
        /reason/,
      ],
      [
        'last-move captures of text',
        { lastMove: { from: 1, path: [2], captures: ['e5'] } },
        /captures/,
      ],
      ['days per move not offered', { daysPerMove: 4 }, /daysPerMove/],
      ['a nudge without its ply', { nudge: { at: 5 } }, /ply/],
    ];
    for (const [what, change, where] of damaged) {
      const text = JSON.stringify({ s: 3, ...game, ...change });
      const message = corruptRecordOf(() => decodeGame('g1', text)).message;
      expect(message, what).toMatch(/^game g1: /);
      expect(message, what).toMatch(where);
    }
  });

  it('refuses a challenge damaged at depth as corrupt, and round-trips a good one', () => {
    const challenge = makeChallenge('c1', {
      target: { kind: 'user', player: { platform: 'discord', userId: CAROL.userId } },
      inviteCode: 'ABC234',
    });
    expect(decodeChallenge('c1', encodeChallenge(challenge))).toEqual(challenge);
    for (const change of [
      { target: { kind: 'user' } },
      { target: { kind: 'someone' } },
      { challengerSide: 'green' },
      { views: [{ platform: 'discord', chatId: 7, messageId: '8' }] },
      { challenger: { ...challenge.challenger, botLevel: 'high' } },
    ]) {
      const text = JSON.stringify({ s: 1, ...challenge, ...change });
      expect(corruptRecordOf(() => decodeChallenge('c1', text)).message).toMatch(/^challenge c1: /);
    }
  });

  it('refuses an old game whose moves are not text before replaying them', () => {
    const { keys: _keys, quietPlies: _quiet, ...old } = makeGame('g1');
    const text = JSON.stringify({ ...old, s: 1, moves: [22] });
    expect(corruptRecordOf(() => decodeGame('g1', text)).message).toMatch(/moves/);
  });
});
