/** Discord's epoch (2015-01-01), the zero of every snowflake's timestamp. */
const DISCORD_EPOCH = 1_420_070_400_000n;

/**
 * Makes ids the way Discord does: milliseconds since DISCORD_EPOCH shifted left 22 bits, plus an
 * increment, so ids are unique, increase with time and decode to their creation time (discord.js
 * reads `createdTimestamp` from them).
 */
export class Snowflakes {
  private increment = 0n;
  private lastMs = 0n;

  /** A fresh snowflake as a decimal string. */
  next(): string {
    // Never go back in time, even if the clock does: ids must stay increasing.
    const nowMs = BigInt(Date.now());
    const ms = nowMs > this.lastMs ? nowMs : this.lastMs;
    if (ms !== this.lastMs) this.increment = 0n;
    this.lastMs = ms;
    this.increment += 1n;
    return (((ms - DISCORD_EPOCH) << 22n) | (1n << 17n) | (this.increment & 0xfffn)).toString();
  }
}

/** The shard a guild belongs to among `shardCount` shards (Discord's formula). */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}
