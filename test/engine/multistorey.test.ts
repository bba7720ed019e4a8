import { describe, expect, it } from 'vitest';
import {
  colorLayers,
  describeStatus,
  FIFTEEN_MOVE_PLIES,
  GameHistory,
  makeFen,
  maxPiecesPerSide,
  maxStacksPerSide,
  parseFen,
  positionKey,
  startPosition,
  VARIANTS,
} from '../../src/engine/index.js';
import { messages } from '../../src/i18n/index.js';
import { fen, fenAfter, moveTexts, randomPositions, playMoves } from '../support/engine-helpers.js';
import { item } from '../support/present.js';

const V = 'multistorey';

const START_FEN =
  'W:Wa1(00),c1(00),e1(00),g1(00),b2(00),d2(00),f2(00),h2(00),a3(00),c3(00),e3(00),g3(00)' +
  ':Bb6(00),d6(00),f6(00),h6(00),a7(00),c7(00),e7(00),g7(00),b8(00),d8(00),f8(00),h8(00)';

const play = playMoves;

describe('multistorey: the worked examples of VARIANTS.md section 4', () => {
  it('1. the start (2-high towers) has the same 7 moves as Russian draughts', () => {
    const start = startPosition(V);
    expect(makeFen(start)).toBe(START_FEN);
    expect(moveTexts(start)).toEqual([
      'a3-b4',
      'c3-b4',
      'c3-d4',
      'e3-d4',
      'e3-f4',
      'g3-f4',
      'g3-h4',
    ]);
    // A tower moves as one piece.
    expect(fenAfter(start, 'c3-d4')).toContain('d4(00)');
  });

  it('2. a jump removes only the top of a tower, and the capturer does not grow', () => {
    const start = fen('W:Wc3(00):Bd4(00)', V);
    expect(moveTexts(start)).toEqual(['c3:e5']);
    expect(fenAfter(start, 'c3:e5')).toBe('B:We5(00):Bd4');
  });

  it('3. Turkish strike: each tower is jumped at most once per move', () => {
    const start = fen('W:Wc3:Bd4(00),f4,f2,d2,h8', V);
    expect(moveTexts(start)).toEqual(['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3']);
    for (const move of moveTexts(start)) expect(fenAfter(start, move)).toBe('B:Wc3:Bd4,h8');
  });

  it('4. a king tower that is hit loses its crown', () => {
    const start = fen('W:Wc3:Bd4(10)', V);
    expect(moveTexts(start)).toEqual(['c3:e5']);
    expect(fenAfter(start, 'c3:e5')).toBe('B:We5:Bd4');
  });

  it('5. only the top piece of a tower is crowned', () => {
    const start = fen('W:Wc7(00):Bh6', V);
    expect(moveTexts(start)).toEqual(['c7-b8', 'c7-d8']);
    expect(fenAfter(start, 'c7-b8')).toBe('B:Wb8(10):Bh6');
    expect(fenAfter(start, 'c7-d8')).toBe('B:Wd8(10):Bh6');
  });
});

describe('multistorey: more rules', () => {
  it('a man crowned during a capture flies on as a king; only its top is crowned', () => {
    const start = fen('W:Wb6(00):Bc7,g5', V);
    expect(moveTexts(start)).toEqual(['b6:d8:h4']);
    expect(fenAfter(start, 'b6:d8:h4')).toBe('B:Wh4(10):B');
  });

  it('captures are mandatory, men capture backwards, kings fly', () => {
    expect(moveTexts(fen('W:Wd4(00),a1:Bc3,h8', V))).toEqual(['d4:b2']);
    expect(moveTexts(fen('W:Wa1(100):Bf6', V))).toEqual(['a1:g7', 'a1:h8']);
  });

  it('stacks never hold prisoners in random play', () => {
    for (const position of randomPositions(V, 300, 77)) {
      for (const stack of position.stacks) {
        if (stack !== null) expect(colorLayers(stack), makeFen(position)).toBe(1);
      }
    }
  });
});

describe('multistorey: FEN', () => {
  it('round-trips towers without prisoners, kings inside towers included', () => {
    for (const text of [
      START_FEN,
      'B:Wa1(0000),Kc3,e5(10),g7(0101):Bh2(000000000000),d4,Kb8',
      'W:W:Bh8(000000000000000000000000)',
    ]) {
      const parsed = parseFen(text, V);
      expect(parsed.ok, text).toBe(true);
      if (parsed.ok) expect(makeFen(parsed.value)).toBe(text);
    }
  });

  it('accepts any start of up to 24 pieces in up to 12 stacks per side', () => {
    const variant = VARIANTS[V];
    expect(maxPiecesPerSide(variant)).toBe(24);
    expect(maxStacksPerSide(variant)).toBe(12);
    expect(
      fen('W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6', V).stacks.filter(Boolean),
    ).toHaveLength(13);
  });

  it('rejects prisoners, more than 24 pieces and more than 12 stacks', () => {
    const code = (text: string) => {
      const parsed = parseFen(text, V);
      return parsed.ok ? 'ok' : parsed.error.code;
    };
    expect(code('W:Wc3(0/0):Bh8')).toBe('fen-prisoners');
    expect(code('W:Wc3(0000000000000000000000000):Bh8')).toBe('fen-too-many-pieces');
    expect(code('W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bh8')).toBe('fen-too-many-stacks');
    // The other variants keep their limits.
    expect(parseFen('W:Wc3(0/0):Bh8', 'bashni').ok).toBe(true);
    expect(parseFen('W:Wc3(00000000000000):B', 'bashni').ok).toBe(false);
  });

  it('the position key tells tower heights apart', () => {
    expect(positionKey(fen('W:Wc3(00):Bh8', V))).not.toBe(positionKey(fen('W:Wc3:Bh8', V)));
    expect(positionKey(fen('W:Wc3(10):Bh8', V))).not.toBe(positionKey(fen('W:Wc3(01):Bh8', V)));
  });
});

describe('multistorey: end of the game', () => {
  it('the side to move with no legal move loses', () => {
    const taken = play(GameHistory.from(fen('W:Wc3(00):Bd4', V)), 'c3:e5');
    expect(taken.status()).toEqual({ kind: 'win', winner: 0, reason: 'no-legal-move' });
    const blocked = GameHistory.from(fen('B:Wb2(00),c3:Ba1(000)', V));
    expect(blocked.status()).toEqual({ kind: 'win', winner: 0, reason: 'no-legal-move' });
  });

  it('every capture restarts the 15-move count, even one that leaves the stack counts alone', () => {
    const history = play(GameHistory.from(fen('W:Wc3:Bd4(00),h8', V)), 'c3:e5');
    expect(history.quietPlies).toBe(0);
    // In bashni the same capture leaves both stack counts unchanged and counts on.
    const bashni = play(GameHistory.from(fen('W:Wc3:Bd4(00),h8')), 'c3:e5');
    expect(bashni.quietPlies).toBe(1);
  });

  it('30 plies without a capture draw', () => {
    const white =
      'b2-a3 a3-b4 b4-a5 a5-b6 b6-a7 c1-b2 b2-c3 c3-b4 b4-c5 c5-b6 b6-c7 a1-b2 b2-a3 a3-b4 b4-a5';
    const black =
      'g7-h6 h6-g5 g5-h4 h4-g3 g3-h2 f8-g7 g7-f6 f6-g5 g5-f4 f4-g3 g3-f2 h8-g7 g7-h6 h6-g5 g5-h4';
    const blackMoves = black.split(' ');
    let history = GameHistory.from(fen('W:Wa1(00),c1(00),b2(00):Bg7(00),f8(00),h8(00)', V));
    white.split(' ').forEach((move, i) => {
      expect(history.status().kind).toBe('ongoing');
      history = play(history, move, item(blackMoves, i, 'blackMoves'));
    });
    expect(history.quietPlies).toBe(FIFTEEN_MOVE_PLIES);
    expect(history.status()).toEqual({ kind: 'draw', reason: 'fifteen-move-rule' });
    expect(describeStatus(history.status(), 0, V)).toBe('draw: 15 moves without a capture');
    expect(messages('en').result(null, 'fifteen-move-rule', { variant: V })).toBe(
      'Draw (15 moves without a capture).',
    );
    expect(messages('ru').result(null, 'fifteen-move-rule', { variant: V })).toBe(
      'Ничья (15 ходов без взятий).',
    );
    expect(messages('en').result(null, 'fifteen-move-rule', { variant: 'bashni' })).toContain(
      'towers',
    );
  });
});
