import type { Worker } from 'node:worker_threads';
import type { MinedGame, MineRequest, Puzzle } from '../puzzles/index.js';
import { startWorker } from '../threads/start-worker.js';

/** What a worker thread (puzzle-worker.ts) is asked: mine a game, or verify a puzzle. */
export type PuzzleTask =
  | { readonly kind: 'mine'; readonly request: MineRequest }
  | { readonly kind: 'verify'; readonly puzzle: Puzzle; readonly deep: boolean };

/** A worker's answer: the mined game, or the verified puzzle's problems (none: good). */
export type PuzzleReply =
  | { readonly ok: true; readonly value: MinedGame | string[] }
  | { readonly ok: false; readonly error: string };

/**
 * Worker threads for `puzzles generate` and `puzzles check` (puzzle-worker.ts), one task at a
 * time each: a task waits for a free worker. A worker's error rejects that task's promise.
 */
export class PuzzlePool {
  private readonly idle: Worker[] = [];
  private readonly waiting: ((worker: Worker) => void)[] = [];
  private readonly all: Worker[] = [];

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const worker = startWorker(import.meta.url, 'puzzle-worker');
      this.all.push(worker);
      this.idle.push(worker);
    }
  }

  mine(request: MineRequest): Promise<MinedGame> {
    return this.run({ kind: 'mine', request }, `game ${request.game}`) as Promise<MinedGame>;
  }

  /** recheckPuzzle on a worker. */
  verify(puzzle: Puzzle, deep: boolean): Promise<string[]> {
    return this.run({ kind: 'verify', puzzle, deep }, puzzle.id) as Promise<string[]>;
  }

  private async run(task: PuzzleTask, name: string): Promise<MinedGame | string[]> {
    const worker =
      this.idle.pop() ?? (await new Promise<Worker>((resolve) => this.waiting.push(resolve)));
    try {
      return await new Promise<MinedGame | string[]>((resolve, reject) => {
        const onError = (error: Error) => {
          worker.off('message', onMessage);
          reject(error);
        };
        const onMessage = (reply: PuzzleReply) => {
          worker.off('error', onError);
          if (reply.ok) resolve(reply.value);
          else reject(new Error(`${name}: ${reply.error}`));
        };
        worker.once('message', onMessage);
        worker.once('error', onError);
        worker.postMessage(task);
      });
    } finally {
      const next = this.waiting.shift();
      if (next !== undefined) next(worker);
      else this.idle.push(worker);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((worker) => worker.terminate()));
  }
}
