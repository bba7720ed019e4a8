import { GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { startPosition, VARIANTS } from '../../src/engine/index.js';
import { paintBoard } from '../../src/render/board-canvas.js';
import { clearSpriteCaches } from '../../src/render/paint-caches.js';
import { registerRenderFonts } from '../../src/render/primitives/canvas.js';
import { BOLD_FONT, fontCoverage, REGULAR_FONT } from '../../src/render/fonts.js';
import { renderUncached } from '../../src/render/index.js';
import { normaliseCaption, normaliseOptions } from '../../src/render/options.js';
import { encodeOpaquePng } from '../../src/render/png.js';
import { fen } from '../support/engine-helpers.js';
import { decodePng } from '../support/png.js';

describe('PNG encoding', () => {
  it('writes RGB PNGs that decoders read back pixel for pixel', () => {
    const width = 37;
    const height = 23;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.set([(i * 7) & 255, (i * 13) & 255, (i * 29) & 255, 255], i * 4);
    }
    const image = decodePng(encodeOpaquePng(rgba, width, height));
    expect([image.width, image.height]).toEqual([width, height]);
    for (let i = 0; i < width * height; i++) {
      const pixel = image.at(i % width, Math.floor(i / width));
      expect([pixel.r, pixel.g, pixel.b]).toEqual([(i * 7) & 255, (i * 13) & 255, (i * 29) & 255]);
    }
  });

  it('refuses a buffer too small for the size', () => {
    expect(() => encodeOpaquePng(new Uint8Array(10), 4, 4)).toThrow(/cannot hold/);
  });
});

describe('fonts', () => {
  it('registers the shipped fonts under private family names', () => {
    registerRenderFonts();
    expect(GlobalFonts.has(REGULAR_FONT.family)).toBe(true);
    expect(GlobalFonts.has(BOLD_FONT.family)).toBe(true);
  });

  it('covers Latin and Cyrillic, and caption text drops what the fonts cannot draw', () => {
    for (const font of [REGULAR_FONT, BOLD_FONT]) {
      const coverage = fontCoverage(font);
      for (const character of 'AaZz09Бб ЖжЯяЁё—…')
        expect(coverage.has(character.codePointAt(0)!)).toBe(true);
      expect(coverage.has(0x1f389)).toBe(false); // 🎉
      expect(coverage.has(0x4e2d)).toBe(false); // 中
    }
    expect(fontCoverage(REGULAR_FONT).filter('Иван 🎉 wins 中')).toBe('Иван wins');
  });
});

describe('determinism and speed-ups', () => {
  const middlegame = fen('W:We3(010/00),Kd4,c5(01/1):Bc7(00100/01000),h8,Kg7,f6(10/0)');

  it('renders the same bytes every time, with cold or warm sprite caches', () => {
    const options = { size: 400, lastMove: { from: 22, path: [13], captures: [] } };
    const warm = renderUncached('board', middlegame, options);
    clearSpriteCaches();
    const cold = renderUncached('board', middlegame, options);
    expect(cold.equals(warm)).toBe(true);
    expect(renderUncached('board', middlegame, options).equals(warm)).toBe(true);
  });

  it('reads back only the touched cells, with the same result as reading every pixel', () => {
    const cases = [
      { position: startPosition('bashni'), options: { size: 360 } },
      {
        position: middlegame,
        options: {
          size: 517,
          theme: 'contrast' as const,
          orientation: 'black' as const,
          lastMove: { from: 0, path: [18, 4, 31], captures: [9, 13, 27] },
          selected: { square: 13, targets: [20, 27, 29] },
        },
      },
      {
        // A route that is not along diagonals (only a hand-made move can be one).
        position: startPosition('laska'),
        options: {
          size: 333,
          coordinates: false,
          lastMove: { from: 0, path: [2, 16], captures: [] },
        },
      },
      {
        // A half-count variant: the tally strip beside the board is painted on every render.
        position: startPosition('adiyukh'),
        options: {
          size: 411,
          orientation: 'black' as const,
          lastMove: { from: 9, path: [13], captures: [] },
        },
      },
    ];
    for (const { position, options } of cases) {
      const variant = VARIANTS[position.variant];
      const normalised = normaliseOptions(variant, options);
      const caption = normaliseCaption({ title: 'Задача', text: 'White to play' });
      for (const withCaption of [undefined, caption]) {
        const partial = decodePng(paintBoard(position, variant, normalised, withCaption));
        const full = decodePng(paintBoard(position, variant, normalised, withCaption, true));
        expect(partial.data.equals(full.data)).toBe(true);
      }
    }
  });
});
