import { describe, expect, it } from 'vitest';
import { replayGame, VARIANT_IDS, VARIANTS } from '../../src/engine/index.js';
import { defaultWeights } from '../../src/ai/weights.js';
import { fen, moveTexts } from '../support/engine-helpers.js';
import { inProcessOn, levelsGame } from '../support/ai-games.js';
import { playGame, playMatch, Searcher } from '../../src/ai/index.js';

// Node budgets alone decide: a clock that stands still.
const searcher = new Searcher({ ttBits: 16, now: () => 0 });
const inProcess = inProcessOn(searcher);

const WIDE = VARIANT_IDS.filter((id) => VARIANTS[id].geometry.squareCount > 32);

describe.each(WIDE)('%s: the AI on a wide board', (variant) => {
  it('levels 1 and 8 play a whole game by the rules, to its end by the half count', async () => {
    const outcome = await levelsGame(
      variant,
      { white: 1, black: 8 },
      { seed: 4, scale: 0.02, maxPlies: 600 },
      searcher,
    );
    expect(outcome.end).toBe('half-count');
    // The engine's own record of the game agrees move by move and on the result.
    const replay = replayGame(variant, undefined, outcome.moves);
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    const status = replay.value.status;
    expect(status.kind).not.toBe('ongoing');
    const whiteScore = status.kind === 'win' ? (status.winner === 0 ? 1 : 0) : 0.5;
    expect(whiteScore).toBe(outcome.whiteScore);
    expect(outcome.plies).toBeGreaterThan(20);
  });

  it('a node-budgeted search beats the random player', async () => {
    // A node budget, not a depth: on these boards a fixed depth can meet capture melees whose
    // quiescence search alone runs to a million nodes.
    const result = await playMatch({
      variant,
      a: { kind: 'search', nodes: 3000 },
      b: { kind: 'random' },
      games: 4,
      think: inProcess,
      seed: 2,
    });
    expect(result.games.every((game) => game.end === 'half-count')).toBe(true);
    expect(result.wins).toBeGreaterThanOrEqual(3);
  });
});

describe('adiyukh-10x10: the search with captures of more than 12 jumps', () => {
  it('orders, keys and names 20-jump moves (kept past the move list’s inline slots)', () => {
    const position = fen('W:WKe3:Bd4(00000),f4(00000),d6(00000),f6(00000)', 'adiyukh-10x10');
    const result = new Searcher({ ttBits: 16, now: () => 0 }).search(
      position,
      defaultWeights('adiyukh-10x10'),
      { maxDepth: 3, scoreAllMoves: true },
    );
    const legal = moveTexts(position);
    expect(result.pv[0]).toBeDefined();
    expect(legal).toContain(result.pv[0]);
    expect(result.pv[0]!.split(':')).toHaveLength(21); // the start and 20 landings
  });
});

describe('adiyukh-10x10: the AI beside a stack of 32', () => {
  // The search from here meets captures that would build a stack of 33: not available.
  const start = 'W:Wi1(0000000000000000000/0000000000000),g3:Bd8,j4,a3,j6';

  it('plays a game from there to its end by the rules', async () => {
    const outcome = await playGame({
      start: fen(start, 'adiyukh-10x10'),
      white: { kind: 'level', level: 8 },
      black: { kind: 'level', level: 8 },
      think: inProcess,
      seed: 3,
      scale: 0.05,
      maxPlies: 400,
    });
    expect(outcome.end).toBe('half-count');
    const replay = replayGame('adiyukh-10x10', start, outcome.moves);
    expect(replay.ok).toBe(true);
    expect(replay.ok && replay.value.status.kind).not.toBe('ongoing');
  });
});
