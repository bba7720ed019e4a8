import { sideToMove } from './rules-strategy.js';
import type { Game } from './model.js';
import { rulesOf } from './rules-strategy.js';
import type { TimerJob } from './ports.js';
import type { Mutation } from './record-updates.js';
import { refusal } from './results.js';

/**
 * The correspondence clock's timers for a game as it stands: a reminder at `reminderAt` of the
 * time per move, and the time-out at the deadline. None for a game without a clock.
 */
export function clockJobs(game: Game, dayMs: number, reminderAt: number): TimerJob[] {
  if (game.status !== 'active' || game.deadline === null || game.daysPerMove === null) return [];
  const period = game.daysPerMove * dayMs;
  const ply = game.moves.length;
  return [
    { kind: 'reminder', targetId: game.id, ply, at: game.deadline - period * (1 - reminderAt) },
    { kind: 'timeout', targetId: game.id, ply, at: game.deadline },
  ];
}

/**
 * A due reminder or time-out applied to the game: the reminder (once), or the loss on time of
 * the side to move; 'not-due' (with the deadline) when the deadline has moved on, and stale when
 * the game has. A pure step: RecordUpdates saves it.
 */
export function clockStep(game: Game, job: TimerJob, now: number, dayMs: number): Mutation<Game> {
  if (game.status !== 'active' || game.moves.length !== job.ply || game.deadline === null) {
    return refusal('stale-version', 'stale timer');
  }
  const side = sideToMove(game);
  if (job.kind === 'reminder') {
    if (game.reminderSent) return refusal('stale-version', 'already reminded');
    const next: Game = { ...game, reminderSent: true };
    return {
      ok: true,
      next,
      events: [{ type: 'reminder', game: next, side, deadline: game.deadline }],
    };
  }
  if (now < game.deadline) return refusal('not-due', 'not yet', { at: game.deadline });
  // At a table the seat to move is out and the others play on (see Timers: the next clock).
  return rulesOf(game.variant).dropOut(game, side, 'time', now, dayMs);
}
