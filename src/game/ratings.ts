import { makeFen, startPosition, type VariantId } from '../engine/index.js';
import { decayRating, updateRating, type Rating } from '../ratings/glicko2.js';
import type { ServiceContext } from './context.js';
import type { LeagueStore, RatingChange } from './league-ports.js';
import { rulesOf } from './rules-strategy.js';
import { chatKey, type Game, type Player, type PlayerId } from './model.js';
import {
  botRating,
  newPlayerRating,
  RECENT_OUTCOMES,
  type PlayerRating,
  type RatedPlayer,
  type RatingPool,
} from './rating-model.js';

/**
 * Without games, a rating's deviation grows by one Glicko-2 period per RATING_PERIOD_DAYS (a
 * player back after a year is less known than one who played last week). Each rated game is a
 * period of its own, as on correspondence sites: games last days, not minutes.
 */
export const RATING_PERIOD_DAYS = 30;

/** Tries of a rated game's save that lost a race to another game of the same player. */
const SAVE_ATTEMPTS = 5;

/** Why a finished game changes no rating. */
export type UnratedReason =
  | 'casual'
  | 'bots-only'
  | 'table-game'
  | 'abandoned'
  | 'not-started'
  | 'custom-start'
  | 'not-finished';

/**
 * Whether a finished game counts, and if not why: it must be marked rated, between two sides
 * of which one at least is a person (not a table game), from the variant's own start, with a move by each side, and decided by
 * the players (an abandoned game is no result).
 */
export function unratedReason(game: Game): UnratedReason | undefined {
  if (game.status !== 'finished' || game.result === undefined) return 'not-finished';
  if (game.rated !== true) return 'casual';
  // Two bot entrants of a tournament: nobody to rate.
  if (game.white.botLevel !== undefined && game.black.botLevel !== undefined) return 'bots-only';
  const variant = rulesOf(game.variant).league;
  if (variant === undefined) return 'table-game';
  if (game.result.reason === 'abandoned') return 'abandoned';
  if (game.moves.length < 2) return 'not-started';
  if (game.startFen !== makeFen(startPosition(variant))) return 'custom-start';
  return undefined;
}

/** The chats ('platform:chatId') a game was shown in: its players join their leaderboards. */
export function chatKeysOf(game: Game): string[] {
  return [...new Set(game.views.map(chatKey))];
}

/** A player's score in a finished two-player game. */
function scoreOf(game: Game, side: 'white' | 'black'): 0 | 0.5 | 1 {
  const winner = game.result?.winner ?? null;
  if (winner === null) return 0.5;
  return winner === side ? 1 : 0;
}

/** A rating as of `now`: its deviation grown by the whole periods since its last game. */
export function ratingAt(record: PlayerRating, now: number, dayMs: number): Rating {
  const periods = Math.floor((now - record.updatedAt) / (RATING_PERIOD_DAYS * dayMs));
  return decayRating(record.rating, periods);
}

/** A player as their rating records name them: who, and their names now. */
export function ratedPlayer(player: Player): RatedPlayer {
  const { platform, userId, displayName, username } = player;
  return username === undefined
    ? { platform, userId, displayName }
    : { platform, userId, displayName, username };
}

/** A record after one more game. */
export function withOutcome(
  record: PlayerRating,
  player: Player,
  input: {
    gameId: string;
    at: number;
    opponent: string;
    opponentRating: Rating;
    score: 0 | 0.5 | 1;
    before: Rating;
  },
): PlayerRating {
  const rating = updateRating(input.before, [
    { opponent: input.opponentRating, score: input.score },
  ]);
  const { score } = input;
  const streak =
    score === 1 ? Math.max(record.streak, 0) + 1 : score === 0 ? Math.min(record.streak, 0) - 1 : 0;
  const outcome = {
    gameId: input.gameId,
    at: input.at,
    opponent: input.opponent,
    opponentRating: Math.round(input.opponentRating.rating),
    score,
    rating: Math.round(rating.rating),
    change: Math.round(rating.rating) - Math.round(input.before.rating),
  };
  return {
    ...record,
    player: ratedPlayer(player),
    rating,
    games: record.games + 1,
    wins: record.wins + (score === 1 ? 1 : 0),
    draws: record.draws + (score === 0.5 ? 1 : 0),
    losses: record.losses + (score === 0 ? 1 : 0),
    streak,
    bestWinStreak: Math.max(record.bestWinStreak, streak),
    recent: [...record.recent, outcome].slice(-RECENT_OUTCOMES),
    updatedAt: input.at,
  };
}

/**
 * The ratings of finished games: who is rated against whom, once per game, and the queries of
 * `/stats` and `/top`.
 */
export class Ratings {
  constructor(
    private readonly context: Pick<ServiceContext, 'clock' | 'logger' | 'dayMs'>,
    private readonly league: LeagueStore,
  ) {}

  /**
   * Rates a finished game, once: retried when another game of the same player was rated in
   * between. Returns the records as saved (empty when the game changes no rating, or was rated
   * before). `chatKeys`: chats besides the game's own whose leaderboards its players join (a
   * tournament's).
   */
  async rate(game: Game, chatKeys: readonly string[] = []): Promise<PlayerRating[]> {
    if (unratedReason(game) !== undefined) return [];
    const chats = [...new Set([...chatKeysOf(game), ...chatKeys])];
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const changes = await this.changesFor(game);
      const saved = await this.league.saveRatedGame(game.id, changes, chats);
      if (saved === 'saved') return changes.map((change) => change.next);
      if (saved === 'already-rated') return [];
    }
    this.context.logger.warn('rating a game kept losing races', { gameId: game.id });
    throw new Error(`rating game ${game.id}: too many conflicting saves`);
  }

  /** The game's effect on each human side's record, computed from the records as read now. */
  private async changesFor(game: Game): Promise<RatingChange[]> {
    const variant = game.variant as VariantId;
    const at = game.finishedAt ?? this.context.clock.now();
    const sides = (['white', 'black'] as const).map((side) => ({ side, player: game[side] }));
    const bot = sides.find((entry) => entry.player.botLevel !== undefined);
    const pool: RatingPool = bot === undefined ? 'people' : 'bot';
    const humans = sides.filter((entry) => entry.player.botLevel === undefined);
    const records = await Promise.all(
      humans.map(async ({ player }) => {
        const stored = await this.league.playerRating(player, variant, pool);
        return stored ?? newPlayerRating(ratedPlayer(player), variant, pool, at);
      }),
    );
    const before = records.map((record) => ratingAt(record, at, this.context.dayMs));
    return humans.map(({ side, player }, index) => {
      const record = records[index]!;
      const opponent = bot?.player ?? humans[1 - index]!.player;
      const opponentRating =
        opponent.botLevel !== undefined ? botRating(opponent.botLevel) : before[1 - index]!;
      const next = withOutcome(record, player, {
        gameId: game.id,
        at,
        opponent: opponent.displayName,
        opponentRating,
        score: scoreOf(game, side),
        before: before[index]!,
      });
      return { next, expectedGames: record.games };
    });
  }

  /** A player's records, all variants and pools, most games first. */
  records(player: PlayerId): Promise<PlayerRating[]> {
    return this.league.playerRatings(player);
  }

  /**
   * A chat's leaderboard of a variant: everyone who played a rated game shown there, best
   * rating first (provisional ratings included, for a club's first weeks).
   */
  async chatLeaderboard(chatKey: string, variant: VariantId, pool: RatingPool = 'people') {
    const records = await this.league.chatRatings(chatKey, variant, pool);
    return records.sort(
      (a, b) => b.rating.rating - a.rating.rating || b.games - a.games || a.updatedAt - b.updatedAt,
    );
  }

  /** The global leaderboard of a variant: established ratings only, best first. */
  globalLeaderboard(variant: VariantId, limit: number, pool: RatingPool = 'people') {
    return this.league.topRatings(variant, pool, limit);
  }
}
