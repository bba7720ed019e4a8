/**
 * Board renderer speed and size: median milliseconds per 720 px board with the image cache
 * bypassed (every board drawn and PNG-encoded; the background and stack pictures stay warm, as
 * they do in a running bot), and the PNG size. The goal is at most 15 ms and 120 KB a board.
 * Run: npx tsx bench/render.bench.ts
 */
import {
  applyMove,
  parseMove,
  startPosition,
  type Move,
  type Position,
} from '../src/engine/index.js';
import { clearSpriteCaches } from '../src/render/canvas.js';
import { BoardRenderer, renderUncached, type RenderOptions } from '../src/render/index.js';
import { fen } from '../test/support/engine-helpers.js';

const SIZE = 720;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const GOAL_MS = 15;
const GOAL_KB = 120;

function play(position: Position, text: string): { position: Position; move: Move } {
  const move = parseMove(position, text);
  if (!move.ok) throw new Error(move.error.message);
  return { position: applyMove(position, move.value), move: move.value };
}

// A late position with tall stacks (6, 8 and 6 pieces), just after a king's double capture.
const late = play(fen('B:Wc3(0000/000),e5(00100/0000),Kg1,f4:Bh8(100/0),b6(00)'), 'h8:d4:b2');

const cases: { name: string; position: Position; options: RenderOptions }[] = [
  { name: 'start position', position: startPosition('bashni'), options: { size: SIZE } },
  {
    name: 'late position, tall stacks, last move',
    position: late.position,
    options: { size: SIZE, lastMove: late.move },
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

console.log(`board renderer, ${SIZE} px, image cache bypassed, median of ${RUNS} renders`);
let met = true;
for (const { name, position, options } of cases) {
  clearSpriteCaches();
  let started = performance.now();
  const first = renderUncached(position, options);
  const cold = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    renderUncached(position, options);
    times.push(performance.now() - started);
  }
  const ms = median(times);
  const kb = first.length / 1024;
  met &&= ms <= GOAL_MS && kb <= GOAL_KB;
  console.log(
    `  ${name.padEnd(40)} ${ms.toFixed(2).padStart(6)} ms  ${kb.toFixed(1).padStart(6)} KB` +
      `  (first render, cold sprites: ${cold.toFixed(1)} ms)`,
  );
}

const renderer = new BoardRenderer();
renderer.renderBoard(cases[0].position, cases[0].options);
const hits: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  renderer.renderBoard(cases[0].position, cases[0].options);
  hits.push(performance.now() - started);
}
console.log(
  `  ${'cache hit (same board again)'.padEnd(40)} ${median(hits).toFixed(3).padStart(6)} ms`,
);
console.log(`goal: at most ${GOAL_MS} ms and ${GOAL_KB} KB a board: ${met ? 'met' : 'NOT met'}`);
