/**
 * A game's result in words (result-words.ts): each branch of the choice, in both catalogues —
 * a resignation told to all, to the winner and to the loser; the half count; multistorey's own
 * fifteen-move wording; an abandoned game; Russian's draw by agreement.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.js';
import { ru } from '../../src/i18n/ru.js';

describe('a result in words', () => {
  it('says a resignation to everyone, to the winner and to the one who resigned', () => {
    expect(en.result('black', 'resignation')).toBe('Black wins (White resigned).');
    expect(en.result('black', 'resignation', { viewer: 'black' })).toBe(
      'Your opponent resigned: you win (Black).',
    );
    expect(en.result('black', 'resignation', { viewer: 'white' })).toBe(
      'You resigned: Black wins.',
    );
    expect(ru.result('white', 'resignation')).toBe('Победили белые (чёрные сдались).');
    expect(ru.result('white', 'resignation', { viewer: 'black' })).toBe(
      'Вы сдались: победили белые.',
    );
  });

  it('gives the half count with the winner’s count first', () => {
    expect(en.result('black', 'half-count', { counts: [9, 12] })).toBe(
      'Black wins 12:9 on the half count.',
    );
    expect(en.result(null, 'half-count', { counts: [12, 12] })).toBe(
      'Draw 12:12 on the half count.',
    );
    expect(ru.result('white', 'half-count', { counts: [12, 9] })).toBe(
      'Победили белые 12:9 по подсчёту на половинах доски.',
    );
  });

  it('names the reason, multistorey’s fifteen moves by captures', () => {
    expect(en.result('white', 'time')).toBe('White wins (time ran out).');
    expect(en.result(null, 'fifteen-move-rule', { variant: 'multistorey' })).toBe(
      'Draw (15 moves without a capture).',
    );
    expect(en.result(null, 'fifteen-move-rule', { variant: 'bashni' })).toBe(
      'Draw (15 moves without a change in the number of towers).',
    );
    expect(en.result(null, 'abandoned')).toBe('Game abandoned (nobody moved for too long).');
    expect(ru.result(null, 'agreement')).toBe('Ничья по соглашению.');
    expect(ru.result(null, 'threefold-repetition')).toBe('Ничья (троекратное повторение).');
  });
});
