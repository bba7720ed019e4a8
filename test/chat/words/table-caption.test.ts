import { describe, expect, it } from 'vitest';
import {
  boardCaption,
  challengeCaption,
  resultText,
} from '../../../src/chat/words/board-caption.js';
import { gamePdn } from '../../../src/chat/words/pdn-export.js';
import {
  quotableMove,
  startedText,
  tablePictureText,
} from '../../../src/chat/words/table-caption.js';
import type { PlayerNames } from '../../../src/chat/words/player-label.js';
import type { Game } from '../../../src/game/model.js';
import { TABLE_PLY_LIMIT } from '../../../src/engine/multi/index.js';
import { messages } from '../../../src/i18n/index.js';
import { ALICE, BORIS, DMITRI, makeChallenge, makeTableGame } from '../../support/game-fixtures.js';

const names: PlayerNames = { name: (p) => p.displayName, mention: (p) => `@${p.displayName}` };

/** After White's count and Green's resignation: Red (Boris) to move. */
function middle(): Game {
  return makeTableGame('t1', {
    fen: 'R:Wf6(000000):Ra3(00),a5(00):Bb8(00):Gh2(00):FW+,G-',
    moves: ['d4:f6', 'resign:green'],
    deadline: 3 * 3_600_000,
  });
}

describe('what the chats write about a table game', () => {
  it('captions the board: a line per seat with the standings so far, and who is to move', () => {
    const en = boardCaption(middle(), messages('en'), 0, names).split('\n');
    expect(en).toEqual([
      "<b>Zhernov's four-player game</b>",
      '⚪ Alice · 1st, 4 points, 👑 count',
      '🔴 Борис',
      '⚫ Carol',
      '🟢 Dmitri · 4th, 0 points',
      'Move 3 · 🔴 Red to play: @Борис',
      '🏳️ Dmitri resigned and is out; their columns stay on the board.',
      '⏳ 3 hours left',
    ]);
    const ru = boardCaption(middle(), messages('ru'), 0, names);
    expect(ru).toContain('⚪ Alice · 1-е место, 4 очка, 👑 граф');
    expect(ru).toContain('Ход 3 · очередь: 🔴 Красные — @Борис');
    // A seat going out is no move, and the name is not inflected (no «его»).
    expect(ru).toContain('🏳️ Dmitri: сдача — выбывает; столбы остаются на доске.');
    expect(ru).not.toContain('Последний ход');
  });

  it('captions the end with the standings and who took first place', () => {
    const over: Game = {
      ...middle(),
      status: 'finished',
      result: {
        winner: 'white',
        reason: 'last-player',
        standings: [
          { seat: 0, place: 1, points: 4, count: true },
          { seat: 1, place: 2, points: 2, count: false },
          { seat: 2, place: 3, points: 1, count: false },
          { seat: 3, place: 4, points: 0, count: false },
        ],
      },
    };
    const caption = boardCaption(over, messages('en'), 0, names);
    expect(caption).toContain('🔴 Борис · 2nd, 2 points');
    expect(caption).toContain('🏁 Game over. Alice takes first place.');
    expect(resultText(over, over.result!, messages('ru'), names)).toBe(
      'Партия окончена. Первое место — Alice.',
    );
    const shared = {
      ...over.result!,
      winner: null,
      reason: 'no-capture-limit' as const,
      standings: over.result!.standings!.map((s) =>
        s.seat === 0 ? s : { ...s, place: 2, points: 1 },
      ),
    };
    expect(resultText(over, shared, messages('en'), names)).toBe(
      'Twenty rounds without a capture: the players still in share the places left.',
    );
  });

  it('says when a repetition or the move limit ended the game, in English and Russian', () => {
    const over: Game = { ...middle(), status: 'finished' };
    const ended = (reason: 'threefold-repetition' | 'ply-limit') => ({
      winner: 'white' as const,
      reason,
      standings: [
        { seat: 0 as const, place: 1, points: 4, count: true },
        { seat: 1 as const, place: 2, points: 1, count: false },
        { seat: 2 as const, place: 2, points: 1, count: false },
        { seat: 3 as const, place: 2, points: 1, count: false },
      ],
    });
    const text = (reason: 'threefold-repetition' | 'ply-limit', lang: 'en' | 'ru') =>
      resultText(over, ended(reason), messages(lang), names);
    expect(text('threefold-repetition', 'en')).toBe(
      'The same position for the third time: the players still in share the places left. Alice takes first place.',
    );
    expect(text('threefold-repetition', 'ru')).toBe(
      'Позиция повторилась в третий раз: оставшиеся игроки делят свободные места. Первое место — Alice.',
    );
    expect(text('ply-limit', 'en')).toBe(
      `${TABLE_PLY_LIMIT} moves played, the longest a game may last: the players still in share the places left. Alice takes first place.`,
    );
    expect(text('ply-limit', 'ru')).toBe(
      `Сыграно ${TABLE_PLY_LIMIT} ходов — больше партия не длится: оставшиеся игроки делят свободные места. Первое место — Alice.`,
    );
    // The picture shares the places of the seats still in, as at the no-capture limit.
    const finished = { ...over, result: ended('ply-limit') };
    expect(tablePictureText(finished, messages('en')).end).toBe('no-capture-limit');
  });

  it('writes the lobby card with every seat, free ones too', () => {
    const lobby = makeChallenge('c1', {
      variant: 'zhernov',
      daysPerMove: 2,
      seats: [ALICE, null, BORIS, null],
    });
    const text = challengeCaption(lobby, messages('en'), names);
    expect(text.split('\n').slice(0, 5)).toEqual([
      "♟ Alice opens a table: <b>Zhernov's four-player game</b> (2 days per move).",
      '⚪ White: Alice',
      '🔴 Red: <i>free</i>',
      '⚫ Black: Борис',
      '🟢 Green: <i>free</i>',
    ]);
  });

  it('names every player at the start, and quotes no drop-out as a move', () => {
    expect(startedText(middle(), messages('en'), names)).toBe(
      '✅ Game on: ⚪ Alice, 🔴 Борис, ⚫ Carol, 🟢 Dmitri.',
    );
    expect(quotableMove('resign:green')).toBeUndefined();
    expect(quotableMove('a3:c1')).toBe('a3:c1');
  });

  it('gives the picture the names by seat and its words in the chat’s language', () => {
    const picture = tablePictureText(middle(), messages('ru'));
    expect(picture.names).toEqual({ 0: 'Alice', 1: 'Борис', 2: 'Carol', 3: 'Dmitri' });
    expect(picture.labels.colors).toEqual(['Белые', 'Красные', 'Чёрные', 'Зелёные']);
    expect(picture.labels.count).toBe('граф');
    expect(picture.end).toBeNull();
  });

  it('exports the record in PDN’s form, a tag per seat and every ply numbered', () => {
    const pdn = gamePdn({ ...middle(), green: { ...DMITRI, displayName: 'Dmitri "D"' } });
    expect(pdn).toContain('[GameType "zhernov"]');
    expect(pdn).toContain('[Red "Борис"]');
    expect(pdn).toContain('[Green "Dmitri \\"D\\""]');
    expect(pdn).toContain('1. d4:f6 2. {green resigns} *');
  });
});
