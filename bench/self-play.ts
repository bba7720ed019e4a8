import { playGame, think, type Searcher } from '../src/ai/index.js';
import { startPosition, type VariantId } from '../src/engine/index.js';

/**
 * The moves of one seeded self-play game, for the benchmarks' sets: an opening drawn from
 * `openings`, then a level drawn from `levels` for each side (node budgets at half scale; the
 * searcher's clock should stand still, so that the same seed plays the same game).
 */
export async function selfPlayMoves(options: {
  readonly searcher: Searcher;
  readonly variant: VariantId;
  readonly openings: readonly (readonly string[])[];
  readonly random: () => number;
  readonly levels: readonly number[];
  readonly maxPlies: number;
}): Promise<string[]> {
  const { random, levels } = options;
  const level = () => ({
    kind: 'level' as const,
    level: levels[Math.floor(random() * levels.length)]!,
  });
  const outcome = await playGame({
    start: startPosition(options.variant),
    opening: options.openings[Math.floor(random() * options.openings.length)]!,
    white: level(),
    black: level(),
    think: (request) => Promise.resolve(think(options.searcher, request)),
    seed: Math.floor(random() * 0x7fffffff),
    scale: 0.5,
    maxPlies: options.maxPlies,
  });
  return [...outcome.opening, ...outcome.moves];
}
