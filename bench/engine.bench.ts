/**
 * Engine speed: perft from the Bashni start position, with every node made and unmade, and
 * bulk-counted (the last ply counted, not played). Each runs at the deepest depth that fits in
 * about 10 seconds, found by timing the depths before it. Then Zhernov's table game from its
 * four-seat start: every node visited (moves generated, each made and unmade), as a search would.
 * Run: npm run bench:engine
 */
import { Perft, startPosition } from '../src/engine/index.js';
import { TableBoard, tableStartState } from '../src/engine/multi/index.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(10, 'engine benchmark');

const TARGET_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function measure(bulk: boolean): { depth: number; nodes: number; seconds: number } {
  const perft = new Perft(startPosition('bashni'));
  let last = { depth: 0, nodes: 0, seconds: 0 };
  for (let depth = 1; depth < 30; depth++) {
    const started = process.hrtime.bigint();
    const nodes = perft.count(depth, bulk);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    last = { depth, nodes, seconds };
    // Each ply costs about five times the one before; stop before overshooting the target.
    if (seconds * 5 > TARGET_SECONDS * 1.5) break;
  }
  return last;
}

function report(label: string, result: { depth: number; nodes: number; seconds: number }): void {
  const rate = result.nodes / result.seconds;
  console.log(
    `${label}: depth ${result.depth}, ${result.nodes} nodes in ${result.seconds.toFixed(2)} s = ${(rate / 1e6).toFixed(2)} M nodes/s`,
  );
}

console.log('bashni start position, one core');
report('perft, every node made and unmade', measure(false));
report('perft, bulk-counted last ply     ', measure(true));

/** Nodes visited (every node's moves generated, each move made and unmade) to `depth`. */
function tableNodes(board: TableBoard, depth: number): number {
  if (depth === 0) return 1;
  let nodes = 1;
  for (const move of board.moves()) {
    board.make(move);
    nodes += tableNodes(board, depth - 1);
    board.unmake();
  }
  return nodes;
}

function measureTable(): { depth: number; nodes: number; seconds: number } {
  const board = new TableBoard(tableStartState());
  let last = { depth: 0, nodes: 0, seconds: 0 };
  for (let depth = 1; depth < 30; depth++) {
    const started = process.hrtime.bigint();
    const nodes = tableNodes(board, depth);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    last = { depth, nodes, seconds };
    // Each ply costs about three times the one before.
    if (seconds * 3 > TARGET_SECONDS * 1.5) break;
  }
  return last;
}

console.log('zhernov four-seat start, one core');
report('nodes visited, made and unmade   ', measureTable());
