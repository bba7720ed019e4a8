import { describe, expect, it } from 'vitest';
import { countdownText, splitTime } from '../../../src/web/page/countdown.js';
import { wordsFor } from '../../../src/web/page/words.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const en = wordsFor('en');
const ru = wordsFor('ru');

describe('countdownText', () => {
  it("counts down from the server's time, not the phone's", () => {
    const serverTime = 1_000_000;
    const deadline = serverTime + 2 * DAY + 5 * HOUR + 30 * MINUTE;
    expect(countdownText(en, deadline, serverTime, 0)).toBe('2 d 5 h left');
    expect(countdownText(ru, deadline, serverTime, 0)).toBe('осталось 2 дн. 5 ч');
    // A day and an hour later on the page's own clock.
    expect(countdownText(en, deadline, serverTime, DAY + HOUR)).toBe('1 d 4 h left');
  });

  it('shows hours and minutes, then minutes, then that time is up', () => {
    expect(countdownText(en, 3 * HOUR + 7 * MINUTE + 59_000, 0, 0)).toBe('3 h 7 min left');
    expect(countdownText(ru, 3 * HOUR + 7 * MINUTE, 0, 0)).toBe('осталось 3 ч 7 мин');
    expect(countdownText(en, 42 * MINUTE, 0, 0)).toBe('42 min left');
    expect(countdownText(en, 30_000, 0, 0)).toBe('under a minute left');
    expect(countdownText(ru, 30_000, 0, 0)).toBe('осталось меньше минуты');
    expect(countdownText(en, 1000, 0, 2000)).toBe('time is up');
    expect(countdownText(ru, 0, 0, 0)).toBe('время вышло');
  });

  it('splits whole units, rounding down', () => {
    expect(splitTime(DAY - 1)).toEqual({ days: 0, hours: 23, minutes: 59 });
    expect(splitTime(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('says the days a move takes, with Russian plurals', () => {
    expect(en.perMove(1)).toBe('1 day a move');
    expect(en.perMove(3)).toBe('3 days a move');
    expect(ru.perMove(1)).toBe('1 день на ход');
    expect(ru.perMove(3)).toBe('3 дня на ход');
    expect(ru.perMove(5)).toBe('5 дней на ход');
    expect(ru.perMove(21)).toBe('21 день на ход');
  });
});
