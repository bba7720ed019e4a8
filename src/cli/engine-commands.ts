import {
  applyMove,
  legalMoves,
  makeMove,
  parsePdn,
  pdnSetup,
  Perft,
  replayGame,
  variantOf,
  type Position,
} from '../engine/index.js';
import { positionOption, readOptions, UsageError, type Print } from './options.js';
import { countOf } from './plural.js';
import {
  isTableVariant,
  tableMovesCommand,
  tablePerftCommand,
  tableReplayCommand,
} from './table-commands.js';

/** Where perft reports progress, and from what size on (tests pass a small one). */
export interface PerftProgress {
  readonly progress: Print;
  /** A depth after one of at least this many nodes is counted root move by root move. */
  readonly afterNodes?: number;
}

/** About a second of counting at the engine's speed: the next depth takes several. */
const PROGRESS_AFTER_NODES = 20_000_000;

/**
 * `perft --depth N [--variant V] [--fen F] [--divide]`. A depth that follows a big one is
 * counted root move by root move, each reported on `progress`, so a deep count shows it is
 * alive; --divide prints the last depth's counts by root move.
 */
export function perftCommand(args: string[], print: Print, options: PerftProgress): number {
  const opts = readOptions(args, { strings: 'depth variant fen', flags: 'divide' });
  const { values } = opts;
  const depth = opts.integer('depth', 1, 20);
  if (isTableVariant(values.variant)) return tablePerftCommand(depth, values.fen, print);
  const position = opts.position();
  const afterNodes = options.afterNodes ?? PROGRESS_AFTER_NODES;
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  let nodes = 0;
  let previous = 0;
  let byMove: { move: string; count: number }[] = [];
  for (let d = 1; d <= depth; d++) {
    const last = d === depth;
    let count: number;
    if (previous >= afterNodes || (last && opts.flag('divide'))) {
      byMove = countByRootMove(position, d, (done, total, sum) => {
        if (previous >= afterNodes)
          options.progress(
            `depth ${d}: ${done}/${countOf(total, 'root move')}, ${sum} nodes, ${seconds().toFixed(1)} s`,
          );
      });
      count = byMove.reduce((sum, entry) => sum + entry.count, 0);
    } else count = new Perft(position).count(d, true);
    nodes += count;
    previous = count;
    print(`depth ${d}: ${count}`);
  }
  if (opts.flag('divide')) {
    for (const line of byMove.map(({ move, count }) => `${move}: ${count}`).sort()) print(line);
  }
  print(`nodes per second: ${Math.round(nodes / Math.max(seconds(), 1e-9))}`);
  return 0;
}

/** Perft to `depth` below each root move, in generation order; `onMove` after each. */
function countByRootMove(
  position: Position,
  depth: number,
  onMove: (done: number, total: number, nodes: number) => void,
): { move: string; count: number }[] {
  const variant = variantOf(position);
  const moves = legalMoves(position);
  let nodes = 0;
  return moves.map((move, i) => {
    const count = new Perft(applyMove(position, move)).count(depth - 1, true);
    nodes += count;
    onMove(i + 1, moves.length, nodes);
    return { move: makeMove(variant, move), count };
  });
}

/** `moves [--variant V] [--fen F]` */
export function movesCommand(args: string[], print: Print): number {
  const opts = readOptions(args, { strings: 'variant fen' });
  const { values } = opts;
  if (isTableVariant(values.variant)) return tableMovesCommand(values.fen, print);
  const position = opts.position();
  const variant = variantOf(position);
  for (const move of legalMoves(position)) print(makeMove(variant, move));
  return 0;
}

/** `replay [--variant V] [--fen F] "<game text or PDN>"` (zhernov: the moves, see table-commands) */
export function replayCommand(args: string[], print: Print, printError: Print): number {
  const opts = readOptions(args, { strings: 'variant fen' }, true);
  const { values, positionals } = opts;
  const [text, ...extra] = positionals;
  if (text === undefined || extra.length > 0)
    throw new UsageError('replay takes one argument: the game text or PDN, in quotes');
  if (isTableVariant(values.variant))
    return tableReplayCommand(text, values.fen, print, printError);
  const game = parsePdn(text);
  if (!game.ok) throw new UsageError(game.error.message);
  const setup = pdnSetup(game.value, opts.variant());
  if (!setup.ok) throw new UsageError(setup.error.message);
  const variant = values.variant !== undefined ? opts.variant() : setup.value.variant;
  const fen = values.fen ?? setup.value.fen;
  if (fen !== undefined) positionOption(variant, fen); // reports a bad FEN as a usage error
  const replay = replayGame(variant, fen, game.value.moves);
  if (!replay.ok) {
    printError(replay.error.message);
    if (replay.error.legal !== undefined && replay.error.legal.length > 0) {
      printError(`legal moves: ${replay.error.legal.join(' ')}`);
    }
    return 1;
  }
  print(replay.value.fen);
  print(replay.value.description);
  return 0;
}
