import { describe, expect, it } from 'vitest';
import {
  movableStacks,
  routeLabel,
  routeSquares,
  routesTo,
  screenRows,
  stackLabel,
  targetLabel,
  targetsOf,
} from '../../../src/chat/buttons/move-picking.js';
import { GEOMETRY_8, startPosition, VARIANTS, type Position } from '../../../src/engine/index.js';
import { parseTableFen, tableStart } from '../../../src/engine/multi/index.js';
import type { SeatColor } from '../../../src/game/model.js';
import { fen, square } from '../../support/engine-helpers.js';
import { item } from '../../support/present.js';

const nameRows = (position: Position, rows: number[][]) =>
  rows.map((row) => row.map((s) => VARIANTS[position.variant].geometry.names[s]));

describe('move picking, shared by the chat adapters', () => {
  it('lays squares out as on screen: from the top row, left to right, for either side', () => {
    const position = startPosition('bashni');
    const squares = ['a1', 'c3', 'e3', 'h2', 'b8'].map((n) => square(n));
    expect(nameRows(position, screenRows(position, 'white', squares))).toEqual([
      ['b8'],
      ['c3', 'e3'],
      ['h2'],
      ['a1'],
    ]);
    expect(nameRows(position, screenRows(position, 'black', squares))).toEqual([
      ['a1'],
      ['h2'],
      ['e3', 'c3'],
      ['b8'],
    ]);
  });

  it('lists the stacks that can move with what their buttons show', () => {
    const start = movableStacks(startPosition('bashni'));
    expect(start.map(stackLabel)).toEqual(['⚪ a3', '⚪ c3', '⚪ e3', '⚪ g3']);
    const towers = fen('B:Wa1:Bf6(0/11),Kd8,h8');
    expect(movableStacks(towers)).toEqual([
      { square: square('f6'), name: 'f6', color: 'black', king: false, height: 3 },
      { square: square('d8'), name: 'd8', color: 'black', king: true, height: 1 },
      { square: square('h8'), name: 'h8', color: 'black', king: false, height: 1 },
    ]);
    expect(movableStacks(towers).map(stackLabel)).toEqual(['⚫ f6 ·3', '⚫👑 d8', '⚫ h8']);
    // A king on top of a tower: the crown, and the height.
    expect(movableStacks(fen('B:Wa1:Bf6(10/1),h8')).map(stackLabel)).toContain('⚫👑 f6 ·3');
  });

  it('lists a stack’s targets, marking captures, and nothing for a stack that cannot move', () => {
    // a1 could step to b2, but c3 must capture.
    const position = fen('W:Wc3,a1:Bd4(00),f4,f2,d2,h8');
    expect(targetsOf(position, square('c3')).map(targetLabel)).toEqual(['✕ c3', '✕ e5']);
    expect(targetsOf(position, square('a1'))).toEqual([]);
    expect(targetsOf(position, square('h8'))).toEqual([]);
    const quiet = startPosition('bashni');
    expect(targetsOf(quiet, square('c3')).map(targetLabel)).toEqual(['→ b4', '→ d4']);
  });

  it('finds the routes that end on one square, written as players write them', () => {
    const position = fen('W:Wc3:Bb4,d4,b6,d6,h8');
    const routes = routesTo(position, square('c3'), square('c3'));
    expect(routes.map((r) => routeLabel('bashni', r)).sort()).toEqual([
      'c3:a5:c7:e5:c3',
      'c3:e5:c7:a5:c3',
    ]);
    expect(routeSquares(item(routes, 0, 'routes'))[0]).toBe(square('c3'));
    expect(routesTo(position, square('c3'), square('e5'))).toEqual([]);
  });

  it('turns a table game so that any seat sits at the bottom (as its picture does)', () => {
    const position = tableStart();
    const squares = ['a3', 'c1', 'h2', 'b8'].map((n) => square(n));
    const rows = (bottom: SeatColor) =>
      screenRows(position, bottom, squares).map((row) => row.map((s) => GEOMETRY_8.names[s]));
    expect(rows('white')).toEqual([['b8'], ['a3'], ['h2'], ['c1']]);
    expect(rows('black')).toEqual([['c1'], ['h2'], ['a3'], ['b8']]);
    // Red's edge (the a-file) at the bottom: the h-file on top, rank 8 on the left.
    expect(rows('red')).toEqual([['h2'], ['c1'], ['b8'], ['a3']]);
    // Green's edge (the h-file) at the bottom: the a-file on top, rank 1 on the left.
    expect(rows('green')).toEqual([['a3'], ['b8'], ['c1'], ['h2']]);
  });

  it("offers the table seat's columns with its colour, and their targets", () => {
    const position = tableStart();
    expect(movableStacks(position).map(stackLabel)).toEqual(['⚪ c1 ·2', '⚪ e1 ·2', '⚪ g1 ·2']);
    expect(targetsOf(position, square('g1')).map(targetLabel)).toEqual(['→ f2']);
    const red = parseTableFen('R:Wb2:Ra3(00):Bb8:Gh2');
    expect(red.ok && movableStacks(red.value).map(stackLabel)).toEqual(['🔴 a3 ·2']);
    expect(red.ok && targetsOf(red.value, square('a3')).map(targetLabel)).toEqual(['✕ c1']);
  });
});
