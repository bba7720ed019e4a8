import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/engine/index.js';
import { detectThemes, materialBalance } from '../../src/puzzles/index.js';

function themes(fen: string, line: string[]) {
  const parsed = parseFen(fen, 'bashni');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return detectThemes(parsed.value, line);
}

describe('detectThemes', () => {
  it('sees a capture of two pieces', () => {
    expect(themes('W:Wc3:Bd4,f6,a7', ['c3:e5:g7'])).toEqual(['multi-capture']);
  });

  it('sees prisoners freed when the captured top sat on them', () => {
    expect(themes('W:Wc3:Bd4(0/0),h8', ['c3:e5'])).toEqual(['freeing-prisoners']);
  });

  it('sees a promotion and a king taken', () => {
    expect(themes('W:Wc7:Ba1,h8', ['c7-d8'])).toEqual(['promotion']);
    expect(themes('W:Wc3:BKd4,h8', ['c3:e5'])).toEqual(['king-capture']);
  });

  it('sees a blockade: the defender owns a stack and cannot move', () => {
    // Black's h2 can neither step to g1 nor jump it (no square beyond).
    expect(themes('W:WKa7:Bh2', ['a7-g1'])).toEqual(['blockade']);
    // Taking the last black piece is a win, not a blockade.
    expect(themes('W:Wc3:Bd4', ['c3:e5'])).toEqual([]);
  });

  it('sees a sacrifice: material given with the first move and the reply', () => {
    const fen = 'W:Wa1,c1,e1,f2(00/0),h2,a3,e3(00):Ba5(0/000),g5,b6(00),d6(00),g7,b8,d8,f8,h8';
    const parsed = parseFen(fen, 'bashni');
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(materialBalance(parsed.value, 0)).toBe(-200);
    expect(themes(fen, ['a3-b4', 'a5:c3', 'e3-d4'])).toContain('sacrifice');
    expect(themes(fen, ['a3-b4'])).not.toContain('sacrifice');
  });
});
