import { describe, expect, it } from 'vitest';
import { startPosition } from '../../src/engine/index.js';
import {
  eloSummary,
  formatElo,
  openings,
  parsePlayer,
  playGame,
  playMatch,
  Searcher,
} from '../../src/ai/index.js';
import { eloFromScore } from '../../src/ai/elo.js';
import { item } from '../support/present.js';
import { inProcessOn } from '../support/ai-games.js';

// A clock that stands still: the players' time caps never fire, so node and depth limits alone
// decide their moves and the games do not depend on how busy the machine is.
const searcher = new Searcher({ ttBits: 16, now: () => 0 });
const inProcess = inProcessOn(searcher);

describe('Elo', () => {
  it('turns scores into Elo differences', () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 1);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.85, 1);
    expect(eloFromScore(1)).toBe(Infinity);
  });

  it('gives a 95% interval that narrows with more games', () => {
    const few = eloSummary(15, 0, 5);
    const many = eloSummary(150, 0, 50);
    expect(few.elo).toBeCloseTo(many.elo, 6);
    expect(few.low).toBeLessThan(few.elo);
    expect(few.high).toBeGreaterThan(few.elo);
    expect(many.margin).toBeLessThan(few.margin);
    // 75% over 200 decisive games: the mean's sd is 0.0306, so 95% is 0.69..0.81, ±56 Elo.
    expect(many.margin).toBeGreaterThan(50);
    expect(many.margin).toBeLessThan(62);
    expect(formatElo(many)).toMatch(/^\+191 ± \d+ \(95%: \+\d+ \.\. \+\d+\)$/);
  });

  it('handles a clean sweep with a one-sided bound', () => {
    const sweep = eloSummary(30, 0, 0);
    expect(sweep.elo).toBe(Infinity);
    expect(sweep.low).toBeGreaterThan(200);
    expect(formatElo(sweep)).toMatch(/^\+inf \(95%: > \+\d+\)$/);
  });
});

describe('players', () => {
  it('reads levels and configs', () => {
    expect(parsePlayer('8')).toEqual({ ok: true, value: { kind: 'level', level: 8 } });
    expect(parsePlayer('greedy')).toEqual({ ok: true, value: { kind: 'greedy' } });
    expect(parsePlayer('depth:6,ms:100')).toEqual({
      ok: true,
      value: { kind: 'search', depth: 6, ms: 100 },
    });
    expect(parsePlayer('9').ok).toBe(false);
    expect(parsePlayer('depth:x').ok).toBe(false);
    expect(parsePlayer('fast').ok).toBe(false);
  });
});

describe('games and matches', () => {
  it('openings are distinct, balanced and reproducible', () => {
    const lines = openings('bashni', 10, 3);
    expect(lines).toHaveLength(10);
    expect(new Set(lines.map((line) => line.join(' '))).size).toBe(10);
    expect(openings('bashni', 10, 3)).toEqual(lines);
    expect(lines.every((line) => line.length === 4)).toBe(true);
  });

  it('a game ends by the rules', async () => {
    const outcome = await playGame({
      start: startPosition('bashni'),
      white: { kind: 'random' },
      black: { kind: 'random' },
      think: inProcess,
      seed: 5,
    });
    expect([0, 0.5, 1]).toContain(outcome.whiteScore);
    expect(outcome.end).not.toBe('illegal-move');
    expect(outcome.plies).toBeGreaterThan(0);
  });

  it.each(['adiyukh', 'stavropol'] as const)(
    'a %s game ends by the half count; the search beats the random player',
    async (variant) => {
      const outcome = await playGame({
        start: startPosition(variant),
        white: { kind: 'random' },
        black: { kind: 'random' },
        think: inProcess,
        seed: 5,
      });
      expect(['half-count', 'adjudicated']).toContain(outcome.end);
      expect([0, 0.5, 1]).toContain(outcome.whiteScore);
      const result = await playMatch({
        variant,
        a: { kind: 'search', depth: 3 },
        b: { kind: 'random' },
        games: 6,
        think: inProcess,
        seed: 2,
      });
      expect(result.games.every((game) => game.end !== 'fifteen-move-rule')).toBe(true);
      expect(result.wins).toBeGreaterThanOrEqual(5);
    },
  );

  it('plays a multistorey game to a rules ending', async () => {
    for (const seed of [1, 2, 3]) {
      const outcome = await playGame({
        start: startPosition('multistorey'),
        white: { kind: 'level', level: 2 },
        black: { kind: 'random' },
        think: inProcess,
        seed,
        scale: 0.01,
      });
      expect([
        'no-legal-move',
        'threefold-repetition',
        'fifteen-move-rule',
        'adjudicated',
      ]).toContain(outcome.end);
      expect(outcome.plies).toBeGreaterThan(0);
    }
  });

  it('plays each opening with both colours and counts from A', async () => {
    const result = await playMatch({
      variant: 'bashni',
      a: { kind: 'search', depth: 3 },
      b: { kind: 'random' },
      games: 6,
      think: inProcess,
      seed: 2,
    });
    expect(result.wins + result.draws + result.losses).toBe(6);
    expect(item(result.games, 0, 'result.games').opening).toEqual(
      item(result.games, 1, 'result.games').opening,
    );
    expect(result.wins).toBeGreaterThanOrEqual(5);
  });

  it('in giveaway the search beats the greedy player too', async () => {
    const result = await playMatch({
      variant: 'giveaway',
      a: { kind: 'search', nodes: 2000 },
      b: { kind: 'greedy' },
      games: 6,
      think: inProcess,
      seed: 4,
    });
    expect(result.wins).toBeGreaterThanOrEqual(5);
  });
});
