/** A worker thread of `puzzles generate` and `puzzles check`: one task per message. */
import { parentPort } from 'node:worker_threads';
import {
  DEEP_BUDGETS,
  DEFAULT_BUDGETS,
  mineGame,
  puzzleSearcher,
  verifyPuzzle,
} from '../puzzles/index.js';
import type { PuzzleReply, PuzzleTask } from './puzzle-workers.js';

const searcher = puzzleSearcher();

async function run(task: PuzzleTask): Promise<PuzzleReply> {
  if (task.kind === 'mine') return { ok: true, value: await mineGame(searcher, task.request) };
  const budgets = task.deep ? DEEP_BUDGETS : DEFAULT_BUDGETS;
  return {
    ok: true,
    value: verifyPuzzle(searcher, task.puzzle, budgets, { bestDefence: task.deep }),
  };
}

parentPort!.on('message', (task: PuzzleTask) => {
  run(task).then(
    (reply) => parentPort!.postMessage(reply),
    (error: unknown) =>
      parentPort!.postMessage({
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies PuzzleReply),
  );
});
