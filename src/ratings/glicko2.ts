import rate from 'glicko2-lite';

/**
 * Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), the one module for every rating
 * of the bot: puzzles and their solvers, players per variant. Pure: the arithmetic is
 * glicko2-lite's (steps 2-8 of the paper); this module adds the shape we store, the period
 * without games and the limits.
 */
export interface Rating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** One game (or one puzzle attempt) of a rating period, scored from the rated side's view. */
export interface RatedResult {
  readonly opponent: Rating;
  readonly score: 0 | 0.5 | 1;
}

/** A newcomer's rating; also the most uncertain a rating ever gets (see decayRating). */
export const DEFAULT_RATING: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };

/** Deviation above which a rating is shown as provisional (a "?" next to it). */
export const PROVISIONAL_DEVIATION = 110;

/** The paper's system constant: how fast volatility may change (0.3 to 1.2 are sensible). */
export const DEFAULT_TAU = 0.5;

/**
 * A player's rating after one rating period with `results`. Without results only the
 * deviation grows, by the player's volatility (step 6 of the paper), never past the
 * newcomer's deviation.
 */
export function updateRating(
  player: Rating,
  results: readonly RatedResult[],
  tau = DEFAULT_TAU,
): Rating {
  if (results.length === 0) return decayRating(player, 1);
  const next = rate(
    player.rating,
    player.deviation,
    player.volatility,
    results.map(({ opponent, score }) => [opponent.rating, opponent.deviation, score]),
    { rating: DEFAULT_RATING.rating, tau },
  );
  return { rating: next.rating, deviation: next.rd, volatility: next.vol };
}

/**
 * A rating after `periods` rating periods without games: the deviation grows as
 * sqrt(φ² + n·σ²) on the Glicko-2 scale, capped at DEFAULT_RATING.deviation (an idle player is
 * never less known than a newcomer).
 */
export function decayRating(player: Rating, periods: number): Rating {
  if (!(periods > 0)) return player;
  const phi = player.deviation / GLICKO2_SCALE;
  const deviation = GLICKO2_SCALE * Math.sqrt(phi * phi + periods * player.volatility ** 2);
  return { ...player, deviation: Math.min(deviation, DEFAULT_RATING.deviation) };
}

/** Whether the rating is still too uncertain to compare (shown with a provisional marker). */
export function isProvisional(rating: Rating): boolean {
  return rating.deviation > PROVISIONAL_DEVIATION;
}

/** The paper's factor between the Glicko and the Glicko-2 scale (400 / ln 10). */
const GLICKO2_SCALE = 173.7178;
