import { silentLogger } from '../../../src/game/logger.js';
/**
 * The daily post scenario both stores run: two bot processes look for due posts every few
 * minutes across a week-end when Berlin's clocks go back, one of them restarts in the middle,
 * one post fails once — and every chat still gets exactly one post a day, at its local time.
 */
import { expect, it } from 'vitest';
import { DailyPoster } from '../../../src/chat/tasks/daily-poster.js';
import { dayIn } from '../../../src/game/daily-schedule.js';
import type { PuzzleStore } from '../../../src/game/puzzle-ports.js';
import type { DuePost, PuzzleService } from '../../../src/game/puzzles.js';
import { ManualClock } from '../../support/manual-scheduler.js';
import { testPuzzleService } from '../../support/puzzles.js';
import { seededRandom } from '../../support/random.js';
import { item } from '../../support/present.js';

const silent = silentLogger;
const MINUTE = 60_000;

interface Delivery {
  readonly process: string;
  readonly chatKey: string;
  readonly day: string;
  readonly puzzleId: string;
  readonly at: number;
}

/**
 * `newStore()` is a store instance on the shared data (a process of its own); `stepMinutes`
 * how often the processes look (the production poller looks every minute).
 */
export function dailyPosterScenario(newStore: () => PuzzleStore, stepMinutes: number): void {
  it('posts once a day per chat, at local time across the DST change, with two processes and a restart', async () => {
    // Friday 23 October 2026, 00:00 UTC; Berlin goes from UTC+2 to UTC+1 on Sunday the 25th.
    const clock = new ManualClock(Date.UTC(2026, 9, 23, 0, 0));
    const delivered: Delivery[] = [];
    let failOnce = true;
    const process = (name: string): { puzzles: PuzzleService; poster: DailyPoster } => {
      const puzzles = testPuzzleService(clock, newStore());
      const post = (due: DuePost): Promise<boolean> => {
        // The first post of the second chat fails once: it is tried again, not lost.
        if (due.chatKey === 'telegram:-2' && failOnce) {
          failOnce = false;
          return Promise.resolve(false);
        }
        delivered.push({
          process: name,
          chatKey: due.chatKey,
          day: due.day,
          puzzleId: due.puzzle.id,
          at: clock.now(),
        });
        return Promise.resolve(true);
      };
      return {
        puzzles,
        poster: new DailyPoster({ puzzles, platform: 'telegram', post, logger: silent }),
      };
    };
    let a = process('a');
    const b = process('b');
    await a.puzzles.startDaily('telegram:-1', '09:00', 'Europe/Berlin');
    await a.puzzles.startDaily('telegram:-2', '02:30', 'Europe/Berlin');
    await b.puzzles.startDaily('telegram:-3', '23:50', 'Asia/Tokyo');
    await b.puzzles.startDaily('discord:4', '09:00', 'UTC'); // another platform's processes

    const end = Date.UTC(2026, 9, 27, 0, 0);
    let restarted = false;
    const random = seededRandom(2026);
    while (clock.now() < end) {
      // Now one process looks first, now the other (on Redis they also race each other).
      const order = random() < 0.5 ? [a, b] : [b, a];
      await Promise.all([
        item(order, 0, 'order').poster.tick(),
        item(order, 1, 'order').poster.tick(),
      ]);
      if (!restarted && clock.now() >= Date.UTC(2026, 9, 24, 7, 30)) {
        // Process a restarts: a new instance on the same data must not post again.
        await a.poster.stop();
        a = process('a2');
        restarted = true;
      }
      clock.time += stepMinutes * MINUTE;
    }

    const days = (chatKey: string) =>
      delivered.filter((d) => d.chatKey === chatKey).map((d) => d.day);
    expect(days('telegram:-1')).toEqual(['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26']);
    expect(days('telegram:-2')).toEqual(['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26']);
    expect(days('telegram:-3')).toEqual(['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26']);
    expect(days('discord:4')).toEqual([]);

    const step = stepMinutes * MINUTE;
    const at = (chatKey: string) => delivered.filter((d) => d.chatKey === chatKey).map((d) => d.at);
    // 09:00 in Berlin: 07:00 UTC in summer time, 08:00 UTC after the change (at the first look).
    expect(at('telegram:-1')).toEqual(
      [
        Date.UTC(2026, 9, 23, 7),
        Date.UTC(2026, 9, 24, 7),
        Date.UTC(2026, 9, 25, 8),
        Date.UTC(2026, 9, 26, 8),
      ].map((t) => Math.ceil(t / step) * step),
    );
    // 02:30 happens twice on the 25th: the post goes at the first (00:30 UTC). The failed first
    // post went one look later.
    expect(at('telegram:-2')).toEqual(
      [
        Date.UTC(2026, 9, 23, 0, 30) + step,
        Date.UTC(2026, 9, 24, 0, 30),
        Date.UTC(2026, 9, 25, 0, 30),
        Date.UTC(2026, 9, 26, 1, 30),
      ].map((t) => Math.ceil(t / step) * step),
    );
    // Tokyo's 23:50 is 14:50 UTC the same day.
    expect(at('telegram:-3')[0]).toBe(Math.ceil(Date.UTC(2026, 9, 23, 14, 50) / step) * step);

    // The same puzzle everywhere on a day, and a different one the next day.
    for (const d of delivered) expect(d.puzzleId).toBe(a.puzzles.dailyPuzzle(d.day)!.id);
    expect(new Set(delivered.map((d) => d.puzzleId)).size).toBe(4);
    // Both processes did some of the posting.
    expect(new Set(delivered.map((d) => d.process.slice(0, 1)))).toEqual(new Set(['a', 'b']));
    expect(dayIn('Europe/Berlin', clock.now())).toBe('2026-10-27');
    await Promise.all([a.poster.stop(), b.poster.stop()]);
  });

  it('looks on its own every interval once started, and stops', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 30, 9, 0));
    const puzzles = testPuzzleService(clock, newStore());
    await puzzles.startDaily('telegram:-9', '09:00', 'UTC');
    const posted: string[] = [];
    const poster = new DailyPoster({
      puzzles,
      platform: 'telegram',
      post: (due) => {
        posted.push(due.chatKey);
        return Promise.resolve(true);
      },
      logger: silent,
      intervalMs: 5,
    });
    poster.start();
    for (let i = 0; i < 200 && !posted.includes('telegram:-9'); i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await poster.stop();
    // (Chats of the other test on the same data may be due too.)
    expect(posted.filter((key) => key === 'telegram:-9')).toEqual(['telegram:-9']);
  });
}
