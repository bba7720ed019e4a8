import { describe, expect, it } from 'vitest';
import { replayGame, startPosition, VARIANT_IDS, VARIANTS } from '../../src/engine/index.js';
import { playGame, playMatch, Searcher, think, type ThinkRequest } from '../../src/ai/index.js';

// Node budgets alone decide: a clock that stands still.
const searcher = new Searcher({ ttBits: 16, now: () => 0 });
const inProcess = (request: ThinkRequest) => Promise.resolve(think(searcher, request));

const WIDE = VARIANT_IDS.filter((id) => VARIANTS[id].geometry.squareCount > 32);

describe.each(WIDE)('%s: the AI on a wide board', (variant) => {
  it('levels 1 and 8 play a whole game by the rules, to its end by the half count', async () => {
    const outcome = await playGame({
      start: startPosition(variant),
      white: { kind: 'level', level: 1 },
      black: { kind: 'level', level: 8 },
      think: inProcess,
      seed: 4,
      scale: 0.02,
      maxPlies: 600,
    });
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
