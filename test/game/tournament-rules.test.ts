import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/game/model.js';
import {
  advance,
  boardResult,
  defaultSwissRounds,
  pairNextRound,
  roundCount,
  withGameResult,
  withdrawEntrant,
} from '../../src/game/tournament-rules.js';
import type { Tournament } from '../../src/game/tournament-model.js';
import { ALICE, BORIS, CAROL, DMITRI, makeGame } from '../support/game-fixtures.js';
import { makeTournament } from '../support/league-fixtures.js';

const FOUR = [{ player: ALICE }, { player: BORIS }, { player: CAROL }, { player: DMITRI }];

function running(overrides: Partial<Tournament> = {}): Tournament {
  return makeTournament('t9', {
    format: 'round-robin',
    rounds: 1,
    status: 'running',
    entrants: FOUR,
    ...overrides,
  });
}

function ended(game: Game, winner: 'white' | 'black' | null, reason: 'time' | 'resignation') {
  return { ...game, status: 'finished' as const, result: { winner, reason } };
}

describe('tournament rules', () => {
  it('counts rounds: n − 1 (or n for an odd field) per cycle; Swiss by default log2 + 1', () => {
    expect(roundCount(running())).toBe(3);
    expect(roundCount(running({ rounds: 2 }))).toBe(6);
    expect(roundCount(running({ entrants: FOUR.slice(0, 3) }))).toBe(3);
    expect([3, 8, 9, 64, 1000].map(defaultSwissRounds)).toEqual([3, 4, 5, 7, 11]);
  });

  it('reverses the colours in a double round robin’s second cycle', () => {
    let t = running({ rounds: 2 });
    const colours: string[][] = [];
    for (let round = 1; round <= 6; round++) {
      const next = pairNextRound(t, round)!;
      colours.push(next.boards.map((b) => `${b.white}-${b.black}`));
      t = { ...t, played: [...t.played, next] };
    }
    expect(colours[3]).toEqual(colours[0]!.map((pair) => pair.split('-').reverse().join('-')));
  });

  it('marks a loss on time without a move as a forfeit, any other result as played', () => {
    const game = makeGame('g', { moves: [] });
    expect(boardResult(ended(game, 'black', 'time'))).toEqual({ whiteScore: 0, forfeit: true });
    const moved = makeGame('g', { moves: ['c3-d4'] });
    // White moved, Black never did and ran out of time: Black forfeits.
    expect(boardResult(ended(moved, 'white', 'time'))).toEqual({ whiteScore: 1, forfeit: true });
    expect(boardResult(ended(moved, 'black', 'time'))).toEqual({ whiteScore: 0, forfeit: false });
    expect(boardResult(ended(game, 'white', 'resignation'))).toEqual({
      whiteScore: 1,
      forfeit: false,
    });
    expect(boardResult({ ...ended(game, null, 'resignation') })).toEqual({
      whiteScore: 0.5,
      forfeit: false,
    });
  });

  it('records a result once, closes the round, pairs the next, and finishes after the last', () => {
    let t = running();
    t = { ...t, played: [pairNextRound(t, 10)!] };
    const [first, second] = t.played[0]!.boards;
    const game = (id: string, board: number) =>
      ended(
        makeGame(id, { tournament: { id: 't9', round: 1, board }, moves: ['a', 'b'] }),
        'white',
        'resignation',
      );
    const once = withGameResult(t, game(first!.gameId!, 0));
    expect(withGameResult(once, game(first!.gameId!, 0))).toBe(once);
    expect(withGameResult(once, game('someone-else', 1))).toBe(once);
    expect(advance(once, 20)).toBe(once); // the round is not done
    const both = advance(withGameResult(once, game(second!.gameId!, 1)), 20);
    expect(both.played).toHaveLength(2);
    expect(both.played[0]!.finishedAt).toBe(20);
    // Alice withdraws during round 2: out from round 3, where her board is decided unplayed.
    const out = withdrawEntrant(both, 0, 'withdrew');
    expect(out.entrants[0]).toMatchObject({ outFrom: 3, outWhy: 'withdrew' });
    const round3 = pairNextRound(out, 30)!;
    expect(round3.number).toBe(3);
    const hers = round3.boards.find((b) => b.white === 0 || b.black === 0)!;
    expect(hers.gameId).toBeUndefined();
    expect(hers.forfeit).toBe(true);
    expect(hers.whiteScore).toBe(hers.white === 0 ? 0 : 1);
  });
});
