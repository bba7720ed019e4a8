import { ConfigError } from '../config.js';
import { StartupTimeoutError } from './wait.js';

/**
 * How a process entry point (the bot, the AI worker) ends on an error it could not handle: a bad
 * setting exits 2 with the setting named, a dependency that never came up exits 1 with what it
 * waited for, anything else exits 1 with its stack.
 */
export function exitOnError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`configuration error: ${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof StartupTimeoutError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}
