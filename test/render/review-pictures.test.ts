/**
 * A review's pictures: the evaluation graph's pixels where its plot says (the 50 % line, the
 * dots in their colours), refused input, the render pool, and the board's "better move" arrow.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseMove, startPosition } from '../../src/engine/index.js';
import { BLUNDER_COLOR, evalGraphPlot, MISTAKE_COLOR } from '../../src/render/eval-graph-canvas.js';
import { normaliseEvalGraph } from '../../src/render/eval-graph-options.js';
import {
  renderPicture,
  renderUncached,
  RenderPool,
  type EvalGraphPicture,
} from '../../src/render/index.js';
import { prepareRender } from '../../src/render/options.js';
import { decodePng, distance } from '../support/png.js';
import { refusal } from '../support/render-helpers.js';

const graph: EvalGraphPicture = {
  title: 'Alice – Boris',
  axis: 'White’s chances',
  chances: [0.5, 0.6, 0.2, 0.25, 0.9, 0.85],
  marks: [
    { at: 2, kind: 'mistake' },
    { at: 4, kind: 'blunder' },
  ],
  ticks: [{ at: 2, label: '2' }],
  footer: 'orange: 1 mistake · red: 1 blunder',
};

describe('the evaluation graph', () => {
  const image = decodePng(renderPicture('eval-graph', graph));
  const plot = evalGraphPlot(normaliseEvalGraph(graph));

  it('is 640 x 320 with dots in the mistake and blunder colours where the chances are', () => {
    expect([image.width, image.height]).toEqual([640, 320]);
    const at = (i: number) =>
      image.at(Math.round(plot.xOf(i)), Math.round(plot.yOf(graph.chances[i]!)));
    expect(distance(at(2), MISTAKE_COLOR)).toBeLessThanOrEqual(12);
    expect(distance(at(4), BLUNDER_COLOR)).toBeLessThanOrEqual(12);
    // An unmarked point is neither.
    expect(distance(at(1), MISTAKE_COLOR)).toBeGreaterThan(30);
    expect(distance(at(1), BLUNDER_COLOR)).toBeGreaterThan(30);
  });

  it('refuses what it cannot draw', () => {
    const bad: [string, unknown][] = [
      ['no positions', { ...graph, chances: [] }],
      ['a chance above 1', { ...graph, chances: [0.5, 1.2] }],
      ['a mark off the graph', { ...graph, marks: [{ at: 6, kind: 'blunder' }] }],
      ['a mark of another kind', { ...graph, marks: [{ at: 1, kind: 'brilliant' }] }],
      ['a title that is not text', { ...graph, title: 7 }],
    ];
    for (const [why, picture] of bad) {
      expect(
        refusal(() => renderPicture('eval-graph', picture as EvalGraphPicture)).code,
        why,
      ).toBe('bad-eval-graph');
    }
  });

  const pool = new RenderPool({ size: 1 });
  afterAll(() => pool.close());

  it('is drawn on the render pool the same as on this thread', async () => {
    const drawn = await pool.render('eval-graph', graph, { theme: 'contrast' });
    expect(drawn.equals(renderPicture('eval-graph', graph, { theme: 'contrast' }))).toBe(true);
  });
});

describe('the better move on a board (hint)', () => {
  const position = startPosition('bashni');
  const move = (text: string) => {
    const parsed = parseMove(position, text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };

  it('changes the picture and its cache key, and leaves boards without one as they were', () => {
    const plain = prepareRender(position, { lastMove: move('a3-b4') }).key;
    const hinted = prepareRender(position, { lastMove: move('a3-b4'), hint: move('c3-d4') }).key;
    expect(hinted).not.toBe(plain);
    expect(hinted.startsWith(plain)).toBe(true);
    const a = renderUncached('board', position, { size: 360, lastMove: move('a3-b4') });
    const b = renderUncached('board', position, {
      size: 360,
      lastMove: move('a3-b4'),
      hint: move('c3-d4'),
    });
    expect(a.equals(b)).toBe(false);
  });

  it('refuses a hint off the board', () => {
    expect(
      refusal(() =>
        renderUncached('board', position, { hint: { from: 99, path: [1], captures: [] } }),
      ).code,
    ).toBe('bad-last-move');
  });
});
