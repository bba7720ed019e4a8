import {
  AiPool,
  defaultWeights,
  describePlayer,
  eloSummary,
  formatElo,
  MATE,
  MATE_BOUND,
  parsePlayer,
  playMatch,
  playTableMatch,
  Searcher,
  think,
  TOP_LEVEL_MS,
  type PlayerSpec,
} from '../ai/index.js';
import { hasLegalMove, makeFen, sideOfColor } from '../engine/index.js';
import {
  positionOption,
  readOptions,
  UsageError,
  type CommandLine,
  type Print,
} from './options.js';
import { countOf } from './plural.js';
import { formatTableScore, isTableVariant, tableBestFen } from './table-commands.js';

/**
 * `best [--variant V] [--fen F] [--ms N | --depth N] [--level L]`; with `--variant zhernov` a
 * table FEN, and the score in points of the seat to move. With --depth each completed
 * iteration goes to `progress` (a deep one may take up to the hour the search is given).
 */
export function bestCommand(args: string[], print: Print, progress: Print): number {
  const opts = readOptions(args, { strings: 'variant fen ms depth level' });
  const { values } = opts;
  if (values.ms !== undefined && values.depth !== undefined)
    throw new UsageError('give either --ms or --depth, not both');
  const table = isTableVariant(values.variant);
  const target = table
    ? { variant: 'zhernov' as const, fen: tableBestFen(values.fen) }
    : twoPlayerTarget(values.variant, values.fen);
  const score = table ? formatTableScore : formatScore;
  const ms = opts.optionalInteger('ms', 0, 3_600_000);
  const depth = opts.optionalInteger('depth', 1, 90);
  let player: PlayerSpec;
  if (values.level !== undefined) {
    if (depth !== undefined) throw new UsageError('--depth does not go with --level');
    player = { kind: 'level', level: opts.integer('level', 1, 8) };
  } else if (depth !== undefined) player = { kind: 'search', depth, ms: 3_600_000 };
  else player = { kind: 'search', ms: ms ?? TOP_LEVEL_MS };

  const result = think(
    new Searcher(),
    {
      ...target,
      player,
      seed: 1,
      timeMs: player.kind === 'level' ? ms : undefined,
    },
    undefined,
    depth === undefined
      ? undefined
      : (done) =>
          progress(
            `depth ${done.depth}: ${done.move} ${score(done.score)}, ` +
              `${countOf(done.nodes, 'node')}, ${Math.round(done.ms)} ms`,
          ),
  );
  print(`move: ${result.move}`);
  print(`score: ${score(result.score)}`);
  print(`depth: ${result.depth}`);
  print(`nodes: ${result.nodes}`);
  print(`nodes per second: ${Math.round((result.nodes * 1000) / Math.max(result.ms, 0.001))}`);
  print(`time: ${Math.round(result.ms)} ms`);
  if (result.pv.length > 0) print(`line: ${result.pv.join(' ')}`);
  return 0;
}

/** The two-player position `best` thinks about: --variant and --fen, with a move to make. */
function twoPlayerTarget(variant: string | undefined, fen: string | undefined) {
  const position = positionOption(variant, fen);
  if (!hasLegalMove(position)) throw new UsageError('the side to move has no legal move');
  return { variant: position.variant, fen: makeFen(position) };
}

/** A score for people: men with two decimals, or a forced win/loss in plies. */
export function formatScore(score: number): string {
  if (score > MATE_BOUND) return `win in ${countOf(MATE - score, 'ply', 'plies')}`;
  if (score < -MATE_BOUND) return `loss in ${countOf(MATE + score, 'ply', 'plies')}`;
  return `${score >= 0 ? '+' : '-'}${(Math.abs(score) / 100).toFixed(2)} men`;
}

/** The options both matches take: `--games N [--ms N] [--threads T] [--seed S] [--verbose]`. */
const MATCH_STRINGS = 'games ms threads seed';
const MATCH_FLAGS = 'verbose';

/**
 * A match's MATCH_OPTIONS read. `--ms` is the top level's time per move (default TOP_LEVEL_MS);
 * from it follow the levels' budget scale, and plain searches without limits thinking for that
 * long (`withTime`). `pace` says the clock and the threads for the match's first line.
 */
function matchOptions(opts: CommandLine<'games' | 'ms' | 'threads' | 'seed', 'verbose'>) {
  const games = opts.integer('games', 1, 100_000);
  const ms = opts.optionalInteger('ms', 1, TOP_LEVEL_MS * 10) ?? TOP_LEVEL_MS;
  const threads = opts.threads();
  const seed = opts.seed(1);
  const scale = ms / TOP_LEVEL_MS;
  return {
    games,
    threads,
    seed,
    scale,
    verbose: opts.flag('verbose'),
    pace:
      `${ms} ms per move at the top level (budget scale ${scale.toFixed(3)}), ` +
      countOf(threads, 'thread'),
    withTime: (player: PlayerSpec): PlayerSpec =>
      player.kind === 'search' && player.depth === undefined && player.nodes === undefined
        ? { ...player, ms: player.ms ?? ms }
        : player,
  };
}

/** A match's last line: how its games ended, their mean length, and the time since `started`. */
function endingsLine(games: readonly { end: string; plies: number }[], started: number): string {
  const ends = new Map<string, number>();
  for (const game of games) ends.set(game.end, (ends.get(game.end) ?? 0) + 1);
  const plies = games.reduce((sum, game) => sum + game.plies, 0) / games.length;
  return (
    `endings: ${[...ends].map(([end, count]) => `${end} ${count}`).join(', ')}; ` +
    `average ${countOf(Math.round(plies), 'ply', 'plies')}; ${((Date.now() - started) / 1000).toFixed(1)} s`
  );
}

/**
 * `match --a LEVEL|CONFIG --b LEVEL|CONFIG --games N [--ms N] [--variant V] [--threads T]
 * [--seed S] [--a-weights FILE] [--b-weights FILE] [--verbose]`
 */
export async function matchCommand(args: string[], print: Print): Promise<number> {
  const opts = readOptions(args, {
    strings: `${MATCH_STRINGS} a b variant a-weights b-weights`,
    flags: MATCH_FLAGS,
  });
  const a = playerOption('a', opts.values.a);
  const b = playerOption('b', opts.values.b);
  const { games, threads, seed, scale, verbose, pace, withTime } = matchOptions(opts);
  const variant = opts.variant();
  const weightsOf = (name: 'a-weights' | 'b-weights') =>
    opts.weights(name, variant) ?? defaultWeights(variant);
  const weights = [weightsOf('a-weights'), weightsOf('b-weights')] as const;

  const pool = new AiPool({ size: threads, ttBits: 20 });
  const started = Date.now();
  const total = Math.ceil(games / 2) * 2;
  print(
    `${describePlayer(a)} (A) vs ${describePlayer(b)} (B): ${variant}, ${total} games, ${pace}`,
  );
  try {
    const result = await playMatch({
      variant,
      a: withTime(a),
      b: withTime(b),
      games,
      seed,
      scale,
      concurrency: threads,
      weights,
      think: (request) => pool.think(request),
      onGame: (outcome, aColor, index) => {
        if (!verbose) return;
        const aScore = aColor === 0 ? outcome.whiteScore : 1 - outcome.whiteScore;
        const verdict = aScore === 1 ? 'A won' : aScore === 0 ? 'B won' : 'draw';
        print(
          `game ${index + 1}: A ${sideOfColor(aColor)}, ${verdict} ` +
            `(${outcome.end}, ${countOf(outcome.plies, 'ply', 'plies')}; opening ${outcome.opening.join(' ')})`,
        );
      },
    });
    const summary = eloSummary(result.wins, result.draws, result.losses);
    print(`A wins ${result.wins}, draws ${result.draws}, losses ${result.losses}`);
    print(
      `score: ${(summary.score * 100).toFixed(1)}% (${result.wins + result.draws / 2}/${summary.games})`,
    );
    print(`Elo difference (A - B): ${formatElo(summary)}`);
    print(endingsLine(result.games, started));
    return 0;
  } finally {
    await pool.close();
  }
}

/**
 * `table-match --players P/P/P/P --games N [--ms N] [--threads T] [--seed S] [--opening-plies N]
 * [--verbose]`: Zhernov's four-player game (2 to 4 seats) between engine players, the lineup
 * rotated around the table game by game; prints each player's mean points.
 */
export async function tableMatchCommand(args: string[], print: Print): Promise<number> {
  const opts = readOptions(args, {
    strings: `${MATCH_STRINGS} players opening-plies`,
    flags: MATCH_FLAGS,
  });
  const { values } = opts;
  if (values.players === undefined)
    throw new UsageError(
      '--players is required: 2 to 4 players, one per seat, split by / (e.g. 2/1/2/1)',
    );
  const players = values.players
    .split('/')
    .map((text, i) => playerOption(`players[${i + 1}]`, text));
  if (players.length < 2 || players.length > 4)
    throw new UsageError(`--players: 2 to 4 players, got ${players.length}`);
  const { games, threads, seed, scale, verbose, pace, withTime } = matchOptions(opts);
  const openingPlies = opts.optionalInteger('opening-plies', 0, 40) ?? players.length;
  const names = players.map(describePlayer);
  const total = Math.ceil(games / players.length) * players.length;
  const pool = new AiPool({ size: threads, ttBits: 18 });
  const started = Date.now();
  print(
    `${names.join(', ')} around the table (zhernov, ${players.length} seats, rotated): ` +
      `${total} games, ${pace}`,
  );
  try {
    const result = await playTableMatch({
      players: players.map(withTime),
      games,
      seed,
      scale,
      openingPlies,
      concurrency: threads,
      think: (request) => pool.think(request),
      onGame: (outcome, lineup, index) => {
        if (!verbose) return;
        const points = outcome.standings
          .map(
            (line, s) => `${names[lineup[s]!]!} ${line.points ?? 0}${line.count ? ' (count)' : ''}`,
          )
          .join(', ');
        print(
          `game ${index + 1}: ${points} (${outcome.end}, ${countOf(outcome.plies, 'ply', 'plies')})`,
        );
      },
    });
    // Players named alike (a lineup like 2/1/2/1) are one player: their seats' mean.
    const byName = new Map<string, number[]>();
    result.meanPoints.forEach((mean, i) => {
      const list = byName.get(names[i]!) ?? [];
      list.push(mean);
      byName.set(names[i]!, list);
    });
    for (const [name, means] of byName) {
      const mean = means.reduce((sum, x) => sum + x, 0) / means.length;
      print(`${name}: mean points ${mean.toFixed(3)} per seat`);
    }
    print(endingsLine(result.games, started));
    return 0;
  } finally {
    await pool.close();
  }
}

function playerOption(name: string, text: string | undefined): PlayerSpec {
  if (text === undefined) throw new UsageError(`--${name} is required (a level 1-8 or a config)`);
  const parsed = parsePlayer(text);
  if (!parsed.ok) throw new UsageError(`--${name}: ${parsed.error.message}`);
  return parsed.value;
}
