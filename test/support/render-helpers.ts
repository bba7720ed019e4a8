/** Helpers for the renderer's tests: refused renders and the render pool's private state. */
import type { Worker } from 'node:worker_threads';
import { RenderError, type RenderPool } from '../../src/render/index.js';
import type { RenderJob } from '../../src/render/transport.js';

/** The RenderError that `run` throws; anything else it throws, or nothing, fails the test. */
export function refusal(run: () => unknown): RenderError {
  try {
    run();
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
  throw new Error('expected a RenderError');
}

/** The pool's private state, for the tests that kill workers or slip in a broken job. */
export interface PoolInternals {
  readonly slots: { worker: Worker | null; job: unknown }[];
  readonly queue: {
    key: string;
    message: RenderJob;
    resolve: (png: Buffer) => void;
    reject: (error: unknown) => void;
  }[];
  dispatch(): void;
}

export function internals(pool: RenderPool): PoolInternals {
  return pool as unknown as PoolInternals;
}
