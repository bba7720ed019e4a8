import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Platform } from '../game/model.js';
import { StoreError, type EventRelay } from '../game/ports.js';
import type { GameEvent } from '../game/results.js';
import {
  StreamConsumer,
  type ConsumerSettings,
  type StreamEntry,
  type StreamReader,
} from './event-stream-consumer.js';
import { KeyBuilder } from './keys.js';
import { consoleLogger } from '../game/logger.js';
import {
  clientFor,
  createStoreRedis,
  duplicateClient,
  type RedisClient,
  type RedisAddress,
} from './redis-connection.js';

export interface RedisEventRelayOptions extends Partial<ConsumerSettings> {
  readonly keys?: KeyBuilder;
  /** This process's consumer name; host, pid and a random suffix by default. */
  readonly consumer?: string;
  /** The consumer group of each platform's stream; default "presenters". */
  readonly group?: string;
  /** Entries kept per stream (approximately: MAXLEN ~); default 10 000. */
  readonly maxLength?: number;
  /**
   * Other consumers of the group idle this long with nothing pending are deleted when this one
   * subscribes (every process start adds a consumer name); default a day.
   */
  readonly pruneIdleMs?: number;
}

/**
 * Deletes the group's consumers other than ARGV[2] that have nothing pending and have been idle
 * for ARGV[3] ms: the names of processes gone (their pending entries, if any, are taken over
 * first by XAUTOCLAIM). Atomic, so an entry cannot become pending between the check and the
 * delete. KEYS[1]: stream; ARGV: group, this consumer, idle ms. Returns how many were deleted.
 */
const PRUNE_CONSUMERS = `
local ok, consumers = pcall(redis.call, 'XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
if not ok then return 0 end
local removed = 0
for _, consumer in ipairs(consumers) do
  local field = {}
  for i = 1, #consumer, 2 do field[consumer[i]] = consumer[i + 1] end
  if field['name'] ~= ARGV[2] and tonumber(field['pending']) == 0
      and tonumber(field['idle']) >= tonumber(ARGV[3]) then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], field['name'])
    removed = removed + 1
  end
end
return removed
`;

/** The field of a stream entry that holds the batch (JSON of the events). */
const FIELD = 'e';

type RawEntry = [id: string, fields: string[] | null];

/** [id, fields] pairs of XREADGROUP / XAUTOCLAIM replies, as entries delivered `deliveries` times. */
function toEntries(raw: unknown, deliveries: (id: string) => number): StreamEntry[] {
  if (!Array.isArray(raw)) return [];
  return (raw as RawEntry[]).map(([id, fields]) => {
    const at = fields?.indexOf(FIELD) ?? -1;
    const payload = at >= 0 && at % 2 === 0 ? fields?.[at + 1] : undefined;
    return { id: String(id), payload, deliveries: deliveries(String(id)) };
  });
}

/**
 * XADD of a batch; a stream that does not exist yet (a new or emptied Redis) is made with its
 * group first, so no batch is published before the group that delivers it exists.
 */
const PUBLISH = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('XGROUP', 'CREATE', KEYS[1], ARGV[1], '$', 'MKSTREAM')
end
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', '${FIELD}', ARGV[3])
`;

/**
 * The entries of an XREADGROUP reply for one stream: [[key, entries]] in RESP2, a map
 * { key: entries } (flattened to [key, entries]) in RESP3; null when nothing came.
 */
function streamEntries(reply: unknown): unknown {
  if (!Array.isArray(reply) || reply.length === 0) return undefined;
  return typeof reply[0] === 'string' ? reply[1] : (reply[0] as unknown[])[1];
}

function isNoGroup(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOGROUP');
}

/**
 * EventRelay on Redis Streams: `<prefix>events:<platform>` per platform (XADD, MAXLEN ~), one
 * consumer group per stream, so each batch goes to one subscribed process of the platform.
 * Reads block on a dedicated connection (a duplicate of the given one); acknowledgements,
 * take-overs (XAUTOCLAIM) and publishing use the given connection. See StreamConsumer for what
 * happens to failing and undecodable batches and during a Redis outage.
 */
export class RedisEventRelay implements EventRelay {
  private readonly redis: RedisClient;
  private readonly ownsConnection: boolean;
  private readonly keys: KeyBuilder;
  private readonly group: string;
  private readonly consumer: string;
  private readonly maxLength: number;
  private readonly pruneIdleMs: number;
  private readonly settings: ConsumerSettings;
  private readonly running: { consumer: StreamConsumer; reader: RedisClient }[] = [];

  constructor(connection: RedisClient | RedisAddress, options: RedisEventRelayOptions = {}) {
    const { client, owned } = clientFor(connection, createStoreRedis);
    this.ownsConnection = owned;
    this.redis = client;
    if (this.ownsConnection) this.redis.on('error', () => undefined); // reported by the callers
    this.keys = options.keys ?? new KeyBuilder();
    this.group = options.group ?? 'presenters';
    this.consumer =
      options.consumer ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    this.maxLength = options.maxLength ?? 10_000;
    this.pruneIdleMs = options.pruneIdleMs ?? 24 * 3_600_000;
    this.settings = { ...options, log: options.log ?? consoleLogger() };
  }

  async publish(platform: Platform, events: readonly GameEvent[]): Promise<void> {
    try {
      await this.runScript(PUBLISH, platform, this.maxLength, JSON.stringify(events));
      this.settings.health?.success();
    } catch (error) {
      this.settings.health?.failure(error);
      throw new StoreError(
        'store-unavailable',
        `event relay: publish: ${String(error)}`,
        undefined,
        {
          cause: error,
        },
      );
    }
  }

  async subscribe(
    platform: Platform,
    handler: (events: readonly GameEvent[]) => Promise<void>,
  ): Promise<void> {
    const blockMs = this.settings.blockMs ?? 2_000;
    // Blocking reads get their own connection, which waits through a reconnect for a while.
    const reader = duplicateClient(this.redis, {
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      commandTimeout: blockMs + 5_000,
    });
    reader.on('error', () => undefined); // the consumer logs an outage once
    const consumer = new StreamConsumer(
      `event relay (${platform})`,
      this.reader(platform, reader),
      handler,
      this.settings,
    );
    this.running.push({ consumer, reader });
    consumer.start();
    await this.pruneConsumers(platform);
  }

  /** Deletes the consumers of processes gone (see PRUNE_CONSUMERS); a failure is only logged. */
  private async pruneConsumers(platform: Platform): Promise<void> {
    try {
      await this.runScript(PRUNE_CONSUMERS, platform, this.consumer, this.pruneIdleMs);
    } catch (error) {
      this.settings.log.warn(`event relay (${platform}): could not prune old consumers`, {
        err: error,
      });
    }
  }

  /** Stops the subscriptions (see StreamConsumer.stop) and closes the connections it made. */
  async stop(): Promise<void> {
    const running = this.running.splice(0);
    const stopped = Promise.all(running.map(({ consumer }) => consumer.stop()));
    // Ends the blocking reads at once; acks go over the other connection.
    for (const { reader } of running) reader.disconnect();
    await stopped;
    if (this.ownsConnection) this.redis.disconnect();
  }

  /** Runs one of the scripts above on the platform's stream and this relay's group. */
  private async runScript(
    script: string,
    platform: Platform,
    ...args: (string | number)[]
  ): Promise<void> {
    await this.connected();
    await this.redis.eval(script, 1, this.keys.events(platform), this.group, ...args);
  }

  /**
   * Resolves when the given connection takes commands: a connection being set up gets a short
   * wait (the store's fail-fast client rejects commands until then); a broken one fails.
   */
  private async connected(): Promise<void> {
    const status = this.redis.status;
    if (status === 'ready') return;
    if (status !== 'wait' && status !== 'connecting' && status !== 'connect')
      throw new Error(`connection is ${status}`);
    // A failed connect is seen (and reported) by the wait for 'ready' below.
    if (status === 'wait') this.redis.connect().catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error): void => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('close', onClose);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onReady = (): void => done();
      const onClose = (): void => done(new Error('connection closed'));
      const timer = setTimeout(() => done(new Error('not connected in time')), 2_000);
      this.redis.once('ready', onReady);
      this.redis.once('close', onClose);
    });
  }

  /** Creates the platform's group at the stream's end (entries from now on); exists: fine. */
  private async createGroup(platform: Platform): Promise<void> {
    try {
      await this.redis.call(
        'XGROUP',
        'CREATE',
        this.keys.events(platform),
        this.group,
        '$',
        'MKSTREAM',
      );
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith('BUSYGROUP'))) throw error;
    }
  }

  private reader(platform: Platform, reader: RedisClient): StreamReader {
    const key = this.keys.events(platform);
    let claimCursor = '0-0';
    /** Runs a group command; a missing group (a new or emptied Redis) is created, once. */
    const withGroup = async <T>(work: () => Promise<T>, empty: T): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        if (!isNoGroup(error)) throw error;
        await this.createGroup(platform);
        return empty;
      }
    };
    return {
      readNew: (count, blockMs, signal) =>
        withGroup(async () => {
          if (signal.aborted) return [];
          const reply = await reader.call(
            'XREADGROUP',
            'GROUP',
            this.group,
            this.consumer,
            'COUNT',
            count,
            'BLOCK',
            blockMs,
            'STREAMS',
            key,
            '>',
          );
          return toEntries(streamEntries(reply), () => 1);
        }, []),
      claimStale: (count, minIdleMs) =>
        withGroup(async () => {
          await this.connected();
          const [cursor, claimed] = (await this.redis.call(
            'XAUTOCLAIM',
            key,
            this.group,
            this.consumer,
            minIdleMs,
            claimCursor,
            'COUNT',
            count,
          )) as [string, RawEntry[]];
          claimCursor = cursor;
          const live = claimed.filter(([, fields]) => fields !== null);
          const [first] = live;
          const last = live.at(-1);
          if (first === undefined || last === undefined) return [];
          // How often each was delivered (the take-over counts as a delivery).
          const pending = (await this.redis.call(
            'XPENDING',
            key,
            this.group,
            first[0],
            last[0],
            live.length + 1_000,
            this.consumer,
          )) as [string, string, number, number][];
          const deliveries = new Map(pending.map(([id, , , times]) => [id, Number(times)]));
          return toEntries(live, (id) => deliveries.get(id) ?? 1);
        }, []),
      ack: async (id) => {
        await this.connected();
        await this.redis.call('XACK', key, this.group, id);
      },
    };
  }
}
