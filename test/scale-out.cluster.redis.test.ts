/**
 * Scale-out as shipped on a Redis Cluster of 3 masters (REDIS_CLUSTER_NODES): the scenario of
 * test/scale-out.redis.test.ts, two bot processes behind one webhook and an AI worker.
 */
import { useAppFleet } from './support/app-fleet.js';
import { botGameAcrossProcesses } from './support/scale-out-game.js';

botGameAcrossProcesses(useAppFleet('cluster'));
