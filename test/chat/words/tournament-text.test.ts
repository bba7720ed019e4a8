import { describe, expect, it } from 'vitest';
import {
  pointsText,
  roundText,
  standingsData,
  winnerText,
} from '../../../src/chat/words/tournament-text.js';
import type { Player } from '../../../src/game/model.js';
import type { Tournament } from '../../../src/game/tournament-model.js';
import { messages } from '../../../src/i18n/index.js';
import { ALICE, BORIS, CAROL, DMITRI } from '../../support/game-fixtures.js';
import { makeTournament } from '../../support/league-fixtures.js';

const en = messages('en');
const ru = messages('ru');
const NAMES = { name: (p: Player) => p.displayName, mention: (p: Player) => `@${p.displayName}` };

describe('points', () => {
  it('writes halves the way crosstables do', () => {
    expect([0, 0.5, 1, 2.5, 10].map(pointsText)).toEqual(['0', '½', '1', '2½', '10']);
  });
});

/** A finished four-player round robin: Alice 2½, Carol 2, Boris 1 (a forfeit win), Dmitri ½ (left). */
function finishedEvent(): Tournament {
  return makeTournament('t1', {
    format: 'round-robin',
    rounds: 1,
    status: 'finished',
    entrants: [
      { player: ALICE },
      { player: BORIS },
      { player: CAROL },
      { player: DMITRI, outFrom: 3, outWhy: 'left-chat' },
    ],
    played: [
      {
        number: 1,
        startedAt: 1,
        finishedAt: 2,
        boards: [
          { white: 0, black: 3, gameId: 'a', whiteScore: 0.5 },
          { white: 1, black: 2, gameId: 'b', whiteScore: 0 },
        ],
      },
      {
        number: 2,
        startedAt: 2,
        finishedAt: 3,
        boards: [
          { white: 3, black: 2, gameId: 'c', whiteScore: 0 },
          { white: 0, black: 1, gameId: 'd', whiteScore: 1 },
        ],
      },
      {
        number: 3,
        startedAt: 3,
        finishedAt: 4,
        boards: [
          { white: 1, black: 3, whiteScore: 1, forfeit: true },
          { white: 2, black: 0, gameId: 'e', whiteScore: 0 },
        ],
      },
    ],
  });
}

describe('the standings picture’s data', () => {
  it('ranks by points and Sonneborn-Berger, with the crosstable by seed', () => {
    const data = standingsData(finishedEvent(), en);
    expect(data.subtitle).toBe('final standings');
    expect(data.headers.tieBreaks).toEqual(['SB']);
    expect(data.gridHeaders).toEqual(['1', '2', '3', '4']);
    expect(data.rows.map((row) => [row.place, row.name, row.points])).toEqual([
      ['1', '1. Alice', '2½'],
      ['2', '3. Carol', '2'],
      ['3', '2. Борис', '1'],
      ['4', '4. Dmitri', '½'],
    ]);
    const alice = data.rows[0]!;
    expect(alice.cells).toEqual(['×', '1', '1', '½']);
    expect(alice.highlight).toBe(true);
    const boris = data.rows[2]!;
    expect(boris.cells).toEqual(['0', '×', '0', '+']);
    expect(data.rows[3]).toMatchObject({ withdrawn: true, cells: ['½', '−', '0', '×'] });
  });

  it('shows a Swiss event by rounds: opponent, colour, result; a bye as =', () => {
    const swiss = makeTournament('t2', {
      format: 'swiss',
      rounds: 3,
      status: 'running',
      entrants: [{ player: ALICE }, { player: BORIS }, { player: CAROL }],
      played: [
        {
          number: 1,
          startedAt: 1,
          finishedAt: 2,
          boards: [
            { white: 0, black: 2, gameId: 'a', whiteScore: 1 },
            { white: 1, black: null, whiteScore: 1 },
          ],
        },
        {
          number: 2,
          startedAt: 2,
          boards: [
            { white: 1, black: 0, gameId: 'b' },
            { white: 2, black: null, whiteScore: 1 },
          ],
        },
      ],
    });
    const data = standingsData(swiss, ru);
    expect(data.subtitle).toBe('после 1-го тура из 3');
    expect(data.headers.tieBreaks).toEqual(['Бух', 'КБ']);
    const alice = data.rows.find((row) => row.name.endsWith('Alice'))!;
    expect(alice.cells).toEqual(['3w1', '2b', '']);
    const boris = data.rows.find((row) => row.name.endsWith('Борис'))!;
    expect(boris.cells).toEqual(['=', '1w', '']);
  });
});

describe('round and winner messages', () => {
  it('lists boards with mentions, byes and forfeits', () => {
    const event = finishedEvent();
    expect(roundText(event, 3, en, NAMES)).toBe(
      [
        '🏁 <b>Round 3 of 3</b>',
        'Борис wins by forfeit against Dmitri',
        '2. ⚪ @Carol — ⚫ @Alice',
      ].join('\n'),
    );
    expect(winnerText(event, en, NAMES)).toBe(
      '🥇 @Alice wins the Bashni round robin tournament! Congratulations!',
    );
  });
});
