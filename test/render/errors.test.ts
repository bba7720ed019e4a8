import { describe, expect, it } from 'vitest';
import { startPosition, type Position } from '../../src/engine/index.js';
import {
  RenderError,
  renderPicture,
  type RenderErrorCode,
  type RenderOptions,
} from '../../src/render/index.js';

function refusal(render: () => unknown): RenderError {
  try {
    render();
  } catch (error) {
    expect(error).toBeInstanceOf(RenderError);
    return error as RenderError;
  }
  throw new Error('expected a RenderError');
}

const start = startPosition('bashni');

describe('bad input', () => {
  it.each<[string, Position, RenderErrorCode]>([
    ['a variant that does not exist', { ...start, variant: 'chess' as never }, 'unknown-variant'],
    [
      'a Laska board read as Bashni',
      { ...startPosition('laska'), variant: 'bashni' },
      'bad-position',
    ],
    ['a Bashni board read as Laska', { ...start, variant: 'laska' }, 'bad-position'],
    [
      'a stack of height 0',
      {
        ...start,
        stacks: start.stacks.map((s, i) => (i === 0 ? { height: 0, colors: 0, kings: 0 } : s)),
      },
      'bad-stack',
    ],
    [
      'a stack taller than all the pieces there are',
      {
        ...start,
        stacks: start.stacks.map((s, i) => (i === 0 ? { height: 25, colors: 0, kings: 0 } : s)),
      },
      'bad-stack',
    ],
    [
      'colour bits above the height',
      {
        ...start,
        stacks: start.stacks.map((s, i) => (i === 0 ? { height: 2, colors: 4, kings: 0 } : s)),
      },
      'bad-stack',
    ],
  ])('refuses %s', (_, position, code) => {
    const error = refusal(() => renderPicture('board', position, { size: 300 }));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/^render: /);
  });

  it.each<[string, RenderOptions, RenderErrorCode]>([
    ['a size below 200', { size: 199 }, 'bad-size'],
    ['a size above 2000', { size: 2001 }, 'bad-size'],
    ['a fractional size', { size: 500.5 }, 'bad-size'],
    ['a size that is not a number', { size: Number.NaN }, 'bad-size'],
    ['an unknown theme', { theme: 'neon' as never }, 'unknown-theme'],
    ['an unknown orientation', { orientation: 'left' as never }, 'bad-orientation'],
    ['coordinates that are not a boolean', { coordinates: 'yes' as never }, 'bad-option'],
    [
      'a last move off the board',
      { lastMove: { from: 32, path: [1], captures: [] } },
      'bad-last-move',
    ],
    [
      'a last move without landing squares',
      { lastMove: { from: 9, path: [], captures: [] } },
      'bad-last-move',
    ],
    ['a selection off the board', { selected: { square: -1, targets: [] } }, 'bad-selection'],
    ['a target off the board', { selected: { square: 9, targets: [1.5] } }, 'bad-selection'],
  ])('refuses %s', (_, options, code) => {
    const error = refusal(() => renderPicture('board', start, options));
    expect(error.code).toBe(code);
  });

  it('names the offending value in the message and the context', () => {
    const error = refusal(() => renderPicture('board', start, { size: 5000 }));
    expect(error.message).toContain('5000');
    expect(error.context).toEqual({ size: 5000 });
    expect(error.name).toBe('RenderError');
  });

  it('refuses captions that are not text or far too long', () => {
    expect(
      refusal(() => renderPicture('board', start, {}, { title: 3 as never, text: '' })).code,
    ).toBe('bad-caption');
    expect(
      refusal(() => renderPicture('board', start, {}, { title: 'x'.repeat(301), text: '' })).code,
    ).toBe('bad-caption');
  });
});
