import type { Redis } from 'ioredis';
import type { StoreRun } from './redis-run.js';
import { applyPlan, WritePlan } from './redis-write-plan.js';

/**
 * The versioned records of the Redis stores, each a hash { v: version, d: codec JSON }: read
 * one, create one, replace one by its next version with compare-and-set, or apply any other
 * plan (redis-write-plan.ts).
 */
export class RedisRecords {
  constructor(
    private readonly redis: Redis,
    private readonly run: StoreRun,
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

  /** Writes a new record at `key` (with its indexes, by `write`) unless one is there: false then. */
  async create(
    operation: string,
    key: string,
    record: { readonly id: string },
    write: (plan: WritePlan) => void,
  ): Promise<boolean> {
    const plan = new WritePlan().requireAbsent(key);
    write(plan);
    return this.apply(operation, record.id, plan);
  }

  /**
   * Replaces the record at `key` by `next` if it is still at `expectedVersion` and `next` is the
   * version after it; `write` adds the record and its indexes to the plan. False when not.
   */
  async save(
    operation: string,
    key: string,
    next: { readonly id: string; readonly version: number },
    expectedVersion: number,
    write: (plan: WritePlan) => void,
  ): Promise<boolean> {
    if (next.version !== expectedVersion + 1) return false;
    const plan = new WritePlan().requireVersion(key, String(expectedVersion));
    write(plan);
    return this.apply(operation, next.id, plan);
  }
}
