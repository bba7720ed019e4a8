import { bestCommand, matchCommand } from './cli/ai-commands.js';
import { discordRegisterCommand } from './cli/discord-commands.js';
import { movesCommand, perftCommand, replayCommand } from './cli/engine-commands.js';
import { UsageError } from './cli/options.js';
import { puzzlesCommand } from './cli/puzzle-commands.js';
import { renderCommand } from './cli/render.js';
import { tuneCommand } from './cli/tune-command.js';

const USAGE = `usage: npm run cli -- <command> [options]
  perft --depth N [--variant V] [--fen F] [--divide]
  moves [--variant V] [--fen F]
  replay [--variant V] [--fen F] "<game text or PDN>"
  render [--variant V] [--fen F] [--last MOVE] [--black-bottom] [--select SQUARE]
         [--theme wood|contrast] [--size PX] [--title T --text T] --out FILE.png
  best [--variant V] [--fen F] [--ms N | --depth N] [--level L]
  match --a LEVEL|CONFIG --b LEVEL|CONFIG --games N [--ms N] [--variant V]
        [--threads T] [--seed S] [--a-weights FILE] [--b-weights FILE] [--verbose]
  tune [--method spsa|local] [--iterations N] [--pairs N] [--passes N] [--games N]
       [--nodes N] [--threads T] [--seed S] [--variant V] [--start FILE] [--out FILE]
  puzzles generate --count N [--variant V] [--seed S] [--out FILE] [--threads T]
  puzzles check FILE [--sample N]
  discord-register [--guild ID]   (DISCORD_TOKEN, DISCORD_APPLICATION_ID; .env is read)
players: a level 1-8, greedy, random, or a search: depth:N, nodes:N, ms:N (e.g. depth:6,ms:500)
variants: bashni (default), stolby, laska, giveaway`;

const print = (line: string) => process.stdout.write(line + '\n');
// Output piped into a reader that stops early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});
const printError = (line: string) => process.stderr.write(line + '\n');

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'perft':
      return perftCommand(args, print);
    case 'moves':
      return movesCommand(args, print);
    case 'replay':
      return replayCommand(args, print, printError);
    case 'render':
      return renderCommand(args);
    case 'best':
      return bestCommand(args, print);
    case 'match':
      return matchCommand(args, print);
    case 'tune':
      return tuneCommand(args, print);
    case 'puzzles':
      return puzzlesCommand(args, print);
    case 'discord-register':
      return discordRegisterCommand(args, print, printError);
    case 'help':
    case '--help':
    case '-h':
      print(USAGE);
      return 0;
    default:
      throw new UsageError(
        command === undefined
          ? 'no command given (try: help)'
          : `unknown command "${command}" (try: help)`,
      );
  }
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
