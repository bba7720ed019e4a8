/**
 * Scale-out as shipped on a Redis Cluster of 3 masters (REDIS_CLUSTER_NODES): the scenario of
 * test/scale-out.redis.test.ts, two bot processes behind one webhook and an AI worker playing a
 * game against the bot; and a tournament round between two people and a daily puzzle post.
 */
import { useAppFleet } from './support/app-fleet.js';
import { botGameAcrossProcesses } from './support/scale-out-game.js';
import { tournamentAndDailyAcrossProcesses } from './support/scale-out-league.js';

const fleet = useAppFleet('cluster');
botGameAcrossProcesses(fleet);
tournamentAndDailyAcrossProcesses(fleet);
