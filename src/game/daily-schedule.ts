import { seededRandom } from '../engine/index.js';

/**
 * When a chat's daily puzzle is due, and which puzzle it is. Pure: time zones come from Intl.
 *
 * A chat's day is its local calendar day, written YYYY-MM-DD. The post of a day goes at the
 * first instant of that day whose local wall-clock time is HH:MM or later:
 * - on a spring-forward day whose HH:MM does not exist (02:30 in Berlin on 2026-03-29), at the
 *   end of the gap (03:00 local, the moment of the change);
 * - on a fall-back day whose HH:MM happens twice, at the first of the two; one post a day all
 *   the same, since each day has one post instant.
 */

/** A chat's daily post: local wall-clock time and IANA time zone, as stored. */
export interface DailySetting {
  /** 'HH:MM', 24-hour. */
  readonly time: string;
  /** An IANA zone Intl knows (canonical spelling, from parseDailySetting). */
  readonly timeZone: string;
}

/** Why a /daily setting was refused. */
export type DailySettingError = 'bad-time' | 'unknown-time-zone';

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter giving a zone's wall-clock fields; undefined for a zone Intl rejects. */
function formatter(timeZone: string): Intl.DateTimeFormat | undefined {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return undefined; // not a time zone Intl knows: the caller refuses it
    }
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's canonical name ('europe/moscow' → 'Europe/Moscow'), or undefined if unknown. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  if (timeZone.trim() === '') return undefined;
  return formatter(timeZone)?.resolvedOptions().timeZone;
}

/**
 * Checks a /daily setting: time as H:MM or HH:MM (24-hour), zone known to Intl. Returns the
 * setting as stored (time 'HH:MM', zone canonical) or an error value; never throws.
 */
export function parseDailySetting(
  time: string,
  timeZone: string,
): { ok: true; value: DailySetting } | { ok: false; error: DailySettingError } {
  const match = TIME.exec(time.trim());
  if (match === null) return { ok: false, error: 'bad-time' };
  const zone = canonicalTimeZone(timeZone.trim());
  if (zone === undefined) return { ok: false, error: 'unknown-time-zone' };
  // Both groups of TIME are mandatory, so a match has them.
  return {
    ok: true,
    value: { time: `${match[1]!.padStart(2, '0')}:${match[2]!}`, timeZone: zone },
  };
}

/** Whether a stored setting is well-formed: 'HH:MM' and a zone Intl knows. */
export function isDailySetting(setting: DailySetting): boolean {
  return (
    setting.time.length === 5 &&
    TIME.test(setting.time) &&
    canonicalTimeZone(setting.timeZone) !== undefined
  );
}

/** The zone's wall clock at `at`, as if it were UTC (ms), seconds kept, milliseconds dropped. */
function wallClock(timeZone: string, at: number): number {
  const format = formatter(timeZone);
  if (format === undefined) throw new RangeError(`unknown time zone ${timeZone}`);
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(at)) fields[part.type] = Number(part.value);
  const field = (type: Intl.DateTimeFormatPartTypes): number => {
    const value = fields[type];
    if (value === undefined) throw new RangeError(`the ${timeZone} clock gave no ${type}`);
    return value;
  };
  return Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
}

/** How far the zone's clock is ahead of UTC at `at`, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallClock(timeZone, whole) - whole;
}

function formatDay(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a YYYY-MM-DD day; NaN for anything else. */
export function dayNumber(day: string): number {
  const match = DAY.exec(day);
  if (match === null) return NaN;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatDay(ms) === day ? ms / DAY_MS : NaN;
}

/** The day `days` after `day` (before, if negative). */
export function addDays(day: string, days: number): string {
  return formatDay((dayNumber(day) + days) * DAY_MS);
}

/**
 * The local calendar day (YYYY-MM-DD) in `timeZone` at instant `at`. The zone must be one
 * parseDailySetting accepted (an unknown zone is a RangeError).
 */
export function dayIn(timeZone: string, at: number): string {
  return formatDay(wallClock(timeZone, at));
}

/**
 * The instant of the day's post (see the module comment), in ms since the epoch. The setting
 * must be well-formed (isDailySetting); a time that is not H:MM or HH:MM is a RangeError.
 */
export function postTimeOn(setting: DailySetting, day: string): number {
  const match = TIME.exec(setting.time);
  if (match === null) throw new RangeError(`daily post time ${JSON.stringify(setting.time)}`);
  // Both groups of TIME are mandatory, so a match has them.
  const hours = Number(match[1]!);
  const minutes = Number(match[2]!);
  const wall = dayNumber(day) * DAY_MS + (hours * 60 + minutes) * 60_000;
  const zone = setting.timeZone;
  // Offsets a day either side: every zone changes its offset at most once within two days.
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const exact = [wall - before, wall - after]
    .filter((at) => wallClock(zone, at) === wall)
    .sort((a, b) => a - b);
  const [first] = exact;
  if (first !== undefined) return first;
  // A gap (the clock jumped over HH:MM): the post goes when the jump happens. Between
  // wall - after and wall - before the offset changes once; find the first instant after it.
  let low = Math.min(wall - after, wall - before);
  let high = Math.max(wall - after, wall - before);
  while (high - low > 1000) {
    const middle = Math.floor((low + high) / 2000) * 1000;
    if (offsetAt(zone, middle) === after) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The next post instant strictly after `now`: today's if it is still ahead, else tomorrow's.
 * Right after a post, this is the next day's.
 */
export function nextPostAt(setting: DailySetting, now: number): number {
  let day = dayIn(setting.timeZone, now);
  for (;;) {
    const at = postTimeOn(setting, day);
    if (at > now) return at;
    day = addDays(day, 1);
  }
}

const shuffles = new Map<string, readonly number[]>();

/**
 * Which puzzle of a library of `librarySize` is the puzzle of `day`, everywhere: one fixed
 * shuffle of the library (from `seed`) walked a day at a time, so consecutive days differ and no
 * puzzle comes back within `librarySize` days. Growing the library reshuffles it.
 */
export function dailyPuzzleIndex(day: string, librarySize: number, seed: number): number {
  const number = dayNumber(day);
  if (!Number.isInteger(librarySize) || librarySize < 1 || Number.isNaN(number))
    throw new RangeError(`dailyPuzzleIndex(${day}, ${librarySize})`);
  const key = `${librarySize}:${seed}`;
  let order = shuffles.get(key);
  if (order === undefined) {
    const random = seededRandom(seed);
    const items = Array.from({ length: librarySize }, (_, i) => i);
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!]; // 0 <= j <= i < librarySize
    }
    order = items;
    if (shuffles.size >= 8) shuffles.clear(); // one library in practice; never grows unbounded
    shuffles.set(key, order);
  }
  // The shuffle holds librarySize entries and the index is taken modulo librarySize.
  return order[((number % librarySize) + librarySize) % librarySize]!;
}
