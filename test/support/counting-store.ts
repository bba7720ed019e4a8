import type { Challenge, Game } from '../../src/game/model.js';
import type { MemoryGameStore } from '../../src/store/memory-store.js';

/** How many challenges and games a store has made since `countMade`. */
export interface MadeCount {
  challenges: number;
  games: number;
}

/**
 * Counts the challenges and games a memory store makes from now on (a request delivered twice
 * must make none the second time): its create calls are wrapped, the data stays the store's.
 */
export function countMade(store: MemoryGameStore): MadeCount {
  const made: MadeCount = { challenges: 0, games: 0 };
  const createChallenge = store.createChallenge.bind(store);
  const createGame = store.createGame.bind(store);
  const startGame = store.startGame.bind(store);
  store.createChallenge = async (challenge: Challenge) => {
    const stored = await createChallenge(challenge);
    if (stored) made.challenges++;
    return stored;
  };
  store.createGame = async (game: Game) => {
    const stored = await createGame(game);
    if (stored) made.games++;
    return stored;
  };
  store.startGame = async (next, expected, game) => {
    const stored = await startGame(next, expected, game);
    if (stored) made.games++;
    return stored;
  };
  return made;
}
