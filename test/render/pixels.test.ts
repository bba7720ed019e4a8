/**
 * Decodes rendered PNGs and checks pixels where layout.ts says things are. Most checks use the
 * high-contrast theme, whose squares are flat colours, so expected colours can be exact.
 */
import { describe, expect, it } from 'vitest';
import {
  parseMove,
  applyMove,
  squareIndex,
  startPosition,
  VARIANTS,
  type Position,
} from '../../src/engine/index.js';
import { renderUncached, type RenderOptions } from '../../src/render/index.js';
import {
  boardLayout,
  captionLayout,
  crownProbe,
  markerMetrics,
  squareRect,
  stackProfile,
  tallyLayout,
  topCrown,
  type BoardLayout,
  type Rect,
} from '../../src/render/layout.js';
import { THEMES } from '../../src/render/themes.js';
import { fen } from '../support/engine-helpers.js';
import {
  blend,
  decodePng,
  distance,
  isGold,
  luminance,
  type DecodedImage,
} from '../support/png.js';
import { item } from '../support/present.js';

const contrast = THEMES.contrast;
const wood = THEMES.wood;

function render(position: Position, options: RenderOptions) {
  const size = options.size ?? 720;
  const variant = VARIANTS[position.variant];
  const layout = boardLayout(
    size,
    variant.geometry,
    options.orientation ?? 'white',
    options.coordinates ?? true,
    variant.outcome === 'half-count',
  );
  const image = decodePng(renderUncached('board', position, options));
  // Any square, light ones too: files and ranks straight from the name.
  const rectOf = (name: string): Rect =>
    squareRect(layout, name.charCodeAt(0) - 97, Number(name.slice(1)) - 1);
  return { image, layout, rectOf };
}

/** A point near a square's top-left corner, clear of any pile. */
function corner(rect: Rect): [number, number] {
  return [rect.x + 3, rect.y + 3];
}

/**
 * Where to read the i-th disc (from the bottom) of the stack on a square: a little left of the
 * centre line, where the disc's edges lie 0.866 radiusY below the disc's centres. `y` is in the
 * upper part of its side band (clear of the outline and of a king's gold ring), `middleY` in
 * the middle of the band (on the ring of a king).
 */
function discPoint(
  position: Position,
  layout: BoardLayout,
  rect: Rect,
  square: string,
  index: number,
) {
  const geometry = VARIANTS[position.variant].geometry;
  const stack = position.stacks[squareIndex(geometry, square)]!;
  const profile = stackProfile(stack, layout.squareSize);
  const disc = item(profile.discs, index, 'profile.discs');
  const t = disc.bottom - disc.top;
  const edge = profile.radiusY * Math.sqrt(1 - 0.5 ** 2);
  return {
    x: rect.x + profile.centerX - profile.radiusX * 0.5,
    y: rect.y + disc.top + edge + t * 0.22,
    middleY: rect.y + (disc.top + disc.bottom) / 2 + edge,
    profile,
  };
}

describe('squares', () => {
  it('paints dark and light squares in the theme colours (contrast theme: exact)', () => {
    const { image, rectOf } = render(startPosition('bashni'), { theme: 'contrast' });
    // d4 and e5 are empty dark squares, d5 and e4 empty light ones.
    for (const name of ['d4', 'e5']) {
      expect(distance(image.at(...corner(rectOf(name))), contrast.darkSquare)).toBeLessThanOrEqual(
        1,
      );
    }
    for (const name of ['d5', 'e4']) {
      expect(distance(image.at(...corner(rectOf(name))), contrast.lightSquare)).toBeLessThanOrEqual(
        1,
      );
    }
  });

  it('paints the wood board in warm light and dark wood, the grain staying close to the base', () => {
    const { image, rectOf } = render(startPosition('bashni'), { theme: 'wood' });
    for (const name of ['d4', 'f4', 'c5']) {
      const rect = rectOf(name);
      for (let dx = 2; dx < rect.width; dx += 7) {
        expect(distance(image.at(rect.x + dx, rect.y + 4), wood.darkSquare)).toBeLessThan(40);
      }
    }
    const light = image.at(...corner(rectOf('d5')));
    expect(distance(light, wood.lightSquare)).toBeLessThan(40);
    expect(light.r).toBeGreaterThan(light.b + 40); // warm, not grey
  });

  it('draws a 7x7 board for Laska', () => {
    const { image, layout, rectOf } = render(startPosition('laska'), {
      theme: 'contrast',
      size: 630,
    });
    expect([layout.columns, layout.rows]).toEqual([7, 7]);
    expect(image.width).toBe(630);
    expect(distance(image.at(...corner(rectOf('d4'))), contrast.darkSquare)).toBeLessThanOrEqual(1);
    const g7 = rectOf('g7');
    expect(g7.x + g7.width).toBe(layout.left + 7 * layout.squareSize);
  });
});

describe('stack profiles', () => {
  // f4: White on top (top first: man, king, man, king) over two black men. b6: two black men
  // over a white king. h2: a lone black king.
  const position = fen('B:Wa1,c3,Kd8,f4(0101/00):Bb6(00/1),e7,Kh2');

  it('shows every disc of a stack in its colour, bottom to top', () => {
    // Large enough for a few clean pixels between a disc's edge and its king ring.
    const { image, layout, rectOf } = render(position, { theme: 'contrast', size: 1200 });
    const expected = [1, 1, 0, 0, 0, 0]; // bottom first
    expected.forEach((color, i) => {
      const point = discPoint(position, layout, rectOf('f4'), 'f4', i);
      const pixel = image.at(point.x, point.y);
      const side = item(contrast.pieces, color, 'contrast.pieces').sideLight;
      expect(distance(pixel, side), `disc ${i} of f4`).toBeLessThanOrEqual(2);
    });
  });

  it('tells white from black discs by luminance alone (wood theme)', () => {
    const { image, layout, rectOf } = render(position, { theme: 'wood' });
    const bottom = discPoint(position, layout, rectOf('f4'), 'f4', 0);
    const top = discPoint(position, layout, rectOf('f4'), 'f4', 5);
    expect(luminance(image.at(bottom.x, bottom.middleY))).toBeLessThan(0.1);
    expect(luminance(image.at(top.x, top.middleY))).toBeGreaterThan(0.7);
  });

  it('rings buried kings in gold and crowns a king on top', () => {
    const { image, layout, rectOf } = render(position, { theme: 'contrast' });
    const f4 = rectOf('f4');
    // Bottom first: b, b, W(king), w, W(king), w.
    const stripes = [0, 1, 2, 3, 4, 5].map((i) => {
      const point = discPoint(position, layout, f4, 'f4', i);
      return isGold(image.at(point.x, point.middleY));
    });
    expect(stripes).toEqual([false, false, true, false, true, false]);
    // b6: black, black over a white king at the bottom.
    const b6 = discPoint(position, layout, rectOf('b6'), 'b6', 0);
    expect(isGold(image.at(b6.x, b6.middleY))).toBe(true);
    // The lone kings on d8 and h2 wear a crown; the men on c3 and e7 do not.
    for (const [name, crowned] of [
      ['d8', true],
      ['h2', true],
      ['c3', false],
      ['e7', false],
    ] as const) {
      const rect = rectOf(name);
      const stack = position.stacks[squareIndex(VARIANTS.bashni.geometry, name)]!;
      const probe = crownProbe(topCrown(stackProfile(stack, layout.squareSize)));
      expect(isGold(image.at(rect.x + probe.x, rect.y + probe.y)), name).toBe(crowned);
    }
  });

  it('compresses a 24-piece stack, keeps both runs visible and prints its height', () => {
    const tall = fen('W:Wc3(000000000000/000000000000):B');
    const { image, layout, rectOf } = render(tall, { theme: 'contrast', size: 360 });
    const rect = rectOf('c3');
    const profile = stackProfile(
      tall.stacks[squareIndex(VARIANTS.bashni.geometry, 'c3')]!,
      layout.squareSize,
    );
    expect(profile.compressed).toBe(true);
    const black = item(profile.runs, 0, 'runs');
    const white = item(profile.runs, 1, 'runs');
    const x = rect.x + profile.centerX - profile.radiusX * 0.75;
    const colorAt = (run: typeof black) =>
      image.at(x, rect.y + (run.top + run.bottom) / 2 + profile.radiusY);
    expect(luminance(colorAt(black))).toBeLessThan(0.1);
    expect(luminance(colorAt(white))).toBeGreaterThan(0.6);
    const badge = profile.badge!;
    const fill = image.at(
      rect.x + badge.rect.x + badge.fontSize * 0.2,
      rect.y + badge.rect.y + badge.rect.height / 2,
    );
    expect(distance(fill, contrast.badgeFill)).toBeLessThanOrEqual(2);
    // The digits: bright pixels inside the dark badge.
    let ink = 0;
    for (let y = badge.rect.y + 2; y < badge.rect.y + badge.rect.height - 2; y++) {
      for (let dx = badge.rect.x + 3; dx < badge.rect.x + badge.rect.width - 3; dx++) {
        if (luminance(image.at(rect.x + dx, rect.y + y)) > 0.5) ink++;
      }
    }
    expect(ink).toBeGreaterThan(15);
  });
});

describe('orientation', () => {
  function bottomLeftPile(image: DecodedImage, layout: BoardLayout) {
    const rect = squareRect(layout, layout.flipped ? 7 : 0, layout.flipped ? 7 : 0);
    const profile = stackProfile({ height: 1, colors: 0, kings: 0 }, layout.squareSize);
    return image.at(
      rect.x + profile.centerX - profile.radiusX * 0.5,
      rect.y + item(profile.discs, 0, 'profile.discs').top + profile.radiusY + 4,
    );
  }

  it('puts White at the bottom by default and Black when asked', () => {
    const start = startPosition('bashni');
    const white = render(start, { theme: 'wood' });
    const black = render(start, { theme: 'wood', orientation: 'black' });
    expect(luminance(bottomLeftPile(white.image, white.layout))).toBeGreaterThan(0.6); // a1
    expect(luminance(bottomLeftPile(black.image, black.layout))).toBeLessThan(0.1); // h8
    // The empty middle is the same picture either way round: the flip is a 180° turn.
    const d4 = white.rectOf('d4');
    const e5 = black.rectOf('e5');
    expect(black.layout.flipped).toBe(true);
    expect(e5).toEqual(d4);
  });
});

describe('half-count tally', () => {
  /** The fill of a badge: left of its digits, on its middle line. */
  function badgeFill(image: DecodedImage, rect: Rect) {
    return image.at(rect.x + rect.height * 0.45, rect.y + rect.height / 2);
  }

  it('draws each half’s count in its scorer’s colour beside it, and a line at the middle', () => {
    // White scores e5 (3) + h6 + d6 + b8 = 6 on ranks 5-8; Black scores c3 + f4 (3) = 4.
    const position = fen('W:Wc3,e5(00/1),Kh6:Bd6,f4(00/0),b8', 'adiyukh');
    for (const orientation of ['white', 'black'] as const) {
      const image = decodePng(
        renderUncached('board', position, { theme: 'contrast', orientation }),
      );
      const layout = boardLayout(720, 8, orientation, true, true);
      const tally = tallyLayout(layout, [6, 4]);
      const [upper, lower] = tally.badges;
      expect([upper.text, lower.text]).toEqual(orientation === 'white' ? ['6', '4'] : ['4', '6']);
      expect(
        distance(badgeFill(image, upper.rect), contrast.pieces[upper.color].faceLight),
      ).toBeLessThanOrEqual(2);
      expect(
        distance(badgeFill(image, lower.rect), contrast.pieces[lower.color].faceLight),
      ).toBeLessThanOrEqual(2);
      expect(luminance(badgeFill(image, upper.rect)) > 0.5).toBe(orientation === 'white');
      // The digits are printed in the badge's text colour.
      const { rect, color } = upper;
      let ink = 0;
      for (let x = rect.x; x < rect.x + rect.width; x++) {
        const pixel = image.at(x, rect.y + rect.height / 2);
        if (distance(pixel, contrast.pieces[color].text) <= 40) ink++;
      }
      expect(ink).toBeGreaterThan(2);
      // The middle line: dark across an empty light square (a4/h5 side), light across the strip.
      const line = tally.boardLine;
      const lightSquare = squareRect(layout, orientation === 'white' ? 1 : 6, 3); // b4 or g4
      expect(
        distance(image.at(lightSquare.x + 3, line.y - 0.5), contrast.frameEdge),
      ).toBeLessThanOrEqual(30);
      expect(
        distance(image.at(lightSquare.x + 3, line.y - 6), contrast.lightSquare),
      ).toBeLessThanOrEqual(1);
      expect(
        distance(image.at(tally.stripLine.x2 - 3, line.y - 0.5), contrast.coordinates),
      ).toBeLessThanOrEqual(30);
    }
  });

  it('draws no tally and keeps the board centred for variants not scored by the half count', () => {
    const image = decodePng(
      renderUncached('board', startPosition('bashni'), { theme: 'contrast' }),
    );
    const layout = boardLayout(720, 8, 'white', true);
    expect(layout.left).toBe(layout.top);
    // The frame right of the board is plain frame colour at the middle height.
    const y = layout.top + 4 * layout.squareSize;
    for (let x = layout.left + 8 * layout.squareSize + 6; x < 714; x += 3)
      expect(distance(image.at(x, y), contrast.frame)).toBeLessThanOrEqual(1);
  });
});

describe('markers', () => {
  const before = fen('W:Wc3,e1:Bd4,f6(0/0),b6');
  const moved = (() => {
    const move = parseMove(before, 'c3:e5:g7');
    if (!move.ok) throw new Error(move.error.message);
    return { move: move.value, after: applyMove(before, move.value) };
  })();

  it('tints the origin and destination of the last move and frames the jumped squares', () => {
    const { move, after } = moved;
    const { image, layout, rectOf } = render(after, { theme: 'contrast', lastMove: move });
    const tint = blend(contrast.darkSquare, contrast.lastMoveTint);
    expect(distance(image.at(...corner(rectOf('c3'))), tint)).toBeLessThanOrEqual(2);
    expect(distance(image.at(...corner(rectOf('g7'))), tint)).toBeLessThanOrEqual(2);
    const landing = blend(contrast.darkSquare, contrast.lastMovePathTint);
    expect(distance(image.at(...corner(rectOf('e5'))), landing)).toBeLessThanOrEqual(2);
    const metrics = markerMetrics(layout.squareSize);
    for (const name of ['d4', 'f6']) {
      const rect = rectOf(name);
      const onDash = image.at(
        rect.x + metrics.jumpedInset + metrics.jumpedDash[0] / 2,
        rect.y + metrics.jumpedInset,
      );
      expect(distance(onDash, contrast.jumped), name).toBeLessThanOrEqual(3);
    }
    // An untouched dark square keeps its colour.
    expect(distance(image.at(...corner(rectOf('a5'))), contrast.darkSquare)).toBeLessThanOrEqual(1);
  });

  it('marks the same squares in the wood theme, in warm tints', () => {
    const { move, after } = moved;
    const plain = render(after, { theme: 'wood' });
    const marked = render(after, { theme: 'wood', lastMove: move });
    const [x, y] = corner(plain.rectOf('c3'));
    const a = plain.image.at(x, y);
    const b = marked.image.at(x, y);
    expect(distance(a, b)).toBeGreaterThan(40);
    expect(b.r + b.g).toBeGreaterThan(a.r + a.g); // lighter, yellower
  });

  it('frames a selected stack and dots its targets', () => {
    const start = startPosition('bashni');
    const c3 = squareIndex(VARIANTS.bashni.geometry, 'c3');
    const targets = ['b4', 'd4'].map((name) => squareIndex(VARIANTS.bashni.geometry, name));
    const { image, layout, rectOf } = render(start, {
      theme: 'contrast',
      selected: { square: c3, targets },
    });
    const metrics = markerMetrics(layout.squareSize);
    const rect = rectOf('c3');
    const middle = metrics.selectedInset + metrics.selectedWidth / 2;
    const onFrame = image.at(rect.x + middle, rect.y + middle);
    expect(distance(onFrame, contrast.selected)).toBeLessThanOrEqual(2);
    const dot = blend(contrast.darkSquare, contrast.target);
    for (const name of ['b4', 'd4']) {
      const target = rectOf(name);
      expect(
        distance(image.at(target.x + target.width / 2, target.y + target.height / 2), dot),
      ).toBeLessThanOrEqual(2);
    }
    expect(distance(image.at(...corner(rectOf('f4'))), contrast.darkSquare)).toBeLessThanOrEqual(1);
  });
});

describe('captioned boards', () => {
  it('adds a caption band under the board, Russian title included', async () => {
    const { renderPicture } = await import('../../src/render/index.js');
    const png = renderPicture(
      'board',
      startPosition('bashni'),
      { size: 480, theme: 'contrast' },
      { title: 'Белые начинают и выигрывают', text: 'White to play and win' },
    );
    const image = decodePng(png);
    const caption = captionLayout(480);
    expect(image.width).toBe(480);
    expect(image.height).toBe(480 + caption.band.height);
    const band = caption.band;
    expect(
      distance(image.at(2, band.y + band.height - 2), contrast.captionBackground),
    ).toBeLessThanOrEqual(1);
    // Title glyphs: bright pixels along the title line.
    let ink = 0;
    const row = Math.round(caption.titleY);
    for (let x = 0; x < 480; x++) if (luminance(image.at(x, row)) > 0.5) ink++;
    expect(ink).toBeGreaterThan(30);
  });
});
