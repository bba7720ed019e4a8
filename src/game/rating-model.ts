import type { VariantId } from '../engine/index.js';
import { DEFAULT_RATING, type Rating } from '../ratings/glicko2.js';
import type { PlayerId } from './model.js';

/**
 * Players' ratings for games (Glicko-2, one per player, variant and pool). People rated against
 * people and against the bot are kept apart: a rating earned by beating level 2 forty times says
 * nothing about a player's strength against people.
 */
export type RatingPool = 'people' | 'bot';

/** A rated player as the leaderboards show them: who, and their latest names. */
export type RatedPlayer = PlayerId & {
  readonly displayName: string;
  /** Without the @: `/stats @name` finds the player by it. */
  readonly username?: string;
};

/** One rated game from a player's side: what `/stats` lists and the graph draws. */
export interface RatedOutcome {
  readonly gameId: string;
  /** When the game ended (ms since the epoch). */
  readonly at: number;
  /** The opponent's name, and their rating before the game. */
  readonly opponent: string;
  readonly opponentRating: number;
  readonly score: 0 | 0.5 | 1;
  /** The player's rating after the game, and the change it made. */
  readonly rating: number;
  readonly change: number;
}

/**
 * A player's record in one variant and pool. `games` doubles as the record's version: every
 * rated game adds one, so a compare-and-set on it keeps two games finishing at once from
 * overwriting each other's change.
 */
export interface PlayerRating {
  readonly player: RatedPlayer;
  readonly variant: VariantId;
  readonly pool: RatingPool;
  readonly rating: Rating;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** The current run: +n wins in a row, −n losses in a row, 0 after a draw. */
  readonly streak: number;
  /** The longest run of wins ever. */
  readonly bestWinStreak: number;
  /** The last RECENT_OUTCOMES rated games, oldest first. */
  readonly recent: readonly RatedOutcome[];
  readonly updatedAt: number;
}

/** How many rated games a record keeps for `/stats` and the graph. */
export const RECENT_OUTCOMES = 40;

/**
 * The fixed rating of each bot level (index 0 = level 1), the opponent of games against the bot.
 * Set from the measured ladder (docs/tuning.md): about +300 Elo a step at the bottom, +150 at the
 * top. The bot's rating never moves: it is a yardstick, with a small deviation.
 */
export const BOT_LEVEL_RATINGS: readonly number[] = [800, 1100, 1350, 1550, 1750, 1900, 2050, 2200];

/** How sure the bot's fixed rating is taken to be. */
export const BOT_RATING_DEVIATION = 50;

/** The bot's rating at a level, as a Glicko-2 opponent. */
export function botRating(level: number): Rating {
  const index = Math.min(Math.max(Math.round(level), 1), BOT_LEVEL_RATINGS.length) - 1;
  return {
    rating: BOT_LEVEL_RATINGS[index]!,
    deviation: BOT_RATING_DEVIATION,
    volatility: DEFAULT_RATING.volatility,
  };
}

/** A newcomer's record (no games yet). */
export function newPlayerRating(
  player: RatedPlayer,
  variant: VariantId,
  pool: RatingPool,
  now: number,
): PlayerRating {
  return {
    player,
    variant,
    pool,
    rating: DEFAULT_RATING,
    games: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    streak: 0,
    bestWinStreak: 0,
    recent: [],
    updatedAt: now,
  };
}
