import { MemoryGameStore } from '../../src/store/memory-store.js';
import { storeContract } from './contract.js';

storeContract('memory store', async () => {
  const store = new MemoryGameStore();
  return {
    store,
    putRawGame: async (id, text) => store.putRawGame(id, text),
  };
});
