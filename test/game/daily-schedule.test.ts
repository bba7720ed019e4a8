import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  dailyPuzzleIndex,
  dayIn,
  dayNumber,
  isDailySetting,
  nextPostAt,
  parseDailySetting,
  postTimeOn,
  type DailySetting,
} from '../../src/game/daily-schedule.js';
import { item } from '../support/present.js';

const utc = (iso: string): number => Date.parse(iso);
const iso = (at: number): string => new Date(at).toISOString();
const HOUR = 3_600_000;

/** Local wall-clock "YYYY-MM-DD HH:MM" in a zone, independently of the module under test. */
function local(timeZone: string, at: number): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

describe('daily settings', () => {
  it('accepts H:MM and HH:MM and zones Intl knows, in canonical spelling', () => {
    expect(parseDailySetting('9:05', 'europe/berlin')).toEqual({
      ok: true,
      value: { time: '09:05', timeZone: 'Europe/Berlin' },
    });
    expect(parseDailySetting(' 23:59 ', 'UTC')).toEqual({
      ok: true,
      value: { time: '23:59', timeZone: 'UTC' },
    });
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
  });

  it('refuses bad times and unknown zones with an error value, never a throw', () => {
    for (const time of ['24:00', '12:60', '9', 'noon', '', '12:5', '-1:00'])
      expect(parseDailySetting(time, 'UTC'), time).toEqual({ ok: false, error: 'bad-time' });
    for (const zone of ['Mars/Olympus_Mons', '', '   ', 'Europe/Berlin; DROP', 'x'.repeat(500)])
      expect(parseDailySetting('09:00', zone), zone).toEqual({
        ok: false,
        error: 'unknown-time-zone',
      });
    expect(isDailySetting({ time: '09:00', timeZone: 'Europe/Moscow' })).toBe(true);
    expect(isDailySetting({ time: '9:00', timeZone: 'Europe/Moscow' })).toBe(false);
    expect(isDailySetting({ time: '09:00', timeZone: 'Nowhere/Town' })).toBe(false);
  });
});

describe('days', () => {
  it('names the local calendar day of an instant', () => {
    const at = utc('2026-01-01T22:30:00Z');
    expect(dayIn('UTC', at)).toBe('2026-01-01');
    expect(dayIn('Europe/Moscow', at)).toBe('2026-01-02'); // 01:30 at UTC+3
    expect(dayIn('America/New_York', at)).toBe('2026-01-01');
    expect(dayIn('Pacific/Kiritimati', utc('2026-01-01T10:00:00Z'))).toBe('2026-01-02');
  });

  it('counts and steps days across months, years and leap days', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-02-30')).toBeNaN();
    expect(dayNumber('26-1-1')).toBeNaN();
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('post times', () => {
  it('Europe/Moscow (no DST): the same UTC instant every day of the year', () => {
    const setting = { time: '09:00', timeZone: 'Europe/Moscow' };
    for (const day of ['2026-01-15', '2026-03-29', '2026-07-01', '2026-10-25']) {
      expect(iso(postTimeOn(setting, day))).toBe(`${day}T06:00:00.000Z`);
    }
  });

  it('Europe/Berlin: 02:30 goes at 03:00 on the spring-forward day, once at the first 02:30 in autumn', () => {
    const setting = { time: '02:30', timeZone: 'Europe/Berlin' };
    expect(iso(postTimeOn(setting, '2026-03-28'))).toBe('2026-03-28T01:30:00.000Z'); // CET
    // 2026-03-29 02:00 CET jumps to 03:00 CEST (01:00 UTC): 02:30 does not exist.
    const spring = postTimeOn(setting, '2026-03-29');
    expect(iso(spring)).toBe('2026-03-29T01:00:00.000Z');
    expect(local('Europe/Berlin', spring)).toBe('2026-03-29 03:00');
    expect(iso(postTimeOn(setting, '2026-03-30'))).toBe('2026-03-30T00:30:00.000Z'); // CEST
    // 2026-10-25 03:00 CEST falls back to 02:00 CET: 02:30 happens twice; the first counts.
    const autumn = postTimeOn(setting, '2026-10-25');
    expect(iso(autumn)).toBe('2026-10-25T00:30:00.000Z');
    expect(nextPostAt(setting, autumn)).toBe(utc('2026-10-26T01:30:00Z'));
    // Just before the second 02:30 (01:30 UTC), the next post is still tomorrow's.
    expect(iso(nextPostAt(setting, utc('2026-10-25T01:29:00Z')))).toBe('2026-10-26T01:30:00.000Z');
  });

  it('America/New_York across both changes of 2026', () => {
    const morning = { time: '08:00', timeZone: 'America/New_York' };
    expect(iso(postTimeOn(morning, '2026-03-07'))).toBe('2026-03-07T13:00:00.000Z'); // EST
    expect(iso(postTimeOn(morning, '2026-03-08'))).toBe('2026-03-08T12:00:00.000Z'); // EDT
    expect(iso(postTimeOn(morning, '2026-10-31'))).toBe('2026-10-31T12:00:00.000Z');
    expect(iso(postTimeOn(morning, '2026-11-01'))).toBe('2026-11-01T13:00:00.000Z'); // EST
    // 02:15 on 2026-03-08 does not exist (02:00 EST → 03:00 EDT at 07:00 UTC).
    const gap = { time: '02:15', timeZone: 'America/New_York' };
    expect(local('America/New_York', postTimeOn(gap, '2026-03-08'))).toBe('2026-03-08 03:00');
    // 01:30 on 2026-11-01 happens twice (EDT, then EST): the first.
    const fold = { time: '01:30', timeZone: 'America/New_York' };
    expect(iso(postTimeOn(fold, '2026-11-01'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('nextPostAt: today if still ahead, tomorrow right after a post', () => {
    const setting = { time: '09:00', timeZone: 'Europe/Moscow' };
    expect(iso(nextPostAt(setting, utc('2026-05-10T05:59:59Z')))).toBe('2026-05-10T06:00:00.000Z');
    expect(iso(nextPostAt(setting, utc('2026-05-10T06:00:00Z')))).toBe('2026-05-11T06:00:00.000Z');
    expect(iso(nextPostAt(setting, utc('2026-05-10T06:00:00.001Z')))).toBe(
      '2026-05-11T06:00:00.000Z',
    );
    // 23:30 in Moscow is already "tomorrow" there.
    expect(iso(nextPostAt(setting, utc('2026-05-10T20:30:00Z')))).toBe('2026-05-11T06:00:00.000Z');
  });

  // Settings, and whether their time falls in a spring-forward gap once in 2026.
  const zones: [DailySetting, boolean][] = [
    [{ time: '02:30', timeZone: 'Europe/Berlin' }, true],
    [{ time: '00:00', timeZone: 'Europe/Berlin' }, false],
    [{ time: '01:30', timeZone: 'America/New_York' }, false],
    [{ time: '02:30', timeZone: 'America/New_York' }, true],
    [{ time: '09:00', timeZone: 'Europe/Moscow' }, false],
    [{ time: '00:00', timeZone: 'America/Santiago' }, true], // DST starts at midnight there
  ];
  for (const [setting, hasGap] of zones) {
    it(`posts exactly once per local day through a year: ${setting.time} ${setting.timeZone}`, () => {
      // Following nextPostAt from post to post, as a scheduler does.
      let now = utc('2026-01-01T00:00:00Z');
      let day = dayIn(setting.timeZone, nextPostAt(setting, now));
      let gaps = 0;
      for (let i = 0; i < 365; i++) {
        const at = nextPostAt(setting, now);
        expect(at).toBeGreaterThan(now);
        expect(dayIn(setting.timeZone, at)).toBe(day);
        expect(at).toBe(postTimeOn(setting, day));
        // The local time is the setting's, or (on a spring-forward day) the end of the gap.
        const clock = local(setting.timeZone, at).slice(11);
        if (clock !== setting.time) {
          expect(clock > setting.time, `${day} ${clock}`).toBe(true);
          // A second earlier the clock had not reached HH:MM yet (or still showed yesterday).
          const before = local(setting.timeZone, at - 1000);
          expect(before < `${day} ${setting.time}`, `${day}: ${before}`).toBe(true);
          gaps++;
        }
        now = at;
        day = addDays(day, 1);
      }
      // Only a post time inside a spring-forward gap moves, once a year.
      expect(gaps).toBe(hasGap ? 1 : 0);
    });
  }

  it('a poller with a per-day claim posts once a day across both Berlin changes', () => {
    const setting = { time: '02:30', timeZone: 'Europe/Berlin' };
    const posted = new Map<string, number>();
    for (const start of ['2026-03-27T00:00:00Z', '2026-10-23T00:00:00Z']) {
      // Every 5 minutes for four days: post when the day's time has come and not yet posted.
      for (let now = utc(start); now < utc(start) + 4 * 24 * HOUR; now += 5 * 60_000) {
        const day = dayIn(setting.timeZone, now);
        if (now >= postTimeOn(setting, day) && !posted.has(day)) posted.set(day, now);
      }
    }
    expect([...posted.keys()]).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
    ]);
    expect(local('Europe/Berlin', posted.get('2026-03-29')!)).toBe('2026-03-29 03:00');
    expect(iso(posted.get('2026-10-25')!)).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('the day’s puzzle', () => {
  it('is the same for a day everywhere, differs on consecutive days, repeats only after a full cycle', () => {
    const size = 365;
    const start = '2026-01-01';
    const seen = new Set<number>();
    let previous = -1;
    for (let i = 0; i < size; i++) {
      const index = dailyPuzzleIndex(addDays(start, i), size, 1);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(size);
      expect(index).not.toBe(previous);
      seen.add(index);
      previous = index;
    }
    expect(seen.size).toBe(size);
    // Any window of `size` days holds every puzzle once, across cycles too.
    const window = new Set(
      Array.from({ length: size }, (_, i) => dailyPuzzleIndex(addDays('2026-07-04', i), size, 1)),
    );
    expect(window.size).toBe(size);
    expect(dailyPuzzleIndex('2026-05-01', size, 1)).toBe(dailyPuzzleIndex('2026-05-01', size, 1));
  });

  it('is shuffled (not the day number), depends on the seed, and rejects bad input', () => {
    const days = Array.from({ length: 20 }, (_, i) => addDays('2026-02-01', i));
    const a = days.map((day) => dailyPuzzleIndex(day, 400, 1));
    const b = days.map((day) => dailyPuzzleIndex(day, 400, 2));
    expect(a).not.toEqual(b);
    const steps = new Set(a.slice(1).map((index, i) => (index - item(a, i, 'a') + 400) % 400));
    expect(steps.size).toBeGreaterThan(10);
    expect(dailyPuzzleIndex('2026-02-01', 1, 1)).toBe(0);
    expect(() => dailyPuzzleIndex('2026-02-01', 0, 1)).toThrow(RangeError);
    expect(() => dailyPuzzleIndex('yesterday', 10, 1)).toThrow(RangeError);
  });
});
