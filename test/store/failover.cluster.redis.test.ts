/**
 * Failover on a Redis Cluster of 3 masters with a replica each (cluster-node-timeout 1 s): a game
 * in progress through the game service (Redis store, BullMQ timers), the master holding the
 * game's slot SIGKILLed mid-game, moves kept coming while the slot is down, the replica promoted.
 * Then the old master comes back and rejoins as the new master's replica while moves go on.
 * What docs/operations.md promises ("Failover"): a move reported applied stays applied, except
 * the last ones acknowledged just before the kill (asynchronous replication); no move is applied
 * twice; the same service instance works again by itself; a bounded number of log lines.
 */
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { legalMoves, makeFen, makeMove, VARIANTS } from '../../src/engine/index.js';
import type { Game } from '../../src/game/model.js';
import { GameService } from '../../src/game/service.js';
import { BullMqScheduler } from '../../src/store/bullmq-scheduler.js';
import { KeyBuilder } from '../../src/store/keys.js';
import { RedisGameStore } from '../../src/store/redis-store.js';
import { capturingLogger } from '../support/capturing-logger.js';
import { fen, positionAfter } from '../support/engine-helpers.js';
import { ALICE, BORIS } from '../support/game-fixtures.js';
import type { PrivateRedis } from '../support/redis-server.js';
import { useRedisBackend } from '../support/redis-backend.js';
import { textOf } from '../support/text-of.js';
import { until } from '../support/until.js';

const redis = useRedisBackend('cluster', { replicasPerMaster: 1, nodeTimeoutMs: 1_000 });
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The port of the master serving `slot`, as `node` sees the slot map; undefined if none. */
async function masterOf(node: PrivateRedis, slot: number): Promise<number | undefined> {
  const client = new Redis(node.url, { lazyConnect: true, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const ranges = (await client.call('CLUSTER', 'SLOTS')) as [number, number, [string, number]][];
    return ranges.find(([from, to]) => from <= slot && slot <= to)?.[2][1];
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}

/** The (bashni) game's next move: a legal one, picked by the ply so the game varies. */
function nextMove(game: Game): string {
  const moves = legalMoves(fen(game.fen));
  const move = moves[(game.moves.length * 7) % moves.length];
  if (move === undefined) throw new Error('no legal move');
  return makeMove(VARIANTS.bashni, move);
}

interface Acked {
  readonly ply: number;
  readonly move: string;
  /** Acknowledged before the master was killed. */
  readonly beforeKill: boolean;
}

describe('failover of the master holding a game', () => {
  it('loses no move acknowledged after the kill, applies none twice and recovers by itself', async () => {
    const keys = new KeyBuilder('fo:');
    const { logger, lines } = capturingLogger();
    const store = new RedisGameStore(redis.target(), keys, {
      log: logger.child({ part: 'store' }),
    });
    const scheduler = new BullMqScheduler({
      connection: redis.target(),
      prefix: keys.bullMqPrefix(),
      backoffMs: 100,
      log: logger.child({ part: 'timers' }),
    });
    const service = new GameService({ store, scheduler, dayMs: 86_400_000, logger });
    await service.start();
    try {
      const started = await service.moves.start({ white: ALICE, black: BORIS, daysPerMove: 1 });
      if (!started.ok) throw new Error(started.message);
      let game = started.value;
      expect(game.variant).toBe('bashni');
      const acked: Acked[] = [];
      let killed = false;
      let refused = 0;
      /**
       * One ply through the service, as a player retries a refused tap: the same move on the
       * same board (seenPly) until it is applied, or the board has moved on (its first try did
       * go in and only the answer was lost, or the record lost it): then the record is read.
       */
      const play = async (): Promise<void> => {
        const player = game.moves.length % 2 === 0 ? ALICE : BORIS;
        const move = nextMove(game);
        const ply = game.moves.length;
        for (;;) {
          const result = await service.moves.play(game.id, player, move, { seenPly: ply });
          if (result.ok) {
            acked.push({ ply, move, beforeKill: !killed });
            game = result.value;
            return;
          }
          refused++;
          if (result.code !== 'store-unavailable') break;
          await delay(100);
        }
        // The slot may stay unreachable a while longer: read again until it answers.
        game = await until(async () => {
          const read = await service.queries.getGame(game.id);
          return read.ok ? read.value : undefined;
        }, 'the game record');
      };

      for (let ply = 0; ply < 6; ply++) await play();

      // The master holding the game's slot, by the slot map; SIGKILL, with no warning.
      const [first] = redis.cluster().masters;
      const slot = Number(await redis.shared().call('CLUSTER', 'KEYSLOT', keys.game(game.id)));
      const port = await masterOf(first!, slot);
      const victim = redis.cluster().nodes.find((node) => node.port === port);
      if (victim === undefined) throw new Error(`no node on port ${String(port)}`);
      const survivor = redis.cluster().masters.find((node) => node !== victim)!;
      const killedAt = Date.now();
      // Its directory kept: its nodes.conf brings it back into the cluster below.
      await victim.stop({ keepDirectory: true });
      killed = true;

      // Moves keep coming while the slot is down (refused and retried), through the promotion.
      const moving = (async () => {
        for (let ply = 0; ply < 6 && game.status === 'active'; ply++) await play();
      })();
      const promoted = await until(
        async () => {
          const master = await masterOf(survivor, slot);
          return master !== undefined && master !== port ? master : undefined;
        },
        'the replica’s promotion',
        20_000,
      );
      await moving;
      const recoveredMs = Date.now() - killedAt;
      // And on, on the same service instance: nothing restarted.
      for (let ply = 0; ply < 4 && game.status === 'active'; ply++) await play();

      // The old master comes back: it rejoins as the new master's replica (and refuses writes,
      // MOVED), while the game goes on through the service's existing connections.
      const rejoinedAt = Date.now();
      await victim.restart();
      const rejoining = (async () => {
        for (let ply = 0; ply < 4 && game.status === 'active'; ply++) await play();
      })();
      await until(
        async () => {
          const client = new Redis(victim.url, { lazyConnect: true, retryStrategy: () => null });
          client.on('error', () => undefined);
          try {
            await client.connect();
            const info = String(await client.call('INFO', 'replication'));
            return /role:slave/.test(info) &&
              info.includes(`master_port:${promoted}`) &&
              /master_link_status:up/.test(info)
              ? true
              : undefined;
          } catch {
            return undefined;
          } finally {
            client.disconnect();
          }
        },
        'the old master replicating from the new one',
        20_000,
      );
      const rejoinedMs = Date.now() - rejoinedAt;
      await rejoining;
      for (let ply = 0; ply < 4 && game.status === 'active'; ply++) await play();

      const stored = await service.queries.getGame(game.id);
      if (!stored.ok) throw new Error(stored.message);
      const record = stored.value;
      // Every ply once, in order, each legal on the one before, ending on the record's board:
      // no move applied twice.
      let position = fen(record.startFen);
      for (const move of record.moves) position = positionAfter(position, move);
      expect(makeFen(position)).toBe(record.fen);
      expect(new Set(acked.map(({ ply }) => ply)).size).toBe(acked.length);
      const lost = acked.filter(({ ply, move }) => record.moves[ply] !== move);
      // Only moves acknowledged before the kill may be lost (asynchronous replication), and
      // then only the last ones: none acknowledged after it.
      expect(lost.filter(({ beforeKill }) => !beforeKill)).toEqual([]);
      const firstLost = lost[0]?.ply ?? record.moves.length;
      expect(acked.filter(({ ply, beforeKill }) => beforeKill && ply >= firstLost)).toEqual(
        lost.filter(({ beforeKill }) => beforeKill),
      );
      // Every move the record holds after the loss point was acknowledged, at its ply.
      const afterKill = acked.filter(({ beforeKill }) => !beforeKill);
      expect(afterKill.length).toBeGreaterThanOrEqual(12);
      for (const { ply, move } of afterKill) expect(record.moves[ply]).toBe(move);
      expect(record.moves.length).toBe(acked.at(-1)!.ply + 1);

      const trouble = lines.filter((line) =>
        /MOVED|ASK|READONLY|CLUSTERDOWN|TRYAGAIN|connect|closed|unavailable/i.test(
          `${line.message} ${textOf(line.context.err)}`,
        ),
      );
      console.log(
        `failover: slot ${slot} moved from port ${String(port)} to ${promoted} in ${recoveredMs} ms, ` +
          `the old master a replica again ${rejoinedMs} ms after its restart; ` +
          `${acked.length} moves acknowledged, ${lost.length} lost, ${refused} refused and ` +
          `retried; ${trouble.length} trouble log lines of ${lines.length}`,
      );
      expect(trouble.length).toBeLessThan(50);
    } finally {
      await service.stop();
      await store.close();
    }
  });
});
