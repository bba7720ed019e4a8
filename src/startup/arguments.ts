import { fail, ok, type Result } from '../engine/index.js';

/** The command line of `npm start -- [--wait] [--console]`. */
export interface StartOptions {
  /** Wait for the Bot API and Redis as long as it takes, instead of STARTUP_TIMEOUT_SECONDS. */
  readonly wait: boolean;
  /** Play in the terminal, reading moves from standard input even when it is not a terminal. */
  readonly console: boolean;
}

const FLAGS: Partial<Record<string, keyof StartOptions>> = {
  '--wait': 'wait',
  '--console': 'console',
};

/** Reads the start command's arguments; anything unknown fails with one line. */
export function parseStartArguments(args: readonly string[]): Result<StartOptions> {
  const options = { wait: false, console: false };
  for (const arg of args) {
    const flag = FLAGS[arg];
    if (flag === undefined) {
      return fail(
        'unknown-argument',
        `unknown argument "${arg}": npm start takes --wait and --console (see README.md)`,
      );
    }
    options[flag] = true;
  }
  return ok(options);
}

/** What `npm start` runs: the chat bots (Telegram, Discord or both), local play, or nothing. */
export type RunMode = 'bots' | 'console' | 'nothing';

/**
 * The chat bots when there is a token (Telegram's, Discord's or both); local play in the terminal with --console, or without
 * a token when standard input is a terminal; otherwise nothing (a container started without a
 * token and without -it), which is refused with NOTHING_TO_RUN rather than a game that reads
 * end-of-file and quits.
 */
export function chooseRunMode(input: {
  readonly hasToken: boolean;
  readonly console: boolean;
  readonly stdinIsTerminal: boolean;
}): RunMode {
  if (input.console) return 'console';
  if (input.hasToken) return 'bots';
  return input.stdinIsTerminal ? 'console' : 'nothing';
}

/** What to tell the operator when there is nothing to run. */
export const NOTHING_TO_RUN = [
  'nothing to run: neither TELEGRAM_BOT_TOKEN nor DISCORD_TOKEN is set, and standard input is not a terminal to play in.',
  '- to run the bot, set TELEGRAM_BOT_TOKEN and/or DISCORD_TOKEN (see .env.example; a .env file in the working directory is read);',
  '- to play in the terminal, run in one (with Docker: docker run -it ...),',
  '  or pass --console to read moves from standard input (npm start -- --console).',
].join('\n');
