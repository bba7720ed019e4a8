/**
 * The Logger port backed by pino: one JSON line per event on stdout, each with its `component`,
 * errors under `err` field by field (serializeError: a type, message, stack and what failed,
 * never the objects an error carries), and the fields of the request being handled (see
 * withLogScope). Every finished line is scrubbed of the process's secrets (redaction.ts) before
 * it is written. LOG_LEVEL picks the level (info unless set).
 */
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import { logScope, type LogContext, type Logger } from '../game/logger.js';
import { Redactor, serializeError } from './redaction.js';

/**
 * The secrets of this process (tokens, signing keys, passwords), registered by the entry point
 * once the configuration is read: no line any logger of the process writes shows them.
 */
export const processSecrets = new Redactor();

/** The component of lines logged by the entry point itself. */
const MAIN_COMPONENT = 'main';

/**
 * The port over the root pino logger with `bindings` (a component and request fields): each
 * child is made from the root with all its bindings, so that a line names its component once.
 */
function port(root: Pino, bindings: LogContext): Logger {
  const log = root.child(bindings);
  return {
    info: (message, context) => log.info(context ?? {}, message),
    warn: (message, context) => log.warn(context ?? {}, message),
    error: (message, context) => log.error(context ?? {}, message),
    child: (more) => port(root, { ...bindings, ...more }),
  };
}

export interface AppLogger {
  /** The entry point's logger (component `main`); its children name their own. */
  readonly logger: Logger;
  /**
   * Logs at the fatal level and flushes, for the last line before the process exits; the line
   * names `component` (default `main`).
   */
  fatal(message: string, context: LogContext, component?: string): void;
}

export interface LoggerOptions {
  /** The secrets to keep out of every line; default processSecrets. */
  readonly redactor?: Redactor;
}

/** Keys whose values are never logged, wherever a caller puts them (besides the scrubbing). */
const REDACTED_KEYS = ['token', 'password', 'secret', 'authorization', 'ctx', 'api', 'update'];

/**
 * The process's logger, on stdout unless told otherwise: file descriptor 2 (stderr) when stdout
 * is a terminal game's, or a stream (tests capture it).
 */
export function createLogger(
  level = 'info',
  destination: DestinationStream | 1 | 2 = 1,
  options: LoggerOptions = {},
): AppLogger {
  const redactor = options.redactor ?? processSecrets;
  const root = pino(
    {
      level,
      base: { pid: process.pid },
      mixin: () => logScope() ?? {},
      serializers: { err: serializeError, error: serializeError, reason: serializeError },
      redact: {
        paths: REDACTED_KEYS.flatMap((key) => [key, `*.${key}`]),
        censor: '[redacted]',
      },
      hooks: { streamWrite: (line) => redactor.scrub(line) },
    },
    typeof destination === 'number'
      ? pino.destination({ dest: destination, sync: true })
      : destination,
  );
  return {
    logger: port(root, { component: MAIN_COMPONENT }),
    fatal: (message, context, component = MAIN_COMPONENT) => {
      root.child({ component }).fatal(context, message);
      root.flush();
    },
  };
}
