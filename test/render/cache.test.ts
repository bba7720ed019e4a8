import { describe, expect, it } from 'vitest';
import { parseMove, startPosition } from '../../src/engine/index.js';
import {
  BoardRenderer,
  clearRenderCache,
  renderPicture,
  renderCacheStats,
} from '../../src/render/index.js';

describe('render cache', () => {
  it('draws an unchanged board once and serves it from the cache after that', () => {
    const renderer = new BoardRenderer();
    const start = startPosition('bashni');
    const first = renderer.render('board', start, { size: 300 });
    expect(renderer.stats()).toMatchObject({ hits: 0, misses: 1, entries: 1 });
    const second = renderer.render('board', start, { size: 300 });
    expect(second).toBe(first);
    expect(renderer.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
    expect(renderer.stats().bytes).toBe(first.length);
  });

  it('keys by the position and every option, defaults filled in', () => {
    const renderer = new BoardRenderer();
    const start = startPosition('bashni');
    renderer.render('board', start, {});
    renderer.render('board', start, {
      size: 720,
      orientation: 'white',
      theme: 'wood',
      coordinates: true,
    });
    expect(renderer.stats()).toMatchObject({ hits: 1, misses: 1 });
    const move = parseMove(start, 'c3-d4');
    if (!move.ok) throw new Error(move.error.message);
    renderer.render('board', start, { lastMove: move.value });
    renderer.render('board', start, { orientation: 'black' });
    renderer.render('board', start, { theme: 'contrast' });
    renderer.render('board', start, { coordinates: false });
    renderer.render('board', start, { selected: { square: 9, targets: [12, 13] } });
    // The same targets in another order are the same picture.
    renderer.render('board', start, { selected: { square: 9, targets: [13, 12, 13] } });
    renderer.render('board', start, {}, { title: 'A', text: '' });
    renderer.render('board', start, {}, { title: 'A', text: 'b' });
    expect(renderer.stats()).toMatchObject({ hits: 2, misses: 8, entries: 8 });
  });

  it('shares an image between positions that differ only in the side to move (it is not drawn)', () => {
    const renderer = new BoardRenderer();
    const start = startPosition('bashni');
    renderer.render('board', start, { size: 300 });
    renderer.render('board', { ...start, turn: 1 }, { size: 300 });
    expect(renderer.stats().hits).toBe(1);
  });

  it('evicts the oldest images beyond its limits', () => {
    const renderer = new BoardRenderer({ maxEntries: 2 });
    const start = startPosition('bashni');
    for (const size of [300, 301, 302]) renderer.render('board', start, { size });
    expect(renderer.stats().entries).toBe(2);
    renderer.render('board', start, { size: 300 });
    expect(renderer.stats()).toMatchObject({ hits: 0, misses: 4 });
  });

  it('exposes the shared cache of renderBoard', () => {
    clearRenderCache();
    const start = startPosition('laska');
    renderPicture('board', start, { size: 250 });
    renderPicture('board', start, { size: 250 });
    expect(renderCacheStats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
    clearRenderCache();
    expect(renderCacheStats()).toEqual({ hits: 0, misses: 0, entries: 0, bytes: 0 });
  });
});
