import { describe, expect, it } from 'vitest';
import {
  makeTableFen,
  TableBoard,
  tablePerft,
  tableStart,
  type Seat,
} from '../../../src/engine/multi/index.js';
import { referenceTablePerft } from '../../support/reference/table.js';
import { tableState } from '../../support/table-helpers.js';
import { TABLE_MIDDLEGAME_PERFT, TABLE_START_PERFT } from '../fixtures/table-perft.js';

/** Keeps the suite quick: the deeper entries were checked once (see the fixture). */
const MAX_NODES_IN_TESTS = 1_000_000;
const REFERENCE_DEPTH = 5;

const SEATS_OF: Record<keyof typeof TABLE_START_PERFT, Seat[]> = {
  WRBG: [0, 1, 2, 3],
  WRB: [0, 1, 2],
  WB: [0, 2],
};

describe('table perft from the start', () => {
  it.each(Object.entries(TABLE_START_PERFT))('%s', (seats, counts) => {
    const start = tableStart(SEATS_OF[seats as keyof typeof TABLE_START_PERFT]);
    const state = { position: start, quietPlies: 0 };
    expect(counts.length).toBeGreaterThanOrEqual(10);
    counts.forEach((count, i) => {
      if (count <= MAX_NODES_IN_TESTS)
        expect(tablePerft(state, i + 1), `depth ${i + 1}`).toBe(count);
    });
    for (let depth = 1; depth <= REFERENCE_DEPTH + 1; depth++) {
      expect(referenceTablePerft(makeTableFen(start), depth), `reference depth ${depth}`).toBe(
        counts[depth - 1],
      );
    }
  });
});

describe('table perft from middlegames with tall columns, kings and finished seats', () => {
  it.each(TABLE_MIDDLEGAME_PERFT)('%s', (text, counts) => {
    const state = tableState(text);
    counts.forEach((count, i) => {
      expect(tablePerft(state, i + 1), `depth ${i + 1}`).toBe(count);
    });
    for (let depth = 1; depth <= REFERENCE_DEPTH; depth++) {
      expect(referenceTablePerft(text, depth), `reference depth ${depth}`).toBe(counts[depth - 1]);
    }
  });

  it('make/unmake through a perft walk leaves the board as it was', () => {
    for (const [text] of TABLE_MIDDLEGAME_PERFT) {
      const board = new TableBoard(tableState(text));
      const before = JSON.stringify(board.toState());
      const walk = (depth: number): void => {
        if (depth === 0) return;
        for (const move of board.moves()) {
          board.make(move);
          walk(depth - 1);
          board.unmake();
        }
      };
      walk(4);
      expect(JSON.stringify(board.toState())).toBe(before);
    }
  });
});
