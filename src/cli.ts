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
  switch (command) {
    case 'perft':
      return (await import('./cli/engine-commands.js')).perftCommand(args, print, {
        progress: printError,
      });
    case 'moves':
      return (await import('./cli/engine-commands.js')).movesCommand(args, print);
    case 'replay':
      return (await import('./cli/engine-commands.js')).replayCommand(args, print, printError);
    case 'render':
      return (await import('./cli/render.js')).renderCommand(args);
    case 'best':
      return (await import('./cli/ai-commands.js')).bestCommand(args, print, printError);
    case 'match':
      return (await import('./cli/ai-commands.js')).matchCommand(args, print);
    case 'table-match':
      return (await import('./cli/ai-commands.js')).tableMatchCommand(args, print);
    case 'calibrate':
      return (await import('./cli/calibrate-command.js')).calibrateCommand(args, print);
    case 'ai':
      // `ai calibrate ...`: the AI's commands under one word as well.
      if (args[0] === 'calibrate')
        return (await import('./cli/calibrate-command.js')).calibrateCommand(args.slice(1), print);
      throw new UsageError('ai: the one subcommand is calibrate (try: help calibrate)');
    case 'tune':
      return (await import('./cli/tune-command.js')).tuneCommand(args, print, printError);
    case 'puzzles':
      return (await import('./cli/puzzle-commands.js')).puzzlesCommand(args, print);
    case 'redis':
      return (await import('./cli/redis-commands.js')).redisCommand(args, print);
    case 'discord-register':
      return (await import('./cli/discord-commands.js')).discordRegisterCommand(
        args,
        print,
        printError,
      );
    case undefined:
      throw new UsageError('no command given (try: help)');
    default:
      throw new UsageError(`unknown command "${command}" (try: help)`);
  }
}

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
