import { addDays } from './daily-schedule.js';
import { playerKey } from './model.js';
import type { DailyResult, WeekResult } from './puzzle-ports.js';

/**
 * The chat leaderboards' arithmetic, shared by every PuzzleStore so that they rank alike.
 * Pure: the stores hand in what they read.
 */

/** A day's results in leaderboard order: solvers first, earliest first; then the rest. */
export function rankDay(results: readonly DailyResult[]): DailyResult[] {
  return [...results].sort(
    (a, b) =>
      Number(b.solved) - Number(a.solved) ||
      a.at - b.at ||
      playerKey(a.player).localeCompare(playerKey(b.player)),
  );
}

/** Per player over several days: most solved, then fewest failed, then earliest last attempt. */
export function rankWeek(days: readonly (readonly DailyResult[])[]): WeekResult[] {
  const players = new Map<string, { -readonly [K in keyof WeekResult]: WeekResult[K] }>();
  for (const result of days.flat()) {
    const key = playerKey(result.player);
    let row = players.get(key);
    if (row === undefined) {
      row = { player: result.player, solved: 0, failed: 0, lastAt: result.at };
      players.set(key, row);
    }
    if (result.solved) row.solved++;
    else row.failed++;
    if (result.at >= row.lastAt) {
      row.lastAt = result.at;
      row.player = result.player; // the latest name
    }
  }
  return [...players.values()].sort(
    (a, b) =>
      b.solved - a.solved ||
      a.failed - b.failed ||
      a.lastAt - b.lastAt ||
      playerKey(a.player).localeCompare(playerKey(b.player)),
  );
}

/**
 * Consecutive days solved from a player's outcomes by day (true = solved). With `today`, the
 * run must end today, or yesterday when today has no outcome yet; without, it ends on the last
 * day with an outcome. A failed or missed day ends a run.
 */
export function streakOf(outcomes: ReadonlyMap<string, boolean>, today?: string): number {
  const lastDay = [...outcomes.keys()].sort().at(-1); // YYYY-MM-DD sorts as dates do
  let day = today === undefined ? lastDay : outcomes.has(today) ? today : addDays(today, -1);
  let run = 0;
  while (day !== undefined && outcomes.get(day) === true) {
    run++;
    day = addDays(day, -1);
  }
  return run;
}

/**
 * The days of a player's outcomes that can never count again, once an outcome of `day` is in:
 * only today's and yesterday's puzzles count, so no day before `day` - 1 can still be written.
 * Going back from there over solved days, the first day not solved (failed or missed) ends
 * every run that could ever reach it: the days before it are dead weight, which the stores
 * delete so that a player's history stays as long as the current run.
 */
export function outcomesPastUse(outcomes: ReadonlyMap<string, boolean>, day: string): string[] {
  let end = addDays(day, -2);
  while (outcomes.get(end) === true) end = addDays(end, -1);
  return [...outcomes.keys()].filter((recorded) => recorded < end);
}
