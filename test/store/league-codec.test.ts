import { describe, expect, it } from 'vitest';
import { playerKey } from '../../src/game/model.js';
import { newPlayerRating } from '../../src/game/rating-model.js';
import { decodeChallenge, decodeGame, encodeChallenge, encodeGame } from '../../src/store/codec.js';
import {
  decodePlayerRating,
  decodeTournament,
  encodePlayerRating,
  encodeTournament,
  ratingRecordId,
} from '../../src/store/league-codec.js';
import { corruptRecordOf } from '../support/corrupt-record.js';
import { ALICE, BORIS, CAROL, makeChallenge, makeGame } from '../support/game-fixtures.js';
import { makeTournament, ratedPlayer, ratingAfterGame } from './league-contract.js';

const ALICE_ID = ratingRecordId('bashni', 'people', playerKey(ALICE));

/** Alice after two rated games of Bashni: a won one and a lost one. */
function aliceRating() {
  const start = newPlayerRating(ratedPlayer(ALICE), 'bashni', 'people', 1_000);
  return ratingAfterGame(ratingAfterGame(start, 'g1', 1620, 200), 'g2', 1590, 180);
}

/** A swiss tournament in its second round, with a withdrawal, a bye and a forfeit. */
function runningTournament() {
  return makeTournament('t1', {
    version: 7,
    status: 'running',
    entrants: [
      { player: ALICE, rating: 1700 },
      { player: BORIS, rating: 1600, outFrom: 2, outWhy: 'left-chat' },
      { player: CAROL, rating: 1500 },
    ],
    played: [
      {
        number: 1,
        boards: [
          { white: 0, black: 1, gameId: 't1-r1b0', whiteScore: 0.5 },
          { white: 2, black: null, whiteScore: 1 },
        ],
        startedAt: 2_000,
        finishedAt: 3_000,
      },
      {
        number: 2,
        boards: [{ white: 2, black: 1, whiteScore: 1, forfeit: true }],
        startedAt: 3_000,
      },
    ],
    startedAt: 2_000,
    updatedAt: 3_000,
  });
}

describe('league codec', () => {
  it('round-trips a player rating, and keeps a field it does not know', () => {
    const rating = aliceRating();
    expect(rating.recent).toHaveLength(2);
    expect(decodePlayerRating(ALICE_ID, encodePlayerRating(rating))).toEqual(rating);
    const newer = JSON.stringify({ s: 1, ...rating, peak: 1620 });
    expect(decodePlayerRating(ALICE_ID, newer)).toEqual({ ...rating, peak: 1620 });
  });

  it('refuses a rating damaged at any depth, of another schema or another player', () => {
    const rating = aliceRating();
    const [first, second] = rating.recent;
    const damaged: [string, object, RegExp][] = [
      ['an unknown pool', { pool: 'robots' }, /pool/],
      ['a table variant', { variant: 'zhernov' }, /variant/],
      ['a zero deviation', { rating: { ...rating.rating, deviation: 0 } }, /deviation/],
      ['a rating of text', { rating: { ...rating.rating, rating: '1500' } }, /rating/],
      ['a fractional game count', { games: 2.5 }, /games/],
      ['a score of a third', { recent: [first, { ...second, score: 0.3 }] }, /recent\.1\.score/],
      ['a player without a name', { player: { platform: 'telegram', userId: '1' } }, /player/],
      ['a username of digits', { player: { ...rating.player, username: 7 } }, /username/],
    ];
    for (const [what, change, where] of damaged) {
      const text = JSON.stringify({ s: 1, ...rating, ...change });
      const error = corruptRecordOf(() => decodePlayerRating(ALICE_ID, text));
      expect(error.message, what).toMatch(/^rating bashni:people:telegram:1001: /);
      expect(error.message, what).toMatch(where);
      expect(error.recordId, what).toBe(ALICE_ID);
    }
    const text = encodePlayerRating(rating);
    expect(corruptRecordOf(() => decodePlayerRating(ALICE_ID, text.slice(0, -1))).message).toMatch(
      /not valid JSON/,
    );
    const future = JSON.stringify({ ...rating, s: 2 });
    expect(corruptRecordOf(() => decodePlayerRating(ALICE_ID, future)).message).toMatch(/schema 2/);
    // A record read from where another one should be.
    for (const id of [
      ratingRecordId('bashni', 'bot', playerKey(ALICE)),
      ratingRecordId('stolby', 'people', playerKey(ALICE)),
      ratingRecordId('bashni', 'people', playerKey(BORIS)),
    ])
      expect(corruptRecordOf(() => decodePlayerRating(id, text)).message).toMatch(/holds rating/);
  });

  it('round-trips a tournament, and refuses one damaged at depth', () => {
    const tournament = runningTournament();
    expect(decodeTournament('t1', encodeTournament(tournament))).toEqual(tournament);
    const fresh = makeTournament('t2');
    expect(decodeTournament('t2', encodeTournament(fresh))).toEqual(fresh);
    const [round] = tournament.played;
    const damaged: [string, object, RegExp][] = [
      ['an unknown status', { status: 'paused' }, /status/],
      ['an unknown format', { format: 'knockout' }, /format/],
      ['days per move not offered', { daysPerMove: 4 }, /daysPerMove/],
      ['no days per move', { daysPerMove: null }, /daysPerMove/],
      ['an entrant without a player', { entrants: [{ rating: 1500 }] }, /entrants\.0\.player/],
      ['an unknown withdrawal', { entrants: [{ player: ALICE, outWhy: 'bored' }] }, /outWhy/],
      [
        'a board with a named bye',
        { played: [{ ...round, boards: [{ white: 0, black: 'bye' }] }] },
        /played\.0\.boards\.0\.black/,
      ],
      ['a round 0', { played: [{ ...round, number: 0 }] }, /number/],
      ['a chat without an id', { chat: { platform: 'telegram' } }, /chat/],
    ];
    for (const [what, change, where] of damaged) {
      const text = JSON.stringify({ s: 1, ...tournament, ...change });
      const error = corruptRecordOf(() => decodeTournament('t1', text));
      expect(error.message, what).toMatch(/^tournament t1: /);
      expect(error.message, what).toMatch(where);
      expect(error.recordId, what).toBe('t1');
    }
    expect(
      corruptRecordOf(() => decodeTournament('t9', encodeTournament(tournament))).message,
    ).toMatch(/holds tournament t1/);
    expect(corruptRecordOf(() => decodeTournament('t1', '[]')).message).toMatch(/not an object/);
  });

  it('keeps the league fields of games and challenges; reads records without them', () => {
    const game = makeGame('t1-r2b0', {
      rated: true,
      tournament: { id: 't1', round: 2, board: 0 },
    });
    expect(decodeGame(game.id, encodeGame(game))).toEqual(game);
    const challenge = makeChallenge('c1', { rated: false });
    expect(decodeChallenge('c1', encodeChallenge(challenge))).toEqual(challenge);
    const old = makeGame('g1');
    expect(decodeGame('g1', encodeGame(old))).toEqual(old);
    expect(old).not.toHaveProperty('rated');
    for (const change of [
      { rated: 'yes' },
      { tournament: { id: 't1', round: 0, board: 0 } },
      { tournament: { id: 't1', round: 1 } },
    ]) {
      const text = JSON.stringify({ s: 3, ...game, ...change });
      expect(corruptRecordOf(() => decodeGame(game.id, text)).message).toMatch(/rated|tournament/);
    }
    const text = JSON.stringify({ s: 1, ...challenge, rated: 1 });
    expect(corruptRecordOf(() => decodeChallenge('c1', text)).message).toMatch(/rated/);
  });
});
