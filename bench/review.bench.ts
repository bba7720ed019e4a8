/**
 * A game review's cost: the time to review an 80-ply Bashni game (81 positions at the first
 * look, REVIEW_NODES each, then the deeper look at the suspects' positions) on one AI worker
 * thread, as `/review` does it — the positions one at a time through the pool. Run twice (the
 * second with the worker's tables warm). This times the engine only: a second /review of a game
 * is read from the cache.
 * Then what the review marks in the test set (bench/review/set.json, made by find-set.ts):
 * planted blunders and mistakes (a loss of ≥ 500 / 300-500 centi-men by 1,000,000-node searches)
 * and good moves (≤ 30), each reviewed as the last move of its game's first plies: the recall
 * (marked at all, and blunders marked as blunders) and the false alarms (good moves marked, and
 * the deep search's own best move where a move was planted, played instead of it).
 * BENCH_REVIEW_ITEMS=N reviews only the first N items.
 * Run: npm run bench:review
 */
import { AiPool, openings, playGame, REVIEW_NODES, Searcher, think } from '../src/ai/index.js';
import { makeFen, startPosition } from '../src/engine/index.js';
import type { Game } from '../src/game/model.js';
import { reviewGameRecord } from '../src/game/review.js';
import { loadSet, type ReviewItem } from './review/set.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(20, 'review benchmark');

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
  return finished('bench', 'bashni', makeFen(startPosition('bashni')), moves);
}

/** A finished game record of these moves. */
function finished(id: string, variant: Game['variant'], fen: string, moves: string[]): Game {
  const player = { platform: 'console' as const, userId: 'x', displayName: 'x' };
  return {
    id,
    version: 1,
    variant,
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

const { items } = loadSet();
const limit = Number(process.env.BENCH_REVIEW_ITEMS ?? items.length);
/** What the review marks on a move played after the item's first plies. */
async function verdictOn(item: ReviewItem, i: number, move: string) {
  const moves = [...item.prefix, move];
  const review = await reviewGameRecord(
    finished(`set${i}`, item.variant, item.startFen, moves),
    pool,
  );
  const ply = review.plies.at(-1)!;
  return {
    verdict: ply.verdict,
    seen: `the review's loss ${ply.loss}, drop ${ply.drop.toFixed(2)}`,
  };
}
type Kind = ReviewItem['kind'] | 'best';
const tally = new Map<Kind, { items: number; marked: number; blunders: number }>();
const line = (kind: Kind) => tally.get(kind) ?? { items: 0, marked: 0, blunders: 0 };
const count = (kind: Kind, verdict: string | undefined) => {
  const entry = line(kind);
  entry.items++;
  if (verdict !== undefined) entry.marked++;
  if (verdict === 'blunder') entry.blunders++;
  tally.set(kind, entry);
};
const misses: string[] = [];
for (const [i, item] of items.slice(0, limit).entries()) {
  const { verdict, seen } = await verdictOn(item, i, item.move);
  count(item.kind, verdict);
  const wrong =
    item.kind === 'good'
      ? verdict !== undefined
      : verdict === undefined || (item.kind === 'blunder' && verdict !== 'blunder');
  if (wrong)
    misses.push(
      `  ${item.kind} ${item.move} (loss ${item.loss}) marked ${verdict ?? 'nothing'} (${seen}): ${item.source}`,
    );
  // Where a move was planted, the deep search's own best move there must stay unmarked.
  if (item.kind !== 'good' && item.best !== '' && item.best !== item.move) {
    const onBest = await verdictOn(item, i, item.best);
    count('best', onBest.verdict);
    if (onBest.verdict !== undefined)
      misses.push(`  best ${item.best} marked ${onBest.verdict} (${onBest.seen}): ${item.source}`);
  }
}
const pct = (n: number, of: number) => `${of === 0 ? 0 : Math.round((100 * n) / of)}%`;
const blunders = line('blunder');
const mistakes = line('mistake');
const good = line('good');
const best = line('best');
console.log(`the test set: ${Math.min(limit, items.length)} moves reviewed`);
console.log(
  `planted blunders (loss ≥ 500): ${blunders.marked}/${blunders.items} marked (${pct(blunders.marked, blunders.items)}), ` +
    `${blunders.blunders} as blunders (${pct(blunders.blunders, blunders.items)})`,
);
console.log(
  `planted mistakes (loss 300-500): ${mistakes.marked}/${mistakes.items} marked (${pct(mistakes.marked, mistakes.items)})`,
);
console.log(
  `good moves (loss ≤ 30): ${good.marked}/${good.items} marked, false alarms ${pct(good.marked, good.items)}`,
);
console.log(
  `the deep search's best moves where a move was planted: ${best.marked}/${best.items} marked, false alarms ${pct(best.marked, best.items)}`,
);
for (const miss of misses) console.log(miss);
await pool.close();
