import {
  legalMoves,
  makeMove,
  parsePdn,
  pdnSetup,
  Perft,
  replayGame,
  variantOf,
} from '../engine/index.js';
import {
  integerOption,
  parseOptions,
  positionOption,
  UsageError,
  variantOption,
} from './options.js';

type Print = (line: string) => void;

/** `perft --depth N [--variant V] [--fen F] [--divide]` */
export function perftCommand(args: string[], print: Print): number {
  const { values } = parseOptions(args, {
    depth: { type: 'string' },
    variant: { type: 'string' },
    fen: { type: 'string' },
    divide: { type: 'boolean' },
  });
  const depth = integerOption('depth', values.depth, 1, 20);
  const position = positionOption(values.variant, values.fen);
  const perft = new Perft(position);
  const started = process.hrtime.bigint();
  let nodes = 0;
  for (let d = 1; d <= depth; d++) {
    const count = perft.count(d, true);
    nodes += count;
    print(`depth ${d}: ${count}`);
  }
  if (values.divide === true) {
    const { list, counts } = perft.divide(depth, true);
    const variant = variantOf(position);
    const lines = counts.map((count, i) => {
      const path = [];
      for (let j = 0; j < list.jumps(i); j++) path.push(list.landingSquare(i, j));
      const text =
        path.length === 0
          ? `${variant.geometry.names[list.from(i)]}-${variant.geometry.names[list.to(i)]}`
          : [list.from(i), ...path].map((s) => variant.geometry.names[s]).join(':');
      return `${text}: ${count}`;
    });
    for (const line of lines.sort()) print(line);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  print(`nodes per second: ${Math.round(nodes / Math.max(seconds, 1e-9))}`);
  return 0;
}

/** `moves [--variant V] [--fen F]` */
export function movesCommand(args: string[], print: Print): number {
  const { values } = parseOptions(args, { variant: { type: 'string' }, fen: { type: 'string' } });
  const position = positionOption(values.variant, values.fen);
  const variant = variantOf(position);
  for (const move of legalMoves(position)) print(makeMove(variant, move));
  return 0;
}

/** `replay [--variant V] [--fen F] "<game text or PDN>"` */
export function replayCommand(args: string[], print: Print, printError: Print): number {
  const { values, positionals } = parseOptions(
    args,
    { variant: { type: 'string' }, fen: { type: 'string' } },
    true,
  );
  if (positionals.length !== 1)
    throw new UsageError('replay takes one argument: the game text or PDN, in quotes');
  const game = parsePdn(positionals[0]);
  if (!game.ok) throw new UsageError(game.error.message);
  const setup = pdnSetup(game.value, variantOption(values.variant));
  if (!setup.ok) throw new UsageError(setup.error.message);
  const variant =
    values.variant !== undefined ? variantOption(values.variant) : setup.value.variant;
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
