/**
 * Whether a person may make a move now, asked the same way on every platform whether the move
 * comes from a button, a picker or a typed command: the game first (over, or moved on since the
 * button was drawn for `ply`), then the person (not one of its players, or not the one to move).
 */
import { samePlayer, sideOf, type Game, type PlayerId } from '../../game/model.js';
import { playerToMove } from '../../game/rules-strategy.js';

/** Why a move is refused: the key of its text in the catalogue's `errors`. */
export type MoveRefusal = 'gameOver' | 'stale' | 'notAPlayer' | 'notYourTurn';

/** Why `player` may not make the move drawn for `ply` of `game`; undefined when they may. */
export function moveRefusal(game: Game, player: PlayerId, ply: number): MoveRefusal | undefined {
  if (game.status !== 'active') return 'gameOver';
  if (ply !== game.moves.length) return 'stale';
  if (sideOf(game, player) === undefined) return 'notAPlayer';
  if (!samePlayer(playerToMove(game), player)) return 'notYourTurn';
  return undefined;
}
