/**
 * Board renderer speed and size: median milliseconds per 720 px board with the image cache
 * bypassed (every board drawn and PNG-encoded; the background and stack pictures stay warm, as
 * they do in a running bot), and the PNG size. The goal is at most 15 ms and 120 KB a board.
 * The same for the picture of a four-player table game (Zhernov's): 720 px wide and 30% taller
 * by its standings, so it is timed against the board's goal but reported apart from it. Then the
 * league pictures (tournament standings, a rating graph): milliseconds per picture, no goal.
 * Then a game's animation (an animated GIF of 80 and 85 plies of a real game): milliseconds to
 * replay, draw and encode it, and its size (goal: at most 2 MB for 80 plies).
 *
 * Then the render pool: boards per second with 1 and 2 worker threads on distinct positions
 * (so no cache hits), and the main thread's event-loop delay while they render, next to the same
 * figures for synchronous rendering on the main thread.
 * Run: npx tsx bench/render.bench.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  applyMove,
  legalMoves,
  parseMove,
  seededRandom,
  startPosition,
  type Move,
  type Position,
} from '../src/engine/index.js';
import { clearSpriteCaches } from '../src/render/paint-caches.js';
import {
  BoardRenderer,
  DEFAULT_JPEG_QUALITY,
  RenderPool,
  renderUncached,
  REPLAY_SIZE,
  type RenderOptions,
  type StandingsPicture,
  type TableRenderOptions,
} from '../src/render/index.js';
import type { TablePosition } from '../src/engine/multi/index.js';
import { fen } from '../test/support/engine-helpers.js';
import { ratingHistory, swissStandings } from '../test/support/league-pictures.js';
import { square, ZHERNOV_MIDDLE } from '../test/support/table-positions.js';
import { LONG_GAME } from '../test/support/long-game.js';
import { replayFrames } from '../src/render/replay.js';
import { normaliseReplay } from '../src/render/replay-options.js';

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

/** The height of a PNG, from its header. */
function decodedHeight(png: Buffer): number {
  return png.readUInt32BE(20);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

console.log(`board renderer, ${SIZE} px, image cache bypassed, median of ${RUNS} renders`);
let met = true;
for (const { name, position, options } of cases) {
  clearSpriteCaches();
  let started = performance.now();
  const first = renderUncached('board', position, options);
  const cold = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    renderUncached('board', position, options);
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

// Zhernov's game in its middle, from Red's side, just after Red's capture b4:d6.
const table: { name: string; position: TablePosition; options: TableRenderOptions } = {
  name: 'table (Zhernov), Red at the bottom',
  position: ZHERNOV_MIDDLE,
  options: {
    size: SIZE,
    bottom: 1,
    lastMove: { from: square('b4'), path: [square('d6')], captures: [square('c5')] },
    names: { 0: 'Egor', 1: 'Anna' },
  },
};
{
  clearSpriteCaches();
  let started = performance.now();
  const first = renderUncached('table', table.position, table.options);
  const cold = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    renderUncached('table', table.position, table.options);
    times.push(performance.now() - started);
  }
  const ms = median(times);
  const kb = first.length / 1024;
  console.log(
    `  ${table.name.padEnd(40)} ${ms.toFixed(2).padStart(6)} ms  ${kb.toFixed(1).padStart(6)} KB` +
      `  (first render, cold sprites: ${cold.toFixed(1)} ms; 720x${decodedHeight(first)} px)`,
  );
}

// League pictures: standings tables and a rating graph, painted whole on every render.
const marathonColumns = 23;
const marathon: StandingsPicture = {
  title: 'Marathon — Bashni, round robin',
  subtitle: 'after round 20 of 23',
  headers: { place: '#', player: 'Player', points: 'Pts', tieBreaks: ['SB'] },
  gridHeaders: Array.from({ length: marathonColumns }, (_, i) => String(i + 1)),
  rows: Array.from({ length: 24 }, (_, row) => ({
    place: String(row + 1),
    name: `Player number ${row + 1}`,
    points: `${23 - row}½`,
    tieBreaks: [`${(200 - row * 7.25).toFixed(2)}`],
    cells: Array.from({ length: marathonColumns }, (_, column) =>
      column === row ? '×' : ['1', '0', '½', ''][(row + column) % 4]!,
    ),
  })),
  footer: 'SB: Sonneborn–Berger',
};
const league: { name: string; render: () => Buffer }[] = [
  {
    name: 'standings, 10-player Swiss (ru)',
    render: () => renderUncached('standings', swissStandings),
  },
  {
    name: 'standings, 24 players x 23 columns',
    render: () => renderUncached('standings', marathon),
  },
  {
    name: 'rating graph, 40 games',
    render: () =>
      renderUncached('rating-graph', { title: 'Alice — Bashni', points: ratingHistory(40) }),
  },
];
for (const { name, render } of league) {
  let started = performance.now();
  const first = render();
  const cold = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    render();
    times.push(performance.now() - started);
  }
  const ms = median(times);
  const kb = first.length / 1024;
  console.log(
    `  ${name.padEnd(40)} ${ms.toFixed(2).padStart(6)} ms  ${kb.toFixed(1).padStart(6)} KB` +
      `  (first render: ${cold.toFixed(1)} ms; ${first.readUInt32BE(16)}x${decodedHeight(first)} px)`,
  );
}

const renderer = new BoardRenderer();
const firstCase = cases[0]!;
renderer.render('board', firstCase.position, firstCase.options);
const hits: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  renderer.render('board', firstCase.position, firstCase.options);
  hits.push(performance.now() - started);
}
console.log(
  `  ${'cache hit (same board again)'.padEnd(40)} ${median(hits).toFixed(3).padStart(6)} ms`,
);
console.log(`goal: at most ${GOAL_MS} ms and ${GOAL_KB} KB a board: ${met ? 'met' : 'NOT met'}`);

// ---------------------------------------------------------------------------------------------
// A game's animation (GIF)

const REPLAY_RUNS = Number(process.env.BENCH_REPLAY_RUNS ?? 5);
const REPLAY_GOAL_BYTES = 2 * 1024 * 1024;
const replayLabels = { title: 'Alice — Bob', startText: 'Start position', plyWord: 'ply' };
console.log(
  `game animation, ${REPLAY_SIZE} px GIF, cache bypassed, median of ${REPLAY_RUNS} (first one cold)`,
);
let replayMet = true;
for (const plies of [80, LONG_GAME.moves.length]) {
  const picture = { ...LONG_GAME, moves: LONG_GAME.moves.slice(0, plies), ...replayLabels };
  clearSpriteCaches();
  let started = performance.now();
  const gif = renderUncached('replay', picture);
  const cold = performance.now() - started;
  const times: number[] = [];
  const replays: number[] = [];
  for (let i = 0; i < REPLAY_RUNS; i++) {
    started = performance.now();
    renderUncached('replay', picture);
    times.push(performance.now() - started);
    // The moves replayed to positions alone (what the main thread would pay to do it there).
    started = performance.now();
    replayFrames(normaliseReplay(picture));
    replays.push(performance.now() - started);
  }
  replayMet &&= gif.length <= REPLAY_GOAL_BYTES;
  console.log(
    `  ${`${plies} plies (${plies + 1} frames), draw + encode`.padEnd(40)} ${median(times).toFixed(0).padStart(6)} ms` +
      `  ${(gif.length / 1024).toFixed(0).padStart(6)} KB  (${(gif.length / 1024 / (plies + 1)).toFixed(1)} KB a frame; ` +
      `cold ${cold.toFixed(0)} ms; replaying the moves alone ${median(replays).toFixed(2)} ms)`,
  );
}
console.log(`goal: at most 2 MB for 80 plies: ${replayMet ? 'met' : 'NOT met'}`);

// ---------------------------------------------------------------------------------------------
// The render pool

const POOL_BOARDS = Number(process.env.BENCH_POOL_BOARDS ?? 200);
const WARM_UP_BOARDS = 8;
/** The whole pool section must end within this, or the bench stops with an error. */
const DEADLINE_MS = 5 * 60_000;

/** Distinct positions (distinct pictures) from seeded random games. */
function distinctPositions(count: number): Position[] {
  const random = seededRandom(2024);
  const seen = new Set<string>();
  const positions: Position[] = [];
  while (positions.length < count) {
    let position = startPosition('bashni');
    for (let ply = 0; ply < 150 && positions.length < count; ply++) {
      const key = JSON.stringify(position.stacks);
      if (!seen.has(key)) {
        seen.add(key);
        positions.push(position);
      }
      const moves = legalMoves(position);
      if (moves.length === 0) break;
      position = applyMove(position, moves[Math.floor(random() * moves.length)]!);
    }
  }
  return positions;
}

interface LoopFigures {
  /** Null when no boards were drawn (the idle baseline). */
  readonly boardsPerSecond: number | null;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** Runs `work` with the event-loop delay sampled every millisecond; delays in ms. */
async function measure(boards: number, work: () => Promise<void>): Promise<LoopFigures> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  await work();
  const elapsed = performance.now() - started;
  histogram.disable();
  return {
    boardsPerSecond: boards === 0 ? null : (boards * 1000) / elapsed,
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
  };
}

function report(name: string, figures: LoopFigures): void {
  const delay = [figures.p50, figures.p99, figures.max].map((ms) => ms.toFixed(1)).join(' / ');
  const speed =
    figures.boardsPerSecond === null ? '' : `${figures.boardsPerSecond.toFixed(0)} boards/s`;
  console.log(
    `  ${name.padEnd(40)} ${speed.padStart(13)}  event-loop delay p50/p99/max ${delay} ms`,
  );
}

async function benchPool(): Promise<void> {
  const all = distinctPositions(WARM_UP_BOARDS + POOL_BOARDS);
  const warmUp = all.slice(0, WARM_UP_BOARDS);
  const boards = all.slice(WARM_UP_BOARDS);
  const options: RenderOptions = { size: SIZE };
  console.log(
    `render pool, ${SIZE} px, ${boards.length} distinct boards (image cache bypassed); ` +
      'event-loop delay sampled every 1 ms, so an idle loop shows about 1 ms',
  );
  report(
    'idle main thread (baseline)',
    await measure(0, () => new Promise((resolve) => setTimeout(resolve, 500))),
  );
  for (const position of warmUp) renderUncached('board', position, options);
  report(
    'synchronous, on the main thread',
    await measure(boards.length, async () => {
      for (const position of boards) {
        // One board a turn of the loop, as a bot answering one update after another would.
        await nextTurn();
        renderUncached('board', position, options);
      }
    }),
  );
  for (const size of [1, 2]) {
    const pool = new RenderPool({ size });
    try {
      await Promise.all(warmUp.map((position) => pool.render('board', position, options)));
      const figures = await measure(boards.length, async () => {
        await Promise.all(boards.map((position) => pool.render('board', position, options)));
      });
      if (pool.stats().misses !== warmUp.length + boards.length) {
        throw new Error('the pool served a board from its cache; the positions are not distinct');
      }
      report(`pool, ${size} worker${size === 1 ? '' : 's'}`, figures);
    } finally {
      await pool.close();
    }
  }
}

/** Inline mode's pictures: the same boards as JPEGs (served by URL), drawn on one worker. */
async function benchJpeg(): Promise<void> {
  const positions = distinctPositions(JPEG_BOARDS);
  const pool = new RenderPool({ size: 1 });
  try {
    await pool.render('board', positions[0]!, { size: SIZE }); // a warm worker
    const times: number[] = [];
    const jpegBytes: number[] = [];
    const pngBytes: number[] = [];
    for (const position of positions.slice(1)) {
      const started = performance.now();
      const jpeg = await pool.renderJpeg('board', DEFAULT_JPEG_QUALITY, position, { size: SIZE });
      times.push(performance.now() - started);
      jpegBytes.push(jpeg.length);
      pngBytes.push((await pool.render('board', position, { size: SIZE })).length);
    }
    const kb = (values: number[]) => (median(values) / 1024).toFixed(0);
    console.log(
      `inline-mode JPEG, ${SIZE} px, ${times.length} distinct boards on one worker: ` +
        `median ${median(times).toFixed(0)} ms a picture (a cache miss), ${kb(jpegBytes)} KB ` +
        `(the same board as a PNG: ${kb(pngBytes)} KB)`,
    );
  } finally {
    await pool.close();
  }
}

const JPEG_BOARDS = Number(process.env.BENCH_JPEG_BOARDS ?? 21);

const deadline = setTimeout(() => {
  console.error(`render pool bench: not finished after ${DEADLINE_MS / 1000} s; stopping`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();
try {
  await benchPool();
  await benchJpeg();
} catch (error) {
  console.error('render pool bench failed:', error);
  process.exitCode = 1;
}
