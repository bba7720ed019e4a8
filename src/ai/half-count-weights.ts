/** The half count's goal terms of the evaluation (evaluate.ts, evaluate-scan.ts). */

/**
 * Adiyukh's goal term: centi-men per unit of the half-count lead (pieces of either colour on
 * the opponent's half minus pieces on one's own). One piece crossing the middle moves the lead
 * by two, so it is worth two men (ADIYUKH_WEIGHTS.man = 100): the goal outweighs material.
 * Set by hand; a candidate for tuning.
 */
export const HALF_COUNT_PIECE = 100;

/**
 * Stavropol's second term: centi-men per piece that a man-topped stack can still carry over the
 * middle in its player's favour (white-topped men on White's half go up for the White player,
 * black-topped men on Black's half go down for the Black player). Set by hand well below the
 * two lead units (2 * HALF_COUNT_PIECE) a crossing is worth, since it is only a prospect; a
 * candidate for tuning.
 */
export const SHARED_CROSSING_PIECE = 40;
