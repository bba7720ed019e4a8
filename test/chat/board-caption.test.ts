import { describe, expect, it } from 'vitest';
import { boardCaption, type PlayerNames } from '../../src/chat/board-caption.js';
import { makeFen, startPosition } from '../../src/engine/index.js';
import type { Game } from '../../src/game/model.js';
import { messages } from '../../src/i18n/index.js';
import { makeGame } from '../support/game-fixtures.js';

const names: PlayerNames = {
  name: (player) => player.displayName,
  mention: (player) => `@${player.username ?? player.displayName}`,
};

function adiyukh(fen = makeFen(startPosition('adiyukh'))): Game {
  return makeGame('g1', { variant: 'adiyukh', startFen: fen, fen });
}

describe('the board caption of a game decided by the half count', () => {
  it('shows the count so far, White’s score first, in both languages', () => {
    const start = adiyukh();
    expect(boardCaption(start, messages('en'), 0, names)).toContain('\nHalf count ⚪ 12:12 ⚫');
    expect(boardCaption(start, messages('ru'), 0, names)).toContain(
      '\nСчёт на половинах доски ⚪ 12:12 ⚫',
    );
    // White scores the pieces on ranks 5-8: e5 (3) + h6 + d6 + b8; Black those on ranks 1-4:
    // c3 + f4 (3). Who owns a stack does not matter.
    const mixed = adiyukh('W:Wc3,e5(00/1),Kh6:Bd6,f4(00/0),b8');
    const caption = boardCaption(mixed, messages('en'), 0, names);
    expect(caption).toContain('Half count ⚪ 6:4 ⚫');
    // Right under the move line.
    expect(caption.split('\n')[2]).toBe('Half count ⚪ 6:4 ⚫');
  });

  it('leaves it out for other variants and once the game is over', () => {
    for (const lang of ['en', 'ru'] as const) {
      const t = messages(lang);
      expect(boardCaption(makeGame('g2'), t, 0, names)).not.toMatch(/Half count|половинах/);
    }
    const over: Game = {
      ...adiyukh(),
      status: 'finished',
      result: { winner: null, reason: 'half-count', counts: [12, 12] },
    };
    const final = boardCaption(over, messages('en'), 0, names);
    expect(final).not.toContain('Half count ⚪');
    expect(final).toContain('Draw 12:12 on the half count.');
  });
});
