import type { RedisClient } from './redis-connection.js';
import { StoreError, type KeyValueStore } from '../game/ports.js';
import { RedisReadiness } from './redis-ready.js';
import { KeyBuilder } from './keys.js';
import type { RedisRunOptions } from './redis-run.js';
import type { StoreHealthReport } from './store-health.js';

/** Writes between two sweeps of expired entries in the memory store. */
const SWEEP_EVERY = 1_000;

/**
 * In-process key-value store (the embedded default), with expiry. Expired entries go when read,
 * and every SWEEP_EVERY writes all of them: one never read again does not stay for ever.
 */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly values = new Map<string, { value: string; expiresAt: number }>();
  private writes = 0;

  /** Entries held, expired ones not yet swept included (for tests and diagnostics). */
  get size(): number {
    return this.values.size;
  }

  get(key: string): Promise<string | undefined> {
    const entry = this.values.get(key);
    if (entry === undefined) return Promise.resolve(undefined);
    if (entry.expiresAt <= Date.now()) {
      this.values.delete(key);
      return Promise.resolve(undefined);
    }
    return Promise.resolve(entry.value);
  }

  set(key: string, value: string, ttlMs?: number): Promise<void> {
    const now = Date.now();
    if (++this.writes % SWEEP_EVERY === 0) {
      for (const [old, entry] of this.values) if (entry.expiresAt <= now) this.values.delete(old);
    }
    this.values.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : now + ttlMs });
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.values.delete(key);
    return Promise.resolve();
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    // Checked and set in one step: of two callers at the same moment, one holds the key.
    const entry = this.values.get(key);
    if (entry !== undefined && entry.expiresAt > Date.now()) return Promise.resolve(false);
    void this.set(key, value, ttlMs);
    return Promise.resolve(true);
  }

  private readonly sets = new Map<string, Set<string>>();

  addToSet(set: string, member: string): Promise<void> {
    let members = this.sets.get(set);
    if (members === undefined) this.sets.set(set, (members = new Set()));
    members.add(member);
    return Promise.resolve();
  }

  removeFromSet(set: string, member: string): Promise<void> {
    const members = this.sets.get(set);
    members?.delete(member);
    if (members?.size === 0) this.sets.delete(set);
    return Promise.resolve();
  }

  setMembers(set: string): Promise<string[]> {
    return Promise.resolve([...(this.sets.get(set) ?? [])]);
  }
}

/** Redis key-value store: plain strings under the key builder's prefix, expiry with PX. */
export class RedisKeyValueStore implements KeyValueStore {
  private readonly readiness: RedisReadiness;
  private readonly health: StoreHealthReport | undefined;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeyBuilder = new KeyBuilder(),
    options: RedisRunOptions = {},
  ) {
    this.readiness = new RedisReadiness(redis, options.readyTimeoutMs ?? 2_000);
    this.health = options.health;
  }

  async get(key: string): Promise<string | undefined> {
    const value = await this.call(() => this.redis.get(this.keys.keyValue(key)));
    return value ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    const redisKey = this.keys.keyValue(key);
    await this.call(() =>
      ttlMs === undefined
        ? this.redis.set(redisKey, value)
        : this.redis.set(redisKey, value, 'PX', Math.max(1, Math.round(ttlMs))),
    );
  }

  async delete(key: string): Promise<void> {
    await this.call(() => this.redis.del(this.keys.keyValue(key)));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const stored = await this.call(() =>
      this.redis.set(this.keys.keyValue(key), value, 'PX', Math.max(1, Math.round(ttlMs)), 'NX'),
    );
    return stored === 'OK';
  }

  async addToSet(set: string, member: string): Promise<void> {
    await this.call(() => this.redis.sadd(this.keys.keyValue(set), member));
  }

  async removeFromSet(set: string, member: string): Promise<void> {
    await this.call(() => this.redis.srem(this.keys.keyValue(set), member));
  }

  async setMembers(set: string): Promise<string[]> {
    return this.call(() => this.redis.smembers(this.keys.keyValue(set)));
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      await this.readiness.ready();
      const result = await work();
      this.health?.success();
      return result;
    } catch (error) {
      this.health?.failure(error);
      throw new StoreError('store-unavailable', `key-value store: ${String(error)}`, undefined, {
        cause: error,
      });
    }
  }
}
