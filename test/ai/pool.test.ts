import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFen, startPosition } from '../../src/engine/index.js';
import { AiPool, type ThinkRequest } from '../../src/ai/index.js';
import type { BotMoves } from '../../src/game/ports.js';
import {
  moveTexts,
  randomPositions,
  UNHOLDABLE_FEN,
  UNHOLDABLE_REASON,
} from '../support/engine-helpers.js';
import { item } from '../support/present.js';
import { until } from '../support/until.js';

const START = makeFen(startPosition('bashni'));
const pool = new AiPool({ size: 2, ttBits: 16 });
afterAll(() => pool.close());

/** A search that would run for a minute unless cancelled. */
const LONG: ThinkRequest = {
  variant: 'bashni',
  fen: START,
  player: { kind: 'search', ms: 60_000 },
  seed: 1,
};

describe('AI pool', () => {
  it('implements the game service port', () => {
    const port: BotMoves = pool; // a compile-time check: structurally compatible
    expect(typeof port.chooseMove).toBe('function');
  });

  it('answers with a legal move (TypeScript workers started from vitest)', async () => {
    const move = await pool.chooseMove({ gameId: 'g1', variant: 'bashni', fen: START, level: 3 });
    expect(moveTexts(startPosition('bashni'))).toContain(move);
  });

  it('gives the same answer to the same request', async () => {
    const request = { gameId: 'g2', variant: 'bashni' as const, fen: START, level: 1 };
    const first = await pool.chooseMove(request);
    expect(await pool.chooseMove(request)).toBe(first);
  });

  it('runs several requests at once, from several games and variants', async () => {
    const positions = [
      ...randomPositions('bashni', 3, 3, 30),
      ...randomPositions('laska', 3, 4, 30),
      ...randomPositions('giveaway', 3, 5, 30),
    ].filter((position) => moveTexts(position).length > 0);
    const moves = await Promise.all(
      positions.map((position, i) =>
        pool.chooseMove({
          gameId: `game-${i}`,
          variant: position.variant,
          fen: makeFen(position),
          level: 1 + (i % 4),
        }),
      ),
    );
    moves.forEach((move, i) => expect(moveTexts(item(positions, i, 'positions'))).toContain(move));
  });

  it('cancels a running search, then serves the next request', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = pool.think(LONG, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5000);
    const move = await pool.chooseMove({ gameId: 'g3', variant: 'bashni', fen: START, level: 2 });
    expect(moveTexts(startPosition('bashni'))).toContain(move);
  });

  it('drops a queued request when it is cancelled, and refuses one already cancelled', async () => {
    const single = new AiPool({ size: 1, ttBits: 12 });
    try {
      const first = new AbortController();
      const second = new AbortController();
      const running = single.think(LONG, { signal: first.signal });
      const waiting = single.think(LONG, { signal: second.signal });
      expect(single.queued).toBe(1);
      second.abort();
      await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
      expect(single.queued).toBe(0);
      first.abort();
      await expect(running).rejects.toMatchObject({ name: 'AbortError' });
      await expect(single.think(LONG, { signal: AbortSignal.abort() })).rejects.toMatchObject({
        name: 'AbortError',
      });
    } finally {
      await single.close();
    }
  });

  it('rejects a bad request, and everything once closed', async () => {
    const own = new AiPool({ size: 1, ttBits: 12 });
    await expect(
      own.chooseMove({ gameId: 'x', variant: 'bashni', fen: 'nonsense', level: 1 }),
    ).rejects.toThrow(/bad FEN/);
    // A position the engine cannot hold is refused at the door, with the reason.
    await expect(
      own.chooseMove({ gameId: 'x', variant: 'adiyukh-10x10', fen: UNHOLDABLE_FEN, level: 1 }),
    ).rejects.toThrow(`: ${UNHOLDABLE_REASON}`);
    const pending = expect(own.think(LONG)).rejects.toThrow(/closed/);
    await own.close();
    await pending;
    await expect(
      own.chooseMove({ gameId: 'x', variant: 'bashni', fen: START, level: 1 }),
    ).rejects.toThrow(/closed/);
  });

  it('starts threads when searches need them and stops idle ones', async () => {
    const lazy = new AiPool({ size: 2, ttBits: 14, idleMs: 1_000 });
    try {
      expect(lazy.threads).toBe(0);
      const request = { gameId: 'g9', variant: 'bashni' as const, fen: START, level: 1 };
      const first = await lazy.chooseMove(request);
      expect(lazy.threads).toBe(1);
      await until(() => lazy.threads === 0, 'the idle thread to stop', 10_000);
      // A new thread answers the same (seeded) request the same way.
      expect(await lazy.chooseMove(request)).toBe(first);
      expect(lazy.threads).toBe(1);
    } finally {
      await lazy.close();
    }
  });

  it('an idle pool does not keep the process alive', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const script =
      `import { AiPool } from './src/ai/index.js';` +
      `new AiPool({ size: 2 });` +
      `console.log('made');`;
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root, encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.stdout.trim()).toBe('made');
    expect(result.status).toBe(0);
  });
});
