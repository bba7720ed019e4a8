import { describe, expect, it } from 'vitest';
import { puzzleHeading } from '../../../src/chat/words/puzzle-text.js';
import { messages } from '../../../src/i18n/index.js';

describe('puzzle heading', () => {
  // Black's e5-d4 walked into c3:e5.
  const line = {
    id: 'bashni-mistake',
    variant: 'bashni' as const,
    fen: 'W:Wc3,g3:Bd4,h6',
    solution: ['c3:e5'],
    mistake: { fen: 'B:Wc3,g3:Be5,h6', move: 'e5-d4' },
  };

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
