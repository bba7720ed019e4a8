import { describe, expect, it } from 'vitest';
import {
  applyTableMove,
  makeTableFen,
  makeTableMove,
  tableMoves,
  tableStart,
  type Seat,
  type TablePosition,
} from '../../../src/engine/multi/index.js';
import {
  playTableGame,
  Searcher,
  TableSearcher,
  think,
  ThinkError,
  type PlayerSpec,
  type ThinkRequest,
} from '../../../src/ai/index.js';
import { pick, seededRandom } from '../../support/random.js';
import { randomTableStates, tableFen, tallStart } from './helpers.js';

// A clock that stands still: node budgets alone decide, whatever the machine's load.
const stoppedClock = () => 0;
const searcher = new Searcher({ ttBits: 16, now: stoppedClock });

function ask(position: TablePosition, player: PlayerSpec, extra: Partial<ThinkRequest> = {}) {
  return think(searcher, {
    variant: 'zhernov',
    fen: makeTableFen(position),
    player,
    seed: 1,
    ...extra,
  });
}

const level = (n: number): PlayerSpec => ({ kind: 'level', level: n });

/** The moves after which the seat moving next can make a capture that makes it count. */
function movesLettingNextSeatCount(position: TablePosition): string[] {
  return tableMoves(position)
    .filter((move) => {
      const after = applyTableMove({ position, quietPlies: 0 }, move).position;
      const next = after.turn;
      return tableMoves(after).some((reply) =>
        applyTableMove({ position: after, quietPlies: 0 }, reply).position.finished.some(
          (f) => f.seat === next && f.how === 'count',
        ),
      );
    })
    .map(makeTableMove);
}

/** The moves that make the mover count at once. */
function countingMoves(position: TablePosition): string[] {
  return tableMoves(position)
    .filter((move) =>
      applyTableMove({ position, quietPlies: 0 }, move).position.finished.some(
        (f) => f.seat === position.turn && f.how === 'count',
      ),
    )
    .map(makeTableMove);
}

describe('the table search', () => {
  it('always answers a legal move, at every seat count and level', () => {
    const seatSets: Seat[][] = [
      [0, 1, 2, 3],
      [0, 1, 3],
      [1, 2, 3],
      [0, 2],
      [1, 2],
    ];
    const players: PlayerSpec[] = [
      level(1),
      level(2),
      level(4),
      level(5),
      level(6),
      { kind: 'greedy' },
      { kind: 'random' },
      { kind: 'search', depth: 3 },
    ];
    const random = seededRandom(11);
    let asked = 0;
    for (const [k, seats] of seatSets.entries()) {
      const states = [
        ...randomTableStates(tableStart(seats), 2, 40 + k),
        ...randomTableStates(tallStart(seats, 60 + k), 2, 80 + k),
      ];
      for (let n = 0; n < 10; n++) {
        const state = pick(states, random);
        const legal = tableMoves(state.position).map(makeTableMove);
        const player = pick(players, random);
        const answer = ask(state.position, player, {
          quietPlies: state.quietPlies,
          scale: 0.1,
          seed: n,
        });
        expect(legal, `${makeTableFen(state.position)} ${JSON.stringify(player)}`).toContain(
          answer.move,
        );
        asked++;
      }
    }
    expect(asked).toBe(50);
  });

  it('finds a count in one and prefers it to another capture', () => {
    // White's 5-high c3 takes Red's d4 and grows to 6; g1:e3:c5 takes Green's f2 and the same
    // d4 but only grows the lone g1 to 3.
    const single = tableFen('W:Wc3(00000),g1:Rd4:Bb8:Gf2,h6');
    // White's 4-high c3 grows to 6 only through both of Red's men (c3:e5:g7).
    const double = tableFen('W:Wc3(0000),g1:Rd4,f6:Bb8:Gf2,h6');
    for (const position of [single, double]) {
      const counting = countingMoves(position);
      const all = tableMoves(position).map(makeTableMove);
      expect(counting).toHaveLength(1);
      expect(all.length).toBeGreaterThan(1);
      for (const player of [level(1), level(3), level(5), level(6), level(8)]) {
        expect(ask(position, player, { scale: 0.2 }).move, JSON.stringify(player)).toBe(
          counting[0],
        );
      }
    }
  });

  it('does not let the next seat count when it can avoid it', () => {
    // f2-e3 puts a chip next to Red's 5-high d4, which jumps it to f2 and counts.
    const position = tableFen('W:Wc1(00),e1(00),f2:Rd4(00000):Bb8,d8:Gh6,h4');
    const blunders = movesLettingNextSeatCount(position);
    const all = tableMoves(position).map(makeTableMove);
    expect(blunders).toEqual(['f2-e3']);
    expect(all.length).toBeGreaterThan(blunders.length);
    for (const player of [level(3), level(4), level(5), level(6), level(7)]) {
      const answer = ask(position, player, { scale: 0.2 });
      expect(blunders, JSON.stringify(player)).not.toContain(answer.move);
    }
  });

  it('is deterministic for a seed at a node budget', () => {
    const states = randomTableStates(tableStart(), 1, 5);
    const position = states[Math.min(20, states.length - 1)]!.position;
    for (const player of [level(2), level(5), { kind: 'search', nodes: 20_000 } as const]) {
      const answers = [1, 2].map(() =>
        think(new Searcher({ ttBits: 16, now: stoppedClock }), {
          variant: 'zhernov',
          fen: makeTableFen(position),
          player,
          seed: 42,
        }),
      );
      const [a, b] = answers.map(({ ms: _ms, ...rest }) => rest);
      expect(a).toEqual(b);
    }
    // The search alone, reused: the same result again.
    const table = new TableSearcher({ ttBits: 16, now: stoppedClock });
    const first = table.search(position, { maxNodes: 30_000 });
    const again = table.search(position, { maxNodes: 30_000 });
    expect({ ...again, ms: 0 }).toEqual({ ...first, ms: 0 });
    expect(first.nodes).toBeGreaterThan(30_000 * 0.6);
  });

  it('refuses a bad, stuck or finished table position with a ThinkError', () => {
    const player = level(3);
    const request = (fen: string, quietPlies = 0): ThinkRequest => ({
      variant: 'zhernov',
      fen,
      player,
      seed: 1,
      quietPlies,
    });
    expect(() => think(searcher, request('W:Wc3:Rz9'))).toThrow(ThinkError);
    // Fewer than two seats active: the game is over.
    expect(() => think(searcher, request('W:Wc3:Rd4:FR-'))).toThrow(ThinkError);
    // The no-capture limit: 20 rounds of two seats.
    expect(() => think(searcher, request('W:Wc3:Rh6', 40))).toThrow(ThinkError);
    expect(think(searcher, request('W:Wc3:Rh6', 39)).move).toMatch(/^c3-/);
  });
});

describe('a table game', () => {
  it('level 6 against three level-1 seats ends, and level 6 scores at least their mean', async () => {
    const inProcess = (request: ThinkRequest) => Promise.resolve(think(searcher, request));
    let strong = 0;
    let weak = 0;
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const seed of seeds) {
      // Level 6 sits at a different seat in each game.
      const players = [level(1), level(1), level(1), level(1)];
      players[seed % 4] = level(6);
      const outcome = await playTableGame({
        players,
        think: inProcess,
        seed,
        maxPlies: 300,
      });
      expect(outcome.plies).toBeLessThanOrEqual(300);
      expect(outcome.forfeits).toEqual([]);
      const points = outcome.standings.map((line) => line.points);
      expect(points.every((p) => p !== null)).toBe(true);
      // Standings share out every place's points (3 + 2 + 1 + 0) plus a bonus per count.
      const counts = outcome.standings.filter((line) => line.count).length;
      expect(points.reduce((sum, p) => sum! + p!, 0)).toBeCloseTo(6 + counts, 9);
      strong += points[seed % 4]!;
      weak += (points.reduce((sum, p) => sum! + p!, 0)! - points[seed % 4]!) / 3;
    }
    expect(strong).toBeGreaterThanOrEqual(weak);
  }, 30_000);
});
