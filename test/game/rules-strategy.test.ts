import { describe, expect, it } from 'vitest';
import { VARIANT_IDS } from '../../src/engine/index.js';
import { rulesOf } from '../../src/game/rules-strategy.js';
import { botPlayer } from '../../src/game/bot-player.js';
import type { Game, Player } from '../../src/game/model.js';

const alice: Player = { platform: 'telegram', userId: '1', displayName: 'Alice' };

describe('the rules strategy: chosen once per variant', () => {
  it('gives every two-player variant its own rules, with ratings, reviews and draw offers', () => {
    for (const variant of VARIANT_IDS) {
      const rules = rulesOf(variant);
      expect(rules).toBe(rulesOf(variant));
      expect(rules).toMatchObject({ kind: 'two-player', variant, league: variant });
      expect(rules).toMatchObject({ reviewed: true, replayed: true, drawOffers: true });
      expect(rules.joining).toBe('accept');
    }
  });

  it('gives a table no league, no review, no replay, no draw offers, and seats to sit at', () => {
    const rules = rulesOf('zhernov');
    expect(rules).toMatchObject({ kind: 'table', league: undefined, joining: 'sit-down' });
    expect(rules).toMatchObject({ reviewed: false, replayed: false, drawOffers: false });
    const seats = Object.keys(rules.botGame(alice, 2, 'Bot')).sort();
    expect(seats).toEqual(['black', 'green', 'red', 'white']);
  });

  it('ends a two-player game lost on time or by resignation, the other side winning', () => {
    const rules = rulesOf('bashni');
    const opening = rules.opening({ white: alice, black: botPlayer('telegram', 1, 'Bot') });
    if (!opening.ok) throw new Error(opening.message);
    const game = {
      id: 'g1',
      variant: 'bashni',
      white: alice,
      black: botPlayer('telegram', 1, 'Bot'),
      status: 'active',
      ...opening.opening,
    } as unknown as Game;
    const timeOut = rules.dropOut(game, 'white', 'time', 5, 1);
    const resigned = rules.dropOut(game, 'black', 'resign', 5, 1);
    if (!timeOut.ok || !resigned.ok) throw new Error('a drop-out refused');
    expect(timeOut.next.result).toEqual({ winner: 'black', reason: 'time' });
    expect(resigned.next.result).toEqual({ winner: 'white', reason: 'resignation' });
    expect(rules.stillPlays(game, 'white')).toBe(true);
  });
});
