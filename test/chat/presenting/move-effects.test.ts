import { describe, expect, it } from 'vitest';
import { moveEffects } from '../../../src/chat/presenting/move-effects.js';
import { recordMove, gameState } from '../../../src/game/game-rules.js';
import type { Game } from '../../../src/game/model.js';
import { legalMoves } from '../../../src/engine/index.js';
import { ALICE, BORIS, makeGame } from '../../support/game-fixtures.js';
import { item } from '../../support/present.js';

/** The game after its first legal move. */
function afterOneMove(game: Game): Game {
  const state = gameState(game);
  return recordMove(game, state, item(legalMoves(state.position), 0), 0).game;
}

describe('the effects of a move', () => {
  const start = makeGame('g1', { white: ALICE, black: BORIS });
  const moved = afterOneMove(start);

  it('pings the player to move when the service says so; otherwise clears the old notice', () => {
    expect(moveEffects(moved, moved, true)).toEqual({
      ping: BORIS,
      botThinking: false,
      clearNotice: false,
    });
    expect(moveEffects(moved, moved, false)).toEqual({ botThinking: false, clearNotice: true });
  });

  it('shows the bot thinking when it is to move, and never pings it', () => {
    const bot = { ...BORIS, botLevel: 3 };
    const vsBot = afterOneMove(makeGame('g2', { white: ALICE, black: bot }));
    expect(moveEffects(vsBot, vsBot, true)).toEqual({ botThinking: true, clearNotice: false });
  });

  it('does nothing more for a turn already answered, or a game that is over', () => {
    expect(moveEffects(afterOneMove(moved), moved, true)).toBeUndefined();
    const over: Game = { ...moved, status: 'finished' };
    expect(moveEffects(over, moved, true)).toBeUndefined();
  });
});
