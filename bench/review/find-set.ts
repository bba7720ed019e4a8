/**
 * Builds the review's test set (bench/review/set.json) for `npm run bench:review`: planted
 * blunders and good moves in about-level positions of seeded self-play games in Bashni, Stolby
 * and Laska. Each item is a game's first plies as played, then one planted move, judged by a
 * 1,000,000-node search of the position before it (the best move's score) and of the position
 * after it (the planted move's score): a loss of 500 or more is a blunder, 300 to 500 a mistake,
 * at most 30 a good move (one that is not the engine's own choice at the review's budget, so
 * that the review must judge it). The two examples come first.
 * Run: npx tsx bench/review/find-set.ts [--positions 30] [--seed 1]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultWeights, moveText, openings, REVIEW_NODES, Searcher } from '../../src/ai/index.js';
import {
  legalMoves,
  makeFen,
  parseFen,
  seededRandom,
  startPosition,
  type Position,
  VARIANTS,
  type VariantId,
} from '../../src/engine/index.js';
import { positionAfter } from '../../test/support/engine-helpers.js';
import { selfPlayMoves } from '../self-play.js';
import { EXAMPLES, SET_FILE, type ReviewItem } from './set.js';

const { values } = parseArgs({
  options: { positions: { type: 'string', default: '30' }, seed: { type: 'string', default: '1' } },
});
const perVariant = Number(values.positions);
const seed = Number(values.seed);
const DEEP = 1_000_000;
const still = () => 0;
const searcher = new Searcher({ ttBits: 22, now: still });

const play = positionAfter;
const scoreOf = (position: Position, nodes: number) =>
  searcher.search(position, defaultWeights(position.variant), { maxNodes: nodes });

/** The mover's loss of the planted move at the deep budget: best score minus the move's. */
function deepLoss(position: Position, move: string): { loss: number; best: string } {
  const before = scoreOf(position, DEEP);
  const after = scoreOf(play(position, move), DEEP);
  return { loss: before.score + after.score, best: before.pv[0] ?? '' };
}

const items: ReviewItem[] = [];
for (const example of EXAMPLES) {
  const start = parseFen(example.startFen, example.variant);
  if (!start.ok) throw new Error(start.error.message);
  const { loss, best } = deepLoss(start.value, example.move);
  items.push({ ...example, loss, best, kind: loss >= 500 ? 'blunder' : 'mistake' });
}

const started = performance.now();
for (const variant of ['bashni', 'stolby', 'laska'] as VariantId[]) {
  const lines = openings(variant, 64, seed);
  const random = seededRandom(seed * 1000 + variant.length);
  let found = 0;
  for (let game = 1; found < perVariant && game <= 200; game++) {
    const moves = await selfPlayMoves({
      searcher,
      variant,
      openings: lines,
      random,
      levels: [3, 4, 5, 6],
      maxPlies: 120,
    });
    // Two positions a game, at plies drawn from 12 to 59.
    for (const ply of [12 + Math.floor(random() * 24), 36 + Math.floor(random() * 24)]) {
      if (ply >= moves.length || found >= perVariant) continue;
      const position = moves.slice(0, ply).reduce(play, startPosition(variant));
      if (legalMoves(position).length < 3) continue;
      const weights = defaultWeights(variant);
      const wide = searcher.search(position, weights, { maxNodes: 400_000, scoreAllMoves: true });
      const scores = wide.rootScores!;
      if (Math.abs(wide.score) > 300) continue; // about level only
      const all = Array.from({ length: scores.length }, (_, i) => ({
        move: moveText(wide.list, i, VARIANTS[variant].geometry.names),
        score: scores[i]!,
      }));
      const shallow = scoreOf(position, REVIEW_NODES).pv[0];
      const source = `${variant} seed ${seed}, game ${game}, ply ${ply}`;
      const prefix = moves.slice(0, ply);
      // The worst-looking move among those far below the best, and a near-best one.
      const bad = all.filter((m) => m.score <= wide.score - 500).sort((a, b) => a.score - b.score);
      const candidates = [bad[Math.floor(random() * bad.length)]].filter((m) => m !== undefined);
      for (const candidate of candidates) {
        const { loss, best } = deepLoss(position, candidate.move);
        if (loss < 300) continue;
        items.push({
          variant,
          startFen: makeFen(startPosition(variant)),
          prefix,
          move: candidate.move,
          kind: loss >= 500 ? 'blunder' : 'mistake',
          loss,
          best,
          source,
        });
      }
      const good = all.find((m) => m.move !== shallow && m.score >= wide.score - 30);
      if (good !== undefined) {
        const { loss, best } = deepLoss(position, good.move);
        if (loss <= 30)
          items.push({
            variant,
            startFen: makeFen(startPosition(variant)),
            prefix,
            move: good.move,
            kind: 'good',
            loss,
            best,
            source,
          });
      }
      found++;
      console.error(`${source}: ${items.length} items`);
    }
  }
}

const seconds = Math.round((performance.now() - started) / 1000);
const command = `npx tsx bench/review/find-set.ts --positions ${perVariant} --seed ${seed}`;
writeFileSync(SET_FILE, JSON.stringify({ command, seconds, items }, null, 1) + '\n');
console.error(`${items.length} items in ${seconds} s`);
