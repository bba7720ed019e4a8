import type { VariantId } from '../engine/index.js';
import { AfterGame } from './after-game.js';
import type { ServiceContext } from './context.js';
import type { LeagueStore } from './league-ports.js';
import type { ChatView, Player, PlayerId } from './model.js';
import type { PlayerRating } from './rating-model.js';
import { Ratings } from './ratings.js';
import { refusal, success, type GameEvent, type ServiceResult } from './results.js';
import type { Tournament, TournamentChat } from './tournament-model.js';
import { Tournaments, type TournamentDeps, type TournamentRequest } from './tournaments.js';

/**
 * Ratings and tournaments, the league's use cases. A service with a league store has the
 * store's (`storeLeague`); one without (the terminal game) has `noLeague`, which refuses them all
 * as 'store-unavailable'.
 */
export interface League {
  /** Whether games change ratings here and tournaments can be held. */
  readonly available: boolean;
  /** A player's rating records (every variant and pool), most games first. */
  playerRatings(player: PlayerId): Promise<ServiceResult<PlayerRating[]>>;
  /** A chat's leaderboard of a variant (everyone who played a rated game there). */
  chatLeaderboard(chatKey: string, variant: VariantId): Promise<ServiceResult<PlayerRating[]>>;
  /** The global leaderboard of a variant (established ratings only). */
  globalLeaderboard(variant: VariantId, limit: number): Promise<ServiceResult<PlayerRating[]>>;
  /** Opens a tournament's sign-up in a chat (the adapter checks the organiser may). */
  createTournament(
    input: TournamentRequest,
    views?: readonly ChatView[],
  ): Promise<ServiceResult<Tournament>>;
  /** Records that a chat message shows a tournament's sign-up card. */
  addTournamentView(id: string, view: ChatView): Promise<ServiceResult<Tournament>>;
  getTournament(id: string): Promise<ServiceResult<Tournament>>;
  /** The chat's newest tournament; refused as 'tournament-not-found' if it never had one. */
  chatTournament(chatKey: string): Promise<ServiceResult<Tournament>>;
  joinTournament(id: string, player: Player): Promise<ServiceResult<Tournament>>;
  /** Leaves a tournament's sign-up, or withdraws from it once it runs. */
  leaveTournament(id: string, player: PlayerId): Promise<ServiceResult<Tournament>>;
  cancelTournament(
    id: string,
    player: PlayerId,
    isAdmin: boolean,
  ): Promise<ServiceResult<Tournament>>;
  /** Enters the bot at a level into a tournament's sign-up (its organiser or an admin). */
  addBotToTournament(
    id: string,
    player: PlayerId,
    isAdmin: boolean,
    level: number,
    botName: string,
  ): Promise<ServiceResult<Tournament>>;
  startTournament(
    id: string,
    player: PlayerId,
    isAdmin: boolean,
  ): Promise<ServiceResult<Tournament>>;
  /** A player left a chat: they withdraw from its tournament; the events are returned. */
  memberLeftChat(chat: TournamentChat, player: PlayerId): Promise<readonly GameEvent[]>;
  /** Finishes the accounting of finished games a crash interrupted, and live tournaments. */
  sweep(): Promise<void>;
}

const unavailable = () =>
  Promise.resolve(refusal('store-unavailable', 'Ratings and tournaments are not available here.'));

/** The league of a service without a league store: every use case refused. */
export const noLeague: League = {
  available: false,
  playerRatings: unavailable,
  chatLeaderboard: unavailable,
  globalLeaderboard: unavailable,
  createTournament: unavailable,
  addTournamentView: unavailable,
  getTournament: unavailable,
  chatTournament: unavailable,
  joinTournament: unavailable,
  leaveTournament: unavailable,
  cancelTournament: unavailable,
  addBotToTournament: unavailable,
  startTournament: unavailable,
  memberLeftChat: () => Promise.resolve([]),
  sweep: () => Promise.resolve(),
};

/**
 * The league on a league store: ratings, tournaments, and what a game's end sets off (hooked
 * into every save that finishes a game).
 */
export function storeLeague(
  context: ServiceContext,
  store: LeagueStore,
  games: TournamentDeps,
): League {
  const ratings = new Ratings(context, store);
  const tournaments = new Tournaments(context, store, games);
  const afterGame = new AfterGame(context, store, ratings, tournaments);
  context.records.whenGamesFinish(afterGame);
  return {
    available: true,
    playerRatings: async (player) => success(await ratings.records(player)),
    chatLeaderboard: async (chatKey, variant) =>
      success(await ratings.chatLeaderboard(chatKey, variant)),
    globalLeaderboard: async (variant, limit) =>
      success(await ratings.globalLeaderboard(variant, limit)),
    createTournament: (input, views) => tournaments.create(input, views),
    addTournamentView: (id, view) => tournaments.addView(id, view),
    getTournament: (id) => tournaments.get(id),
    chatTournament: async (chatKey) => {
      const latest = await tournaments.latest(chatKey);
      return latest === undefined
        ? refusal('tournament-not-found', 'This chat has no tournament.')
        : success(latest);
    },
    joinTournament: (id, player) => tournaments.join(id, player),
    leaveTournament: (id, player) => tournaments.leave(id, player),
    cancelTournament: (id, player, isAdmin) => tournaments.cancel(id, player, isAdmin),
    addBotToTournament: (id, player, isAdmin, level, botName) =>
      tournaments.addBot(id, player, isAdmin, level, botName),
    startTournament: (id, player, isAdmin) => tournaments.start(id, player, isAdmin),
    memberLeftChat: (chat, player) => tournaments.memberLeft(chat, player),
    sweep: () => afterGame.sweep(),
  };
}
