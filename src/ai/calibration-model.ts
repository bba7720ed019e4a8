/**
 * One variant's fit of White's chances from a search score (calibrate.ts makes it; the generated
 * calibration.ts holds them): 1 / (1 + e^(-(k·s + b))) for a score s in centi-men, White's side.
 */
export interface Calibration {
  /** The logistic slope per centi-man. */
  readonly k: number;
  /** The intercept: White's edge (the first move's) in a position scored level. */
  readonly b: number;
  /** Self-play games and positions the fit was made on. */
  readonly games: number;
  readonly positions: number;
  /** The search budget of the games (nodes per move). */
  readonly nodes: number;
}
