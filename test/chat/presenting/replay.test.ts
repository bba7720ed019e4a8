import { describe, expect, it } from 'vitest';
import {
  MAX_ANIMATED_PLIES,
  mayReplayHere,
  noReplayText,
  replayCaption,
  replayData,
  replayGameId,
} from '../../../src/chat/presenting/replay.js';
import { gameFileStem, pdnFileName } from '../../../src/chat/words/pdn-export.js';
import { messages } from '../../../src/i18n/index.js';
import { ALICE, BORIS, CAROL, makeGame, makeTableGame } from '../../support/game-fixtures.js';

const en = messages('en');
const ru = messages('ru');
const plain = { name: (p: { displayName: string }) => p.displayName, mention: () => 'nobody' };

describe('what a game’s animation is made of', () => {
  it('the start, the moves and the frame texts in the chat’s language; the result last', () => {
    const going = makeGame('g1', { moves: ['c3-d4', 'f6-g5'] });
    expect(replayData(going, ru)).toEqual({
      variant: 'bashni',
      startFen: going.startFen,
      moves: ['c3-d4', 'f6-g5'],
      title: 'Alice — Борис',
      startText: 'Начальная позиция',
      plyWord: 'полуход',
    });
    const over = makeGame('g2', {
      moves: ['c3-d4'],
      status: 'finished',
      result: { winner: 'white', reason: 'resignation' },
    });
    expect(replayData(over, en)).toMatchObject({
      finalTitle: 'White wins (Black resigned).',
      plyWord: 'ply',
    });
    expect(replayCaption(over, en, plain)).toBe(
      '🎞 Alice — Борис · Bashni\nWhite wins (Black resigned).',
    );
    expect(replayCaption(going, ru, plain)).toBe('🎞 Alice — Борис · Башни\nПартия продолжается.');
  });

  it('has none for a table game or a game past the limit, and says why', () => {
    const table = makeTableGame('t1');
    expect(replayData(table, en)).toBe('table-game');
    expect(noReplayText(en, 'table-game', table)).toMatch(/two-player games/);
    const long = makeGame('g3', { moves: Array(MAX_ANIMATED_PLIES + 1).fill('c3-d4') });
    expect(replayData(long, en)).toBe('too-long');
    expect(noReplayText(ru, 'too-long', long)).toMatch(/401 полуход.*не больше 400/);
    expect(
      replayData(makeGame('g4', { moves: Array(MAX_ANIMATED_PLIES).fill('c3-d4') }), en),
    ).not.toBe('too-long');
  });

  it('reads a game id or a PDN file name, and nothing else', () => {
    expect(replayGameId(' g12 ')).toBe('g12');
    expect(replayGameId('bashni-g12.pdn')).toBe('g12');
    expect(replayGameId('')).toBeUndefined();
    expect(replayGameId('two words')).toBeUndefined();
    expect(replayGameId('<b>')).toBeUndefined();
    expect(replayGameId('x'.repeat(65))).toBeUndefined();
  });

  it('names a game’s files for its variant, and reads every such name back', () => {
    const laska = makeGame('g12', { variant: 'laska' });
    const double = makeGame('g7', { variant: 'bashni-double-2' });
    const table = makeTableGame('g3');
    expect([laska, double, table].map(pdnFileName)).toEqual([
      'laska-g12.pdn',
      'bashni-double-2-g7.pdn',
      'zhernov-g3.pdn',
    ]);
    for (const game of [laska, double, table]) {
      expect(replayGameId(pdnFileName(game))).toBe(game.id);
      expect(replayGameId(`${gameFileStem(game)}.gif`)).toBe(game.id);
    }
    // A tournament game's id has dashes of its own.
    expect(replayGameId('adiyukh-8x10-tAbc-r2b1.pdn')).toBe('tAbc-r2b1');
  });

  it('shows a named game to its players and in chats that showed it, to nobody else', () => {
    const game = makeGame('g5', {
      views: [{ platform: 'telegram', chatId: '-100', messageId: '7' }],
    });
    const elsewhere = { platform: 'telegram', chatId: '-200' } as const;
    expect(mayReplayHere(game, elsewhere, ALICE)).toBe(true);
    expect(mayReplayHere(game, elsewhere, BORIS)).toBe(true);
    expect(mayReplayHere(game, elsewhere, CAROL)).toBe(false);
    expect(mayReplayHere(game, { platform: 'telegram', chatId: '-100' }, CAROL)).toBe(true);
    // The same chat id on another platform is another chat.
    expect(mayReplayHere(game, { platform: 'discord', chatId: '-100' }, CAROL)).toBe(false);
  });
});
