import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import ServersFirstSequencer from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one file fewer than the cores (a single one on two cores), but much of
    // the suite waits on processes, sockets and the fakes' clocks rather than computing: two files
    // more than the cores keep them busy. On two cores: 9 min with one worker, 392 s with two,
    // 344 s with three (2026-12-03), the same CPU time; three took 364-382 s by 2026-12-07; four
    // 306 s on a clean clone's .ci/run that day (439 s against three's 483 s with a miner on the
    // spare cycles).
    maxWorkers: Math.max(4, availableParallelism() + 2),
    reporters: ['default', './test/support/summary-reporter.ts'],
    sequence: { sequencer: ServersFirstSequencer },
  },
});
