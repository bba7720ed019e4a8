import type { BoardPairing } from './board-pairing.js';

/**
 * The round-robin schedule of the FIDE Berger tables (Handbook C.05, Annex 1), made by their
 * rule rather than copied, so that any field size works and the published tables are the test.
 *
 * Players are numbered 1..n (n even; an odd field gets a dummy n+1, and meeting the dummy is the
 * bye). Player n sits out of the rotation: in round r it meets the player s(r), where s(1) = 1
 * and each round moves s on by n/2 around 1..n-1. The other boards pair s+k with s-k (k = 1,
 * 2, ... around 1..n-1), the first named having White. Player n has Black in odd rounds and White
 * in even ones. That reproduces the tables' boards, colours and board order exactly.
 *
 * Returned indexes are 0-based seeds. With an odd field the bye is put last in its round (it is
 * not a board), the real boards keep the table's order.
 */
export function roundRobinSchedule(playerCount: number): BoardPairing[][] {
  if (!Number.isInteger(playerCount) || playerCount < 0) {
    throw new RangeError(
      `roundRobinSchedule: player count must be a whole number, not ${playerCount}`,
    );
  }
  if (playerCount < 2) return [];
  const tableSize = playerCount % 2 === 0 ? playerCount : playerCount + 1;
  const rotating = tableSize - 1; // players 1..n-1 turn around the fixed player n
  const wrap = (number: number): number => ((((number - 1) % rotating) + rotating) % rotating) + 1;
  const rounds: BoardPairing[][] = [];
  let opponentOfLast = 1;
  for (let round = 1; round <= rotating; round++) {
    const boards: [number, number][] =
      round % 2 === 1 ? [[opponentOfLast, tableSize]] : [[tableSize, opponentOfLast]];
    for (let step = 1; step < tableSize / 2; step++) {
      boards.push([wrap(opponentOfLast + step), wrap(opponentOfLast - step)]);
    }
    rounds.push(toSeedPairings(boards, playerCount));
    opponentOfLast = wrap(opponentOfLast + tableSize / 2);
  }
  return rounds;
}

/** Table numbers to 0-based seeds; a board with the dummy (number n+1) becomes the bye, last. */
function toSeedPairings(boards: readonly [number, number][], playerCount: number): BoardPairing[] {
  const games: BoardPairing[] = [];
  const byes: BoardPairing[] = [];
  for (const [white, black] of boards) {
    if (white > playerCount) byes.push({ white: black - 1, black: null });
    else if (black > playerCount) byes.push({ white: white - 1, black: null });
    else games.push({ white: white - 1, black: black - 1 });
  }
  return [...games, ...byes];
}
