import { describe, expect, it } from 'vitest';
import { boardCaption, type PlayerNames } from '../../../src/chat/words/board-caption.js';
import {
  applyMove,
  legalMoves,
  makeFen,
  makeMove,
  startPosition,
  VARIANTS,
  type VariantId,
} from '../../../src/engine/index.js';
import { openingFields } from '../../../src/game/game-rules.js';
import type { Game } from '../../../src/game/model.js';
import { messages } from '../../../src/i18n/index.js';
import { makeGame } from '../../support/game-fixtures.js';
import { item } from '../../support/present.js';

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

describe('the board caption of a double-move game counts turns', () => {
  /** The caption's move line after the first `plies` moves (the first legal move each time). */
  function moveLine(variant: VariantId, plies: number, lang: 'en' | 'ru' = 'en'): string {
    let position = startPosition(variant);
    const moves: string[] = [];
    for (let i = 0; i < plies; i++) {
      const move = item(legalMoves(position), 0);
      moves.push(makeMove(VARIANTS[variant], move));
      position = applyMove(position, move);
    }
    const fields = openingFields(startPosition(variant), moves);
    if (!fields.ok) throw new Error(fields.error.message);
    const game = makeGame('g3', { variant, ...fields.value });
    return boardCaption(game, messages(lang), 0, names).split('\n')[1]!;
  }

  it('1+2: White’s one move is turn 1, then two moves a turn, Black’s turns numbered too', () => {
    const lines = [0, 1, 2, 3].map((plies) => moveLine('bashni-double', plies));
    expect(lines).toEqual([
      'Move 1 · White to play: @Alice_Plays',
      'Move 2 · Black to play: @boris',
      'Move 2 · Black to play (second move): @boris',
      'Move 3 · White to play: @Alice_Plays',
    ]);
  });

  it('2 from the start: White’s first turn has two moves', () => {
    const lines = [0, 1, 2, 3].map((plies) => moveLine('bashni-double-2', plies));
    expect(lines).toEqual([
      'Move 1 · White to play: @Alice_Plays',
      'Move 1 · White to play (second move): @Alice_Plays',
      'Move 2 · Black to play: @boris',
      'Move 2 · Black to play (second move): @boris',
    ]);
  });

  it('1+1: Black’s one-move answer is a turn of its own, not a second move', () => {
    const lines = [0, 1, 2, 3, 4].map((plies) => moveLine('bashni-double-11', plies));
    expect(lines).toEqual([
      'Move 1 · White to play: @Alice_Plays',
      'Move 2 · Black to play: @boris',
      'Move 3 · White to play: @Alice_Plays',
      'Move 3 · White to play (second move): @Alice_Plays',
      'Move 4 · Black to play: @boris',
    ]);
    expect(moveLine('bashni-double-11', 3, 'ru')).toContain('(второй ход)');
    expect(moveLine('bashni-double-11', 1, 'ru')).not.toContain('(второй ход)');
  });
});
