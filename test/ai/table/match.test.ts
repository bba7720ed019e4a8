import { afterAll, describe, expect, it } from 'vitest';
import {
  makeTableFen,
  makeTableMove,
  tableMoves,
  tableStart,
} from '../../../src/engine/multi/index.js';
import {
  AiPool,
  AiPoolError,
  playTableGame,
  playTableMatch,
  Searcher,
  think,
  type ThinkRequest,
} from '../../../src/ai/index.js';
import { runCli } from '../../support/run-cli.js';
import { randomTableStates } from './helpers.js';

const searcher = new Searcher({ ttBits: 16, now: () => 0 });
const inProcess = (request: ThinkRequest) => Promise.resolve(think(searcher, request));

describe('table games and matches', () => {
  it('always end, with every seat placed, also between random players', async () => {
    for (const seats of [4, 3, 2]) {
      for (const seed of [1, 2, 3]) {
        const outcome = await playTableGame({
          players: Array.from({ length: seats }, () => ({ kind: 'random' }) as const),
          think: inProcess,
          seed,
          maxPlies: 400,
        });
        expect(outcome.plies).toBeLessThanOrEqual(400);
        expect(outcome.standings).toHaveLength(seats);
        for (const line of outcome.standings) expect(line.points).not.toBeNull();
      }
    }
  });

  it('stop at the ply cap, the seats still playing sharing the free places', async () => {
    const outcome = await playTableGame({
      players: [{ kind: 'random' }, { kind: 'random' }, { kind: 'random' }, { kind: 'random' }],
      think: inProcess,
      seed: 5,
      maxPlies: 6,
    });
    expect(outcome.end).toBe('ply-cap');
    expect(outcome.plies).toBe(6);
    // Nobody finished in six plies: four seats share 3 + 2 + 1 + 0.
    expect(outcome.standings.map((line) => line.points)).toEqual([1.5, 1.5, 1.5, 1.5]);
  });

  it('rotate the lineup around the table and give each player its mean points', async () => {
    const games: number[][] = [];
    const result = await playTableMatch({
      players: [{ kind: 'greedy' }, { kind: 'random' }, { kind: 'greedy' }, { kind: 'random' }],
      games: 6, // rounded up to 8: two openings, four rotations each
      think: inProcess,
      seed: 3,
      onGame: (_outcome, lineup) => games.push([...lineup]),
    });
    expect(result.games).toHaveLength(8);
    expect(games.map((lineup) => lineup.join('')).sort()).toEqual(
      ['0123', '1230', '2301', '3012', '0123', '1230', '2301', '3012'].sort(),
    );
    // Every game hands out 6 points plus one per count; the means add up to the same.
    const total = result.games.reduce(
      (sum, game) => sum + game.standings.reduce((s, line) => s + (line.points ?? 0), 0),
      0,
    );
    const means = result.meanPoints.reduce((sum, mean) => sum + mean, 0);
    expect(means * 8).toBeCloseTo(total, 9);
    // The same opening is played by each rotation: the first random plies agree.
    const openings = result.games.map((game) => game.moves.slice(0, 4).join(' '));
    expect(new Set(openings.slice(0, 4)).size).toBe(1);
    expect(new Set(openings.slice(4, 8)).size).toBe(1);
  });
});

describe('table requests through the worker pool', () => {
  const pool = new AiPool({ size: 1, ttBits: 14 });
  afterAll(() => pool.close());

  it('answers legal moves, and refuses bad or finished positions without losing the worker', async () => {
    const positions = randomTableStates(tableStart([0, 1, 2]), 1, 9)
      .filter((_, i) => i % 10 === 0)
      .map((state) => state.position);
    for (const [i, position] of positions.entries()) {
      const fen = makeTableFen(position);
      const answer = await pool.think({
        variant: 'zhernov',
        fen,
        player: { kind: 'level', level: 1 + (i % 8) },
        seed: i,
        scale: 0.05,
      });
      expect(tableMoves(position).map(makeTableMove)).toContain(answer.move);
    }
    const bad = pool.think({
      variant: 'zhernov',
      fen: 'W:Wz9',
      player: { kind: 'random' },
      seed: 1,
    });
    await expect(bad).rejects.toBeInstanceOf(AiPoolError);
    await expect(bad).rejects.toThrow(/bad FEN/);
    const over = pool.think({
      variant: 'zhernov',
      fen: 'W:Wc3:Rd4:FR-',
      player: { kind: 'level', level: 5 },
      seed: 1,
    });
    await expect(over).rejects.toThrow(/over/);
    // The same worker goes on serving, the game service's way too (the same answer each time).
    const start = makeTableFen(tableStart());
    const request = { gameId: 't1', variant: 'zhernov' as const, fen: start, level: 2 };
    const move = await pool.chooseMove(request);
    expect(tableMoves(tableStart()).map(makeTableMove)).toContain(move);
    expect(await pool.chooseMove(request)).toBe(move);
    // At the no-capture limit the game is over: the request says so through quietPlies.
    await expect(pool.chooseMove({ ...request, quietPlies: 80 })).rejects.toThrow(/over/);
  });
});

describe('cli: table-match', () => {
  it('plays a table match on worker threads and prints each player’s mean points', () => {
    const { code, stdout } = runCli(
      'table-match',
      ...['--players', 'depth:1/random/depth:1/random', '--games', '4', '--threads', '2'],
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^depth:1: mean points \d\.\d{3} per seat$/m);
    expect(stdout).toMatch(/^random: mean points \d\.\d{3} per seat$/m);
    expect(stdout).toMatch(/^endings: /m);
  });

  it('refuses a lineup of one, or an unknown player', () => {
    expect(runCli('table-match', '--players', '3', '--games', '2').code).toBe(2);
    expect(runCli('table-match', '--players', '3/superbot', '--games', '2').code).toBe(2);
  });
});
