/** A worker thread of `puzzles generate` and `puzzles check`: one task per message. */
import { parentPort } from 'node:worker_threads';
import { mineGame, puzzleSearcher, recheckPuzzle } from '../puzzles/index.js';
import type { PuzzleReply, PuzzleTask } from './puzzle-workers.js';

const searcher = puzzleSearcher();

async function run(task: PuzzleTask): Promise<PuzzleReply> {
  if (task.kind === 'mine') return { ok: true, value: await mineGame(searcher, task.request) };
  return { ok: true, value: recheckPuzzle(searcher, task.puzzle, task.deep) };
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
