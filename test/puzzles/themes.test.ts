import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/engine/index.js';
import { detectThemes, materialBalance } from '../../src/puzzles/index.js';
import { themeEvidence, unseenThemes } from '../../src/puzzles/theme-evidence.js';
import { bashniPuzzle } from '../support/puzzles.js';

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

  it('sees a sacrifice: material given with the first move and the reply, won back in the line', () => {
    const fen = 'W:Wa1,c1,e1,f2(00/0),h2,a3,e3(00):Ba5(0/000),g5,b6(00),d6(00),g7,b8,d8,f8,h8';
    const parsed = parseFen(fen, 'bashni');
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(materialBalance(parsed.value, 0)).toBe(-200);
    const line = ['a3-b4', 'a5:c3', 'e3-d4', 'c3:e5', 'd4:f6:h4', 'd6:f4', 'e5:g3'];
    expect(themes(fen, line)).toContain('sacrifice');
    // Stopped before the material comes back, the line shows a loss, not a sacrifice.
    expect(themes(fen, line.slice(0, 3))).not.toContain('sacrifice');
    expect(themes(fen, ['a3-b4'])).not.toContain('sacrifice');
  });
});

describe('the second look at themes (theme-evidence.ts)', () => {
  const fen = 'W:Wa1,c1,e1,f2(00/0),h2,a3,e3(00):Ba5(0/000),g5,b6(00),d6(00),g7,b8,d8,f8,h8';
  const line = ['a3-b4', 'a5:c3', 'e3-d4', 'c3:e5', 'd4:f6:h4', 'd6:f4', 'e5:g3'];

  it('finds each theme of a line on the boards, and where', () => {
    const evidence = themeEvidence({ ...bashniPuzzle(fen, line), themes: themes(fen, line) });
    expect(evidence.get('multi-capture')).toBe('ply 5 d4:f6:h4 takes on e5, g5');
    expect(evidence.get('sacrifice')).toMatch(/^material -200 at the start, -300 after the reply/);
    expect(unseenThemes({ ...bashniPuzzle(fen, line), themes: themes(fen, line) })).toEqual([]);
  });

  it('reports a theme the line does not show', () => {
    // The earlier library's line: the sacrifice's payoff is not in it.
    expect(unseenThemes({ ...bashniPuzzle(fen, line.slice(0, 3)), themes: ['sacrifice'] })).toEqual(
      ['theme sacrifice: the material given is not won back in the line'],
    );
    expect(unseenThemes({ ...bashniPuzzle(fen, line), themes: ['promotion'] })).toEqual([
      'theme promotion: not seen in the line',
    ]);
  });
});
