import { describe, expect, it } from 'vitest';
import { decodeLibrary, encodeLibrary, type PuzzleLibrary } from '../../src/puzzles/index.js';
import { item } from '../support/present.js';

const library: PuzzleLibrary = {
  schemaVersion: 1,
  variant: 'bashni',
  generatedBy: { command: 'npm run cli -- puzzles generate --count 1 --seed 7', seed: 7 },
  puzzles: [
    {
      id: 'bashni-000000000001',
      variant: 'bashni',
      fen: 'W:Wc3,g3:Bd4,h6',
      solution: ['c3:e5'],
      themes: ['multi-capture'],
      difficulty: 2,
      seed: '7/0/12',
      goal: 'material',
      // Black's e5-d4 walked into the capture: shown as the last move.
      mistake: { fen: 'B:Wc3,g3:Be5,h6', move: 'e5-d4' },
      features: { depth: 2, alternatives: 1 },
      rating: 1420,
    },
  ],
};

/** The library's JSON with one change made by `edit`. */
function edited(edit: (data: Record<string, unknown>) => void): string {
  const data = JSON.parse(encodeLibrary(library)) as Record<string, unknown>;
  edit(data);
  return JSON.stringify(data);
}

const firstPuzzle = (data: Record<string, unknown>) =>
  item(data.puzzles as Record<string, unknown>[], 0, 'puzzles');

describe('puzzle library codec', () => {
  it('reads back what it writes, one puzzle a line', () => {
    const text = encodeLibrary(library);
    expect(text.split('\n').filter((line) => line.includes('"fen"'))).toHaveLength(1);
    const decoded = decodeLibrary(text);
    expect(decoded).toEqual({ ok: true, value: library });
  });

  it.each([
    ['not JSON', () => '{"schemaVersion": 1,', /not JSON/],
    ['a list', () => '[]', /JSON object/],
    ['another version', () => edited((d) => (d.schemaVersion = 2)), /schemaVersion is 2/],
    ['an unknown variant', () => edited((d) => (d.variant = 'chess')), /unknown variant/],
    ['no generatedBy', () => edited((d) => delete d.generatedBy), /generatedBy/],
    ['puzzles not a list', () => edited((d) => (d.puzzles = {})), /puzzles must be a list/],
    ['a bad FEN', () => edited((d) => (firstPuzzle(d).fen = 'W:Wz9')), /puzzle 1: .*bad fen/],
    ['an empty solution', () => edited((d) => (firstPuzzle(d).solution = [])), /solution/],
    ['an unknown theme', () => edited((d) => (firstPuzzle(d).themes = ['fork'])), /themes/],
    ['an unknown goal', () => edited((d) => (firstPuzzle(d).goal = 'draw')), /goal/],
    ['no difficulty', () => edited((d) => delete firstPuzzle(d).difficulty), /difficulty/],
    [
      'a mistake that does not lead to the position',
      () => edited((d) => (firstPuzzle(d).mistake = { fen: 'B:Wc3,g3:Be5,h6', move: 'h6-g5' })),
      /mistake: h6-g5 does not lead to the puzzle's position/,
    ],
    [
      'an illegal mistake',
      () => edited((d) => (firstPuzzle(d).mistake = { fen: 'B:Wc3,g3:Be5,h6', move: 'e5-f6' })),
      /mistake: e5-f6/,
    ],
    ['a mistake without a move', () => edited((d) => (firstPuzzle(d).mistake = {})), /mistake/],
    [
      'features out of range',
      () => edited((d) => (firstPuzzle(d).features = { depth: 0, alternatives: 1 })),
      /features/,
    ],
    ['a rating not a number', () => edited((d) => (firstPuzzle(d).rating = 'high')), /rating/],
    [
      'a puzzle of another variant',
      () => edited((d) => (firstPuzzle(d).variant = 'stolby')),
      /variant "stolby" is not bashni/,
    ],
    [
      'a repeated id',
      () => edited((d) => (d.puzzles = [firstPuzzle(d), firstPuzzle(d)])),
      /puzzle 2: id .* twice/,
    ],
  ])('refuses %s with a clear error', (_name, text, message) => {
    const decoded = decodeLibrary(text());
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error.message).toMatch(message);
  });
});
