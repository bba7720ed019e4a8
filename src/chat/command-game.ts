/** Which game a command like /move or /resign is about, the same in every chat adapter. */
import { playerToMove } from '../game/game-rules.js';
import { samePlayer, type Game, type PlayerId } from '../game/model.js';

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
