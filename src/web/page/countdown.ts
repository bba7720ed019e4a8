/**
 * The clock's text: a correspondence game's deadline counted down on the server's time (the
 * view says what the server's clock read when it was made, so a phone's wrong clock does not
 * matter), in days, hours and minutes.
 */
import type { TimeLeft, Words } from './words.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole days, hours and minutes in `ms` (rounded down: a clock never promises more). */
export function splitTime(ms: number): TimeLeft {
  const left = Math.max(0, ms);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
  };
}

/**
 * The time left before `deadline`, given the server's time `serverTime` when the view was made
 * and `elapsed` ms since the page received it.
 */
export function countdownText(
  words: Words,
  deadline: number,
  serverTime: number,
  elapsed: number,
): string {
  const left = deadline - (serverTime + elapsed);
  if (left <= 0) return words.timeUp;
  if (left < MINUTE) return words.lessThanAMinute;
  return words.timeLeft(splitTime(left));
}
