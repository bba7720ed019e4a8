/**
 * The review's test set (bench/review/set.json, made by find-set.ts): planted moves, each after
 * a game's first plies, with the mover's loss by a 1,000,000-node search of the positions before
 * and after it. `npm run bench:review` reviews each and counts what the review marks.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VariantId } from '../../src/engine/index.js';

export interface ReviewItem {
  readonly variant: VariantId;
  readonly startFen: string;
  /** The game's moves before the planted one (reviewed too, as in a real review). */
  readonly prefix: readonly string[];
  readonly move: string;
  /** By the deep loss: 'blunder' ≥ 500, 'mistake' 300 to 500, 'good' ≤ 30. */
  readonly kind: 'blunder' | 'mistake' | 'good';
  /** The mover's loss in centi-men at the deep budget (best move's score minus the move's). */
  readonly loss: number;
  /** The deep search's best move. */
  readonly best: string;
  readonly source: string;
}

export const SET_FILE = fileURLToPath(new URL('set.json', import.meta.url));

/** The two examples (Bashni): planted where a 1M-node search sees the loss. */
export const EXAMPLES: readonly Omit<ReviewItem, 'loss' | 'best' | 'kind'>[] = [
  {
    variant: 'bashni',
    startFen: 'W:Wa1,g1,f2(00),h2,c3(00),g3(0/0),b4,c5(0/0000),b6:Bf6(00),a7,e7,d8,f8(0/0),h8',
    prefix: [],
    move: 'b6-c7',
    source: 'issue 32: b6-c7 allows d8:b6:d4:b2, freeing 4 prisoners',
  },
  {
    variant: 'bashni',
    startFen: 'B:Wa1,c1,e1,g1,b2,f2,h2,d4(0000):Bb6(0/1),f6,c7(00000000),b8,h8',
    prefix: [],
    move: 'b6-c5',
    source: 'issue 32: b6-c5 loses about nine men',
  },
];

export function loadSet(): { command: string; items: ReviewItem[] } {
  return JSON.parse(readFileSync(SET_FILE, 'utf8')) as { command: string; items: ReviewItem[] };
}
