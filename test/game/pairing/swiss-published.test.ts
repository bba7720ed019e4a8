import { describe, expect, it } from 'vitest';
import { swissPairings, type SwissEntrant } from '../../../src/game/pairing/swiss.js';
import { boardsFromTable, swissEntrantsAfter, tableOf } from '../../support/swiss-events.js';

/**
 * Published Swiss pairings, re-paired from the standings before the round.
 *
 * 1. FIDE's worked example of the Dutch system, "Mastering the Dutch" (FIDE TEC, 2026 edition),
 *    rounds 2 and 3 (§4 pp. 31-32, §5 pp. 33-37): 15 players, one of them absent each round on
 *    a requested half-point bye. Transcribed from the tests of github.com/gnutterts/chesspairing,
 *    pairing/dutch/fide_examples_test.go (we did not have the booklet itself).
 * 2. A real event: the 20-player "eon_2007a" of the Landesschachverband Mecklenburg-Vorpommern,
 *    http://www.lsvmv.de/turniere/erg/eon_2007a_paar.htm, as transcribed in the CPAN
 *    distribution Games-Tournament-Swiss, t/29682_2.t ("the real pairings").
 *
 * Neither is as small as 8-12 players: no smaller published event with its next round was found.
 */

/** Drops the absent and adds the points of requested half-point byes (not a pairer's bye). */
function active(
  entrants: readonly SwissEntrant[],
  absent: readonly number[],
  halfPointByes: readonly number[],
): SwissEntrant[] {
  return entrants
    .filter((entrant) => !absent.includes(entrant.index + 1))
    .map((entrant) =>
      halfPointByes.includes(entrant.index + 1)
        ? { ...entrant, score: entrant.score + 0.5 }
        : entrant,
    );
}

const unordered = (table: string): string[] =>
  table
    .split(', ')
    .map((board) =>
      board
        .split('-')
        .map(Number)
        .sort((a, b) => a - b)
        .join('-'),
    )
    .sort();

describe('Mastering the Dutch (FIDE, 2026): the worked example', () => {
  const round1 = boardsFromTable(
    1,
    '1-8, 9-2, 3-10, 11-4, 5-12, 13-6, 7-14, 15-0',
    [1, 0.5, 1, 0, 0.5, 1, 0],
  );
  const round2 = boardsFromTable(
    2,
    '14-1, 15-3, 4-13, 2-5, 12-9, 10-7, 8-11',
    [0, 0, 1, 1, 0.5, 0, 1],
  );

  it('pairs round 2 exactly as published (player 6 absent)', () => {
    const entrants = active(swissEntrantsAfter(15, round1, 1), [6], []);
    // The booklet's standings before round 2, as a check on the transcription.
    expect(entrants.map((entrant) => entrant.score)).toEqual([
      1, 0.5, 1, 1, 0.5, 0, 0, 0.5, 0, 0, 0.5, 1, 1, 1,
    ]);
    expect(tableOf(swissPairings(entrants, 2)!)).toBe('14-1, 15-3, 4-13, 2-5, 12-9, 10-7, 8-11');
  });

  it('finds the published boards of round 3 (player 7 absent); two boards differ in colour', () => {
    const entrants = active(swissEntrantsAfter(15, [...round1, ...round2], 2), [7], [6]);
    expect(entrants.map((entrant) => entrant.score)).toEqual([
      2, 1.5, 2, 2, 0.5, 0.5, 1, 1, 0, 0, 1, 1, 1, 1,
    ]);
    const published = '1-4, 3-2, 13-8, 9-14, 12-15, 6-5, 11-10';
    const ours = tableOf(swissPairings(entrants, 3)!);
    expect(unordered(ours)).toEqual(unordered(published));
    // Known departure (simplification 6 in swiss.ts): 12 and 15, and 5 and 6, are due the same
    // colour; FIDE gives it to the player whose preference is stronger (colour difference), we
    // give it to the higher-placed one. Every other board, colours included, is as published.
    expect(ours).toBe('1-4, 3-2, 13-8, 9-14, 15-12, 5-6, 11-10');
  });
});

describe('eon_2007a (LSV Mecklenburg-Vorpommern): a real 20-player event', () => {
  const round1 = boardsFromTable(
    1,
    '1-11, 12-2, 3-13, 14-4, 5-15, 16-6, 7-17, 18-8, 9-19, 20-10',
    [0.5, 0, 1, 0, 1, 0, 1, 0, 1, 0],
  );

  it('pairs round 2 as the arbiter did, colours included', () => {
    const entrants = swissEntrantsAfter(20, round1, 1);
    expect(entrants.map((entrant) => entrant.score)).toEqual([
      0.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const published = '2-7, 6-3, 4-9, 8-5, 10-1, 11-12, 13-18, 17-14, 15-20, 19-16';
    // The source lists the boards by score bracket; it does not give board numbers.
    const ours = tableOf(swissPairings(entrants, 2)!);
    expect(ours.split(', ').sort()).toEqual(published.split(', ').sort());
  });
});
