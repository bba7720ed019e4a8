/** A match score in numbers: wins, draws and losses of one side, and what they say in Elo. */
export interface EloSummary {
  readonly games: number;
  /** Points per game, 0..1 (a draw is half a point). */
  readonly score: number;
  /** Elo difference implied by the score (±Infinity for a clean sweep). */
  readonly elo: number;
  /** Bounds of the 95% confidence interval of the Elo difference. */
  readonly low: number;
  readonly high: number;
  /** Half the width of that interval (Infinity when a bound is infinite). */
  readonly margin: number;
}

/** Elo difference for a score fraction: 400·log10(s / (1 − s)). */
export function eloFromScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return 400 * Math.log10(score / (1 - score));
}

/**
 * The Elo difference with its 95% interval, from the per-game variance of the result
 * (trinomial: win 1, draw ½, loss 0) and the normal approximation of the mean score.
 */
export function eloSummary(wins: number, draws: number, losses: number): EloSummary {
  const games = wins + draws + losses;
  if (games === 0)
    return { games, score: 0.5, elo: 0, low: -Infinity, high: Infinity, margin: Infinity };
  const score = (wins + draws / 2) / games;
  const variance =
    (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games;
  const deviation = 1.959964 * Math.sqrt(variance / games);
  // With a clean sweep the observed variance is 0; use the rule of three for the bound instead.
  const rule = 3 / games;
  const lowScore = deviation === 0 && score === 1 ? 1 - rule : score - deviation;
  const highScore = deviation === 0 && score === 0 ? rule : score + deviation;
  const low = eloFromScore(Math.max(lowScore, 0));
  const high = eloFromScore(Math.min(highScore, 1));
  const margin = Number.isFinite(low) && Number.isFinite(high) ? (high - low) / 2 : Infinity;
  return { games, score, elo: eloFromScore(score), low, high, margin };
}

/** "+123 ± 45" / "+inf (> +560)" style text. */
export function formatElo(summary: EloSummary): string {
  const signed = (x: number) =>
    Number.isFinite(x) ? (x >= 0 ? '+' : '') + Math.round(x) : x > 0 ? '+inf' : '-inf';
  if (!Number.isFinite(summary.elo)) {
    return summary.elo > 0
      ? `+inf (95%: > ${signed(summary.low)})`
      : `-inf (95%: < ${signed(summary.high)})`;
  }
  if (!Number.isFinite(summary.margin)) {
    return `${signed(summary.elo)} (95%: ${signed(summary.low)} .. ${signed(summary.high)})`;
  }
  return `${signed(summary.elo)} ± ${Math.round(summary.margin)} (95%: ${signed(summary.low)} .. ${signed(summary.high)})`;
}
