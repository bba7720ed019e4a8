import { describe, expect, it } from 'vitest';
import {
  GameHistory,
  legalMoves,
  makeFen,
  makePdn,
  parsePdn,
  pdnSetup,
  pdnTag,
  replayGame,
  startPosition,
  VARIANT_IDS,
} from '../../src/engine/index.js';
import { fen } from '../support/engine-helpers.js';
import { pick, seededRandom } from '../support/random.js';
import { item } from '../support/present.js';

function randomGame(
  variant: (typeof VARIANT_IDS)[number],
  plies: number,
  seed: number,
): GameHistory {
  const random = seededRandom(seed);
  let history = GameHistory.from(startPosition(variant));
  for (let i = 0; i < plies && history.status().kind === 'ongoing'; i++) {
    history = history.play(pick(legalMoves(history.position), random));
  }
  return history;
}

describe('PDN', () => {
  it('writes the tags and numbered move text', () => {
    const history = randomGame('bashni', 5, 1);
    const text = makePdn({
      start: history.start,
      moves: history.moves,
      result: '*',
      event: 'Friendly "game"',
      date: '2026.11.29',
      white: 'Аня',
      black: 'Bob',
    });
    expect(text).toMatch(
      /^\[Event "Friendly \\"game\\""\]\n\[Date "2026.11.29"\]\n\[White "Аня"\]\n\[Black "Bob"\]\n\[Result "\*"\]\n\[Variant "bashni"\]\n\n1\. /,
    );
    expect(text).not.toContain('[FEN');
    expect(text).toMatch(/ 2\. /);
    expect(text.trimEnd().endsWith('*')).toBe(true);
  });

  it.each(VARIANT_IDS)('round-trips random %s games through text and replay', (variant) => {
    for (let seed = 1; seed <= 10; seed++) {
      const history = randomGame(variant, 80, seed);
      const text = makePdn({ start: history.start, moves: history.moves, result: '*' });
      const parsed = parsePdn(text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(pdnTag(parsed.value, 'variant')).toBe(variant);
      const setup = pdnSetup(parsed.value, 'bashni');
      expect(setup).toEqual({ ok: true, value: { variant, fen: undefined } });
      const replay = replayGame(variant, undefined, parsed.value.moves);
      expect(replay.ok).toBe(true);
      if (replay.ok) expect(replay.value.fen).toBe(makeFen(history.position));
    }
  });

  it('adds a FEN tag and numbers from "1..." when Black starts a set-up position', () => {
    const start = fen('B:Wc3,e3:Bf6');
    const history = GameHistory.from(start).play(item(legalMoves(start), 0));
    const text = makePdn({ start, moves: history.moves, result: '*' });
    expect(text).toContain('[FEN "B:Wc3,e3:Bf6"]');
    expect(text).toContain('1... f6-');
    const parsed = parsePdn(text);
    expect(parsed.ok && pdnSetup(parsed.value, 'bashni')).toEqual({
      ok: true,
      value: { variant: 'bashni', fen: 'B:Wc3,e3:Bf6' },
    });
  });

  it('skips comments, variations, NAGs and move numbers; reads the result', () => {
    const parsed = parsePdn(
      '1. c3-d4 {good} f6-g5 (1... f6-e5) 2.b2-c3 $1 ; a line comment\n g5-h4 1-0',
    );
    expect(parsed).toEqual({
      ok: true,
      value: { tags: [], moves: ['c3-d4', 'f6-g5', 'b2-c3', 'g5-h4'], result: '1-0' },
    });
  });

  it('reports broken records with a code instead of throwing', () => {
    expect(parsePdn('1. c3-d4 {never closed')).toMatchObject({
      ok: false,
      error: { code: 'pdn-comment' },
    });
    expect(parsePdn('1. c3-d4 (f6-g5')).toMatchObject({
      ok: false,
      error: { code: 'pdn-variation' },
    });
    expect(parsePdn('[Event broken]\n1. c3-d4')).toMatchObject({
      ok: false,
      error: { code: 'pdn-tag' },
    });
    const unknown = parsePdn('[Variant "chess"]\n1. e4');
    expect(unknown.ok && pdnSetup(unknown.value, 'bashni')).toMatchObject({
      ok: false,
      error: { code: 'unknown-variant' },
    });
  });
});

describe('replay', () => {
  it('says which move failed, by number, and what was legal', () => {
    const result = replayGame('bashni', undefined, ['c3-d4', 'f6-g5', 'd4-e6']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({
      code: 'no-such-square',
      moveNumber: 2,
      ply: 2,
      moveText: 'd4-e6',
    });
    expect(result.error.message).toMatch(/^move 2\. d4-e6: /);
    expect(result.error.legal).toContain('d4-e5');
  });

  it('refuses moves after the end of the game', () => {
    const result = replayGame('bashni', 'W:Wc3:Bd4', ['c3:e5', 'd4-c3']);
    expect(result).toMatchObject({ ok: false, error: { code: 'game-over', moveNumber: 1 } });
  });

  it('describes the final status', () => {
    const result = replayGame('bashni', 'W:Wc3:Bd4', ['c3:e5']);
    expect(result.ok && result.value.description).toBe('white wins: black has no legal move');
    const ongoing = replayGame('laska', undefined, []);
    expect(ongoing.ok && ongoing.value.description).toBe('white to move');
  });
});
