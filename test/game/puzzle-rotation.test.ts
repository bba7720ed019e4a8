/**
 * What people make of a puzzle: 👍/👎 after an attempt (enough 👎 take it out of /puzzle and,
 * from the next day, the daily draw), the difficulty shown following the solvers' rating once
 * it is established, and a puzzle's first rating being its seed rating.
 */
import { describe, expect, it } from 'vitest';
import { makeFen, startPosition } from '../../src/engine/index.js';
import { addDays } from '../../src/game/daily-schedule.js';
import {
  RETIRE_DOWN_VOTES,
  retiresPuzzle,
  STATUS_REFRESH_MS,
} from '../../src/game/puzzle-rotation.js';
import type { PuzzleLine } from '../../src/game/puzzle-solving.js';
import { PuzzleService, type PuzzleCatalog } from '../../src/game/puzzles.js';
import { MemoryPuzzleStore } from '../../src/store/memory-puzzle-store.js';
import { ManualClock } from '../support/manual-scheduler.js';
import { solutionAt } from '../support/puzzles.js';
import { value } from '../support/service-results.js';

const START = makeFen(startPosition('bashni'));
const MOVES = ['a3-b4', 'c3-d4', 'c3-b4', 'e3-f4', 'e3-d4', 'g3-h4', 'g3-f4'];
const LINES: PuzzleLine[] = Array.from({ length: 12 }, (_, i) => MOVES[i % MOVES.length]!).map(
  (move, i) => ({
    id: `bashni-${i}`,
    variant: 'bashni',
    fen: START,
    solution: [move],
    difficulty: 2,
    rating: 1450,
  }),
);
const catalog: PuzzleCatalog = {
  list: (variant) => (variant === 'bashni' ? LINES : []),
  byId: (id) => LINES.find((line) => line.id === id),
};
const player = (i: number) => ({ platform: 'telegram' as const, userId: `${i}` });

function setup() {
  const store = new MemoryPuzzleStore();
  const clock = new ManualClock(Date.UTC(2026, 11, 3, 6));
  const service = () => new PuzzleService({ store, catalog, clock, random: () => 0.5 });
  return { store, clock, puzzles: service(), other: service() };
}

async function attempt(puzzles: PuzzleService, puzzle: PuzzleLine, who: number, solve: boolean) {
  const move = solutionAt(puzzle, 0) === 'a3-b4' ? 'c3-d4' : 'a3-b4';
  await puzzles.play(puzzle.id, player(who), 0, solve ? solutionAt(puzzle, 0) : move);
}

describe('puzzle rotation', () => {
  it('takes votes only after an attempt, one per player', async () => {
    const { puzzles } = setup();
    const [first] = LINES;
    const early = await puzzles.vote(first!.id, player(1), false);
    expect(early).toMatchObject({ ok: false, code: 'puzzle-vote-untried' });
    await attempt(puzzles, first!, 1, false);
    expect(value(await puzzles.vote(first!.id, player(1), false))).toEqual({
      up: 0,
      down: 1,
      retired: false,
    });
    expect(value(await puzzles.vote(first!.id, player(1), true))).toMatchObject({ up: 1, down: 0 });
    expect(await puzzles.vote('bashni-none', player(1), true)).toMatchObject({
      code: 'puzzle-not-found',
    });
  });

  it('retires a puzzle with enough 👎: /puzzle skips it, every process, the daily from tomorrow', async () => {
    const { puzzles, other, clock } = setup();
    const today = '2026-12-03';
    const daily = puzzles.dailyPuzzle(today)!;
    await other.next(player(60)); // the other process has read the statuses: none yet
    // Enough 👎, and twice the 👍 at least.
    expect(retiresPuzzle({ up: 3, down: RETIRE_DOWN_VOTES })).toBe(false);
    expect(retiresPuzzle({ up: 0, down: RETIRE_DOWN_VOTES - 1 })).toBe(false);
    expect(retiresPuzzle({ up: 2, down: RETIRE_DOWN_VOTES })).toBe(true);
    let last;
    for (let i = 1; i <= RETIRE_DOWN_VOTES; i++) {
      await attempt(puzzles, daily, i, false);
      last = value(await puzzles.vote(daily.id, player(i), false));
    }
    expect(last).toEqual({ up: 0, down: RETIRE_DOWN_VOTES, retired: true });
    // Today's post stays today's; from tomorrow that day's draw moves on.
    expect(puzzles.dailyPuzzle(today)?.id).toBe(daily.id);
    const days = Array.from({ length: 12 }, (_, k) => addDays(today, k + 1));
    expect(days.map((day) => puzzles.dailyPuzzle(day)?.id)).not.toContain(daily.id);
    // /puzzle never offers it again, in this process...
    const offered: string[] = [];
    for (;;) {
      const next = await puzzles.next(player(50));
      if (!next.ok) break;
      offered.push(next.value.id);
      await attempt(puzzles, next.value, 50, true);
    }
    expect(offered.length).toBeGreaterThan(4);
    expect(offered).not.toContain(daily.id);
    // ...nor, once it has read the statuses again (at most a minute later), in another.
    expect(days.map((day) => other.dailyPuzzle(day)?.id)).toContain(daily.id);
    clock.time += STATUS_REFRESH_MS;
    await other.next(player(60));
    expect(days.map((day) => other.dailyPuzzle(day)?.id)).not.toContain(daily.id);
  });

  it("starts a puzzle from its seed rating and shows the solvers' tier once it is established", async () => {
    const { puzzles, store } = setup();
    const [puzzle] = LINES;
    await attempt(puzzles, puzzle!, 1, true);
    // The first attempt moved the seed rating (1450, deviation 200), not the newcomer's 1500.
    const first = await store.rating('puzzle', puzzle!.id);
    expect(first!.rating).toBeLessThan(1450);
    expect(first!.deviation).toBeLessThan(200);
    expect(value(puzzles.get(puzzle!.id)).difficulty).toBe(2);
    // Many fail it: its rating rises, and once established its shown difficulty follows.
    for (let i = 2; i <= 40; i++) await attempt(puzzles, puzzle!, i, false);
    const rating = (await store.rating('puzzle', puzzle!.id))!;
    expect(rating.deviation).toBeLessThanOrEqual(110);
    expect(rating.rating).toBeGreaterThan(1950);
    expect(value(puzzles.get(puzzle!.id)).difficulty).toBe(5);
    expect((await store.puzzleStatuses()).get(puzzle!.id)).toEqual({ tier: 5 });
  });
});
