/** A game as a PDN file, the same from every chat adapter. */
import { makePdn } from '../engine/index.js';
import { gameHistory } from '../game/game-rules.js';
import type { Game } from '../game/model.js';

/** The PDN text of a game, with the players' names, its date and its result. */
export function gamePdn(game: Game): string {
  const history = gameHistory(game);
  const result =
    game.result === undefined
      ? '*'
      : game.result.winner === null
        ? '1/2-1/2'
        : game.result.winner === 'white'
          ? '1-0'
          : '0-1';
  const date = new Date(game.createdAt).toISOString().slice(0, 10).replace(/-/g, '.');
  return makePdn({
    start: history.start,
    moves: history.moves,
    result,
    event: 'Bashni Bot',
    date,
    white: game.white.displayName,
    black: game.black.displayName,
  });
}

/** The file name a game's PDN is sent under. */
export function pdnFileName(game: Game): string {
  return `bashni-${game.id}.pdn`;
}
