import { describe, expect, it } from 'vitest';
import { puzzleHeading } from '../../../src/chat/words/puzzle-text.js';
import { messages } from '../../../src/i18n/index.js';
import { MISTAKE_LINE } from '../../support/puzzles.js';

describe('puzzle heading', () => {
  const line = MISTAKE_LINE;

  it('names the mistake that made the puzzle before the task, in both languages', () => {
    expect(puzzleHeading(line, messages('en'))).toContain(
      'Black played e5-d4? White to move and win.',
    );
    expect(puzzleHeading(line, messages('ru'))).toContain(
      'Чёрные сыграли e5-d4? Ход белых: выигрыш.',
    );
    expect(puzzleHeading({ ...line, mistake: undefined }, messages('en'))).not.toContain('played');
  });
});
