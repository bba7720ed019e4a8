import { MemoryGameStore } from '../../src/store/memory-store.js';
import { storeContract } from './contract.js';

storeContract('memory store', () => {
  const store = new MemoryGameStore();
  return Promise.resolve({
    store,
    putRawGame: (id, text) => Promise.resolve(store.putRawGame(id, text)),
  });
});
