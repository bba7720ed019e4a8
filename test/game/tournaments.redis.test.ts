import { silentLogger } from '../../src/game/logger.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { RedisLeagueStore } from '../../src/store/redis-league-store.js';
import { RedisGameStore } from '../../src/store/redis-store.js';
import { redisClients } from '../support/redis-clients.js';
import { tournamentSuite } from './tournament-suite.js';

const redis = redisClients();
let prefixes = 0;

tournamentSuite('tournaments in the game service (Redis stores)', () => {
  const keys = new KeyBuilder(`tour${++prefixes}:`);
  return {
    store: new RedisGameStore(redis.shared(), keys, { log: silentLogger }),
    league: new RedisLeagueStore(redis.shared(), keys, { log: silentLogger }),
  };
});
