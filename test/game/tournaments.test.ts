import { MemoryLeagueStore } from '../../src/store/memory-league-store.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { tournamentSuite } from './tournament-suite.js';

tournamentSuite('tournaments in the game service (memory stores)', () => ({
  store: new MemoryGameStore(),
  league: new MemoryLeagueStore(),
}));
