import { describe, expect, it } from 'vitest';
import { makeFen, startPosition } from '../../src/engine/index.js';
import { addDays, dayIn, postTimeOn } from '../../src/game/daily-schedule.js';
import type { PuzzleLine } from '../../src/game/puzzle-solving.js';
import { PuzzleService, type PuzzleCatalog } from '../../src/game/puzzles.js';
import { MemoryPuzzleStore } from '../../src/store/memory-puzzle-store.js';
import { ManualClock } from '../support/manual-scheduler.js';
import { DEFAULT_RATING } from '../../src/ratings/glicko2.js';
import { item } from '../support/present.js';
import { solutionAt } from '../support/puzzles.js';
import { value } from '../support/service-results.js';

const START = makeFen(startPosition('bashni'));
/** Seven one-move "puzzles" from the start (the line checking is tested on its own). */
const LINES: (PuzzleLine & { difficulty: number })[] = [
  'a3-b4',
  'c3-d4',
  'c3-b4',
  'e3-f4',
  'e3-d4',
  'g3-h4',
  'g3-f4',
].map((move, i) => ({
  id: `bashni-${i}`,
  variant: 'bashni',
  fen: START,
  solution: [move],
  difficulty: (i % 5) + 1,
}));

const catalog: PuzzleCatalog = {
  list: (variant) => (variant === 'bashni' ? LINES : []),
  byId: (id) => LINES.find((line) => line.id === id),
};

const ANNA = { platform: 'telegram' as const, userId: '11', displayName: 'Anna' };
const BORIS = { platform: 'discord' as const, userId: '22', displayName: 'Boris' };

function service(
  store = new MemoryPuzzleStore(),
  clock = new ManualClock(Date.UTC(2026, 10, 30, 6)),
) {
  return { puzzles: new PuzzleService({ store, catalog, clock, random: () => 0.5 }), store, clock };
}

describe('puzzle use cases', () => {
  it('finds an untried puzzle past hundreds tried, a page of store reads at a time', async () => {
    const many: PuzzleLine[] = Array.from({ length: 450 }, (_, i) => ({
      id: `many-${i}`,
      variant: 'bashni',
      fen: START,
      solution: ['c3-d4'],
    }));
    const store = new MemoryPuzzleStore();
    const reads: number[] = [];
    const attempted = store.attempted.bind(store);
    store.attempted = (player, ids) => {
      reads.push(ids.length);
      return attempted(player, ids);
    };
    const puzzles = new PuzzleService({
      store,
      catalog: { list: () => many, byId: (id) => many.find((line) => line.id === id) },
      clock: new ManualClock(Date.UTC(2026, 10, 30, 6)),
      random: () => 0.5,
    });
    const upcoming = new Set(
      [0, 1, 2, 3].map((days) => puzzles.dailyPuzzle(addDays('2026-11-30', days))!.id),
    );
    const untried = many.findLast((line) => !upcoming.has(line.id))!;
    for (const line of many)
      if (line !== untried)
        await store.recordFirstAttempt(
          { puzzleId: line.id, player: ANNA, solved: true, at: 1 },
          { user: DEFAULT_RATING, puzzle: DEFAULT_RATING },
        );
    const next = await puzzles.next(ANNA);
    expect(next.ok && next.value.id).toBe(untried.id);
    expect(reads.length).toBeLessThanOrEqual(5);
    expect(Math.max(...reads)).toBeLessThanOrEqual(100);
  });

  it('plays an attempt: the first counts and rates, a repeat does not, a stale press is ignored', async () => {
    const { puzzles } = service();
    const line = item(LINES, 0, 'line');
    const stale = await puzzles.play(line.id, ANNA, 1, solutionAt(line, 0));
    expect(stale.ok && stale.value).toEqual({ step: { kind: 'stale' } });
    const solved = await puzzles.play(line.id, ANNA, 0, solutionAt(line, 0));
    expect(solved.ok && solved.value.step.kind).toBe('correct');
    expect(solved.ok && solved.value.outcome?.counted).toBe(true);
    const again = await puzzles.play(line.id, ANNA, 0, 'c3-d4');
    expect(again.ok && again.value.step.kind).toBe('wrong');
    expect(again.ok && again.value.outcome?.counted).toBe(false);
    expect(await puzzles.play('bashni-none', ANNA, 0, 'c3-d4')).toMatchObject({
      ok: false,
      code: 'puzzle-not-found',
    });
  });

  it('offers puzzles the player has not tried, never the coming days’ daily puzzles, until none is left', async () => {
    const { puzzles } = service();
    const upcoming = new Set(
      ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'].map(
        (d) => puzzles.dailyPuzzle(d)!.id,
      ),
    );
    const offered = new Set<string>();
    for (;;) {
      const next = await puzzles.next(ANNA);
      if (!next.ok) {
        expect(next.code).toBe('no-puzzle-left');
        break;
      }
      expect(upcoming.has(next.value.id)).toBe(false);
      expect(offered.has(next.value.id)).toBe(false);
      offered.add(next.value.id);
      await puzzles.play(next.value.id, ANNA, 0, solutionAt(next.value, 0));
    }
    expect(offered.size).toBe(LINES.length - upcoming.size);
  });

  it('the same request, delivered twice or to two processes, gets the same puzzle', async () => {
    const store = new MemoryPuzzleStore();
    let draws = 0;
    // Each process draws differently: only the request's key makes them agree.
    const process = () =>
      new PuzzleService({
        store,
        catalog,
        clock: new ManualClock(Date.UTC(2026, 10, 30, 6)),
        random: () => (++draws % 7) / 7,
      });
    const [a, b] = [process(), process()];
    const first = await a.next(ANNA, { requestKey: 'tg:1' });
    const again = await b.next(ANNA, { requestKey: 'tg:1' });
    expect(again).toEqual({ ok: true, value: value(first), events: [], repeated: true });
    const both = await Promise.all([
      a.next(ANNA, { requestKey: 'tg:2' }),
      b.next(ANNA, { requestKey: 'tg:2' }),
    ]);
    expect(value(item(both, 0)).id).toBe(value(item(both, 1)).id);
    // Still the same once the player has tried it (the redelivery comes after the attempt).
    await a.play(value(first).id, ANNA, 0, solutionAt(value(first), 0));
    expect(value(await b.next(ANNA, { requestKey: 'tg:1' })).id).toBe(value(first).id);
  });

  it('posts a chat’s daily puzzle once per day, across two processes, at the chat’s own time', async () => {
    const store = new MemoryPuzzleStore();
    const clock = new ManualClock(Date.UTC(2026, 10, 30, 5));
    const a = service(store, clock).puzzles;
    const b = service(store, clock).puzzles;
    expect(await a.startDaily('telegram:-100', '25:00', 'UTC')).toMatchObject({
      code: 'bad-daily-time',
    });
    expect(await a.startDaily('telegram:-100', '09:00', 'Mars/Olympus')).toMatchObject({
      code: 'unknown-time-zone',
    });
    expect((await a.startDaily('telegram:-100', '09:00', 'Europe/Moscow')).ok).toBe(true);
    expect((await a.startDaily('discord:555', '09:00', 'Europe/Moscow')).ok).toBe(true);

    expect(await a.duePosts('telegram')).toEqual([]); // 08:00 in Moscow
    clock.time = postTimeOn({ time: '09:00', timeZone: 'Europe/Moscow' }, '2026-11-30');
    const [first, second] = await Promise.all([a.duePosts('telegram'), b.duePosts('telegram')]);
    expect([...first, ...second]).toEqual([
      { chatKey: 'telegram:-100', day: '2026-11-30', puzzle: a.dailyPuzzle('2026-11-30') },
    ]);
    expect(await a.duePosts('telegram')).toEqual([]);
    // The Discord chat is for the Discord processes.
    expect((await b.duePosts('discord')).map((p) => p.chatKey)).toEqual(['discord:555']);
    // The next day, the next puzzle.
    clock.time += 86_400_000;
    const tomorrow = await a.duePosts('telegram');
    expect(tomorrow.map((p) => p.day)).toEqual(['2026-12-01']);
    expect(item(tomorrow, 0, 'tomorrow').puzzle.id).not.toBe(
      item(first.concat(second), 0).puzzle.id,
    );

    await a.stopDaily('telegram:-100');
    clock.time += 86_400_000;
    expect(await a.duePosts('telegram')).toEqual([]);
  });

  it('counts daily attempts on the chat’s board: today, the week and streaks', async () => {
    const { puzzles, clock } = service();
    await puzzles.startDaily('telegram:-100', '09:00', 'UTC');
    const day = dayIn('UTC', clock.now());
    const daily = puzzles.dailyPuzzle(day)!;
    const context = 'telegram:-100';
    const anna = await puzzles.play(daily.id, ANNA, 0, solutionAt(daily, 0), context);
    expect(anna.ok && anna.value.countedForDaily).toBe(true);
    const again = await puzzles.play(daily.id, ANNA, 0, solutionAt(daily, 0), context);
    expect(again.ok && again.value.countedForDaily).toBe(false);
    expect(await puzzles.dailySetting(context)).toMatchObject({
      ok: true,
      value: { time: '09:00', timeZone: 'UTC' },
    });
    // A repeated attempt counts nowhere.
    const elsewhere = await puzzles.play(daily.id, ANNA, 0, solutionAt(daily, 0), 'telegram:-200');
    expect(elsewhere.ok && elsewhere.value.countedForDaily).toBe(false);
    expect(await puzzles.dailySetting('telegram:-200')).toMatchObject({
      ok: true,
      value: undefined,
    });
    await puzzles.play(
      daily.id,
      BORIS,
      0,
      solutionAt(daily, 0) === 'a3-b4' ? 'c3-d4' : 'a3-b4',
      context,
    );
    const standings = await puzzles.standings('telegram:-100');
    expect(
      standings.ok && standings.value.today.map((r) => [r.player.displayName, r.solved]),
    ).toEqual([
      ['Anna', true],
      ['Boris', false],
    ]);
    expect(
      standings.ok && standings.value.streaks.map((s) => [s.player.displayName, s.days]),
    ).toEqual([['Anna', 1]]);
  });

  it('counts an attempt on a chat’s board only for that chat’s daily puzzle of today or yesterday', async () => {
    const { puzzles, clock } = service();
    await puzzles.startDaily('telegram:-100', '09:00', 'UTC');
    const yesterday = puzzles.dailyPuzzle(addDays(dayIn('UTC', clock.now()), -1))!;
    const older = puzzles.dailyPuzzle(addDays(dayIn('UTC', clock.now()), -2))!;
    const other = await puzzles.next(BORIS);
    expect(other.ok).toBe(true);
    if (!other.ok) return;
    await puzzles.play(yesterday.id, ANNA, 0, solutionAt(yesterday, 0), 'telegram:-100');
    const late = await puzzles.play(older.id, BORIS, 0, solutionAt(older, 0), 'telegram:-100');
    expect(late.ok && late.value).toMatchObject({
      outcome: { counted: true },
      countedForDaily: false,
    });
    await puzzles.play(other.value.id, ANNA, 0, solutionAt(other.value, 0), 'telegram:-100');
    clock.time -= 86_400_000;
    const standings = await puzzles.standings('telegram:-100');
    expect(
      standings.ok && standings.value.today.map((r) => [r.player.displayName, r.puzzleId]),
    ).toEqual([['Anna', yesterday.id]]);
  });
});
