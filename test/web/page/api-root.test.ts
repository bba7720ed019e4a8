import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../../src/web/page/api-root.js';

describe('apiRoot', () => {
  it('is the page path without its /board', () => {
    expect(apiRoot('/board')).toBe('');
    expect(apiRoot('/board/')).toBe('');
    expect(apiRoot('/board/index.html')).toBe('');
    expect(apiRoot('/bashni/board')).toBe('/bashni');
    expect(apiRoot('/a/b/board/')).toBe('/a/b');
  });

  it('keeps a prefix that merely contains "board"', () => {
    expect(apiRoot('/boards/board')).toBe('/boards');
    expect(apiRoot('/board/x/board')).toBe('/board/x');
  });
});
