import { describe, expect, it } from 'vitest';
import { coinFlips, material } from '../../src/puzzles/coin-flips.js';
import { fen } from '../support/engine-helpers.js';
import { bashniPuzzle } from '../support/puzzles.js';

describe('coin flips (puzzles a simple rule solves)', () => {
  it('a one-move puzzle with fewer than three legal moves', () => {
    // White's only move is the capture c3:e5:g7.
    expect(coinFlips(bashniPuzzle('W:Wc3,g3:Bd4,f6,h4,b6', ['c3:e5:g7']))).toContain(
      'few-candidates',
    );
    // Five legal moves: a choice.
    expect(coinFlips(bashniPuzzle('W:Wc3,a3:Bd4,f6,b4,d6', ['c3:a5']))).not.toContain(
      'few-candidates',
    );
  });

  it('the one capture taking the most pieces', () => {
    // a3:c5:e7:g5 takes three; the other captures two or one.
    const position = 'W:Wc3,a3:Bd4,f6,b4,d6';
    expect(coinFlips(bashniPuzzle(position, ['a3:c5:e7:g5', 'x', 'y']))).toEqual(['most-captures']);
    expect(coinFlips(bashniPuzzle(position, ['c3:e5:g7', 'x', 'y']))).toEqual([]);
  });

  it('the move that keeps the most material two plies ahead', () => {
    // Each capture takes one man; after c3:a5 Black takes back e3:g5, after f4:h2 b4:d2 takes
    // c3; f4:d2 stands on d2 and keeps everything.
    const position = 'W:Wc3,f4:Be3,g3,b4';
    expect(coinFlips(bashniPuzzle(position, ['f4:d2', 'x', 'y']))).toEqual(['greedy-material']);
    expect(coinFlips(bashniPuzzle(position, ['c3:a5', 'x', 'y']))).toEqual([]);
  });

  it('counts the pieces of the columns each side commands, turned round in giveaway', () => {
    expect(material(fen('W:Wc3,a3:Bd4,f6,b4,d6'), 0)).toBe(-2);
    // A white column of three (two black prisoners under a white man) against one black man.
    expect(material(fen('W:Wc3(011):Bd6'), 0)).toBe(2);
    expect(material(fen('W:Wc3,a3:Bd4,f6,b4,d6', 'giveaway'), 0)).toBe(2);
  });
});
