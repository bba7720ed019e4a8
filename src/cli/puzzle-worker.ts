/** A worker thread of `puzzles generate`: mines one self-play game per message. */
import { parentPort } from 'node:worker_threads';
import { mineGame, puzzleSearcher, type MineRequest } from '../puzzles/index.js';
import type { MineReply } from './puzzle-workers.js';

const searcher = puzzleSearcher();

parentPort!.on('message', (request: MineRequest) => {
  mineGame(searcher, request).then(
    (mined) => parentPort!.postMessage({ ok: true, mined } satisfies MineReply),
    (error: unknown) =>
      parentPort!.postMessage({
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies MineReply),
  );
});
