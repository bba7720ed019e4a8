import { describe, expect, it } from 'vitest';
import {
  describeStatus,
  FIFTEEN_MOVE_PLIES,
  GameHistory,
  positionKey,
  startPosition,
} from '../../src/engine/index.js';
import { fen, playMoves } from '../support/engine-helpers.js';
import { item } from '../support/present.js';

const play = playMoves;

describe('game status', () => {
  it('the side to move with no legal move loses (all taken or blocked)', () => {
    const taken = play(GameHistory.from(fen('W:Wc3:Bd4')), 'c3:e5');
    expect(taken.status()).toEqual({ kind: 'win', winner: 0, reason: 'no-legal-move' });
    expect(describeStatus(taken.status(), taken.position.turn)).toBe(
      'white wins: black has no legal move',
    );

    const blocked = GameHistory.from(fen('B:Wb2,c3:Ba1'));
    expect(blocked.status()).toEqual({ kind: 'win', winner: 0, reason: 'no-legal-move' });
  });

  it('in giveaway the side with no legal move wins', () => {
    const history = play(GameHistory.from(fen('W:Wc3:Bd4', 'giveaway')), 'c3:e5');
    expect(history.status()).toEqual({ kind: 'win', winner: 1, reason: 'no-legal-move' });
    expect(describeStatus(history.status(), 1)).toContain('black wins');
  });

  it('threefold repetition is a draw on the third occurrence, not before', () => {
    const shuffle = ['c1-d2', 'h8-g7', 'd2-c1', 'g7-h8'];
    let history = GameHistory.from(fen('W:WKc1:BKh8'));
    history = play(history, ...shuffle);
    expect(history.repetitions()).toBe(2);
    expect(history.status().kind).toBe('ongoing');
    history = play(history, ...shuffle);
    expect(history.repetitions()).toBe(3);
    expect(history.status()).toEqual({ kind: 'draw', reason: 'threefold-repetition' });
    expect(describeStatus(history.status(), 0)).toBe('draw: threefold repetition');
  });

  it('15 moves by each side without a change in stack counts is a draw', () => {
    // White's men walk up files a-c and Black's down files f-h: they never meet, nothing
    // repeats, and the stack counts stay the same for 30 plies.
    const white =
      'b2-a3 a3-b4 b4-a5 a5-b6 b6-a7 c1-b2 b2-c3 c3-b4 b4-c5 c5-b6 b6-c7 a1-b2 b2-a3 a3-b4 b4-a5';
    const black =
      'g7-h6 h6-g5 g5-h4 h4-g3 g3-h2 f8-g7 g7-f6 f6-g5 g5-f4 f4-g3 g3-f2 h8-g7 g7-h6 h6-g5 g5-h4';
    const blackMoves = black.split(' ');
    let history = GameHistory.from(fen('W:Wa1,c1,b2:Bg7,f8,h8'));
    white.split(' ').forEach((move, i) => {
      expect(history.status().kind).toBe('ongoing');
      history = play(history, move, item(blackMoves, i, 'blackMoves'));
    });
    expect(history.quietPlies).toBe(FIFTEEN_MOVE_PLIES);
    expect(history.status()).toEqual({ kind: 'draw', reason: 'fifteen-move-rule' });
  });

  it('a capture that changes a stack count starts the 15-move count again', () => {
    const history = play(GameHistory.from(fen('W:Wc3:Bd4,h8')), 'c3:e5');
    expect(history.quietPlies).toBe(0);
  });

  it('a capture that leaves both stack counts unchanged does not reset the 15-move count', () => {
    // The white man takes the top of a two-black stack: Black still owns one stack there.
    const history = play(GameHistory.from(fen('W:Wc3:Bd4(00),h8')), 'c3:e5');
    expect(history.quietPlies).toBe(1);
  });

  it('the key covers side to move and the whole composition', () => {
    const a = positionKey(fen('W:Wc3(0/01):Bh8'));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(positionKey(fen('B:Wc3(0/01):Bh8'))).not.toBe(a);
    expect(positionKey(fen('W:Wc3(0/10):Bh8'))).not.toBe(a);
    expect(positionKey(fen('W:Wc3(0/0):Bh8'))).not.toBe(a);
    expect(positionKey(fen('W:Wc3(0/01):Bh8'))).toBe(a);
    expect(positionKey(startPosition('bashni'))).not.toBe(
      positionKey(startPosition('giveaway')).replace(/./, 'x'),
    );
  });
});
