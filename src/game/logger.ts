/**
 * The one logging port of the application. Every layer logs through it; main.ts backs it with
 * pino (src/startup/logging.ts), tests with a silent or capturing logger. An error goes under
 * the `err` key as the Error itself, never `String(error)`: the backing logger keeps its stack.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Fields of a log line besides its message. */
export type LogContext = Record<string, unknown>;

export interface Logger {
  info(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  error(message: string, context?: LogContext): void;
  /** A logger that adds `bindings` to every line (e.g. `{ component: 'telegram' }`). */
  child(bindings: LogContext): Logger;
}

const quiet = (): void => {};

/** Logs nothing (tests, tools). */
export const silentLogger: Logger = {
  info: quiet,
  warn: quiet,
  error: quiet,
  child: () => silentLogger,
};

/** The console, for a service built without a logger (tools, benchmarks). */
export function consoleLogger(bindings: LogContext = {}): Logger {
  const line = (message: string, context?: LogContext) => ({
    ...bindings,
    ...logScope(),
    ...context,
    msg: message,
  });
  return {
    info: (message, context) => console.info(line(message, context)),
    warn: (message, context) => console.warn(line(message, context)),
    error: (message, context) => console.error(line(message, context)),
    child: (more) => consoleLogger({ ...bindings, ...more }),
  };
}

/**
 * The fields of the request being handled (a Telegram update's id, a Discord interaction's),
 * carried through every await below `withLogScope`. Every line logged while handling one
 * request gets them: the service, the store and the presenters log without being handed a
 * per-request logger.
 */
const scope = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `fields` on every line it logs (nested scopes add to the outer one). */
export function withLogScope<T>(fields: LogContext, work: () => T): T {
  return scope.run({ ...scope.getStore(), ...fields }, work);
}

/** The fields of the current request, if any. */
export function logScope(): LogContext | undefined {
  return scope.getStore();
}

/**
 * Awaits work whose failure must not stop the caller (a cache write, a cosmetic edit, a
 * setting read with a default): a failure is logged as a warning, `what` and `context` saying
 * what was lost, and the fallback (undefined unless given) stands in for the result.
 */
export function bestEffort<T>(
  logger: Logger,
  what: string,
  work: Promise<T>,
  context?: LogContext,
): Promise<T | undefined>;
export function bestEffort<T, F>(
  logger: Logger,
  what: string,
  work: Promise<T>,
  context: LogContext,
  fallback: F,
): Promise<T | F>;
export async function bestEffort<T, F>(
  logger: Logger,
  what: string,
  work: Promise<T>,
  context: LogContext = {},
  fallback?: F,
): Promise<T | F | undefined> {
  try {
    return await work;
  } catch (error) {
    logger.warn(what, { ...context, err: error });
    return fallback;
  }
}

/**
 * A warning about something that may come with every request (a forged webhook call, say):
 * logged when it first happens, then at most once per `windowMs`, each line with `times`, how
 * often it happened since the line before.
 */
export class ThrottledWarning {
  private times = 0;
  private loggedAt = -Infinity;

  constructor(
    private readonly logger: Logger,
    private readonly message: string,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  note(context: LogContext = {}): void {
    this.times++;
    const now = this.now();
    if (now - this.loggedAt < this.windowMs) return;
    this.logger.warn(this.message, { ...context, times: this.times });
    this.times = 0;
    this.loggedAt = now;
  }
}
