/**
 * Mines composed-style Bashni problems for `npm run bench:ai`: positions of seeded self-play
 * games (levels 4-6 against each other, varied openings) where the side to move has a forced
 * win, a block or a wipe-out, of 5 to 25 plies with a real choice at the first move, each win
 * proved by the independent AND-OR check (prove.ts) within the plies the engine found. Writes
 * bench/problems/bashni.json; the seed's composed problem is always its first entry.
 * Run: npx tsx bench/problems/find.ts [--count 24] [--seed 1]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultWeights, MATE, MATE_BOUND, openings, Searcher } from '../../src/ai/index.js';
import {
  legalMoves,
  makeFen,
  parseFen,
  seededRandom,
  stackOwner,
  startPosition,
  type Position,
} from '../../src/engine/index.js';
import { positionAfter } from '../../test/support/engine-helpers.js';
import { selfPlayMoves } from '../self-play.js';
import { engineHint, proveWin } from './prove.js';
import { PROBLEMS_FILE, SEED_PROBLEM, type ComposedProblem } from './problems.js';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '24' }, seed: { type: 'string', default: '1' } },
});
const count = Number(values.count);
const seed = Number(values.seed);
const SCAN_NODES = 100_000;
const weights = defaultWeights('bashni');
const still = () => 0;
const searcher = new Searcher({ ttBits: 20, now: still });

const play = positionAfter;
const hint = engineHint();

function problemAt(position: Position, source: string): ComposedProblem | undefined {
  if (legalMoves(position).length < 3) return undefined;
  const result = searcher.search(position, weights, { maxNodes: SCAN_NODES });
  if (result.score <= MATE_BOUND) return undefined;
  const plies = MATE - result.score;
  if (plies < 5 || plies > 25) return undefined;
  const proof = proveWin(position, plies, hint);
  if (!proof.proved) return undefined;
  const end = proof.line.reduce(play, position);
  const loserHasPieces = end.stacks.some((s) => s !== null && stackOwner(s) !== position.turn);
  return {
    fen: makeFen(position),
    plies,
    goal: legalMoves(end).length === 0 && loserHasPieces ? 'block' : 'win',
    line: proof.line,
    source,
  };
}

const seedStart = parseFen(SEED_PROBLEM.fen, 'bashni');
if (!seedStart.ok) throw new Error(seedStart.error.message);
const seedProof = proveWin(seedStart.value, SEED_PROBLEM.plies, hint);
if (!seedProof.proved) throw new Error('the seed problem is not a win in its plies');
const problems: ComposedProblem[] = [{ ...SEED_PROBLEM, line: seedProof.line }];
const lines = openings('bashni', 64, seed);
const random = seededRandom(seed);
const started = performance.now();
for (let game = 1; problems.length < count && game <= 400; game++) {
  const moves = await selfPlayMoves({
    searcher,
    variant: 'bashni',
    openings: lines,
    random,
    levels: [4, 5, 6],
    maxPlies: 200,
  });
  let position = startPosition('bashni');
  for (let ply = 0; ply < moves.length; ply++) {
    if (ply >= 20) {
      const found = problemAt(position, `seed ${seed}, game ${game}, ply ${ply}`);
      if (found !== undefined) {
        problems.push(found);
        console.error(`game ${game}: ${found.goal} in ${found.plies} plies, ${found.fen}`);
        break; // one a game: the next positions of this game show the same win
      }
    }
    position = play(position, moves[ply]!);
  }
}
const seconds = Math.round((performance.now() - started) / 1000);
const command = `npx tsx bench/problems/find.ts --count ${count} --seed ${seed}`;
writeFileSync(PROBLEMS_FILE, JSON.stringify({ command, seconds, problems }, null, 2) + '\n');
console.error(`${problems.length} problems in ${seconds} s`);
