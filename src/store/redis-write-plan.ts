import { createHash } from 'node:crypto';
import { hashTag } from './keys.js';
import { isCluster, type RedisClient } from './redis-connection.js';
import { isReplyError } from './redis-run.js';

/**
 * The one write script. Every write of the store is a plan (WritePlan, below): checks that must
 * all hold (a key is absent, a record hash has version v), then record and index operations,
 * applied together or not at all; one call holds keys of one hash tag only (one cluster slot),
 * so WritePlan splits a write into its record's call and the calls of its indexes. The plan names keys and values only by their position in KEYS and ARGV, so record
 * text never goes through cjson. Operations are validated before anything is written, because
 * Redis does not roll back a script that fails half-way.
 *
 * Returns 1 when applied, 0 when a check failed.
 */
const APPLY_PLAN = `
local plan = cjson.decode(ARGV[1])
local arity = { hset = 2, sadd = 1, srem = 1, set = 1, setnx = 1, zadd = 2, zrem = 1, del = 0, delifeq = 1 }
for _, op in ipairs(plan.ops) do
  local n = arity[op[1]]
  if n == nil or KEYS[op[2]] == nil or #op ~= n + 2 then
    return redis.error_reply('bashni plan: bad operation ' .. tostring(op[1]))
  end
  for i = 3, #op do
    if ARGV[op[i]] == nil then return redis.error_reply('bashni plan: bad argument') end
  end
end
for _, check in ipairs(plan.checks) do
  local key = KEYS[check[2]]
  if key == nil then return redis.error_reply('bashni plan: bad check key') end
  if check[1] == 'absent' then
    if redis.call('EXISTS', key) == 1 then return 0 end
  elseif check[1] == 'version' then
    if redis.call('HGET', key, 'v') ~= ARGV[check[3]] then return 0 end
  else
    return redis.error_reply('bashni plan: bad check ' .. tostring(check[1]))
  end
end
for _, op in ipairs(plan.ops) do
  local name, key = op[1], KEYS[op[2]]
  if name == 'hset' then
    redis.call('HSET', key, 'v', ARGV[op[3]], 'd', ARGV[op[4]])
  elseif name == 'sadd' then
    redis.call('SADD', key, ARGV[op[3]])
  elseif name == 'srem' then
    redis.call('SREM', key, ARGV[op[3]])
  elseif name == 'set' then
    redis.call('SET', key, ARGV[op[3]])
  elseif name == 'setnx' then
    redis.call('SET', key, ARGV[op[3]], 'NX')
  elseif name == 'zadd' then
    redis.call('ZADD', key, ARGV[op[3]], ARGV[op[4]])
  elseif name == 'zrem' then
    redis.call('ZREM', key, ARGV[op[3]])
  elseif name == 'del' then
    redis.call('DEL', key)
  elseif name == 'delifeq' then
    if redis.call('GET', key) == ARGV[op[3]] then redis.call('DEL', key) end
  end
end
return 1
`;
const APPLY_PLAN_SHA = createHash('sha1').update(APPLY_PLAN).digest('hex');

/** What a plan may do to a key (the script checks each operation's arity). */
export type PlanOp =
  'hset' | 'sadd' | 'srem' | 'set' | 'setnx' | 'zadd' | 'zrem' | 'del' | 'delifeq';

type Operation = readonly [name: PlanOp, key: string, ...values: string[]];
type Check = readonly ['absent', string] | readonly ['version', string, string];

/** The KEYS, ARGV and JSON plan of one APPLY_PLAN call: keys of one hash tag only. */
export class ScriptCall {
  private readonly keys: string[] = [];
  private readonly keyIndex = new Map<string, number>();
  // ARGV[1] is the plan itself; values start at ARGV[2].
  private readonly values: string[] = [];
  private readonly checks: (string | number)[][] = [];
  private readonly ops: (string | number)[][] = [];

  constructor(checks: readonly Check[], ops: readonly Operation[]) {
    for (const check of checks)
      this.checks.push(
        check[0] === 'absent'
          ? ['absent', this.key(check[1])]
          : ['version', this.key(check[1]), this.value(check[2])],
      );
    for (const [name, key, ...values] of ops)
      this.ops.push([name, this.key(key), ...values.map((value) => this.value(value))]);
  }

  /** Arguments of EVAL/EVALSHA after the script and numkeys: keys, plan, values. */
  evalArguments(): { numberOfKeys: number; args: string[] } {
    const plan = JSON.stringify({ checks: this.checks, ops: this.ops });
    return { numberOfKeys: this.keys.length, args: [...this.keys, plan, ...this.values] };
  }

  private key(key: string): number {
    let index = this.keyIndex.get(key);
    if (index === undefined) {
      this.keys.push(key);
      index = this.keys.length;
      this.keyIndex.set(key, index);
    }
    return index;
  }
  private value(value: string): number {
    this.values.push(value);
    return this.values.length + 1;
  }
}

/**
 * One write of a record: checks on the record (absent, or at a version), the record itself and
 * its indexes. The checks and every operation on keys of the record's hash tag are one script,
 * atomic (the record's compare-and-set is the truth); operations on other tags (indexes: a
 * player's set, a chat's view, a global sorted set) are written after it, one script per tag,
 * and are idempotent, so writing them again (a retry, a repair) does no harm. The record's tag
 * is that of the first check's key, or of the first operation's without checks.
 */
export class WritePlan {
  private readonly checks: Check[] = [];
  private readonly ops: Operation[] = [];

  requireAbsent(key: string): this {
    this.checks.push(['absent', key]);
    return this;
  }
  requireVersion(key: string, version: string): this {
    this.checks.push(['version', key, version]);
    return this;
  }
  op(name: PlanOp, key: string, ...values: string[]): this {
    this.ops.push([name, key, ...values]);
    return this;
  }

  /** The hash tag of the record: the checks and the atomic part are on it. */
  get tag(): string | undefined {
    const first = this.checks[0]?.[1] ?? this.ops[0]?.[1];
    return first === undefined ? undefined : hashTag(first);
  }

  /** The whole plan as one call: for a single server, where every key is on one "slot". */
  whole(): ScriptCall {
    return new ScriptCall(this.checks, this.ops);
  }

  /** The atomic part: every check and the operations on the record's tag. */
  primary(): ScriptCall {
    const tag = this.tag;
    for (const check of this.checks)
      if (hashTag(check[1]) !== tag)
        throw new Error(`bashni plan: a check on another slot than the record (${check[1]})`);
    return new ScriptCall(
      this.checks,
      this.ops.filter(([, key]) => hashTag(key) === tag),
    );
  }

  /** The operations on other tags, one call per tag (written after the primary part). */
  followUps(): ScriptCall[] {
    const tag = this.tag;
    const byTag = new Map<string, Operation[]>();
    for (const op of this.ops) {
      const other = hashTag(op[1]);
      if (other === tag) continue;
      const group = byTag.get(other) ?? [];
      group.push(op);
      byTag.set(other, group);
    }
    return [...byTag.values()].map((ops) => new ScriptCall([], ops));
  }
}

/** Runs one call with EVALSHA, loading the script with EVAL the first time a server lacks it. */
async function runCall(redis: RedisClient, call: ScriptCall): Promise<boolean> {
  const { numberOfKeys, args } = call.evalArguments();
  let result: unknown;
  try {
    result = await redis.evalsha(APPLY_PLAN_SHA, numberOfKeys, ...args);
  } catch (error) {
    if (!(isReplyError(error) && error.message.startsWith('NOSCRIPT'))) throw error;
    result = await redis.eval(APPLY_PLAN, numberOfKeys, ...args);
  }
  return result === 1;
}

/**
 * Runs a plan: on a single server all of it in one call (atomic, indexes included); on a
 * cluster its atomic part, then (when that applied) its follow-ups. True when applied, false
 * when a check failed (nothing written then). Errors are the client's: callers run this inside
 * their store's error mapping (runOnRedis).
 */
export async function applyPlan(redis: RedisClient, plan: WritePlan): Promise<boolean> {
  if (!isCluster(redis)) return runCall(redis, plan.whole());
  if (!(await runCall(redis, plan.primary()))) return false;
  await applyFollowUps(redis, plan);
  return true;
}

/** Writes a plan's operations on other tags than the record's only (an index repair). */
export async function applyFollowUps(redis: RedisClient, plan: WritePlan): Promise<void> {
  await Promise.all(plan.followUps().map((call) => runCall(redis, call)));
}
