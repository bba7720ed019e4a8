/**
 * The Logger port backed by pino: one JSON line per event on stdout, errors under `err` with
 * their stacks (pino's err serializer), and the fields of the request being handled (see
 * withLogScope) on every line. LOG_LEVEL picks the level (info unless set).
 */
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import { logScope, type Logger } from '../game/logger.js';

/** The port over one pino logger (or child). */
function port(log: Pino): Logger {
  return {
    info: (message, context) => log.info(context ?? {}, message),
    warn: (message, context) => log.warn(context ?? {}, message),
    error: (message, context) => log.error(context ?? {}, message),
    child: (bindings) => port(log.child(bindings)),
  };
}

export interface AppLogger {
  readonly logger: Logger;
  /** Logs at the fatal level and flushes, for the last line before the process exits. */
  fatal(message: string, context: Record<string, unknown>): void;
}

/**
 * The process's logger, on stdout unless told otherwise: file descriptor 2 (stderr) when stdout
 * is a terminal game's, or a stream (tests capture it).
 */
export function createLogger(
  level = 'info',
  destination: DestinationStream | 1 | 2 = 1,
): AppLogger {
  const log = pino(
    {
      level,
      base: { pid: process.pid },
      mixin: () => logScope() ?? {},
    },
    typeof destination === 'number'
      ? pino.destination({ dest: destination, sync: true })
      : destination,
  );
  return {
    logger: port(log),
    fatal: (message, context) => {
      log.fatal(context, message);
      log.flush();
    },
  };
}
