import { isCluster, type RedisClient } from './redis-connection.js';
import type { StoreRun } from './redis-run.js';
import { StoreError } from '../game/ports.js';
import { applyFollowUps, applyPlan, WritePlan } from './redis-write-plan.js';
import type { VersionedRecord } from './versioned-record.js';

/** A kind of versioned record (a game, a challenge, a tournament) and how its indexes follow it. */
export interface RecordKind<T extends VersionedRecord> {
  /** Its name in the `indexing` set ("game:<id>"). */
  readonly name: string;
  key(id: string): string;
  decode(id: string, text: string): T;
  /** Adds the record's own write and its index operations to a plan. */
  write(plan: WritePlan, record: T): void;
  /** More to finish after a write or in a repair (a challenge's game to start). */
  finish?(id: string): Promise<void>;
}

/** How many times the indexes are written again for a record that keeps changing meanwhile. */
const SETTLE_ROUNDS = 5;

/** How long a mark in `indexing` may stay before a repair takes it for a process that died. */
export const INDEXING_REPAIR_AFTER_MS = 30_000;

/** Removes an `indexing` mark if it is still the one given (its score): another write may have renewed it. */
const UNMARK = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then redis.call('ZREM', KEYS[1], ARGV[1]) end
return 1
`;

/**
 * The versioned records of the Redis stores, each a hash { v: version, d: codec JSON }: read
 * one, create one, replace one by its next version with compare-and-set, or apply any other
 * plan (redis-write-plan.ts).
 *
 * On a single server a write is one script, the record and its indexes together (applyPlan).
 * On a cluster, a record's compare-and-set is the truth; its indexes on other slots are written
 * after it. They stay right without a cross-slot transaction:
 * - after writing them, the record's version is read again: a record that moved on meanwhile
 *   (a later write whose indexes may have landed before ours) gets the indexes of its newest
 *   version written again, so the last index write of every key is the newest version's;
 * - while they are written the record is marked in the `indexing` sorted set; a mark older than
 *   INDEXING_REPAIR_AFTER_MS (its process died half-way) is repaired by repair(): the newest
 *   version's indexes written again, then the mark removed.
 */
export class RedisRecords {
  constructor(
    private readonly redis: RedisClient,
    private readonly run: StoreRun,
    private readonly indexingKey: string,
  ) {}

  /** The record at `key` decoded, or undefined when there is none; `id` names it in errors. */
  async get<T>(
    operation: string,
    key: string,
    id: string,
    decode: (id: string, text: string) => T,
  ): Promise<T | undefined> {
    const text = await this.run(operation, id, () => this.redis.hget(key, 'd'));
    return text === null ? undefined : decode(id, text);
  }

  /** Applies a plan that writes the record `recordId` (and its indexes): false if a check failed. */
  apply(operation: string, recordId: string, plan: WritePlan): Promise<boolean> {
    return this.run(operation, recordId, () => applyPlan(this.redis, plan));
  }

  /** Writes a new record (with its indexes) unless one is there: false then. */
  async create<T extends VersionedRecord>(
    operation: string,
    kind: RecordKind<T>,
    record: T,
    extra?: (plan: WritePlan) => void,
  ): Promise<boolean> {
    const plan = new WritePlan().requireAbsent(kind.key(record.id));
    extra?.(plan);
    kind.write(plan, record);
    return this.written(operation, kind, record, plan);
  }

  /**
   * Replaces the record by `next` if it is still at `expectedVersion` and `next` is the version
   * after it; `extra` adds more to the plan (before the record). False when not.
   */
  async save<T extends VersionedRecord>(
    operation: string,
    kind: RecordKind<T>,
    next: T,
    expectedVersion: number,
    extra?: (plan: WritePlan) => void,
  ): Promise<boolean> {
    if (next.version !== expectedVersion + 1) return false;
    const plan = new WritePlan().requireVersion(kind.key(next.id), String(expectedVersion));
    extra?.(plan);
    kind.write(plan, next);
    return this.written(operation, kind, next, plan);
  }

  /**
   * Repairs the records marked in `indexing` for longer than `olderThanMs` (their process died
   * while writing their indexes), of the kinds given; other kinds' marks are left to their
   * store. Returns how many were repaired.
   */
  async repair(
    kinds: readonly RecordKind<VersionedRecord>[],
    olderThanMs = INDEXING_REPAIR_AFTER_MS,
  ): Promise<number> {
    const before = Date.now() - olderThanMs;
    const marks = await this.run('repair', undefined, () =>
      this.redis.zrangebyscore(this.indexingKey, '-inf', before, 'WITHSCORES', 'LIMIT', 0, 500),
    );
    let repaired = 0;
    for (let i = 0; i + 1 < marks.length; i += 2) {
      const member = marks[i]!;
      const colon = member.indexOf(':');
      const kind = kinds.find((candidate) => candidate.name === member.slice(0, colon));
      if (kind === undefined) continue;
      const id = member.slice(colon + 1);
      try {
        await this.settle(kind, id, undefined);
        await kind.finish?.(id);
      } catch (error) {
        // A corrupt record keeps its mark: reading it reports the corruption.
        if (error instanceof StoreError && error.code === 'corrupt-record') continue;
        throw error;
      }
      await this.unmark(member, marks[i + 1]!);
      repaired++;
    }
    return repaired;
  }

  /** The plan of a record, with its mark in `indexing` while its indexes are written. */
  private async written<T extends VersionedRecord>(
    operation: string,
    kind: RecordKind<T>,
    record: T,
    plan: WritePlan,
  ): Promise<boolean> {
    if (!isCluster(this.redis)) {
      const applied = await this.apply(operation, record.id, plan);
      if (applied) await kind.finish?.(record.id);
      return applied;
    }
    const member = `${kind.name}:${record.id}`;
    // Unique enough that another write's mark of the same record is not taken for this one.
    const score = String(Date.now() + Math.random());
    await this.run(operation, record.id, () => this.redis.zadd(this.indexingKey, score, member));
    const applied = await this.apply(operation, record.id, plan);
    if (applied) {
      await this.settle(kind, record.id, record.version);
      await kind.finish?.(record.id);
    }
    await this.unmark(member, score);
    return applied;
  }

  /**
   * Writes the indexes of the record's newest version again until the record stays at the
   * version they were written for (`written`: the one just written, whose indexes are done).
   */
  private async settle<T extends VersionedRecord>(
    kind: RecordKind<T>,
    id: string,
    written: number | undefined,
  ): Promise<void> {
    const key = kind.key(id);
    let done = written === undefined ? undefined : String(written);
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      const version = await this.run('indexes', id, () => this.redis.hget(key, 'v'));
      if (version === null || version === done) return;
      const text = await this.run('indexes', id, () => this.redis.hget(key, 'd'));
      if (text === null) return;
      const latest = kind.decode(id, text);
      // The check only names the record's slot: follow-ups leave the record itself alone.
      const plan = new WritePlan().requireVersion(key, String(latest.version));
      kind.write(plan, latest);
      await this.run('indexes', id, () => applyFollowUps(this.redis, plan));
      done = String(latest.version);
    }
  }

  private async unmark(member: string, score: string): Promise<void> {
    await this.run('indexes', undefined, () =>
      this.redis.eval(UNMARK, 1, this.indexingKey, member, score),
    );
  }
}
