import { describe, expect, it } from 'vitest';
import { GEOMETRY_10, GEOMETRY_10X8, stackFromPieces, type Piece } from '../../src/engine/index.js';
import {
  BADGE_FROM_HEIGHT,
  boardLayout,
  captionLayout,
  cellIsDark,
  coordinateLabels,
  crownProbe,
  squareRect,
  stackProfile,
  tallyLayout,
  topCrown,
} from '../../src/render/layout.js';
import { item } from '../support/present.js';

const man = (color: 0 | 1): Piece => ({ color, king: false });
const king = (color: 0 | 1): Piece => ({ color, king: true });

/** A stack of `owner` pieces over `prisoners` of the other colour, top first. */
function tower(owner: number, prisoners: number, ownerColor: 0 | 1 = 0) {
  const other = (1 - ownerColor) as 0 | 1;
  return stackFromPieces([
    ...Array.from({ length: owner }, () => man(ownerColor)),
    ...Array.from({ length: prisoners }, () => man(other)),
  ]);
}

describe('board layout', () => {
  it.each([
    [720, 8, true],
    [360, 8, true],
    [200, 8, false],
    [2000, 7, true],
    [503, 7, false],
  ])(
    'size %i, %i squares, coordinates %s: whole-pixel squares inside the image',
    (size, n, coords) => {
      const layout = boardLayout(size, n, 'white', coords);
      expect(Number.isInteger(layout.squareSize)).toBe(true);
      expect(layout.left).toBeGreaterThan(0);
      expect(layout.left + n * layout.squareSize).toBeLessThanOrEqual(size - layout.left + 1);
      // The frame is wide enough for labels when they are on.
      if (coords) expect(layout.left).toBeGreaterThanOrEqual(Math.round(size * 0.05) - 1);
    },
  );

  it('puts a1 bottom-left with White at the bottom and top-right with Black', () => {
    const white = boardLayout(720, 8, 'white', true);
    const black = boardLayout(720, 8, 'black', true);
    const s = white.squareSize;
    expect(squareRect(white, 0, 0)).toEqual({
      x: white.left,
      y: white.top + 7 * s,
      width: s,
      height: s,
    });
    expect(squareRect(black, 0, 0)).toEqual({
      x: black.left + 7 * s,
      y: black.top,
      width: s,
      height: s,
    });
    expect(squareRect(black, 7, 7)).toEqual({
      x: black.left,
      y: black.top + 7 * s,
      width: s,
      height: s,
    });
  });

  it('colours cells so that a1 is dark in both orientations, on 8x8 and 7x7', () => {
    for (const n of [8, 7]) {
      for (const orientation of ['white', 'black'] as const) {
        const layout = boardLayout(600, n, orientation, true);
        const a1 = squareRect(layout, 0, 0);
        const column = (a1.x - layout.left) / layout.squareSize;
        const row = (a1.y - layout.top) / layout.squareSize;
        expect(cellIsDark(layout, column, row)).toBe(true);
        expect(cellIsDark(layout, column === 0 ? 1 : column - 1, row)).toBe(false);
      }
    }
  });

  it('labels files and ranks in screen order, reversed when Black is at the bottom', () => {
    const white = coordinateLabels(boardLayout(720, 8, 'white', true));
    const black = coordinateLabels(boardLayout(720, 8, 'black', true));
    expect(white.files.map((l) => l.text).join('')).toBe('abcdefgh');
    expect(white.ranks.map((l) => l.text).join('')).toBe('87654321');
    expect(black.files.map((l) => l.text).join('')).toBe('hgfedcba');
    expect(black.ranks.map((l) => l.text).join('')).toBe('12345678');
    expect(
      coordinateLabels(boardLayout(720, 7, 'white', true))
        .files.map((l) => l.text)
        .join(''),
    ).toBe('abcdefg');
  });

  it('puts the caption band under the board', () => {
    const caption = captionLayout(720);
    expect(caption.band.y).toBe(720);
    expect(caption.titleY).toBeLessThan(caption.textY);
    expect(caption.band.y + caption.band.height).toBeGreaterThan(
      caption.textY + caption.textFontSize / 2,
    );
  });
});

describe('stack profiles', () => {
  it('stacks discs bottom first, each one directly on the one below', () => {
    const stack = stackFromPieces([man(0), king(0), man(1), king(1)]); // top first
    const profile = stackProfile(stack, 81);
    expect(profile.discs.map((d) => [d.color, d.king])).toEqual([
      [1, true],
      [1, false],
      [0, true],
      [0, false],
    ]);
    for (let i = 1; i < profile.discs.length; i++) {
      expect(item(profile.discs, i, 'profile.discs').bottom).toBeCloseTo(
        item(profile.discs, i - 1, 'profile.discs').top,
        9,
      );
    }
    expect(profile.runs.map((r) => [r.color, r.count])).toEqual([
      [1, 2],
      [0, 2],
    ]);
  });

  it.each([40, 81, 92, 250])('keeps every height from 1 to 24 inside a %i px square', (s) => {
    for (let height = 1; height <= 24; height++) {
      const profile = stackProfile(tower(Math.ceil(height / 2), Math.floor(height / 2)), s);
      const top = item(profile.discs, height - 1, 'profile.discs').top - profile.radiusY;
      const bottom = item(profile.discs, 0, 'profile.discs').bottom + profile.radiusY;
      expect(top).toBeGreaterThanOrEqual(0);
      expect(bottom).toBeLessThanOrEqual(s);
      expect(profile.centerX - profile.radiusX).toBeGreaterThanOrEqual(0);
      for (const disc of profile.discs) expect(disc.bottom - disc.top).toBeGreaterThan(0);
      if (profile.badge !== null) {
        expect(profile.badge.text).toBe(String(height));
        expect(profile.badge.rect.x).toBeGreaterThanOrEqual(0);
        expect(profile.badge.rect.x + profile.badge.rect.width).toBeLessThanOrEqual(s);
      }
    }
  });

  it('draws countable discs of one thickness until they get too thin, then compresses', () => {
    const heights = Array.from({ length: 24 }, (_, i) => i + 1);
    const compressed = heights.map((h) => stackProfile(tower(h, 0), 81).compressed);
    const first = compressed.indexOf(true);
    expect(first).toBeGreaterThan(8); // at 720 px, stacks of up to 10 show every disc
    expect(compressed.slice(first).every(Boolean)).toBe(true);
    for (const h of heights.slice(0, first)) {
      const thickness = stackProfile(tower(h, 0), 81).discs.map((d) => d.bottom - d.top);
      expect(new Set(thickness).size).toBe(1);
      expect(thickness[0]).toBeGreaterThanOrEqual(5);
    }
  });

  it('prints the height from height 5 on and on every compressed stack', () => {
    expect(stackProfile(tower(4, 0), 81).badge).toBeNull();
    expect(stackProfile(tower(3, BADGE_FROM_HEIGHT - 3), 81).badge?.text).toBe(
      String(BADGE_FROM_HEIGHT),
    );
    const tall = stackProfile(tower(12, 12), 81);
    expect(tall.compressed).toBe(true);
    expect(tall.badge?.text).toBe('24');
  });

  it('keeps even an impossible stack of 24 alternating colours inside its square', () => {
    const pieces = Array.from({ length: 24 }, (_, i) => man((i % 2) as 0 | 1));
    const profile = stackProfile(stackFromPieces(pieces), 40);
    expect(profile.runs).toHaveLength(24);
    expect(item(profile.discs, 23, 'profile.discs').top - profile.radiusY).toBeGreaterThanOrEqual(
      0,
    );
    expect(item(profile.discs, 0, 'profile.discs').bottom + profile.radiusY).toBeLessThanOrEqual(
      40,
    );
  });

  it('keeps a lone prisoner under 23 pieces visible and labels both runs', () => {
    const profile = stackProfile(tower(23, 1), 81);
    const prisoners = item(profile.runs, 0, 'runs');
    const owners = item(profile.runs, 1, 'runs');
    expect(prisoners.count).toBe(1);
    expect(prisoners.bottom - prisoners.top).toBeGreaterThanOrEqual(81 * 0.12 - 1e-9);
    expect(owners.bottom - owners.top).toBeGreaterThan(prisoners.bottom - prisoners.top);
    expect(profile.runLabels.map((l) => l.text)).toEqual(['1', '23']);
  });

  it('puts the crown of a king-topped stack on its top face', () => {
    const profile = stackProfile(stackFromPieces([king(1), man(0)]), 81);
    const crown = topCrown(profile);
    const top = item(profile.discs, 1, 'profile.discs').top;
    const probe = crownProbe(crown);
    expect(Math.abs(probe.x - profile.centerX)).toBeLessThan(1);
    expect(Math.abs(probe.y - top)).toBeLessThan(profile.radiusY);
    expect(crown.width).toBeLessThan(2 * profile.radiusX);
  });
});

describe('half-count tally', () => {
  const sizes = [200, 201, 333, 360, 640, 720, 1111, 2000];

  it('leaves the layout of boards without a tally as it was: square board, centred', () => {
    for (const size of sizes) {
      for (const coords of [true, false]) {
        const layout = boardLayout(size, 8, 'white', coords);
        expect(layout.tally).toBe(false);
        expect(layout.left).toBe(layout.top);
        const margin = Math.round(size * (coords ? 0.05 : 0.02));
        expect(layout.squareSize).toBe(Math.floor((size - 2 * margin) / 8));
      }
    }
  });

  it.each(sizes)(
    'size %i: the strip keeps both badges beside their halves, inside the image',
    (size) => {
      for (const coords of [true, false]) {
        for (const orientation of ['white', 'black'] as const) {
          const layout = boardLayout(size, 8, orientation, coords, true);
          const s = layout.squareSize;
          const boardRight = layout.left + 8 * s;
          expect(layout.left).toBeGreaterThanOrEqual(Math.round(size * (coords ? 0.05 : 0.02)) - 1);
          expect(layout.top + 8 * s).toBeLessThanOrEqual(size - layout.top + 1);
          // 24 pieces a side: two-digit counts.
          const tally = tallyLayout(layout, [24, 17]);
          const { area } = tally;
          for (const value of [area.x, area.y, area.width, area.height])
            expect(Number.isInteger(value)).toBe(true);
          expect(area.x).toBeGreaterThan(boardRight);
          expect(area.x + area.width).toBeLessThan(size);
          expect(tally.boardLine).toEqual({
            x1: layout.left,
            x2: boardRight,
            y: layout.top + 4 * s,
          });
          expect(tally.stripLine.y).toBe(tally.boardLine.y);
          const [upper, lower] = tally.badges;
          for (const badge of tally.badges) {
            const { rect } = badge;
            expect(rect.x).toBeGreaterThanOrEqual(area.x);
            expect(rect.x + rect.width).toBeLessThanOrEqual(area.x + area.width);
            expect(badge.fontSize).toBeGreaterThanOrEqual(9);
            // Two digits of DejaVu Sans Bold fit the badge.
            expect(rect.width).toBeGreaterThanOrEqual(2 * 0.696 * badge.fontSize);
          }
          expect(upper.rect.y).toBeGreaterThanOrEqual(layout.top);
          expect(upper.rect.y + upper.rect.height).toBeLessThan(tally.boardLine.y);
          expect(lower.rect.y).toBeGreaterThan(tally.boardLine.y);
          expect(lower.rect.y + lower.rect.height).toBeLessThanOrEqual(layout.top + 8 * s);
        }
      }
    },
  );

  it('puts each count beside the half it counts, whichever side is at the bottom', () => {
    // White's score 13 (pieces on ranks 5-8), Black's 9 (ranks 1-4).
    const white = tallyLayout(boardLayout(720, 8, 'white', true, true), [13, 9]);
    expect(white.badges.map((b) => [b.color, b.text])).toEqual([
      [0, '13'],
      [1, '9'],
    ]);
    // Flipped: ranks 1-4 are on top, and so is Black's score of them.
    const black = tallyLayout(boardLayout(720, 8, 'black', true, true), [13, 9]);
    expect(black.badges.map((b) => [b.color, b.text])).toEqual([
      [1, '9'],
      [0, '13'],
    ]);
    expect(black.badges[0].rect).toEqual(white.badges[0].rect);
  });
});

describe('boards of 10 files', () => {
  it.each([
    ['10x8', GEOMETRY_10X8, false],
    ['10x8 with the tally', GEOMETRY_10X8, true],
    ['10x10 with the tally', GEOMETRY_10, true],
  ] as const)(
    '%s: every square inside the image, the frame as wide all round',
    (_, shape, tally) => {
      for (const orientation of ['white', 'black'] as const) {
        const layout = boardLayout(720, shape, orientation, true, tally);
        const s = layout.squareSize;
        expect([layout.columns, layout.rows]).toEqual([shape.files, shape.ranks]);
        // 10 files by 8 ranks: an image lower than wide, framed alike on every side.
        if (shape.ranks < shape.files) {
          expect(layout.height).toBeLessThan(720);
          expect(layout.top).toBe(layout.left);
          expect(layout.height - (layout.top + shape.ranks * s)).toBe(layout.top);
        } else expect(layout.height).toBe(720);
        for (let file = 0; file < shape.files; file++) {
          for (let rank = 0; rank < shape.ranks; rank++) {
            const rect = squareRect(layout, file, rank);
            expect(rect.x).toBeGreaterThanOrEqual(layout.left);
            expect(rect.y).toBeGreaterThanOrEqual(layout.top);
            expect(rect.x + s).toBeLessThanOrEqual(layout.left + shape.files * s);
            expect(rect.y + s).toBeLessThanOrEqual(layout.height);
          }
        }
        // The half count's strip stays right of the squares and inside the image.
        if (tally) {
          const strip = tallyLayout(layout, [16, 14]).area;
          expect(strip.x).toBeGreaterThanOrEqual(layout.left + shape.files * s);
          expect(strip.x + strip.width).toBeLessThanOrEqual(720);
          expect(strip.height).toBe(shape.ranks * s);
        }
      }
    },
  );

  it('labels files a–j and two-digit ranks, each inside the frame', () => {
    const layout = boardLayout(720, GEOMETRY_10, 'white', true);
    const labels = coordinateLabels(layout);
    expect(labels.files.map((label) => label.text).join('')).toBe('abcdefghij');
    expect(labels.ranks.map((label) => label.text)).toEqual([
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    // Two digits of this size fit the left frame.
    expect(2 * 0.696 * labels.fontSize).toBeLessThan(layout.left);
    const flipped = coordinateLabels(boardLayout(720, GEOMETRY_10X8, 'black', true));
    expect(flipped.files.map((label) => label.text).join('')).toBe('jihgfedcba');
    expect(flipped.ranks.map((label) => label.text)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
  });

  it('keeps a1 dark on the 10x8 board whichever side is at the bottom', () => {
    for (const orientation of ['white', 'black'] as const) {
      const layout = boardLayout(720, GEOMETRY_10X8, orientation, true);
      const a1 = orientation === 'white' ? { column: 0, row: 7 } : { column: 9, row: 0 };
      expect(cellIsDark(layout, a1.column, a1.row)).toBe(true);
      expect(cellIsDark(layout, a1.column, orientation === 'white' ? 6 : 1)).toBe(false);
    }
  });
});
