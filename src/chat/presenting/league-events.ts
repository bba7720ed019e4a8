import type { Game } from '../../game/model.js';
import type { PlayerRating } from '../../game/rating-model.js';
import type { GameEvent } from '../../game/results.js';
import type { Tournament } from '../../game/tournament-model.js';

/**
 * How a platform shows the league's events: its tournament cards and posts, and the ratings
 * under a game's board. Which event asks for what is the same everywhere (showLeagueEvent).
 */
export interface LeagueShows {
  rated(game: Game, ratings: readonly PlayerRating[]): Promise<void>;
  /** The sign-up changed (someone joined or left). */
  updateCards(tournament: Tournament): Promise<void>;
  cancelled(tournament: Tournament): Promise<void>;
  roundPaired(tournament: Tournament, round: number): Promise<void>;
  withdrawal(tournament: Tournament, entrant: number): Promise<void>;
  finished(tournament: Tournament): Promise<void>;
}

const LEAGUE_EVENT_TYPES = [
  'game-rated',
  'tournament-updated',
  'tournament-cancelled',
  'tournament-round',
  'tournament-withdrawal',
  'tournament-finished',
] as const;

/** The league's events: a game's ratings, and everything of tournaments. */
export type LeagueEvent = Extract<
  GameEvent,
  { readonly type: (typeof LEAGUE_EVENT_TYPES)[number] }
>;

/** Whether an event is the league's (shown by showLeagueEvent). */
export function isLeagueEvent(event: GameEvent): event is LeagueEvent {
  return (LEAGUE_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Shows a league event, with the newest record of its game (`current`) for the ratings. */
export async function showLeagueEvent(
  event: LeagueEvent,
  shows: LeagueShows,
  current: (game: Game) => Game,
): Promise<void> {
  switch (event.type) {
    case 'game-rated':
      await shows.rated(current(event.game), event.ratings);
      return;
    case 'tournament-updated':
      await shows.updateCards(event.tournament);
      return;
    case 'tournament-cancelled':
      await shows.cancelled(event.tournament);
      return;
    case 'tournament-round':
      await shows.roundPaired(event.tournament, event.round);
      return;
    case 'tournament-withdrawal':
      await shows.withdrawal(event.tournament, event.entrant);
      return;
    case 'tournament-finished':
      await shows.finished(event.tournament);
      return;
  }
}
