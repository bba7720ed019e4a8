import { describe, expect, it } from 'vitest';
import { PUZZLE_BOARD_PREFIX } from '../../src/game/board-ids.js';
import { randomId, requestedId } from '../../src/game/request-ids.js';

describe('ids', () => {
  it('random ones are 8 base64url characters, never a puzzle board id', () => {
    // Bytes whose base64url starts with p_ come first (0xa7 0xf0 … reads "p_A…"), then others.
    const first = Buffer.from([0xa7, 0xf0, 0, 0, 0, 0]);
    expect(first.toString('base64url').startsWith(PUZZLE_BOARD_PREFIX)).toBe(true);
    const sources = [first, Buffer.from([1, 2, 3, 4, 5, 6])];
    const id = randomId(() => sources.shift()!);
    expect(id).toBe(Buffer.from([1, 2, 3, 4, 5, 6]).toString('base64url'));
    expect(randomId()).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });

  it('requested ones are the same for the same request, by kind', () => {
    expect(requestedId('game', 'tg:1')).toBe(requestedId('game', 'tg:1'));
    expect(requestedId('game', 'tg:1')).not.toBe(requestedId('challenge', 'tg:1'));
    expect(requestedId('game', 'tg:1')).toMatch(/^g[A-Za-z0-9_-]{12}$/);
  });
});
