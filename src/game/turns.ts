import type { Game, Player } from './model.js';
import { newTurn } from './notify.js';

/**
 * The record after a ply that may pass the turn (`next`, from `previous`): the new turn's
 * fields for pings and the nudge (notify.ts), and, when the turn passed to another player in a
 * game with a clock, a fresh deadline. `announced`: whether a ping tells the new player now.
 * `sameTurn`: the ply was the first of two (bashni-double), so the clock runs on. `toMove`: the
 * player whose turn it is in `next`.
 */
export function passTurn(
  previous: Game,
  next: Game,
  now: number,
  dayMs: number,
  options: { announced: boolean; sameTurn?: boolean; toMove: Player },
): Game {
  const sameTurn = options.sameTurn === true;
  const humanToMove = options.toMove.botLevel === undefined;
  const turned: Game = {
    ...next,
    ...newTurn(previous, now, next.moves.length, options.announced || sameTurn, humanToMove),
  };
  if (turned.status !== 'active' || turned.daysPerMove === null || sameTurn) return turned;
  return { ...turned, deadline: now + turned.daysPerMove * dayMs, reminderSent: false };
}
