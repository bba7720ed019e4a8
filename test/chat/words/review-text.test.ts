import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload } from '../../../src/chat/buttons/button-payload.js';
import {
  evalGraphData,
  MAX_CAPTION,
  momentBoard,
  momentCaption,
  momentLabel,
  momentLine,
  reviewButtons,
  reviewSummary,
} from '../../../src/chat/words/review-text.js';
import type { GameReview, ReviewedPly } from '../../../src/game/service.js';
import { en } from '../../../src/i18n/en.js';
import { ru } from '../../../src/i18n/ru.js';
import { makeGame } from '../../support/game-fixtures.js';

const MOVES = ['c3-d4', 'f6-g5', 'g3-f4', 'g5:e3', 'f2:d4'];

/** A review of MOVES where ply `i` costs `drops[i]` (marked by the thresholds). */
function review(drops: readonly number[], moves = MOVES): GameReview {
  const plies: ReviewedPly[] = moves.map((move, ply) => {
    const drop = drops[ply] ?? 0;
    const verdict = drop >= 0.3 ? 'blunder' : drop >= 0.15 ? 'mistake' : undefined;
    return {
      ply,
      moveNumber: Math.floor(ply / 2) + 1,
      continues: ply % 2 === 1,
      side: ply % 2 === 0 ? 'white' : 'black',
      move,
      loss: 0,
      before: 0.62,
      after: 0.18,
      best: ply === 1 ? 'f6-e5' : 'g3-h4',
      line: ['c3-b4', 'b6-a5', 'g3-h4', 'a5:c3', 'd2:b4', 'f6-g5', 'h4:f6'],
      drop,
      forced: false,
      ...(verdict === undefined ? {} : { verdict }),
    };
  });
  return {
    version: 1,
    gameId: 'g1',
    variant: 'bashni',
    plyCount: moves.length,
    startFen: 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8',
    chances: [0.5, ...plies.map((p) => p.after)],
    plies,
    moments: plies.filter((p) => p.verdict !== undefined).map((p) => p.ply),
    white: { mistakes: 0, blunders: 1, accuracy: 88 },
    black: { mistakes: 1, blunders: 0, accuracy: 94 },
  };
}

const GAME = makeGame('g1', {
  moves: MOVES,
  status: 'finished',
  result: { winner: 'black', reason: 'resignation' },
});

describe('review texts', () => {
  it('writes a moment as "14… f6:d4?? — blunder: White’s chances 62 % → 18 %. Better …"', () => {
    const r = review([0, 0.2, 0.4]);
    expect(momentLabel(r.plies[1]!)).toBe('1… f6-g5?');
    expect(momentLabel(r.plies[2]!)).toBe('2. g3-f4??');
    expect(momentLine(en, r.plies[2]!)).toBe(
      '2. g3-f4?? — blunder: White’s chances 62 % → 18 %. Better g3-h4: c3-b4 b6-a5 g3-h4 a5:c3 d2:b4 f6-g5 …',
    );
    expect(momentLine(ru, r.plies[1]!)).toContain('ошибка: шансы белых 62 % → 18 %. Лучше f6-e5');
  });

  it('sums up the sides and lists the moments in the order of the game', () => {
    const text = reviewSummary(en, review([0, 0.2, 0.4]), GAME);
    expect(text.split('\n')).toEqual([
      '🔍 Review: Alice – Борис, 0-1',
      '⚪ Alice: 0 mistakes, 1 blunder, accuracy 88 %',
      '⚫ Борис: 1 mistake, 0 blunders, accuracy 94 %',
      '',
      expect.stringMatching(/^1… f6-g5\? — mistake/),
      expect.stringMatching(/^2\. g3-f4\?\? — blunder/),
    ]);
    expect(reviewSummary(en, review([]), GAME)).toContain(en.review.noMoments);
  });

  it('keeps within a Telegram caption: the costliest moments first when not all fit', () => {
    const many = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'c3-d4' : 'f6-g5'));
    const drops = many.map((_, i) => 0.15 + (i % 7) * 0.05);
    const text = reviewSummary(en, review(drops, many), makeGame('g1', { moves: many }));
    expect(text.length).toBeLessThanOrEqual(MAX_CAPTION);
    const lines = text.split('\n');
    expect(lines[4]).toMatch(/^The \d+ costliest of 40 moments:$/);
    const shown = lines.slice(5).map((line) => /— (mistake|blunder)/.test(line));
    expect(shown.every(Boolean)).toBe(true);
    // The first shown costs the most (0.45: i % 7 === 6).
    expect(lines[5]).toMatch(/^4\. c3-d4\?\?/);
    expect(momentCaption(en, review(drops, many), GAME, 3).length).toBeLessThanOrEqual(MAX_CAPTION);
  });

  it('steps: ▶ from the graph, ◀ 📈 ▶ between moments, no ▶ after the last', () => {
    const r = review([0, 0.2, 0.4]);
    const labels = (moment?: number) => reviewButtons(en, r, moment).map((b) => b.label);
    expect(labels()).toEqual(['▶']);
    expect(labels(0)).toEqual(['◀', '📈 Graph', '▶']);
    expect(labels(1)).toEqual(['◀', '📈 Graph']);
    expect(reviewButtons(en, review([]))).toEqual([]);
    for (const button of reviewButtons(en, r, 0)) {
      expect(decodePayload(encodePayload(button.payload))).toEqual(button.payload);
    }
    expect(reviewButtons(en, r, 0)[0]!.payload).toEqual({ kind: 'review', gameId: 'g1', ply: 5 });
  });

  it('gives the graph its chances, dots and move numbers, and a moment its board', () => {
    const r = review([0, 0.2, 0.4]);
    const graph = evalGraphData(en, r, GAME);
    expect(graph.chances).toHaveLength(6);
    expect(graph.marks).toEqual([
      { at: 2, kind: 'mistake' },
      { at: 3, kind: 'blunder' },
    ]);
    expect(graph.footer).toBe('orange: 1 mistake · red: 1 blunder');
    // Move numbers under the axis however short the game: each move of these three.
    expect(graph.ticks).toEqual([
      { at: 0, label: '1' },
      { at: 2, label: '2' },
      { at: 4, label: '3' },
    ]);
    // A long game: move 1 and round numbers, about ten at most, each once.
    const long = Array.from({ length: 120 }, (_, i) => MOVES[i % MOVES.length]!);
    const labels = evalGraphData(en, review([], long), GAME).ticks.map((tick) => tick.label);
    expect(labels).toEqual(['1', '10', '20', '30', '40', '50', '60']);
    const board = momentBoard(en, r, 1);
    // The position before 2. g3-f4, the move played and the better one.
    expect(board.position.turn).toBe(0);
    expect(board.played.path).toHaveLength(1);
    expect(board.better).not.toBeNull();
    expect(board.caption.title).toBe('2. g3-f4?? — blunder');
  });
});
