import { describe, expect, it } from 'vitest';
import { boardFace } from '../../../src/adapters/telegram/board-message.js';
import { boardPageButton } from '../../../src/adapters/telegram/board-page-button.js';
import { messages } from '../../../src/i18n/index.js';
import { makeGame } from '../../support/game-fixtures.js';
import { quickPainter } from '../../support/painter.js';
import { testCatalog } from '../../support/puzzles.js';
import { solvingFace } from '../../../src/adapters/telegram/puzzle-message.js';

const page = { url: new URL('https://bot.example/bashni/'), miniApp: 'board' };

describe('the Open the board button', () => {
  it('is a web_app button in a private chat, with the game in the URL', () => {
    expect(boardPageButton(page, 'g1', '1001', 'BashniBot', 'Open')).toEqual({
      text: 'Open',
      web_app: { url: 'https://bot.example/bashni/board/?game=g1' },
    });
    const bare = { url: new URL('https://bot.example/bashni') };
    expect(boardPageButton(bare, 'g1', '1001', 'BashniBot', 'Open')).toMatchObject({
      web_app: { url: 'https://bot.example/bashni/board/?game=g1' },
    });
  });

  it("is the Mini App's direct link in groups, and none there without the app's name", () => {
    expect(boardPageButton(page, 'g1', '-100123', 'BashniBot', 'Open')).toEqual({
      text: 'Open',
      url: 'https://t.me/BashniBot/board?startapp=g1',
    });
    expect(
      boardPageButton({ url: page.url }, 'g1', '-100123', 'BashniBot', 'Open'),
    ).toBeUndefined();
  });

  it('sits under the stacks while the game is on, and goes with the game', () => {
    const game = makeGame('g7');
    const t = messages('ru');
    const face = (g = game) =>
      boardFace(g, '-100123', {}, t, 0, quickPainter, undefined, {
        page,
        botUsername: 'BashniBot',
      });
    const rows = face().keyboard.inline_keyboard;
    expect(rows.at(-1)).toEqual([
      { text: t.openBoard, url: 'https://t.me/BashniBot/board?startapp=g7' },
    ]);
    expect(rows.length).toBeGreaterThan(1);
    const over = face({ ...game, status: 'finished' }).keyboard.inline_keyboard;
    expect(over).toEqual([]);
  });
});

describe('the Open the board button of a puzzle', () => {
  it('opens the puzzle on the live board before its first move, and goes after it', () => {
    const puzzle = testCatalog()
      .list('laska')
      .find((p) => p.solution.length >= 3)!;
    const t = messages('en');
    const start = solvingFace(puzzle, 0, t, quickPainter, page).keyboard.inline_keyboard;
    expect(start.at(-1)).toEqual([
      {
        text: t.openBoard,
        web_app: { url: `https://bot.example/bashni/board/?puzzle=${puzzle.id}` },
      },
    ]);
    const later = solvingFace(puzzle, 2, t, quickPainter, page).keyboard.inline_keyboard;
    expect(later.flat().some((button) => 'web_app' in button)).toBe(false);
    const without = solvingFace(puzzle, 0, t, quickPainter).keyboard.inline_keyboard;
    expect(without.flat().some((button) => 'web_app' in button)).toBe(false);
  });
});
