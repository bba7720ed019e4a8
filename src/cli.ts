// Each command's module is loaded when it runs: `help` or `moves` need not load the AI, the
// canvas or discord.js first.
import { commandHelp, overview } from './cli/help.js';
import { UsageError } from './cli/options.js';

const print = (line: string) => process.stdout.write(line + '\n');
// Output piped into a reader that stops early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});
const printError = (line: string) => process.stderr.write(line + '\n');

const HELP_FLAGS = ['help', '--help', '-h'];

async function main(argv: string[]): Promise<number> {
  const command = argv.at(0);
  const args = argv.slice(1);
  if (command !== undefined && HELP_FLAGS.includes(command)) {
    const [topic] = args;
    if (topic === undefined) print(overview());
    else print(helpFor(topic));
    return 0;
  }
  // `<command> --help` anywhere among its options (a game text or a FEN never is one).
  if (command !== undefined && args.some((arg) => arg === '--help' || arg === '-h')) {
    print(helpFor(command));
    return 0;
  }
  if (command === undefined) throw new UsageError('no command given (try: help)');
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) throw new UsageError(`unknown command "${command}" (try: help)`);
  return run(args);
}

type Command = (args: string[]) => Promise<number> | number;

/** Each command by name, its module imported when it runs. */
const COMMANDS: Readonly<Record<string, Command>> = {
  perft: async (args) =>
    (await import('./cli/engine-commands.js')).perftCommand(args, print, { progress: printError }),
  moves: async (args) => (await import('./cli/engine-commands.js')).movesCommand(args, print),
  replay: async (args) =>
    (await import('./cli/engine-commands.js')).replayCommand(args, print, printError),
  render: async (args) => (await import('./cli/render.js')).renderCommand(args),
  best: async (args) => (await import('./cli/ai-commands.js')).bestCommand(args, print, printError),
  match: async (args) => (await import('./cli/ai-commands.js')).matchCommand(args, print),
  'table-match': async (args) =>
    (await import('./cli/ai-commands.js')).tableMatchCommand(args, print),
  calibrate: async (args) =>
    (await import('./cli/calibrate-command.js')).calibrateCommand(args, print),
  // `ai calibrate ...`: the AI's commands under one word as well.
  ai: (args) => {
    if (args[0] === 'calibrate') return COMMANDS.calibrate!(args.slice(1));
    throw new UsageError('ai: the one subcommand is calibrate (try: help calibrate)');
  },
  tune: async (args) =>
    (await import('./cli/tune-command.js')).tuneCommand(args, print, printError),
  puzzles: async (args) => (await import('./cli/puzzle-commands.js')).puzzlesCommand(args, print),
  redis: async (args) => (await import('./cli/redis-commands.js')).redisCommand(args, print),
  'discord-register': async (args) =>
    (await import('./cli/discord-commands.js')).discordRegisterCommand(args, print, printError),
};

function helpFor(command: string): string {
  const help = commandHelp(command);
  if (help === undefined) throw new UsageError(`unknown command "${command}" (try: help)`);
  return help;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      printError(`error: ${error.message}`);
      process.exitCode = 2;
    } else {
      printError(
        `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exitCode = 70;
    }
  },
);
