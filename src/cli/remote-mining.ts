/**
 * Puzzle mining on other machines: `puzzles generate --queue` puts each self-play game on the
 * "puzzles" queue in Redis, and every `npm run worker` process mines the games it takes on its
 * worker threads. Games are deterministic by (variant, seed, game), so the library is the same
 * as a local run's, and a game already mined (a rerun within a day) is not mined again.
 */
import { VARIANTS } from '../engine/index.js';
import type { Logger } from '../game/logger.js';
import {
  decodePuzzle,
  MINING_STAGES,
  type MinedGame,
  type MineRequest,
  type MiningCounts,
} from '../puzzles/index.js';
import { RemoteJobs, startJobWorker } from '../store/bullmq-jobs.js';
import type { RedisAddress } from '../store/redis-connection.js';
import type { StoreHealthReport } from '../store/store-health.js';
import { PuzzlePool } from './puzzle-workers.js';

export const MINING_QUEUE = 'puzzles';

/** A self-play game can take minutes with the default budgets. */
const MINE_TIMEOUT_MS = 30 * 60_000;

interface QueueAt {
  readonly url: RedisAddress;
  readonly prefix: string;
  readonly log?: Logger;
  /** Where the store faults of its Redis commands go (they are then not logged one by one). */
  readonly health?: StoreHealthReport;
}

/** Changes when the miner does: a game mined by an older worker (kept a day) is not reused. */
const MINER_VERSION = 3;

const isNodes = (nodes: unknown) =>
  Number.isSafeInteger(nodes) && (nodes as number) > 0 && (nodes as number) <= 1e8;

function isBudgets(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const budgets = value as Record<string, unknown>;
  return isNodes(budgets.proposeNodes) && isNodes(budgets.verifyNodes);
}

function isMineRequest(data: unknown): data is MineRequest {
  if (typeof data !== 'object' || data === null) return false;
  const r = data as Record<string, unknown>;
  const budgets = r.budgets as Record<string, unknown> | null | undefined;
  return (
    typeof r.variant === 'string' &&
    Object.hasOwn(VARIANTS, r.variant) &&
    Number.isSafeInteger(r.seed) &&
    Number.isSafeInteger(r.game) &&
    (r.game as number) >= 0 &&
    typeof budgets === 'object' &&
    budgets !== null &&
    isNodes(budgets.scanNodes) &&
    isBudgets(budgets.prefilter) &&
    isBudgets(budgets.strict)
  );
}

/** A worker's stage counts, keeping only known stages with counts. */
function decodeCounts(raw: unknown): MiningCounts {
  if (typeof raw !== 'object' || raw === null) return {};
  const counts: Record<string, number> = {};
  for (const stage of MINING_STAGES) {
    const n = (raw as Record<string, unknown>)[stage];
    if (Number.isSafeInteger(n) && (n as number) >= 0) counts[stage] = n as number;
  }
  return counts;
}

/** The generating side: mines a game through the queue; the answer is checked like a library. */
export function remoteMiner(queue: QueueAt): {
  mine(request: MineRequest): Promise<MinedGame>;
  ready(): Promise<void>;
  close(): Promise<void>;
} {
  const jobs = new RemoteJobs({
    ...queue,
    queueName: MINING_QUEUE,
    timeoutMs: MINE_TIMEOUT_MS,
    keepSeconds: 24 * 3600,
  });
  return {
    mine: async (request) => {
      const { variant, seed, game } = request;
      const jobId = `mine-v${MINER_VERSION}-${variant}-${seed}-${game}`;
      const answer = await jobs.run('mine', request, { jobId, attempts: 2 });
      const { puzzles, counts } = (answer ?? {}) as Record<string, unknown>;
      if (!Array.isArray(puzzles)) throw new Error(`${jobId}: the worker sent no puzzles`);
      return {
        puzzles: puzzles.map((raw) => {
          const puzzle = decodePuzzle(raw, variant);
          if (!puzzle.ok) throw new Error(`${jobId}: ${puzzle.error.message}`);
          return puzzle.value;
        }),
        counts: decodeCounts(counts),
      };
    },
    ready: () => jobs.ready(),
    close: () => jobs.close(),
  };
}

/**
 * The worker side: takes games from the queue, `threads` at once, and mines them on as many
 * worker threads (started on the first game, so a worker that only ever searches bot moves
 * starts none).
 */
export function startMiningWorker(queue: QueueAt & { readonly threads: number }): {
  close(): Promise<void>;
} {
  let pool: PuzzlePool | undefined;
  const worker = startJobWorker({
    ...queue,
    queueName: MINING_QUEUE,
    concurrency: queue.threads,
    handle: async (data, jobId) => {
      if (!isMineRequest(data)) throw new Error(`${jobId}: not a game to mine`);
      pool ??= new PuzzlePool(queue.threads);
      return pool.mine(data);
    },
  });
  return {
    close: async () => {
      await worker.close();
      await pool?.close();
    },
  };
}
