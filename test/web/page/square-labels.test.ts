import { describe, expect, it } from 'vitest';
import { squareLabel } from '../../../src/web/page/square-labels.js';
import { pageLanguage, wordsFor } from '../../../src/web/page/words.js';

const en = wordsFor('en');
const ru = wordsFor('ru');

describe('squareLabel', () => {
  it('names what stands on a square in English', () => {
    expect(squareLabel(en, 'c3', { owner: 'white', king: true, height: 3 })).toBe(
      'c3: white tower of 3, top a king',
    );
    expect(squareLabel(en, 'c3', { owner: 'white', king: false, height: 1 })).toBe('c3: white man');
    expect(squareLabel(en, 'f6', { owner: 'black', king: true, height: 1 })).toBe('f6: black king');
    expect(squareLabel(en, 'f6', { owner: 'black', king: false, height: 2 })).toBe(
      'f6: black tower of 2',
    );
    expect(squareLabel(en, 'c3', undefined)).toBe('c3: empty');
  });

  it('names them in Russian with the draughts words', () => {
    expect(squareLabel(ru, 'c3', { owner: 'white', king: true, height: 3 })).toBe(
      'c3: белая башня из 3, сверху дамка',
    );
    expect(squareLabel(ru, 'c3', { owner: 'white', king: false, height: 1 })).toBe(
      'c3: белая шашка',
    );
    expect(squareLabel(ru, 'e5', { owner: 'green', king: true, height: 1 })).toBe(
      'e5: зелёная дамка',
    );
    expect(squareLabel(ru, 'c3', undefined)).toBe('c3: пусто');
  });

  it('says what a square can do', () => {
    expect(squareLabel(en, 'd4', undefined, { target: true })).toBe('d4: empty, can move here');
    expect(squareLabel(ru, 'd4', undefined, { target: true })).toBe('d4: пусто, можно пойти сюда');
    const man = { owner: 'white', king: false, height: 1 } as const;
    expect(squareLabel(en, 'c3', man, { movable: true })).toBe('c3: white man, can move');
    expect(squareLabel(en, 'c3', man, { movable: true, selected: true })).toBe(
      'c3: white man, selected',
    );
  });
});

describe('pageLanguage', () => {
  it("takes the session's language, else the browser's", () => {
    expect(pageLanguage('ru', 'en-US')).toBe('ru');
    expect(pageLanguage(undefined, 'ru-RU')).toBe('ru');
    expect(pageLanguage(undefined, 'uk')).toBe('en');
    expect(pageLanguage(undefined, undefined)).toBe('en');
  });
});
