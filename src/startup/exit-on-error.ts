import { ConfigError } from '../config.js';
import type { AppLogger } from './logging.js';
import { StartupTimeoutError } from './wait.js';

/**
 * How a process entry point (the bot, the AI worker) ends on an error it could not handle, with
 * one JSON line of component `startup` (scrubbed of secrets like every line): a bad setting
 * exits 2 with the setting named, a dependency that never came up exits 1 with what it waited
 * for, anything else exits 1 with its stack.
 */
export function exitOnError(logging: () => AppLogger): (error: unknown) => never {
  return (error) => {
    if (error instanceof ConfigError) {
      logging().fatal(`configuration error: ${error.message}`, {}, 'startup');
      process.exit(2);
    }
    if (error instanceof StartupTimeoutError) {
      logging().fatal(error.message, {}, 'startup');
      process.exit(1);
    }
    logging().fatal('fatal error; exiting', { err: error }, 'startup');
    process.exit(1);
  };
}
