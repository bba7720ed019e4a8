/** Table FEN and move notation: round trips, the accepted spellings, and every refusal. */
import { describe, expect, it } from 'vitest';
import {
  makeTableFen,
  makeTableMove,
  MAX_COLUMN_HEIGHT,
  parseTableFen,
  parseTableMove,
  parseTableSquare,
  TABLE_VARIANTS,
  tableMoves,
  tableStart,
  tableVariant,
} from '../../../src/engine/multi/index.js';
import { tableFen } from '../../support/table-helpers.js';

const START =
  'W:Wc1(00),e1(00),g1(00):Ra3(00),a5(00),a7(00):Bb8(00),d8(00),f8(00):Gh2(00),h4(00),h6(00)';

function errorCode(text: string): string {
  const parsed = parseTableFen(text);
  return parsed.ok ? 'ok' : parsed.error.code;
}

describe('table FEN', () => {
  it('reads the start and writes it back', () => {
    expect(tableFen(START)).toEqual(tableStart());
    expect(makeTableFen(tableFen(START))).toBe(START);
  });

  it.each([
    ['W:Wd4(00000):Re5,a3:Bb8:Gh2', 'W:Wd4(00000):Ra3,e5:Bb8:Gh2'],
    ['W:Wc3(00):Rd4(00):Bb8:Gh2:FR-', 'W:Wc3(00):Rd4(00):Bb8:Gh2:FR-'],
    ['g: G h2 , h4(1) : W e5(111) , c3(0):FW+ ', 'G:Wc3,e5(111):Gh2,Kh4:FW+'],
    ['B:Gh2:Bb8:R:W', 'B:W:R:Bb8:Gh2'],
    ['W:Wc1:Bb8:F', 'W:Wc1:Bb8'],
    // A game over: the one active seat left holds the turn.
    [
      'G:Wf6(000000):Rd4(000000):B:Gh6(00):FW+,R+,B-',
      'G:Wf6(000000):Rd4(000000):B:Gh6(00):FW+,R+,B-',
    ],
  ])('%s reads as %s (canonical)', (text, canonical) => {
    const parsed = parseTableFen(text);
    expect(parsed.ok && makeTableFen(parsed.value)).toBe(canonical);
    expect(makeTableFen(tableFen(canonical))).toBe(canonical);
  });

  it('reads a lone king, a man column and a king column', () => {
    const position = tableFen('W:WKc1,e1(000),g1(1111):Bb8');
    expect(position.columns[1]).toEqual({ owner: 0, height: 1, king: true });
    expect(position.columns[2]).toEqual({ owner: 0, height: 3, king: false });
    expect(position.columns[3]).toEqual({ owner: 0, height: 4, king: true });
    expect(position.seats).toEqual([0, 2]);
  });

  it(`takes columns of 1 to ${MAX_COLUMN_HEIGHT} storeys`, () => {
    const tall = `W:Wc1(${'1'.repeat(MAX_COLUMN_HEIGHT)}):Bb8`;
    expect(makeTableFen(tableFen(tall))).toBe(tall);
    expect(errorCode(`W:Wc1(${'0'.repeat(MAX_COLUMN_HEIGHT + 1)}):Bb8`)).toBe('fen-column');
  });

  it.each([
    ['', 'fen-syntax'],
    ['X:Wc1:Bb8', 'fen-syntax'],
    ['WR:Wc1:Bb8', 'fen-syntax'],
    ['W', 'fen-seats'],
    ['W:Wc1', 'fen-seats'],
    ['W:Wc1:Xb8', 'fen-syntax'],
    ['W:Wc1:Wb8', 'fen-duplicate-seat'],
    ['W:Wc1:Bc1', 'fen-duplicate-square'],
    ['W:Wc1,c1(00):Bb8', 'fen-duplicate-square'],
    ['W:Wc2:Bb8', 'no-such-square'],
    ['W:Wi1:Bb8', 'no-such-square'],
    ['W:Wc1$:Bb8', 'fen-column'],
    ['W:Wb10:Bb8', 'no-such-square'],
    ['W:Wc1(01):Bb8', 'fen-mixed-column'],
    ['W:Wc1(10):Bb8', 'fen-mixed-column'],
    ['W:WKc1(11):Bb8', 'fen-column'],
    ['W:Wc1():Bb8', 'fen-column'],
    ['W:Wc1(2):Bb8', 'fen-column'],
    ['W:Wc1(0/0):Bb8', 'fen-column'],
    ['W:Wc1,:Bb8', 'fen-column'],
    ['G:Wc1:Bb8', 'fen-turn'],
    ['W:Wc1:Bb8:FW-', 'fen-turn'],
    ['R:Wf6(000000):Rd4(000000):B:Gh6(00):FW+,R+,B-', 'fen-turn'],
    ['W:Wc1:Bb8:FR-', 'fen-finished'],
    ['W:Wc1:Bb8:Gh2:FB-,B+', 'fen-finished'],
    ['W:Wc1:Bb8:FB', 'fen-finished'],
    ['W:Wc1:Bb8:FB*', 'fen-finished'],
    ['W:Wc1:Bb8:FBB-', 'fen-finished'],
    ['W:Wc1:FB-:Bb8', 'fen-syntax'],
  ])('refuses %j (%s)', (text, code) => {
    const parsed = parseTableFen(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe(code);
      expect(parsed.error.message.length).toBeGreaterThan(10);
      expect(parsed.error.message.length).toBeLessThan(200);
    }
  });

  it('refuses a FEN longer than any position needs', () => {
    const parsed = parseTableFen('W:Wc1' + ',c1'.repeat(1000) + ':Bb8');
    expect(!parsed.ok && parsed.error.code).toBe('fen-too-long');
  });

  it.each(['__proto__', 'constructor', 'W:W__proto__:Bb8', 'W:Wc1:B:F__proto__', ':'.repeat(500)])(
    'answers hostile input %j with a failure, not a crash',
    (text) => {
      expect(parseTableFen(text).ok).toBe(false);
    },
  );
});

describe('table move notation', () => {
  const start = tableStart();

  it('writes quiet moves with - and captures with every landing', () => {
    expect(tableMoves(start).map(makeTableMove).sort()).toEqual([
      'c1-b2',
      'c1-d2',
      'e1-d2',
      'e1-f2',
      'g1-f2',
    ]);
    const loop = tableMoves(tableFen('W:Wc3:Rd4(00),f4,f2,d2:Bb8')).map(makeTableMove).sort();
    expect(loop).toEqual(['c3:e1:g3:e5:c3', 'c3:e5:g3:e1:c3']);
  });

  it('reads every legal move back from its own text', () => {
    for (const text of [START, 'W:Wc3:Rd4(00),f4,f2,d2:Bb8', 'W:WKa1:Rc3,f4:Bb8']) {
      const position = tableFen(text);
      for (const move of tableMoves(position)) {
        const parsed = parseTableMove(position, makeTableMove(move));
        expect(parsed.ok && parsed.value).toEqual(move);
      }
    }
  });

  it.each(['C1-B2', 'c1:b2', 'c1xb2', ' c1 - b2 ', 'c1-b2!?'])('reads %j as c1-b2', (text) => {
    const parsed = parseTableMove(start, text);
    expect(parsed.ok && makeTableMove(parsed.value)).toBe('c1-b2');
  });

  it('reads the short form of a capture when it is unambiguous', () => {
    const position = tableFen('W:WKa1:Rc3,f4:Bb8');
    const parsed = parseTableMove(position, 'a1xh2');
    expect(parsed.ok && makeTableMove(parsed.value)).toBe('a1:e5:h2');
  });

  it('lists the candidates of an ambiguous short form', () => {
    const parsed = parseTableMove(tableFen('W:Wc3:Rd4(00),f4,f2,d2:Bb8'), 'c3:c3');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.code).toBe('ambiguous-move');
    expect(!parsed.ok && parsed.error.message).toContain('c3:e1:g3:e5:c3');
    expect(!parsed.ok && parsed.error.message).toContain('c3:e5:g3:e1:c3');
  });

  it('names the legal moves after an illegal one', () => {
    const illegal = parseTableMove(start, 'c1-e3');
    expect(!illegal.ok && illegal.error.code).toBe('illegal-move');
    expect(!illegal.ok && illegal.error.message).toContain('Legal from c1: c1-d2, c1-b2.');
    const forced = parseTableMove(tableFen('W:Wc3,g1:Rd4:Bb8:Gh6:FR-'), 'g1-h2');
    expect(!forced.ok && forced.error.message).toContain(
      'Legal here (capturing is compulsory): c3:e5.',
    );
    const elsewhere = parseTableMove(start, 'a3-b4');
    expect(!elsewhere.ok && elsewhere.error.message).toContain('Legal here:');
  });

  it('refuses squares off the board or light, and junk', () => {
    for (const [text, code] of [
      ['c2-d3', 'no-such-square'],
      ['i1-h2', 'no-such-square'],
      ['c1_b2', 'bad-move-syntax'],
      ['c1', 'bad-move-syntax'],
      ['', 'bad-move-syntax'],
      [`c1-b2${'!'.repeat(100_000)}x`, 'bad-move-syntax'],
    ] as const) {
      const parsed = parseTableMove(start, text);
      expect(!parsed.ok && parsed.error.code, text.slice(0, 20)).toBe(code);
      expect(!parsed.ok && parsed.error.message.length).toBeLessThan(120);
    }
    expect(parseTableSquare('h8')).toEqual({ ok: true, value: 31 });
  });
});

describe('table variants', () => {
  it('names zhernov in English and Russian, and finds it by id', () => {
    expect(TABLE_VARIANTS.zhernov.name.en).toBe("Zhernov's four-player game");
    const found = tableVariant(' Zhernov ');
    expect(found.ok && found.value.id).toBe('zhernov');
    for (const text of ['bashni', '__proto__', 'constructor']) {
      const missing = tableVariant(text);
      expect(!missing.ok && missing.error.code).toBe('unknown-variant');
    }
  });
});
