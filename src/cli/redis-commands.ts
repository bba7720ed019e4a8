/** `redis migrate-keys`: the key migration (src/store/migrate-keys.ts) from the command line. */
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from '../config.js';
import { loadEnvFile } from '../startup/env-file.js';
import { KeyBuilder } from '../store/keys.js';
import { migrateKeys } from '../store/migrate-keys.js';
import { createStoreRedis, type RedisClient } from '../store/redis-connection.js';
import { readOptions, UsageError, type Print } from './options.js';

/** Runs one of the redis subcommands; the exit code. */
export async function redisCommand(
  args: string[],
  print: Print,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'migrate-keys')
    throw new UsageError('redis: the one subcommand is migrate-keys (try: help redis)');
  const opts = readOptions(rest, {
    strings: 'from to to-cluster prefix',
    flags: 'dry-run delete-old',
  });
  const { values } = opts;
  loadEnvFile(join(process.cwd(), '.env'));
  const fromUrl = values.from ?? env.REDIS_URL;
  if (fromUrl === undefined || fromUrl === '')
    throw new UsageError('redis migrate-keys: --from URL (or REDIS_URL) names the Redis to read');
  if (values.to !== undefined && values['to-cluster'] !== undefined)
    throw new UsageError('redis migrate-keys: --to or --to-cluster, not both');
  const prefix = values.prefix ?? (env.REDIS_KEY_PREFIX || 'bashni:');
  let keys: KeyBuilder;
  try {
    keys = new KeyBuilder(prefix);
  } catch (error) {
    throw new UsageError(`redis migrate-keys: ${(error as Error).message}`);
  }
  let to: RedisClient | undefined;
  if (values['to-cluster'] !== undefined) {
    let config;
    try {
      config = loadConfig({
        REDIS_CLUSTER_NODES: values['to-cluster'],
        REDIS_PASSWORD: env.REDIS_PASSWORD,
        REDIS_USERNAME: env.REDIS_USERNAME,
      });
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(`--to-cluster: ${error.message}`);
      throw error;
    }
    to = createStoreRedis(config.redis!.target, { enableOfflineQueue: true });
  } else if (values.to !== undefined) to = new Redis(values.to);
  const from = new Redis(fromUrl);
  try {
    const counts = await migrateKeys({
      from,
      to: to ?? from,
      keys,
      dryRun: opts.flag('dry-run'),
      deleteOld: opts.flag('delete-old'),
    });
    const what = opts.flag('dry-run') ? 'to copy' : 'copied';
    print(
      `keys of the old layout under ${prefix}: ${counts.found}; ${what}: ${counts.copied}; already there: ${counts.present}; same name, kept: ${counts.kept}; old deleted: ${counts.deleted}; not of the old layout: ${counts.skipped}; active games indexed: ${counts.indexed}`,
    );
    return 0;
  } finally {
    from.disconnect();
    to?.disconnect();
  }
}
