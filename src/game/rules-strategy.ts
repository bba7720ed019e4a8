/**
 * The rules of a game as one strategy, chosen once per variant (rulesOf): two players'
 * (game-rules.ts) or a table's (table-rules.ts, Zhernov's); the interface is rules-model.ts.
 */
import { twoPlayerRules } from './game-rules.js';
import {
  isTableVariant,
  playerOf,
  type Game,
  type GameVariantId,
  type Player,
  type SeatColor,
} from './model.js';
import type { AnyPosition, GameRules } from './rules-model.js';
import { tableRules } from './table-rules.js';

export type * from './rules-model.js';

/** The rules of a variant. */
export function rulesOf(variant: GameVariantId): GameRules {
  return isTableVariant(variant) ? tableRules : twoPlayerRules(variant);
}

/** The current position of any game record. */
export function anyPosition(game: Game): AnyPosition {
  return rulesOf(game.variant).position(game);
}

/** The colour whose turn it is in a game record (a seat's colour in a table game). */
export function sideToMove(game: Game): SeatColor {
  return rulesOf(game.variant).sideToMove(game);
}

/** The player whose turn it is in a game record. */
export function playerToMove(game: Game): Player {
  return playerOf(game, sideToMove(game));
}
