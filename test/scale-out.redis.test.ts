/**
 * Scale-out as shipped: two bot processes behind one Telegram webhook URL (the test plays the
 * load balancer, handing each update to one process or the other) and one AI worker process
 * (`npm run worker`), all on one Redis. A game against the bot goes through both processes, and
 * the bot's moves are searched by the worker: none comes until the worker runs.
 */
import { useAppFleet } from './support/app-fleet.js';
import { botGameAcrossProcesses } from './support/scale-out-game.js';

botGameAcrossProcesses(useAppFleet());
