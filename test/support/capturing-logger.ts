import { logScope, type LogContext, type Logger } from '../../src/game/logger.js';
import { textOf } from './text-of.js';

export interface LoggedLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  /** The child bindings, the request scope and the line's own context, merged. */
  readonly context: LogContext;
}

/** A logger that keeps every line, for tests that check what was logged. */
export function capturingLogger(): { logger: Logger; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const make = (bindings: LogContext): Logger => {
    const log =
      (level: LoggedLine['level']) =>
      (message: string, context?: LogContext): void => {
        lines.push({ level, message, context: { ...bindings, ...logScope(), ...context } });
      };
    return {
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
      child: (more) => make({ ...bindings, ...more }),
    };
  };
  return { logger: make({}), lines };
}

/**
 * A logger that pushes each line as text onto `lines`: the message, and with `withErrors` its
 * error as ": <String(err)>" (the one-line form tests compare).
 */
export function textLogger(lines: string[], withErrors = true): Logger {
  const push = (message: string, context?: LogContext): void => {
    const err = context?.err;
    lines.push(!withErrors || err === undefined ? message : `${message}: ${textOf(err)}`);
  };
  const logger: Logger = { info: push, warn: push, error: push, child: () => logger };
  return logger;
}
