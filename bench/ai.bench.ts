/**
 * Search speed: nodes per second and the depth reached in one second from three positions
 * (the start, a middlegame with stacks, a king endgame), one core, after a short warm-up so that
 * the JIT has compiled the hot path. Goal: at least 1 million nodes per second.
 * Then the table search (Zhernov's four-player game, src/ai/table) from its start and from a
 * middle position; goal: 0.5 million nodes per second (the table levels' budgets assume it).
 * Last, the composed problems (bench/problems/bashni.json, wins and blocks of 5-25 plies with
 * known solutions): each searched with a budget of BENCH_PROBLEM_MS (default 10 s), which a
 * proven win must not spend (docs/tuning.md, "Proven wins"); it prints the time each took, the
 * win found against the known one, and whether the engine's first move keeps the known win (the
 * AND-OR check of bench/problems/prove.ts).
 * Run: npm run bench:ai   (BENCH_AI_MS=... changes the time per position)
 */
import { defaultWeights, MATE, MATE_BOUND, Searcher, TableSearcher } from '../src/ai/index.js';
import { startPosition, type Position } from '../src/engine/index.js';
import { parseTableFen, tableStart, type TablePosition } from '../src/engine/multi/index.js';
import { fen, positionAfter } from '../test/support/engine-helpers.js';
import { loadProblems } from './problems/problems.js';
import { engineHint, proveWin } from './problems/prove.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(20, 'AI benchmark');

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

const PROBLEM_MS = Number(process.env.BENCH_PROBLEM_MS ?? 10_000);
const { problems } = loadProblems();
console.log(`composed problems (${problems.length}), up to ${PROBLEM_MS} ms each, one core`);
const solver = new Searcher({ ttBits: 20 });
const hint = engineHint();
let solved = 0;
const times: number[] = [];
problems.forEach((problem, i) => {
  const position = fen(problem.fen);
  const result = solver.search(position, weights, { timeMs: PROBLEM_MS });
  times.push(result.ms);
  const found = result.score > MATE_BOUND ? MATE - result.score : undefined;
  const move = result.pv[0] ?? '';
  const after = positionAfter(position, move);
  const keeps = proveWin(after, problem.plies - 1, hint, 2_000_000, position.turn).proved;
  const ok = found !== undefined && found <= problem.plies && keeps;
  if (ok) solved++;
  console.log(
    `${String(i + 1).padStart(2)}. ${problem.goal.padEnd(5)} in ${String(problem.plies).padStart(2)}: ` +
      `${found === undefined ? 'no win found' : `win in ${found}`}, ${move} ` +
      `(${keeps ? 'keeps the win' : 'loses the win'}), ${Math.round(result.ms)} ms, depth ${result.depth}` +
      `${ok ? '' : '  <- not solved'}`,
  );
});
times.sort((a, b) => a - b);
console.log(
  `solved ${solved}/${problems.length}; time median ${Math.round(times[times.length >> 1]!)} ms, ` +
    `longest ${Math.round(times.at(-1)!)} ms`,
);
