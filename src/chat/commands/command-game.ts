/** Which game a command like /move or /resign is about, the same in every chat adapter. */
import { playerToMove } from '../../game/rules-strategy.js';
import { opponentsOf, samePlayer, type Game, type PlayerId } from '../../game/model.js';
import type { Messages } from '../../i18n/index.js';
import { moveNumber } from '../words/board-caption.js';
import { cutName, type PlayerNames } from '../words/player-label.js';

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

/**
 * The game a command means among the player's active games: the one they named (`chosen`, a
 * game id: 'unknown' when it is none of theirs in play), else `pickCommandGame` among those
 * shown in this chat (all of them when none is): 'several' lists the ones to choose from.
 */
export type CommandGameChoice =
  | { readonly kind: 'game'; readonly game: Game }
  | { readonly kind: 'none' }
  | { readonly kind: 'several'; readonly games: readonly Game[] }
  | { readonly kind: 'unknown' };

export function chooseCommandGame(
  active: readonly Game[],
  player: PlayerId,
  shownHere: (game: Game) => boolean,
  chosen?: string,
): CommandGameChoice {
  if (chosen !== undefined) {
    const game = active.find((candidate) => candidate.id === chosen);
    return game === undefined ? { kind: 'unknown' } : { kind: 'game', game };
  }
  const here = active.filter(shownHere);
  const candidates = here.length > 0 ? here : active;
  const game = pickCommandGame(candidates, player);
  if (game === 'none') return { kind: 'none' };
  return game === 'several' ? { kind: 'several', games: candidates } : { kind: 'game', game };
}

/** A suggestion for a command's game option: its words and the game's id. */
export interface GameSuggestion {
  readonly name: string;
  readonly value: string;
}

/** Discord's limits: 25 suggestions, each name at most 100 characters. */
const MAX_SUGGESTIONS = 25;
const MAX_SUGGESTION_NAME = 100;

/**
 * The player's active games as suggestions for a command's game option, those shown in this
 * chat first, each by `gameVs` ("vs Alice (Bashni, move 12)") with its id as the value; only
 * those whose words or id hold what was typed so far (any case).
 */
export function gameSuggestions(
  active: readonly Game[],
  player: PlayerId,
  shownHere: (game: Game) => boolean,
  typed: string,
  t: Messages,
  names: Pick<PlayerNames, 'name'>,
): GameSuggestion[] {
  const wanted = typed.trim().toLowerCase();
  const ordered = [...active.filter(shownHere), ...active.filter((game) => !shownHere(game))];
  return ordered
    .map((game) => ({
      name: cutName(gameVs(game, player, t, names), MAX_SUGGESTION_NAME),
      value: game.id,
    }))
    .filter(
      ({ name, value }) =>
        name.toLowerCase().includes(wanted) || value.toLowerCase().includes(wanted),
    )
    .slice(0, MAX_SUGGESTIONS);
}
