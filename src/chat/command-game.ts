/** Which game a command like /move or /resign is about, the same in every chat adapter. */
import { playerToMove } from '../game/game-rules.js';
import { opponentsOf, samePlayer, type Game, type PlayerId } from '../game/model.js';
import type { Messages } from '../i18n/index.js';
import { moveNumber } from './board-caption.js';
import type { PlayerNames } from './player-label.js';

/**
 * Among the games a command may be about: the only one, else the only one where it is the
 * player's move; 'none' or 'several' when that does not say.
 */
export function pickCommandGame(
  candidates: readonly Game[],
  player: PlayerId,
): Game | 'none' | 'several' {
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) return 'none';
  const myTurn = candidates.filter((game) => samePlayer(playerToMove(game), player));
  return myTurn.length === 1 ? myTurn[0]! : 'several';
}

/**
 * How an answer names the game a command acts on, for `player`: "vs Boris (Bashni, move 12)"
 * (`Messages.gameVs`), so that a question or an answer about it says which game it means.
 */
export function gameVs(
  game: Game,
  player: PlayerId,
  t: Messages,
  names: Pick<PlayerNames, 'name'>,
): string {
  const opponents = opponentsOf(game, player).map((other) => names.name(other));
  return t.gameVs(opponents.join(', '), t.variant(game.variant), moveNumber(game));
}
