import { tournamentStandings, type PlayedBoard } from '../../src/game/pairing/standings.js';
import type { SwissEntrant } from '../../src/game/pairing/swiss.js';

/**
 * Every entrant as the Swiss pairer sees it after `roundsPlayed` rounds of `boards`: rank =
 * index, points as the standings count them, a round without a board for the entrant is a round
 * without a game (null colour).
 */
export function swissEntrantsAfter(
  entrantCount: number,
  boards: readonly PlayedBoard[],
  roundsPlayed: number,
): SwissEntrant[] {
  const standings = tournamentStandings(entrantCount, boards, 'swiss');
  return Array.from({ length: entrantCount }, (_, index) => {
    const colours: ('white' | 'black' | null)[] = [];
    const opponents: number[] = [];
    let hadBye = false;
    for (let round = 1; round <= roundsPlayed; round++) {
      const board = boards.find(
        (played) => played.round === round && (played.white === index || played.black === index),
      );
      if (board?.black === null) hadBye = true;
      if (board === undefined || board.black === null) {
        colours.push(null);
        continue;
      }
      colours.push(board.white === index ? 'white' : 'black');
      opponents.push(board.white === index ? board.black : board.white);
    }
    const score = standings.find((row) => row.index === index)?.points ?? 0;
    return { index, rank: index, score, colours, opponents, hadBye };
  });
}

/** Boards written as in pairing tables, 1-based: "12-9" (White first), "15-0" for a bye. */
export function boardsFromTable(
  round: number,
  table: string,
  results: readonly (0 | 0.5 | 1)[] = [],
): PlayedBoard[] {
  return table.split(', ').map((board, at) => {
    const [white, black] = board.split('-').map(Number) as [number, number];
    const whiteScore = results[at];
    return {
      round,
      white: white - 1,
      black: black === 0 ? null : black - 1,
      ...(whiteScore === undefined ? {} : { whiteScore }),
    };
  });
}

/** Pairings written back as a table, 1-based, "W-B", "W-0" for a bye. */
export function tableOf(boards: readonly { white: number; black: number | null }[]): string {
  return boards
    .map(({ white, black }) => `${white + 1}-${black === null ? 0 : black + 1}`)
    .join(', ');
}

/** Plays a round's boards with seeded results (White wins 40%, draws 30%), byes as they are. */
export function playRandomResults(
  boards: PlayedBoard[],
  round: number,
  pairings: readonly { white: number; black: number | null }[],
  random: () => number,
): void {
  for (const { white, black } of pairings) {
    const roll = random();
    boards.push({
      round,
      white,
      black,
      ...(black === null ? {} : { whiteScore: roll < 0.4 ? 1 : roll < 0.7 ? 0.5 : 0 }),
    });
  }
}
