/**
 * One board of a round: two entrants by their 0-based index in seed order, or a bye.
 * `black: null` means `white` has no opponent this round (the bye), which is how both the
 * round-robin tables and the Swiss pairer hand it back, so callers treat byes one way.
 */
export interface BoardPairing {
  readonly white: number;
  readonly black: number | null;
}
