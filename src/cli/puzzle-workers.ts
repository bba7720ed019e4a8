import type { Worker } from 'node:worker_threads';
import type { MinedGame, MineRequest } from '../puzzles/index.js';
import { startWorker } from '../threads/start-worker.js';

/** A worker's answer to one MineRequest. */
export type MineReply =
  { readonly ok: true; readonly mined: MinedGame } | { readonly ok: false; readonly error: string };

/**
 * Worker threads that mine games (puzzle-worker.ts), one game at a time each: `mine` waits for
 * a free worker. A worker's error rejects that game's promise.
 */
export class MinerPool {
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

  async mine(request: MineRequest): Promise<MinedGame> {
    const worker =
      this.idle.pop() ?? (await new Promise<Worker>((resolve) => this.waiting.push(resolve)));
    try {
      return await new Promise<MinedGame>((resolve, reject) => {
        const onError = (error: Error) => {
          worker.off('message', onMessage);
          reject(error);
        };
        const onMessage = (reply: MineReply) => {
          worker.off('error', onError);
          if (reply.ok) resolve(reply.mined);
          else reject(new Error(`game ${request.game}: ${reply.error}`));
        };
        worker.once('message', onMessage);
        worker.once('error', onError);
        worker.postMessage(request);
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
