import { describe } from 'vitest';
import { MemoryPuzzleStore } from '../../../src/store/memory-puzzle-store.js';
import { dailyPosterScenario } from './daily-poster-scenario.js';

describe('daily poster on the memory store', () => {
  // One store shared by the "processes", as Redis would be; a look every minute, as in production.
  const store = new MemoryPuzzleStore();
  dailyPosterScenario(() => store, 1);
});
