/**
 * The order of a move's effects, the same in every chat adapter: first every chat's board (one
 * edit carries the news: picture, caption, buttons), then — only when someone must be pinged —
 * a notice that mentions them, and cosmetic calls last ("thinking…" while the bot is to move,
 * the removal of a notice that has been answered). Which of them a move needs is decided here.
 */
import { playerToMove } from '../../game/rules-strategy.js';
import type { Game, Player } from '../../game/model.js';
import type { GameEvent } from '../../game/results.js';

export interface MoveEffects {
  /** The player to ping now (under the board), if any. */
  readonly ping?: Player;
  /** The bot is to move: show that it is thinking. */
  readonly botThinking: boolean;
  /** The game's earlier notice has been answered (its player moved): remove it. */
  readonly clearNotice: boolean;
}

/**
 * What a move needs beyond the boards. `latest` is the newest record known, `moved` the record
 * right after the move, `ping` the game service's word on pinging (see game/notify.ts).
 * Undefined when there is nothing more to do: the game is over, or the turn has been answered
 * already (the bot's reply can arrive before the move it answers is shown).
 */
export function moveEffects(latest: Game, moved: Game, ping: boolean): MoveEffects | undefined {
  if (latest.status !== 'active' || latest.moves.length !== moved.moves.length) return undefined;
  const player = playerToMove(latest);
  if (player.botLevel !== undefined) return { botThinking: true, clearNotice: false };
  return ping
    ? { ping: player, botThinking: false, clearNotice: false }
    : { botThinking: false, clearNotice: true };
}

/**
 * What a table seat's drop-out (a resignation, a loss on time) needs beyond the boards: a
 * move's effects when the turn passed (its new player is pinged); nothing when it did not —
 * a player out of turn resigned, and the player to move was told already or is playing live.
 */
export function seatOutEffects(
  latest: Game,
  event: Extract<GameEvent, { type: 'seat-out' }>,
): MoveEffects | undefined {
  return event.ping === false ? undefined : moveEffects(latest, event.game, true);
}
