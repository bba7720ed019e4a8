/**
 * Tournament standings with the usual chess tie-breaks, from the boards played so far.
 *
 * Choices worth knowing:
 * - An unfinished board (no `whiteScore` yet) counts for nothing, not even as a meeting.
 * - A bye gives its player 1 point; it is not a win, not a game played, and adds nothing to
 *   Buchholz or Sonneborn-Berger.
 * - A forfeit counts exactly like a game decided over the board: points, a win, a game played,
 *   and the opponent in both tie-breaks. In this bot a forfeit is a game lost by not moving in
 *   time, so the pairing happened and the result stands.
 */

/** One board of a round as the standings read it; `black: null` is a bye. */
export interface PlayedBoard {
  readonly round: number;
  readonly white: number;
  readonly black: number | null;
  /** White's points; undefined while the game is unfinished. A bye: white gets 1. */
  readonly whiteScore?: 0 | 0.5 | 1;
  readonly forfeit?: boolean;
}

/** One line of the table. */
export interface StandingRow {
  readonly index: number;
  /** 1-based place, shared by entrants equal on every tie-break. */
  readonly rank: number;
  readonly points: number;
  /** Beaten opponents' points plus half the points of drawn opponents. */
  readonly sonnebornBerger: number;
  /** Opponents' final points added up (a bye adds nothing). */
  readonly buchholz: number;
  readonly wins: number;
  readonly played: number;
}

interface Tally {
  points: number;
  wins: number;
  played: number;
  /** Each finished game: the opponent and this entrant's points in it. */
  readonly games: { readonly opponent: number; readonly scored: number }[];
}

/**
 * The table in order. Round robin: points, Sonneborn-Berger, wins. Swiss: points, Buchholz,
 * Sonneborn-Berger, wins. Entrants equal on all of these share a rank and are listed by index.
 */
export function tournamentStandings(
  entrantCount: number,
  boards: readonly PlayedBoard[],
  format: 'round-robin' | 'swiss',
): StandingRow[] {
  const tallies = tally(entrantCount, boards);
  const unranked = tallies.map((own, index) => {
    const opponentPoints = (game: { readonly opponent: number }): number =>
      tallies[game.opponent]!.points;
    return {
      index,
      points: own.points,
      wins: own.wins,
      played: own.played,
      buchholz: sum(own.games.map(opponentPoints)),
      sonnebornBerger: sum(own.games.map((game) => game.scored * opponentPoints(game))),
    };
  });
  const tieBreaks = (row: (typeof unranked)[number]): number[] =>
    format === 'round-robin'
      ? [row.points, row.sonnebornBerger, row.wins]
      : [row.points, row.buchholz, row.sonnebornBerger, row.wins];
  const compare = (a: (typeof unranked)[number], b: (typeof unranked)[number]): number => {
    const first = tieBreaks(a);
    const second = tieBreaks(b);
    const differing = first.findIndex((value, at) => value !== second[at]);
    return differing === -1 ? 0 : second[differing]! - first[differing]!;
  };
  const ordered = unranked.sort((a, b) => compare(a, b) || a.index - b.index);
  return ordered.map((row, place) => {
    let rank = place;
    while (rank > 0 && compare(ordered[rank - 1]!, row) === 0) rank--;
    return { ...row, rank: rank + 1 };
  });
}

function tally(entrantCount: number, boards: readonly PlayedBoard[]): Tally[] {
  const tallies: Tally[] = Array.from({ length: entrantCount }, () => ({
    points: 0,
    wins: 0,
    played: 0,
    games: [],
  }));
  const of = (index: number): Tally => {
    const found = tallies[index];
    if (found === undefined) {
      throw new RangeError(`tournamentStandings: entrant ${index} is not among ${entrantCount}`);
    }
    return found;
  };
  for (const board of boards) {
    const white = of(board.white);
    if (board.black === null) {
      white.points += 1;
      continue;
    }
    const black = of(board.black);
    if (board.whiteScore === undefined) continue;
    record(white, board.black, board.whiteScore);
    record(black, board.white, 1 - board.whiteScore);
  }
  return tallies;
}

function record(entrant: Tally, opponent: number, scored: number): void {
  entrant.points += scored;
  entrant.played += 1;
  if (scored === 1) entrant.wins += 1;
  entrant.games.push({ opponent, scored });
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
