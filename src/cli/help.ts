/**
 * What `npm run cli -- help`, `help <command>` and `<command> --help` print: one entry per
 * command, from which the overview is built too, so the two cannot disagree.
 */

interface CommandHelp {
  /** The command lines, without `npm run cli -- `. */
  readonly usage: readonly string[];
  readonly about: string;
  /** [option, what it does] */
  readonly options: readonly (readonly [string, string])[];
}

const VARIANT: readonly [string, string] = [
  '--variant V',
  'bashni (default), stolby, laska, giveaway, adiyukh, adiyukh-8x10, adiyukh-10x10, multistorey, bashni-double, bashni-double-2, bashni-double-11, borovikov or stavropol',
];
const FEN: readonly [string, string] = [
  '--fen F',
  'a position in our FEN (default: the start; see docs/rules.md#notation)',
];
const THREADS: readonly [string, string] = ['--threads T', 'worker threads, 1 to 64 (default 1)'];
const SEED: readonly [string, string] = ['--seed S', 'a whole number from 0 to 2147483647'];

const COMMANDS: Readonly<Record<string, CommandHelp>> = {
  perft: {
    usage: ['perft --depth N [--variant V] [--fen F] [--divide]'],
    about:
      'Counts the legal-move tree, one line per depth, then the speed. A depth that will take ' +
      'a while reports each root move as it is done, on stderr.',
    options: [
      ['--depth N', 'how deep, 1 to 20'],
      VARIANT,
      FEN,
      ['--divide', 'then the count below each root move at the last depth'],
      [
        '--variant zhernov',
        "Zhernov's four-player game; --fen then takes a table FEN (no --divide)",
      ],
    ],
  },
  moves: {
    usage: ['moves [--variant V] [--fen F]'],
    about: 'Prints every legal move in full-path notation (c3-d4, c3:e5:g3).',
    options: [
      VARIANT,
      FEN,
      ['--variant zhernov', "Zhernov's four-player game; --fen then takes a table FEN"],
    ],
  },
  replay: {
    usage: ['replay [--variant V] [--fen F] "<game text or PDN>"'],
    about:
      'Plays a game given as move text or PDN and prints the final FEN and the status in words; ' +
      'on an illegal move it exits 1 and names the move and the legal moves.',
    options: [
      [
        '--variant V',
        'bashni, stolby, laska, giveaway, adiyukh, adiyukh-8x10, adiyukh-10x10, multistorey, bashni-double, bashni-double-2, bashni-double-11, borovikov or stavropol (default: the PDN Variant tag, else bashni)',
      ],
      ['--fen F', 'the start position; default the PDN FEN tag, else the start'],
      [
        '--variant zhernov',
        "Zhernov's four-player game: the moves separated by spaces (resign:red for a drop-out), --fen a table FEN",
      ],
    ],
  },
  render: {
    usage: [
      'render [--variant V] [--fen F] [--last MOVE] [--black-bottom] [--select SQUARE]',
      '       [--theme wood|contrast] [--size PX] [--no-coordinates] [--title T] [--text T] --out FILE.png',
    ],
    about: 'Draws a position to a PNG file (exit code 1 when the file cannot be written).',
    options: [
      VARIANT,
      FEN,
      ['--last MOVE', 'the move that led to the position, marked (c3-d4, c3:e5:g7)'],
      ['--black-bottom', 'Black at the bottom'],
      ['--select SQUARE', 'marks a stack and the squares its legal moves end on'],
      ['--theme T', 'wood (default) or contrast'],
      ['--size PX', 'the image size in pixels'],
      ['--no-coordinates', 'no file letters and rank numbers'],
      ['--title T, --text T', 'a caption band under the board'],
      ['--out FILE.png', 'where to write (required)'],
      [
        '--variant zhernov',
        "Zhernov's four-player game with its standings; --fen a table FEN (no --last, --select)",
      ],
    ],
  },
  best: {
    usage: ['best [--variant V] [--fen F] [--ms N | --depth N] [--level L]'],
    about:
      "Prints the engine's move, score, depth, nodes, speed and line. With --depth each " +
      'finished depth is reported on stderr as the search goes.',
    options: [
      VARIANT,
      FEN,
      ['--ms N', 'thinking time in ms (default: the top level’s)'],
      ['--depth N', 'search to this depth, 1 to 90 (within an hour)'],
      ['--level L', 'play as the bot’s level 1-8 (--ms then caps its time)'],
      [
        '--variant zhernov',
        "Zhernov's four-player game; --fen a table FEN, the score in points of the seat to move",
      ],
    ],
  },
  match: {
    usage: [
      'match --a PLAYER --b PLAYER --games N [--ms N] [--variant V] [--threads T] [--seed S]',
      '      [--a-weights FILE] [--b-weights FILE] [--verbose]',
    ],
    about:
      'Engine against engine from varied openings of the variant (each with both colours; no ' +
      '--fen): wins, draws, losses, score and the Elo difference with its 95% margin.',
    options: [
      [
        '--a, --b PLAYER',
        'a level 1-8, greedy, random, or a search: depth:N, nodes:N, ms:N (depth:6,ms:500)',
      ],
      ['--games N', 'how many games (rounded up to pairs)'],
      ['--ms N', 'ms per move at the top level; lower levels scale with it'],
      VARIANT,
      THREADS,
      SEED,
      ['--a-weights FILE', 'evaluation weights for A, as tune --out writes them'],
      ['--b-weights FILE', 'the same for B'],
      ['--verbose', 'a line per game'],
    ],
  },
  calibrate: {
    usage: [
      'calibrate [--variant V] [--games N] [--nodes N] [--max-plies N] [--seed S] [--out FILE]',
      '          [--dry-run]     (also: ai calibrate ...)',
    ],
    about:
      'Self-play at the review budget on one thread: fits k of White\u2019s chances ' +
      '1 / (1 + e^(-k\u00b7score)) by maximum likelihood, prints a reliability table and writes ' +
      'src/ai/calibration.ts (docs/review.md).',
    options: [
      VARIANT,
      ['--games N', 'self-play games (default 40)'],
      ['--nodes N', 'nodes per move (default: the review budget)'],
      ['--max-plies N', 'adjudicate a game after this many plies (default 200)'],
      SEED,
      ['--out FILE', 'where to write the constants (default src/ai/calibration.ts)'],
      ['--dry-run', 'print the fit, write nothing'],
    ],
  },
  'table-match': {
    usage: [
      'table-match --players P/P[/P[/P]] --games N [--ms N] [--threads T] [--seed S]',
      '            [--opening-plies N] [--verbose]',
    ],
    about:
      "Zhernov's four-player game (2 to 4 seats) between engine players from random openings, " +
      'the lineup rotated around the table game by game: each player’s mean points.',
    options: [
      [
        '--players P/P/...',
        'one player per seat in turn order split by / (a level 1-8, greedy, random, or a search like depth:4,ms:500); 2/1/2/1 gives two seats each',
      ],
      ['--games N', 'how many games (rounded up to whole rotations)'],
      ['--ms N', 'ms per move at the top level; lower levels scale with it'],
      THREADS,
      SEED,
      ['--opening-plies N', 'random moves first (default: one round)'],
      ['--verbose', 'a line per game'],
    ],
  },
  tune: {
    usage: [
      'tune [--method spsa|local] [--iterations N] [--pairs N] [--passes N] [--games N]',
      '     [--nodes N] [--threads T] [--seed S] [--variant V] [--start FILE] [--out FILE]',
    ],
    about:
      'Tunes the evaluation weights by self-play from varied openings (no --fen) and prints ' +
      'progress, then the weights as JSON. See docs/tuning.md.',
    options: [
      ['--method M', 'spsa (default) or local (a coordinate search)'],
      ['--iterations N', 'spsa: iterations (default 1000)'],
      ['--pairs N', 'spsa: game pairs per iteration (default 2)'],
      ['--passes N', 'local: passes over the weights (default 1)'],
      ['--games N', 'local: games per trial (default 200)'],
      ['--nodes N', 'search nodes per move (default 4000)'],
      THREADS,
      SEED,
      VARIANT,
      ['--start FILE', 'weights to start from'],
      ['--out FILE', 'also write the weights there (its directory must exist)'],
    ],
  },
  puzzles: {
    usage: [
      'puzzles generate --count N [--variant V] [--seed S] [--out FILE] [--threads T] [--queue]',
      '  [--resume] [--games G] [--budget-scale F]',
      'puzzles check FILE [--sample N] [--deep] [--threads T] [--out FILE]',
      'puzzles rate FILE [--out FILE]',
      'puzzles fit FILE... [--limit N]',
    ],
    about:
      'generate mines puzzles from the mistakes of seeded self-play, each verified by search, ' +
      'and writes the library (to stdout without --out); check re-checks a library and exits 1 ' +
      'on a bad puzzle; rate sets seed ratings by the fitted model and drops coin flips outside ' +
      'the easiest tier; fit lets the weaker levels try the puzzles and fits the model. ' +
      'See docs/puzzles.md.',
    options: [
      ['--count N', 'generate: how many puzzles'],
      VARIANT,
      SEED,
      [
        '--out FILE',
        'generate: where to write the library; check: the library without its bad puzzles',
      ],
      THREADS,
      [
        '--queue',
        'generate: mine on `npm run worker` processes through Redis (REDIS_URL); --threads games at once',
      ],
      ['--resume', 'generate: go on with the library at --out from the game it stopped at'],
      ['--games G', 'generate: stop after G more games (a chunk of a long mining)'],
      ['--budget-scale F', 'generate: every search budget times F (quick trials)'],
      ['--limit N', 'fit: the first N puzzles of each file'],
      ['--sample N', 'check: re-search only N puzzles spread over the file'],
      ['--deep', 'check: ten times the search budgets, and every defender reply the best defence'],
    ],
  },
  redis: {
    usage: [
      'redis migrate-keys [--from URL] [--to URL | --to-cluster HOST:PORT,...] [--prefix P]',
      '  [--dry-run] [--delete-old]',
    ],
    about:
      'Copies the keys of the layout before hash tags (one Redis) to their new names, in place ' +
      'or into another Redis or a Redis Cluster, and prints what it did; a second run copies ' +
      'nothing. Stop the bots first. See docs/operations.md.',
    options: [
      ['--from URL', 'the Redis holding the old keys (default REDIS_URL)'],
      ['--to URL', 'copy into this Redis instead (default: in place)'],
      ['--to-cluster NODES', 'copy into this Redis Cluster (REDIS_PASSWORD if it needs one)'],
      ['--prefix P', 'the key prefix (default REDIS_KEY_PREFIX, else bashni:)'],
      ['--dry-run', 'count only, write nothing'],
      ['--delete-old', 'delete each old key once its new name holds it'],
    ],
  },
  'discord-register': {
    usage: ['discord-register [--guild ID]'],
    about:
      "Registers the Discord bot's slash commands with DISCORD_TOKEN and DISCORD_APPLICATION_ID " +
      '(from the environment or .env), replacing the application’s commands.',
    options: [
      ['--guild ID', 'in this server only, at once (default DISCORD_GUILD_ID, else globally)'],
    ],
  },
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

const PREFIX = 'npm run cli -- ';

/** The overview: every command's usage. */
export function overview(): string {
  const lines = ['usage: npm run cli -- <command> [options]'];
  for (const help of Object.values(COMMANDS)) {
    for (const line of help.usage) lines.push(`  ${line}`);
  }
  lines.push(
    'help <command> or <command> --help says more about one command.',
    'Bad arguments print one line and exit with code 2.',
  );
  return lines.join('\n');
}

/** One command's help, or undefined for a name that is not a command. */
export function commandHelp(name: string): string | undefined {
  const help = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (help === undefined) return undefined;
  const width = Math.max(...help.options.map(([option]) => option.length));
  return [
    // A line that starts with spaces goes on the command above it.
    ...help.usage.map(
      (line, i) =>
        (i === 0 ? 'usage: ' : '       ') +
        (line.startsWith(' ') ? ' '.repeat(PREFIX.length) : PREFIX) +
        line,
    ),
    '',
    help.about,
    '',
    ...help.options.map(([option, text]) => `  ${option.padEnd(width)}  ${text}`),
  ].join('\n');
}
