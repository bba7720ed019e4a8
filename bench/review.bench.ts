/**
 * A game review's cost: the time to review an 80-ply Bashni game (81 positions, one search
 * each at the review budget, REVIEW_NODES) on one AI worker thread, as `/review` does it — the
 * positions one at a time through the pool. Run twice (the second with the worker's tables
 * warm). This times the engine only: a second /review of a game is read from the cache.
 * Run: npm run bench:review
 */
import { AiPool, openings, playGame, REVIEW_NODES, Searcher, think } from '../src/ai/index.js';
import { makeFen, startPosition } from '../src/engine/index.js';
import type { Game } from '../src/game/model.js';
import { reviewGameRecord } from '../src/game/review.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(5, 'review benchmark');

const PLIES = 80;

/** An 80-ply self-play game from a balanced opening (cheap searches: any game will do). */
async function game(): Promise<Game> {
  const searcher = new Searcher({ ttBits: 16, now: () => 0 });
  const outcome = await playGame({
    start: startPosition('bashni'),
    opening: openings('bashni', 1, 5)[0],
    white: { kind: 'search', nodes: 1_500 },
    black: { kind: 'search', nodes: 1_500 },
    think: (request) => Promise.resolve(think(searcher, request)),
    seed: 5,
    maxPlies: PLIES,
  });
  const moves = [...outcome.opening, ...outcome.moves].slice(0, PLIES);
  const fen = makeFen(startPosition('bashni'));
  const player = { platform: 'console' as const, userId: 'x', displayName: 'x' };
  return {
    id: 'bench',
    version: 1,
    variant: 'bashni',
    white: player,
    black: player,
    startFen: fen,
    moves,
    fen,
    keys: [],
    quietPlies: 0,
    status: 'finished',
    daysPerMove: null,
    deadline: null,
    reminderSent: false,
    drawOffer: null,
    views: [],
    createdAt: 0,
    updatedAt: 0,
  };
}

const record = await game();
const pool = new AiPool({ size: 1 });
// The worker warms up its JIT at start; a first request waits for that, so time the second.
await pool.think({
  variant: 'bashni',
  fen: record.fen,
  player: { kind: 'search', nodes: 1000 },
  seed: 1,
});
console.log(
  `review of a ${record.moves.length}-ply Bashni game, ${REVIEW_NODES} nodes per position, 1 AI thread`,
);
for (let run = 1; run <= 2; run++) {
  const started = performance.now();
  const review = await reviewGameRecord(record, pool);
  const ms = performance.now() - started;
  console.log(
    `run ${run}: ${(ms / 1000).toFixed(2)} s (${(ms / review.chances.length).toFixed(1)} ms per position), ` +
      `${review.moments.length} critical moments`,
  );
}
await pool.close();
