import type { Seat, Standing, TableEnd, TablePosition } from './types.js';

/** Points for the title of count, on top of the place's points. */
export const COUNT_BONUS = 1;

/**
 * Points for a place at a table of `players`: the last place scores 0 and each place above it
 * one more (3/2/1/0 with four players, 2/1/0 with three, 1/0 with two).
 */
export function placePoints(place: number, players: number): number {
  return players - place;
}

/** The seats still in the turn order (taken and not finished), in turn order. */
export function activeSeats(position: TablePosition): Seat[] {
  const done = new Set(position.finished.map((f) => f.seat));
  return position.seats.filter((seat) => !done.has(seat));
}

/**
 * The standings of a table: a seat that became count took the best place still free when it
 * did, a seat that could not move (or resigned) the worst. `end` says how the game ended, if it
 * did: 'last-player' gives the one seat still playing (if any) the best free place; every other
 * end (repetition, the no-capture and ply limits) makes the seats still playing share the free
 * places and their points.
 * Lines come in seat order.
 */
export function standings(position: TablePosition, end?: TableEnd): Standing[] {
  const players = position.seats.length;
  let best = 1;
  let worst = players;
  const lines = new Map<Seat, Standing>();
  for (const finish of position.finished) {
    const count = finish.how === 'count';
    const place = count ? best++ : worst--;
    const points = placePoints(place, players) + (count ? COUNT_BONUS : 0);
    lines.set(finish.seat, { seat: finish.seat, place, points, count });
  }
  const playing = activeSeats(position);
  if (end !== undefined && playing.length > 0) {
    let shared = 0;
    for (let place = best; place <= worst; place++) shared += placePoints(place, players);
    const points = end === 'last-player' ? placePoints(best, players) : shared / playing.length;
    for (const seat of playing) lines.set(seat, { seat, place: best, points, count: false });
  }
  return position.seats.map(
    (seat) => lines.get(seat) ?? { seat, place: null, points: null, count: false },
  );
}
