import { describe, expect, it } from 'vitest';
import {
  standings,
  type Finish,
  type Seat,
  type TablePosition,
} from '../../../src/engine/multi/index.js';

function table(finished: Finish[], seats: Seat[] = [0, 1, 2, 3]): TablePosition {
  return { variant: 'zhernov', seats, turn: seats[0]!, columns: [], finished };
}

const points = (position: TablePosition, end?: 'last-player' | 'no-capture-limit') =>
  standings(position, end).map((line) => [line.place, line.points, line.count]);

describe('standings', () => {
  it("scores the article's ending: count 4, countess 3, then the eliminated 0 and 1", () => {
    const position = table([
      { seat: 0, how: 'count' },
      { seat: 1, how: 'count' },
      { seat: 2, how: 'out' },
      { seat: 3, how: 'out' },
    ]);
    expect(points(position, 'last-player')).toEqual([
      [1, 4, true],
      [2, 3, true],
      [4, 0, false],
      [3, 1, false],
    ]);
  });

  it('leaves the seats still playing without a place while the game goes on', () => {
    expect(points(table([{ seat: 2, how: 'out' }]))).toEqual([
      [null, null, false],
      [null, null, false],
      [4, 0, false],
      [null, null, false],
    ]);
  });

  it('gives the last seat playing the best free place', () => {
    const position = table([
      { seat: 1, how: 'out' },
      { seat: 3, how: 'out' },
      { seat: 0, how: 'out' },
    ]);
    expect(points(position, 'last-player')).toEqual([
      [2, 2, false],
      [4, 0, false],
      [1, 3, false],
      [3, 1, false],
    ]);
  });

  it('shares the free places among the seats still playing at the no-capture limit', () => {
    const position = table([{ seat: 0, how: 'count' }]);
    expect(points(position, 'no-capture-limit')).toEqual([
      [1, 4, true],
      [2, 1, false],
      [2, 1, false],
      [2, 1, false],
    ]);
  });

  it('scores three and two players by their own places (2/1/0, 1/0)', () => {
    const three = table(
      [
        { seat: 1, how: 'out' },
        { seat: 0, how: 'count' },
      ],
      [0, 1, 2],
    );
    expect(points(three, 'last-player')).toEqual([
      [1, 3, true],
      [3, 0, false],
      [2, 1, false],
    ]);
    expect(points(table([{ seat: 2, how: 'out' }], [0, 2]), 'last-player')).toEqual([
      [1, 1, false],
      [2, 0, false],
    ]);
  });
});
