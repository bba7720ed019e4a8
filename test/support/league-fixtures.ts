import type { Tournament } from '../../src/game/tournament-model.js';
import { ALICE, BORIS } from './game-fixtures.js';

/** A tournament in sign-up in the chat -100, version 1, with two entrants. */
export function makeTournament(id: string, overrides: Partial<Tournament> = {}): Tournament {
  return {
    id,
    version: 1,
    chat: { platform: 'telegram', chatId: '-100' },
    organiser: ALICE,
    format: 'swiss',
    variant: 'bashni',
    daysPerMove: 3,
    rounds: 3,
    rated: true,
    status: 'signup',
    entrants: [{ player: ALICE }, { player: BORIS, rating: 1612 }],
    played: [],
    views: [{ platform: 'telegram', chatId: '-100', messageId: '42' }],
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
}
