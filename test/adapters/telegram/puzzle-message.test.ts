import { describe, expect, it } from 'vitest';
import { plainText } from '../../../src/adapters/telegram/board-sync.js';
import {
  CAPTION_LIMIT,
  finishedFace,
  fitCaption,
  puzzleOfKeyboard,
  solvingFace,
} from '../../../src/adapters/telegram/puzzle-message.js';
import { stepText } from '../../../src/chat/words/puzzle-text.js';
import { messages } from '../../../src/i18n/index.js';
import { testCatalog, solutionAt } from '../../support/puzzles.js';
import { testPainter } from './harness.js';
import { item } from '../../support/present.js';

const t = messages('en');

describe('Telegram puzzle messages', () => {
  it('keeps captions within Telegram’s 1,024 characters by cutting the solution line', () => {
    const heading = '🧩 <b>Puzzle</b> · Bashni';
    const line = `Solution: ${'1. c3-d4 f6-g5 '.repeat(100)}`;
    const caption = fitCaption([heading, '', line, 'Puzzle rating: 1500']);
    expect(plainText(caption)).toHaveLength(CAPTION_LIMIT);
    expect(caption.startsWith(`${heading}\n\nSolution: 1. c3-d4`)).toBe(true);
    expect(caption).toMatch(/…\nPuzzle rating: 1500$/);
    // Short captions are left alone.
    expect(fitCaption([heading, line.slice(0, 40)])).toBe(`${heading}\n${line.slice(0, 40)}`);
  });

  it('the finished face of every committed puzzle fits, with the whole line when it can', () => {
    for (const variant of ['bashni', 'stolby', 'giveaway'] as const) {
      for (const puzzle of testCatalog().list(variant)) {
        const step = { kind: 'wrong' as const, expected: solutionAt(puzzle, 0) };
        const face = finishedFace(puzzle, stepText(puzzle, step, undefined, t), t, testPainter);
        expect(plainText(face.caption).length).toBeLessThanOrEqual(CAPTION_LIMIT);
        expect(face.caption).toContain(puzzle.solution.at(-1));
      }
    }
  });

  it('reads the puzzle and ply from a message’s keyboard, and an attempt that is over', () => {
    const puzzle = item(testCatalog().list('bashni'), 0, 'puzzle');
    const solving = solvingFace(puzzle, 0, t, testPainter);
    expect(puzzleOfKeyboard(solving.keyboard)).toEqual({ puzzleId: puzzle.id, ply: 0 });
    const over = finishedFace(puzzle, '', t, testPainter);
    expect(puzzleOfKeyboard(over.keyboard)).toBe('over');
    expect(puzzleOfKeyboard({ inline_keyboard: [[{ text: 'x', url: 'https://t.me' }]] })).toBe(
      undefined,
    );
    expect(puzzleOfKeyboard(undefined)).toBeUndefined();
  });
});
