import { MemoryLeagueStore } from '../../src/store/memory-league-store.js';
import { textLogger } from '../support/capturing-logger.js';
import { leagueStoreContract } from './league-contract.js';

leagueStoreContract('memory league store', () => {
  const logged: string[] = [];
  const store = new MemoryLeagueStore({ log: textLogger(logged) });
  return Promise.resolve({
    store,
    twin: store,
    logged,
    putRawRating: (player, variant, pool, text, games) =>
      Promise.resolve(store.putRawRating(player, variant, pool, text, games)),
    putRawTournament: (id, text, version) =>
      Promise.resolve(store.putRawTournament(id, text, version)),
  });
});
