import { describe, expect, it } from 'vitest';
import {
  REF_START_FEN,
  parseReferenceFen,
  referenceMoves,
  referencePerft,
  writeReferenceFen,
  type RefVariant,
} from './reference/reference.js';

/** Legal moves, sorted so that comparisons are order-free. */
function moves(variant: RefVariant, fen: string): string[] {
  return referenceMoves(variant, fen)
    .map((entry) => entry.move)
    .sort();
}

/** FEN after playing `move`; fails the test if the move is not legal. */
function play(variant: RefVariant, fen: string, move: string): string {
  const entry = referenceMoves(variant, fen).find((candidate) => candidate.move === move);
  if (entry === undefined) throw new Error(`${move} is not legal in ${fen}`);
  return entry.fen;
}

/**
 * The stack on `square` in the worked examples' shorthand: top piece first, `w`/`b` a
 * man, `W`/`B` a king; '' for an empty square.
 */
function stackAt(variant: RefVariant, fen: string, square: string): string {
  const stack = parseReferenceFen(variant, fen).board.get(square) ?? [];
  return [...stack]
    .reverse()
    .map((piece) => {
      const letter = piece.white ? 'w' : 'b';
      return piece.king ? letter.toUpperCase() : letter;
    })
    .join('');
}

describe('docs/rules.md worked examples', () => {
  it('1. bashni: re-jumping a stack, no 180° turn', () => {
    const fen = 'W:Wc3:Bd2,f2,d4(00),f4,h8';
    expect(moves('bashni', fen)).toEqual(['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3:e5'].sort());

    const long = play('bashni', fen, 'c3:e5:g3:e1:c3:e5');
    expect(stackAt('bashni', long, 'e5')).toBe('wbbbbb');
    expect(long).toBe('B:We5(0/00000):Bh8');

    // Stops on c3 because going on over d4 would be straight back.
    const short = play('bashni', fen, 'c3:e1:g3:e5:c3');
    expect(stackAt('bashni', short, 'c3')).toBe('wbbbb');
    expect(stackAt('bashni', short, 'd4')).toBe('b');
  });

  it('1. stolby: both routes stop at c3 after four jumps', () => {
    const fen = 'W:Wc3:Bd2,f2,d4(00),f4,h8';
    expect(moves('stolby', fen)).toEqual(['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3'].sort());
    for (const move of ['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3']) {
      const after = play('stolby', fen, move);
      expect(stackAt('stolby', after, 'c3')).toBe('wbbbb');
      expect(stackAt('stolby', after, 'd4')).toBe('b');
    }
  });

  it('2. bashni: promotion during a capture, then flying on as a king', () => {
    const fen = 'W:Wb6(0/0):Bg5,c7';
    expect(moves('bashni', fen)).toEqual(['b6:d8:h4']);
    const after = play('bashni', fen, 'b6:d8:h4');
    expect(stackAt('bashni', after, 'h4')).toBe('Wbbb');
    expect(after).toBe('B:Wh4(1/000):B');
  });

  it('3. bashni: prisoners keep their rank and are freed', () => {
    const fen = 'W:Wc3:Bd4(1/0),f6(0/1)';
    expect(moves('bashni', fen)).toEqual(['c3:e5:g7']);
    const after = play('bashni', fen, 'c3:e5:g7');
    expect(stackAt('bashni', after, 'd4')).toBe('w');
    expect(stackAt('bashni', after, 'f6')).toBe('W');
    expect(stackAt('bashni', after, 'g7')).toBe('wBb');
    expect(after).toBe('B:Wd4,Kf6,g7(0/10):B');
  });

  it('4. king landing rule', () => {
    const fen = 'W:WKa1:Bc3,f4';
    expect(moves('bashni', fen)).toEqual(['a1:e5:g3', 'a1:e5:h2']);
    expect(stackAt('bashni', play('bashni', fen, 'a1:e5:g3'), 'g3')).toBe('Wbb');
    expect(stackAt('bashni', play('bashni', fen, 'a1:e5:h2'), 'h2')).toBe('Wbb');
  });

  it('5. a man captures backwards', () => {
    const fen = 'W:Wd4:Bc3,h8';
    expect(moves('bashni', fen)).toEqual(['d4:b2']);
    expect(play('bashni', fen, 'd4:b2')).toBe('B:Wb2(0/0):Bh8');
  });

  it('6. laska: men capture forward only', () => {
    const fen = 'W:Wd4:Bc3,c5,e5';
    expect(moves('laska', fen)).toEqual(['d4:b6', 'd4:f6']);
    expect(stackAt('laska', play('laska', fen, 'd4:f6'), 'f6')).toBe('wb');
    expect(stackAt('laska', play('laska', fen, 'd4:b6'), 'b6')).toBe('wb');
  });

  it('7. laska: promotion ends the move, a freed officer keeps its rank', () => {
    const fen = 'W:Wc3:Bd4(0/1),f6';
    expect(moves('laska', fen)).toEqual(['c3:e5:g7']);
    const after = play('laska', fen, 'c3:e5:g7');
    expect(stackAt('laska', after, 'd4')).toBe('W');
    expect(stackAt('laska', after, 'g7')).toBe('Wbb');
    expect(after).toBe('B:WKd4,g7(1/00):B');
  });
});

describe('further rule points', () => {
  it('bashni: a king may jump a different stack straight back over an emptied square', () => {
    // e5 takes f6 and lands on g7 (h8 blocks); f6 and e5 are now empty, so it flies back over
    // them and takes c3. In stolby f6 stays blocked, so each route ends after one jump.
    const fen = 'W:WKe5,Kh8:Bc3,f6';
    expect(moves('bashni', fen)).toEqual(['e5:a1:g7', 'e5:b2:g7', 'e5:g7:a1', 'e5:g7:b2']);
    expect(moves('stolby', fen)).toEqual(['e5:a1', 'e5:b2', 'e5:g7']);
  });

  it('bashni: a king may not go straight back over the stack it just jumped', () => {
    const fen = 'W:WKa1:Bd4(00)';
    expect(moves('bashni', fen)).toEqual(['a1:e5', 'a1:f6', 'a1:g7', 'a1:h8']);
    expect(play('bashni', fen, 'a1:e5')).toBe('B:We5(1/0):Bd4');
  });

  it('stolby demotes a captured king; bashni keeps its rank', () => {
    const fen = 'W:Wc3:BKd4';
    expect(play('stolby', fen, 'c3:e5')).toBe('B:We5(0/0):B');
    expect(play('bashni', fen, 'c3:e5')).toBe('B:We5(0/1):B');
  });

  it('capture is mandatory', () => {
    expect(moves('bashni', 'W:Wc3,h2:Bd4')).toEqual(['c3:e5']);
  });

  it('quiet moves: men forward, promotion crowns only the top piece', () => {
    expect(moves('bashni', 'B:Wa1:Bd6')).toEqual(['d6-c5', 'd6-e5']);
    expect(play('bashni', 'W:Wc7(00/1):Bh2', 'c7-d8')).toBe('B:Wd8(10/1):Bh2');
    expect(moves('bashni', 'W:WKa1:Bh2(0/1)')).toEqual(
      ['a1-b2', 'a1-c3', 'a1-d4', 'a1-e5', 'a1-f6', 'a1-g7', 'a1-h8'].sort(),
    );
  });

  it('adiyukh-10x10: no capture builds a stack of more than 32 (the engine’s limit)', () => {
    // docs/rules.md: the stack of 31 on c3 may take d4 (32), not b4 and b6 (33), nor stop on a5.
    const fen = `W:Wc3(${'0'.repeat(20)}/${'0'.repeat(11)}):Bd4,b4,b6`;
    expect(moves('adiyukh-10x10', fen)).toEqual(['c3:e5']);
    const rulesAlone = referenceMoves('adiyukh-10x10', fen, Infinity).map((entry) => entry.move);
    expect(rulesAlone.sort()).toEqual(['c3:a5:c7', 'c3:e5']);
    // With every capture past the limit, the quiet moves.
    expect(moves('adiyukh-10x10', `W:Wc3(${'0'.repeat(20)}/${'0'.repeat(12)}):Bd4,h8`)).toEqual([
      'c3-b4',
    ]);
  });

  it('laska: officers move and capture one square, in any direction', () => {
    expect(moves('laska', 'W:WKd4:Bg7')).toEqual(['d4-c3', 'd4-c5', 'd4-e3', 'd4-e5']);
    expect(moves('laska', 'W:Wd4:Bg7')).toEqual(['d4-c5', 'd4-e5']);
    expect(moves('laska', 'W:WKd4:Bc3,f6')).toEqual(['d4:b2']);
  });
});

describe('FEN', () => {
  const canonical: [RefVariant, string][] = [
    ['bashni', REF_START_FEN.bashni],
    ['laska', REF_START_FEN.laska],
    ['bashni', 'B:Wa1,c3,f4(0101/00),Kd8:BKh2,b6(00/1),e7'],
    ['stolby', 'W:W:Bc3'],
    ['bashni', 'B:Wd4(00):B'],
    ['giveaway', 'W:Wb6(0/1):Ba7(1010/0101)'],
  ];

  it.each(canonical)('%s: %s round-trips', (variant, fen) => {
    expect(writeReferenceFen(variant, parseReferenceFen(variant, fen))).toBe(fen);
  });

  it('canonicalises accepted non-canonical forms', () => {
    const roundTrip = (fen: string) =>
      writeReferenceFen('bashni', parseReferenceFen('bashni', fen));
    // A FEN like the docs/rules.md example, whose lists are not in square order.
    expect(roundTrip('B:Wa1,c3,Kd8,f4(0101/00):Bb6(00/1),e7,Kh2')).toBe(
      'B:Wa1,c3,f4(0101/00),Kd8:BKh2,b6(00/1),e7',
    );
    expect(roundTrip('W:Wc3(0),e3(1):Bd6')).toBe('W:Wc3,Ke3:Bd6');
  });

  it('parses stack compositions top first', () => {
    const board = parseReferenceFen('bashni', 'W:Wf4(0101/00):B').board;
    expect(board.get('f4')).toEqual([
      { white: false, king: false },
      { white: false, king: false },
      { white: true, king: true },
      { white: true, king: false },
      { white: true, king: true },
      { white: true, king: false },
    ]);
  });

  it.each([
    ['garbage', 'bashni', 'hello'],
    ['bad side', 'bashni', 'X:Wc3:Bd6'],
    ['lists swapped', 'bashni', 'W:Bd6:Wc3'],
    ['light square', 'bashni', 'W:Wc4:B'],
    ['off the 7x7 board', 'laska', 'W:Wh8:B'],
    ['square twice', 'bashni', 'W:Wc3:Bc3'],
    ['empty token', 'bashni', 'W:Wc3,:B'],
    ['K with composition', 'bashni', 'W:WKc3(1):B'],
    ['empty prisoner run', 'bashni', 'W:Wc3(0/):B'],
    ['empty owner run', 'bashni', 'W:Wc3(/0):B'],
    ['bad digit', 'bashni', 'W:Wc3(02):B'],
  ] as [string, RefVariant, string][])('rejects %s', (_name, variant, fen) => {
    expect(() => parseReferenceFen(variant, fen)).toThrow();
  });

  it('every FEN the generator writes parses back to itself', () => {
    for (const variant of ['bashni', 'stolby', 'laska'] as const) {
      let frontier = [REF_START_FEN[variant]];
      for (let ply = 0; ply < 3; ply++) {
        frontier = frontier.flatMap((fen) => referenceMoves(variant, fen).map((m) => m.fen));
        for (const fen of frontier) {
          expect(writeReferenceFen(variant, parseReferenceFen(variant, fen))).toBe(fen);
        }
      }
    }
  });
});

describe('perft', () => {
  it('bashni start: equals the published Russian draughts perft up to depth 5', () => {
    // Towers first change a move count at depth 6 (37 908 here, 37 986 in Russian draughts).
    const expected = [1, 7, 49, 302, 1469, 7482];
    expected.forEach((leaves, depth) =>
      expect(referencePerft('bashni', REF_START_FEN.bashni, depth)).toBe(leaves),
    );
  });

  it('giveaway has the move rules of bashni', () => {
    for (let depth = 1; depth <= 4; depth++) {
      expect(referencePerft('giveaway', REF_START_FEN.giveaway, depth)).toBe(
        referencePerft('bashni', REF_START_FEN.bashni, depth),
      );
    }
  });

  it('laska start: each of the 6 opening moves allows exactly one capture', () => {
    expect(referencePerft('laska', REF_START_FEN.laska, 1)).toBe(6);
    expect(referencePerft('laska', REF_START_FEN.laska, 2)).toBe(6);
  });
});
