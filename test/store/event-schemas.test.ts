import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/game/results.js';
import { decodeBatch } from '../../src/store/event-schemas.js';
import { newPlayerRating } from '../../src/game/rating-model.js';
import { ALICE, makeChallenge, makeGame, makeTableGame } from '../support/game-fixtures.js';
import { makeTournament } from '../support/league-fixtures.js';

const game = makeGame('g1', { daysPerMove: 1, deadline: 90_000 });
const challenge = makeChallenge('c1');
const table = makeTableGame('t1');
const tournament = makeTournament('tq1');

/** One event of every type, keyed by type so that a new type fails to compile here first. */
const ONE_OF_EACH: { [T in GameEvent['type']]: Extract<GameEvent, { type: T }> } = {
  'challenge-created': { type: 'challenge-created', challenge },
  'challenge-declined': { type: 'challenge-declined', challenge },
  'challenge-cancelled': { type: 'challenge-cancelled', challenge },
  'challenge-expired': { type: 'challenge-expired', challenge },
  'challenge-updated': {
    type: 'challenge-updated',
    challenge: { ...challenge, variant: 'zhernov', seats: [ALICE, null, null, null] },
  },
  'game-started': {
    type: 'game-started',
    game,
    challenge,
    ping: true,
    acceptedIn: { platform: 'telegram', chatId: '-100' },
  },
  'move-played': { type: 'move-played', game, move: 'c3-d4', by: 'white', ping: false },
  'seat-out': {
    type: 'seat-out',
    game: table,
    color: 'red',
    why: 'resign',
    finished: [{ seat: 1, how: 'out' }],
  },
  'turn-nudge': { type: 'turn-nudge', game },
  'draw-offered': { type: 'draw-offered', game, by: 'black' },
  'draw-declined': { type: 'draw-declined', game, by: 'white' },
  reminder: { type: 'reminder', game, side: 'white', deadline: 90_000 },
  'game-over': {
    type: 'game-over',
    game: { ...game, status: 'finished' },
    result: { winner: 'black', reason: 'time' },
  },
  'game-rated': {
    type: 'game-rated',
    game: { ...game, status: 'finished', rated: true },
    ratings: [newPlayerRating(ALICE, 'bashni', 'people', 5_000)],
  },
  'tournament-updated': { type: 'tournament-updated', tournament },
  'tournament-round': { type: 'tournament-round', tournament, round: 1 },
  'tournament-withdrawal': { type: 'tournament-withdrawal', tournament, entrant: 0 },
  'tournament-finished': { type: 'tournament-finished', tournament },
  'tournament-cancelled': { type: 'tournament-cancelled', tournament },
};

describe('event batches between processes', () => {
  it('decodes every event type as it was sent', () => {
    const events = Object.values(ONE_OF_EACH);
    expect(decodeBatch(JSON.stringify(events))).toEqual(events);
    expect(decodeBatch('[]')).toEqual([]);
  });

  it('keeps fields a newer process added', () => {
    const event = { ...ONE_OF_EACH['turn-nudge'], extra: 1 };
    expect(decodeBatch(JSON.stringify([event]))).toEqual([event]);
  });

  it('refuses a batch with any event of the wrong shape, at any depth', () => {
    const bad: unknown[] = [
      undefined,
      'not json {',
      '{"type":"turn-nudge"}',
      JSON.stringify([{ type: 'no-such-event', game }]),
      JSON.stringify([{ type: 'move-played', game, move: 'c3-d4', by: 'purple', ping: true }]),
      JSON.stringify([{ ...ONE_OF_EACH['seat-out'], why: 'bored' }]),
      JSON.stringify([{ type: 'turn-nudge', game: { ...game, views: [{ chatId: 5 }] } }]),
      JSON.stringify([ONE_OF_EACH['turn-nudge'], { type: 'game-over', game }]),
    ];
    for (const payload of bad)
      expect(decodeBatch(payload as string | undefined), String(payload)).toBeUndefined();
  });
});
