/**
 * Search speed: nodes per second and the depth reached in one second from three positions
 * (the start, a middlegame with stacks, a king endgame), one core, after a short warm-up so that
 * the JIT has compiled the hot path. Goal: at least 1 million nodes per second.
 * Then the table search (Zhernov's four-player game, src/ai/table) from its start and from a
 * middle position; goal: 0.5 million nodes per second (the table levels' budgets assume it).
 * Run: npm run bench:ai   (BENCH_AI_MS=... changes the time per position)
 */
import { defaultWeights, Searcher, TableSearcher } from '../src/ai/index.js';
import { startPosition, type Position } from '../src/engine/index.js';
import { parseTableFen, tableStart, type TablePosition } from '../src/engine/multi/index.js';
import { fen } from '../test/support/engine-helpers.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(10, 'AI benchmark');

const MS = Number(process.env.BENCH_AI_MS ?? 1000);

const POSITIONS: [string, Position][] = [
  ['start', startPosition('bashni')],
  [
    'middlegame',
    // Seven legal moves, a black king over three white men, tall stacks on both sides.
    fen('W:Wc1,e1,g1,d2,h2,g3:Ba1(1/000),a3(0/00),a5,e5(0/0),b6,d6,f6,h6,g7,b8,d8,h8'),
  ],
  ['king endgame', fen('W:WKc1,e3(10/0),g3,Ka5:Bh8(1/00),Kb8,f6,d6')],
];

const searcher = new Searcher({ ttBits: 20 });
const weights = defaultWeights('bashni');
searcher.search(startPosition('bashni'), weights, { timeMs: 300 }); // warm-up

console.log(`search, ${MS} ms per position, one core`);
let totalNodes = 0;
let totalMs = 0;
for (const [name, position] of POSITIONS) {
  const result = searcher.search(position, weights, { timeMs: MS });
  totalNodes += result.nodes;
  totalMs += result.ms;
  const rate = result.nodes / (result.ms / 1000);
  console.log(
    `${name.padEnd(13)} depth ${String(result.depth).padStart(2)}, ${result.nodes} nodes in ` +
      `${(result.ms / 1000).toFixed(2)} s = ${(rate / 1e6).toFixed(2)} M nodes/s, best ${result.pv[0]}`,
  );
}
console.log(`overall: ${(totalNodes / (totalMs / 1000) / 1e6).toFixed(2)} M nodes/s`);

/** A table position reached by level-3 play from the start, 29 plies in (Red to move, 4 moves). */
const TABLE_MIDDLE = parseTableFen(
  'R:We1(00),g1(0000),d2(00):Rf2(00),b4(00),c5(00):Be5,c7:Gh4(00),b8(0000),f8(00)',
);
if (!TABLE_MIDDLE.ok) throw new Error(TABLE_MIDDLE.error.message);
const TABLE_POSITIONS: [string, TablePosition][] = [
  ['table start', tableStart()],
  ['table middle', TABLE_MIDDLE.value],
];
const table = new TableSearcher({ ttBits: 18 });
table.search(tableStart(), { timeMs: 300 }); // warm-up
console.log(`table search (zhernov, 4 seats), ${MS} ms per position, one core`);
let tableNodes = 0;
let tableMs = 0;
for (const [name, position] of TABLE_POSITIONS) {
  const result = table.search(position, { timeMs: MS });
  tableNodes += result.nodes;
  tableMs += result.ms;
  const rate = result.nodes / (result.ms / 1000);
  console.log(
    `${name.padEnd(13)} depth ${String(result.depth).padStart(2)}, ${result.nodes} nodes in ` +
      `${(result.ms / 1000).toFixed(2)} s = ${(rate / 1e6).toFixed(2)} M nodes/s, best ${result.pv[0]}`,
  );
}
console.log(`table overall: ${(tableNodes / (tableMs / 1000) / 1e6).toFixed(2)} M nodes/s`);
