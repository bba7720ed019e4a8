import { describe, expect, it } from 'vitest';
import { moveRefusal } from '../../../src/chat/commands/may-move.js';
import type { Game } from '../../../src/game/model.js';
import { ALICE, BORIS, CAROL, makeGame, makeTableGame } from '../../support/game-fixtures.js';

describe('whether a person may move now (the same on every platform)', () => {
  const game = makeGame('g1', { white: ALICE, black: BORIS });

  it('lets the player to move make the move drawn for this ply', () => {
    expect(moveRefusal(game, ALICE, 0)).toBeUndefined();
  });

  it('says why not: the turn, the person, a board drawn for another ply, the game over', () => {
    expect(moveRefusal(game, BORIS, 0)).toBe('notYourTurn');
    expect(moveRefusal(game, CAROL, 0)).toBe('notAPlayer');
    expect(moveRefusal(game, ALICE, 1)).toBe('stale');
    const over: Game = { ...game, status: 'finished' };
    expect(moveRefusal(over, ALICE, 0)).toBe('gameOver');
  });

  it('asks about the game before the person: a stranger on an old board is shown the new one', () => {
    expect(moveRefusal(game, CAROL, 3)).toBe('stale');
  });

  it('at a table, only the seat to move may (White first, then Red)', () => {
    const table = makeTableGame('t1', { white: ALICE });
    expect(moveRefusal(table, ALICE, 0)).toBeUndefined();
    expect(moveRefusal(table, BORIS, 0)).toBe('notYourTurn');
    expect(moveRefusal(table, CAROL, 0)).toBe('notYourTurn');
  });
});
