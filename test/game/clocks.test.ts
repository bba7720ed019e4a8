import { describe, expect, it } from 'vitest';
import { clockJobs, clockStep } from '../../src/game/clocks.js';
import { makeGame } from '../support/game-fixtures.js';
import { item } from '../support/present.js';

const DAY = 1_000;

describe('correspondence clock', () => {
  const game = makeGame('g1', { daysPerMove: 2, deadline: 5_000 });

  it('sets a reminder at 80% of the time per move and the time-out at the deadline', () => {
    expect(clockJobs(game, DAY, 0.8)).toEqual([
      { kind: 'reminder', targetId: 'g1', ply: 0, at: 4_600 },
      { kind: 'timeout', targetId: 'g1', ply: 0, at: 5_000 },
    ]);
    expect(clockJobs(makeGame('g2'), DAY, 0.8)).toEqual([]);
    expect(clockJobs({ ...game, status: 'finished' }, DAY, 0.8)).toEqual([]);
  });

  it('reminds once, then ends the game on time for the side to move', () => {
    const jobs = clockJobs(game, DAY, 0.8);
    const reminder = item(jobs, 0, 'clock jobs');
    const timeout = item(jobs, 1, 'clock jobs');
    const reminded = clockStep(game, reminder, 4_600, 1_000);
    // A pure step: the version is RecordUpdates' to stamp (test/game/record-updates.test.ts).
    expect(reminded).toMatchObject({ ok: true, next: { reminderSent: true, version: 1 } });
    if (!reminded.ok) return;
    expect(clockStep(reminded.next, reminder, 4_700, 1_000)).toMatchObject({ ok: false });

    expect(clockStep(game, timeout, 4_999, 1_000)).toMatchObject({
      ok: false,
      code: 'not-due',
      at: 5_000,
    });
    expect(clockStep(game, timeout, 5_000, 1_000)).toMatchObject({
      ok: true,
      next: { status: 'finished' },
      events: [{ type: 'game-over', result: { winner: 'black', reason: 'time' } }],
    });
  });

  it('ignores a timer set for an earlier move', () => {
    const timeout = item(clockJobs(game, DAY, 0.8), 1, 'clock jobs');
    const later = { ...game, moves: ['c3-d4'] };
    expect(clockStep(later, timeout, 9_000, 1_000)).toMatchObject({
      ok: false,
      code: 'stale-version',
    });
  });
});
