import { describe, expect, it } from 'vitest';
import { tournamentStandings, type StandingRow } from '../../../src/game/pairing/standings.js';
import { boardsFromTable } from '../../support/swiss-events.js';

// Boards are written as pairing tables (1-based, White first, "4-0" a bye) with White's
// results; the rows the standings return carry 0-based indexes.

/** Each row as [index, rank, points, Buchholz, Sonneborn-Berger, wins, played]. */
const columns = (rows: readonly StandingRow[]): number[][] =>
  rows.map((row) => [
    row.index,
    row.rank,
    row.points,
    row.buchholz,
    row.sonnebornBerger,
    row.wins,
    row.played,
  ]);

describe('tournamentStandings, round robin', () => {
  // A, B, C, D = 1..4 (indexes 0..3) over the 4-player Berger table, worked by hand:
  //      A   B   C   D  | pts  SB (beaten opponents' points + half the drawn ones')
  //  A   .   0   ½   1  | 1½   D ½ + C 1½/2            = 1¼
  //  B   1   .   ½   1  | 2½   A 1½ + D ½ + C 1½/2     = 2¾
  //  C   ½   ½   .   ½  | 1½   (B 2½ + D ½ + A 1½)/2   = 2¼
  //  D   0   0   ½   .  |  ½   C 1½/2                  = ¾
  const boards = [
    ...boardsFromTable(1, '1-4, 2-3', [1, 0.5]),
    ...boardsFromTable(2, '4-3, 1-2', [0.5, 0]),
    ...boardsFromTable(3, '2-4, 3-1', [1, 0.5]),
  ];

  it('orders by points, then Sonneborn-Berger', () => {
    expect(columns(tournamentStandings(4, boards, 'round-robin'))).toEqual([
      [1, 1, 2.5, 3.5, 2.75, 2, 3],
      [2, 2, 1.5, 4.5, 2.25, 0, 3],
      [0, 3, 1.5, 4.5, 1.25, 1, 3],
      [3, 4, 0.5, 5.5, 0.75, 0, 3],
    ]);
  });

  it('shares the rank of entrants equal on every tie-break, then lists them by index', () => {
    // A beats B, B beats C, C beats A, everyone draws with D: all on 1½ with SB 2¼;
    // A, B and C have a win each, D none.
    const cycle = [
      ...boardsFromTable(1, '1-2, 3-4', [1, 0.5]),
      ...boardsFromTable(2, '2-3, 4-1', [1, 0.5]),
      ...boardsFromTable(3, '3-1, 2-4', [1, 0.5]),
    ];
    expect(columns(tournamentStandings(4, cycle, 'round-robin'))).toEqual([
      [0, 1, 1.5, 4.5, 2.25, 1, 3],
      [1, 1, 1.5, 4.5, 2.25, 1, 3],
      [2, 1, 1.5, 4.5, 2.25, 1, 3],
      [3, 4, 1.5, 4.5, 2.25, 0, 3],
    ]);
  });
});

describe('tournamentStandings, Swiss', () => {
  // Six entrants (1..6 = indexes 0..5), three rounds; 6 sits out round 2, so 4 gets the bye.
  // R1: 1-4 1-0, 5-2 0-1, 3-6 ½.  R2: 2-1 ½, 3-5 1-0, 4 bye.  R3: 1-3 1-0, 2-4 1-0, 5-6 0-1.
  // Points: 1 2½, 2 2½, 3 1½, 4 1 (the bye), 5 0, 6 1½.
  // Buchholz: 1: 4+2+3 = 1+2½+1½ = 5; 2: 5+1+4 = 0+2½+1 = 3½; 3: 6+5+1 = 1½+0+2½ = 4;
  //           4: 1+2 = 5 (the bye adds nothing); 5: 2+3+6 = 5½; 6: 3+5 = 1½.
  // SB: 1: 4 (1) + ½·2 (1¼) + 3 (1½) = 3¾; 2: 5 (0) + ½·1 (1¼) + 4 (1) = 2¼;
  //     3: ½·6 (¾) + 5 (0) = ¾; 6: ½·3 (¾) + 5 (0) = ¾; 4 and 5: 0.
  const boards = [
    ...boardsFromTable(1, '1-4, 5-2, 3-6', [1, 0, 0.5]),
    ...boardsFromTable(2, '2-1, 3-5, 4-0', [0.5, 1]),
    ...boardsFromTable(3, '1-3, 2-4, 5-6', [1, 1, 0]),
  ];

  it('orders by points, then Buchholz, then Sonneborn-Berger; a bye is a point, not a win', () => {
    expect(columns(tournamentStandings(6, boards, 'swiss'))).toEqual([
      [0, 1, 2.5, 5, 3.75, 2, 3],
      [1, 2, 2.5, 3.5, 2.25, 2, 3],
      [2, 3, 1.5, 4, 0.75, 1, 3],
      [5, 4, 1.5, 1.5, 0.75, 1, 2],
      [3, 5, 1, 5, 0, 0, 2],
      [4, 6, 0, 5.5, 0, 0, 3],
    ]);
  });

  it('counts nothing for an unfinished board', () => {
    const withUnfinished = [...boards, ...boardsFromTable(4, '1-6, 2-3')];
    expect(tournamentStandings(6, withUnfinished, 'swiss')).toEqual(
      tournamentStandings(6, boards, 'swiss'),
    );
  });

  it('counts a forfeit win as a win in every column', () => {
    const forfeited = boards.map((played) =>
      played.round === 3 && played.white === 1 ? { ...played, forfeit: true } : played,
    );
    expect(tournamentStandings(6, forfeited, 'swiss')).toEqual(
      tournamentStandings(6, boards, 'swiss'),
    );
  });

  it('lists entrants who have not played yet, with nothing', () => {
    expect(columns(tournamentStandings(2, [], 'swiss'))).toEqual([
      [0, 1, 0, 0, 0, 0, 0],
      [1, 1, 0, 0, 0, 0, 0],
    ]);
  });
});
