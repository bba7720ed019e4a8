import { makeFen, startPosition } from '../../src/engine/index.js';
import { makeTableFen, tableStart } from '../../src/engine/multi/index.js';
import type { Challenge, Game, Player } from '../../src/game/model.js';

export const ALICE: Player = {
  platform: 'telegram',
  userId: '1001',
  displayName: 'Alice',
  username: 'Alice_Plays',
  language: 'en',
};
export const BORIS: Player = {
  platform: 'telegram',
  userId: '1002',
  displayName: 'Борис',
  username: 'boris',
  language: 'ru',
};
export const CAROL: Player = {
  platform: 'discord',
  userId: '123456789012345678',
  displayName: 'Carol',
  username: 'carol',
};

/** A fresh active game record between two players, version 1. */
export function makeGame(id: string, overrides: Partial<Game> = {}): Game {
  const fen = makeFen(startPosition('bashni'));
  return {
    id,
    version: 1,
    variant: 'bashni',
    white: ALICE,
    black: BORIS,
    startFen: fen,
    moves: [],
    fen,
    keys: ['0000000000000000'],
    quietPlies: 0,
    status: 'active',
    daysPerMove: null,
    deadline: null,
    reminderSent: false,
    drawOffer: null,
    views: [],
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
}

export const DMITRI: Player = {
  platform: 'telegram',
  userId: '1004',
  displayName: 'Dmitri',
  username: 'dmitri',
  language: 'ru',
};

/** A table game (Zhernov's) at its start: Alice White, Boris Red, Carol Black, Dmitri Green. */
export function makeTableGame(id: string, overrides: Partial<Game> = {}): Game {
  const fen = makeTableFen(tableStart());
  return makeGame(id, {
    variant: 'zhernov',
    red: BORIS,
    black: CAROL,
    green: DMITRI,
    startFen: fen,
    fen,
    keys: [],
    ...overrides,
  });
}

/** An open challenge from Alice to anyone, version 1. */
export function makeChallenge(id: string, overrides: Partial<Challenge> = {}): Challenge {
  return {
    id,
    version: 1,
    challenger: ALICE,
    target: { kind: 'open' },
    variant: 'bashni',
    daysPerMove: null,
    challengerSide: 'white',
    status: 'open',
    createdAt: 1_000,
    updatedAt: 1_000,
    expiresAt: 1_000 + 86_400_000,
    views: [],
    ...overrides,
  };
}
