/**
 * The pure geometry and text of a table game's picture: the board turned for each seat at the
 * bottom, coordinates turning with it, each seat's edge marked on the side where its home
 * squares are, and the standings lines.
 */
import { describe, expect, it } from 'vitest';
import { GEOMETRY_8 } from '../../src/engine/index.js';
import { SEATS, type Seat, type TablePosition } from '../../src/engine/multi/index.js';
import {
  cellIsDark,
  coordinateLabels,
  squareCell,
  squareRect,
  type Rect,
} from '../../src/render/layout.js';
import {
  formatPoints,
  seatSide,
  tableLayout,
  tableStandings,
  type Triangle,
} from '../../src/render/table-layout.js';
import { normaliseTableOptions } from '../../src/render/table-options.js';
import { item } from '../support/present.js';
import {
  square,
  tablePosition,
  tableStartPosition,
  turnedCell,
} from '../support/table-positions.js';

const N = 8;
const NAMES = ['White', 'Red', 'Black', 'Green'];

/** Every seat's home edge (VARIANTS.md section 5): the squares of its first line. */
const HOME: Record<Seat, (file: number, rank: number) => boolean> = {
  0: (_, rank) => rank === 0,
  1: (file) => file === 0,
  2: (_, rank) => rank === N - 1,
  3: (file) => file === N - 1,
};

/** Every seat's forward step (VARIANTS.md section 5): [files, ranks]. */
const FORWARD: Record<Seat, readonly [number, number]> = {
  0: [0, 1],
  1: [1, 0],
  2: [0, -1],
  3: [-1, 0],
};

const allCells = Array.from({ length: N * N }, (_, i) => ({
  file: i % N,
  rank: Math.floor(i / N),
}));

function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x - 1e-9 &&
    inner.y >= outer.y - 1e-9 &&
    inner.x + inner.width <= outer.x + outer.width + 1e-9 &&
    inner.y + inner.height <= outer.y + outer.height + 1e-9
  );
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function triangleBox(triangle: Triangle): Rect {
  const xs = triangle.map((point) => point.x);
  const ys = triangle.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

describe('the table board turned for each seat', () => {
  it.each(SEATS)(
    'seat %i at the bottom: every square where the turned picture puts it',
    (bottom) => {
      const { board } = tableLayout(720, bottom, true, SEATS, false);
      const seen = new Set<number>();
      for (const { file, rank } of allCells) {
        const cell = squareCell(board, file, rank);
        expect(cell).toEqual(turnedCell(file, rank, bottom));
        seen.add(cell.row * N + cell.column);
        // The playing squares stay dark, whichever way the board is turned.
        expect(cellIsDark(board, cell.column, cell.row)).toBe((file + rank) % 2 === 0);
      }
      expect(seen.size).toBe(N * N);
    },
  );

  it.each(SEATS)(
    'seat %i at the bottom: its home edge is the bottom row, it plays up',
    (bottom) => {
      const { board } = tableLayout(720, bottom, true, SEATS, false);
      const [df, dr] = FORWARD[bottom];
      for (const { file, rank } of allCells) {
        const { row } = squareCell(board, file, rank);
        expect(row === N - 1).toBe(HOME[bottom](file, rank));
        if (HOME[bottom](file, rank)) {
          const ahead = squareCell(board, file + df, rank + dr);
          expect(ahead.row).toBe(N - 2);
          expect(ahead.column).toBe(squareCell(board, file, rank).column);
        }
      }
    },
  );

  it('puts the corners where each player sees them', () => {
    const corner = (bottom: Seat, name: string) => {
      const { board } = tableLayout(600, bottom, true, SEATS, false);
      const index = square(name);
      return squareCell(board, GEOMETRY_8.file[index]!, GEOMETRY_8.rank[index]!);
    };
    // Red sits at the a-file facing h: rank 8 on the left hand, rank 1 on the right.
    expect(corner(1, 'a1')).toEqual({ column: 7, row: 7 });
    expect(corner(1, 'h8')).toEqual({ column: 0, row: 0 });
    // Green sits at the h-file facing a: rank 1 on the left hand.
    expect(corner(3, 'a1')).toEqual({ column: 0, row: 0 });
    expect(corner(3, 'h8')).toEqual({ column: 7, row: 7 });
    expect(corner(2, 'a1')).toEqual({ column: 7, row: 0 });
    expect(corner(0, 'a1')).toEqual({ column: 0, row: 7 });
  });

  it.each(SEATS)('seat %i at the bottom: the coordinates turn with the board', (bottom) => {
    for (const coordinates of [true]) {
      const { board } = tableLayout(720, bottom, coordinates, SEATS, false);
      const labels = coordinateLabels(board);
      const s = board.squareSize;
      // Each label names what every square of its screen column (or row) has in common.
      labels.files.forEach((label, column) => {
        const files = new Set<string>();
        const ranks = new Set<string>();
        for (const { file, rank } of allCells) {
          if (squareCell(board, file, rank).column !== column) continue;
          files.add('abcdefgh'.charAt(file));
          ranks.add(String(rank + 1));
        }
        const common = files.size === 1 ? files : ranks;
        expect(common.size).toBe(1);
        expect([...common]).toEqual([label.text]);
        expect(label.x).toBeCloseTo(board.left + column * s + s / 2, 9);
        // Under the squares and their edge band, inside the image.
        expect(label.y).toBeGreaterThan(board.top + N * s + board.edgeBand);
        expect(label.y + labels.fontSize / 2).toBeLessThan(board.height);
      });
      labels.ranks.forEach((label, row) => {
        const names = allCells
          .filter(({ file, rank }) => squareCell(board, file, rank).row === row)
          .map(({ file, rank }) => ['abcdefgh'.charAt(file), String(rank + 1)]);
        const byFile = new Set(names.map(([file]) => file));
        const byRank = new Set(names.map(([, rank]) => rank));
        const common = byFile.size === 1 ? byFile : byRank;
        expect([...common]).toEqual([label.text]);
        expect(label.x).toBeLessThan(board.left - board.edgeBand);
      });
    }
    const words = SEATS.map((seat) => {
      const labels = coordinateLabels(tableLayout(720, seat, true, SEATS, false).board);
      return [
        labels.files.map((label) => label.text).join(''),
        labels.ranks.map((label) => label.text).join(''),
      ];
    });
    expect(words).toEqual([
      ['abcdefgh', '87654321'],
      ['87654321', 'hgfedcba'],
      ['hgfedcba', '12345678'],
      ['12345678', 'abcdefgh'],
    ]);
  });
});

describe('the seats marked on their edges', () => {
  it.each(SEATS)(
    'seat %i at the bottom: each mark lies along its seat’s home squares',
    (bottom) => {
      const layout = tableLayout(720, bottom, true, SEATS, false);
      const { board } = layout;
      const s = board.squareSize;
      const squares: Rect = { x: board.left, y: board.top, width: N * s, height: N * s };
      for (const mark of layout.edges) {
        const { chip } = mark;
        // Which side of the squares is the chip beyond?
        const side =
          chip.y > squares.y + squares.height
            ? 'bottom'
            : chip.y < squares.y
              ? 'top'
              : chip.x < squares.x
                ? 'left'
                : 'right';
        expect(mark.side).toBe(side);
        expect(seatSide(mark.seat, bottom)).toBe(side);
        // Every home square of the seat is in the outermost row or column on that side.
        for (const { file, rank } of allCells.filter(({ file, rank }) =>
          HOME[mark.seat](file, rank),
        )) {
          const rect = squareRect(board, file, rank);
          if (side === 'bottom') expect(rect.y + rect.height).toBe(squares.y + squares.height);
          if (side === 'top') expect(rect.y).toBe(squares.y);
          if (side === 'left') expect(rect.x).toBe(squares.x);
          if (side === 'right') expect(rect.x + rect.width).toBe(squares.x + squares.width);
        }
      }
      expect(layout.edges.map((mark) => mark.seat)).toEqual([0, 1, 2, 3]);
      expect(new Set(layout.edges.map((mark) => mark.side)).size).toBe(4);
      expect(item(layout.edges, bottom).side).toBe('bottom');
    },
  );

  it('marks only the seats taken', () => {
    const layout = tableLayout(480, 0, true, [0, 2], false);
    expect(layout.edges.map((mark) => [mark.seat, mark.side])).toEqual([
      [0, 'bottom'],
      [2, 'top'],
    ]);
    expect(layout.standings.lines.map((line) => line.seat)).toEqual([0, 2]);
  });

  it.each([200, 333, 480, 720, 1111, 2000])(
    'size %i: marks inside their zones, zones clear of the squares and of each other',
    (size) => {
      for (const coordinates of [true, false]) {
        for (const bottom of SEATS) {
          const layout = tableLayout(size, bottom, coordinates, SEATS, false);
          const { board } = layout;
          const s = board.squareSize;
          const squares: Rect = { x: board.left, y: board.top, width: N * s, height: N * s };
          const image: Rect = { x: 0, y: 0, width: size, height: size };
          expect(board.left).toBe(board.top);
          expect(board.left + N * s).toBeLessThanOrEqual(size - board.left + 1);
          for (const mark of layout.edges) {
            const { chip } = mark;
            const ring = chip.radius + mark.ringWidth;
            const chipBox = {
              x: chip.x - ring,
              y: chip.y - ring,
              width: 2 * ring,
              height: 2 * ring,
            };
            for (const rect of [mark.bar, mark.rim, chipBox, ...mark.arrows.map(triangleBox)]) {
              expect(contains(mark.rim, mark.bar)).toBe(true);
              expect(contains(mark.zone, rect)).toBe(true);
            }
            expect(contains(image, mark.zone)).toBe(true);
            expect(overlaps(mark.zone, squares)).toBe(false);
            for (const other of layout.edges) {
              if (other !== mark) expect(overlaps(mark.zone, other.zone)).toBe(false);
            }
            // The bar runs the whole length of the side, the arrows either side of the chip.
            expect(Math.max(mark.bar.width, mark.bar.height)).toBe(N * s);
            expect(Math.min(mark.bar.width, mark.bar.height)).toBeGreaterThanOrEqual(3);
            expect(mark.letterFontSize).toBeGreaterThanOrEqual(8);
            for (const arrow of mark.arrows) {
              expect(overlaps(triangleBox(arrow), chipBox)).toBe(false);
            }
          }
        }
      }
    },
  );
});

describe('the standings panel', () => {
  it.each([200, 360, 720, 2000])(
    'size %i: one line per seat under the board, in seat order',
    (size) => {
      for (const caption of [false, true]) {
        const layout = tableLayout(size, 1, true, SEATS, caption);
        const { area, lines } = layout.standings;
        expect(area.y).toBe(size);
        expect(area.width).toBe(size);
        expect(lines.map((line) => line.seat)).toEqual([0, 1, 2, 3]);
        lines.forEach((line, i) => {
          expect(contains(area, line.rect)).toBe(true);
          if (i > 0)
            expect(line.rect.y).toBeGreaterThanOrEqual(
              item(lines, i - 1).rect.y + item(lines, i - 1).rect.height,
            );
          expect(line.chip.x - line.chip.radius).toBeGreaterThan(
            triangleBox(line.marker).x + triangleBox(line.marker).width - 1e-9,
          );
          expect(line.nameX).toBeGreaterThan(line.chip.x + line.chip.radius);
          expect(line.textWidth).toBeGreaterThan(size * 0.5);
          expect(line.nameFontSize).toBeGreaterThanOrEqual(9);
          expect(line.nameFontSize).toBeLessThan(line.rect.height);
        });
        if (caption) {
          expect(layout.caption?.band.y).toBe(area.y + area.height);
          expect(layout.height).toBe(area.y + area.height + (layout.caption?.band.height ?? 0));
        } else {
          expect(layout.caption).toBeNull();
          expect(layout.height).toBe(area.y + area.height);
        }
      }
    },
  );

  const russian = normaliseTableOptions({
    names: { 0: 'Егор', 1: 'Анна' },
    labels: {
      colors: ['Белые', 'Красные', 'Чёрные', 'Зелёные'],
      toMove: 'ходит',
      count: 'граф',
      out: 'выбыл',
      place: '{place}-е место',
      points: '{points} очк.',
    },
  });

  const finishedAll = (position: TablePosition): TablePosition => ({
    ...position,
    finished: [
      { seat: 0, how: 'count' },
      { seat: 1, how: 'count' },
      { seat: 2, how: 'out' },
      { seat: 3, how: 'out' },
    ],
  });

  it("reads the article's ending: Egor count first (4), Anna next (3), then 1 and 0", () => {
    const lines = tableStandings(finishedAll(tableStartPosition()), russian);
    expect(
      lines.map((line) => [line.letter, line.name, line.state, line.count, line.status]),
    ).toEqual([
      ['Б', 'Егор', 'finished', true, 'граф · 1-е место · 4 очк.'],
      ['К', 'Анна', 'finished', true, 'граф · 2-е место · 3 очк.'],
      ['Ч', 'Чёрные', 'finished', false, 'выбыл · 4-е место · 0 очк.'],
      ['З', 'Зелёные', 'finished', false, 'выбыл · 3-е место · 1 очк.'],
    ]);
  });

  it('says who is to move while the game goes on, and nothing else for the waiting seats', () => {
    const position = tablePosition({
      turn: 3,
      finished: [{ seat: 2, how: 'out' }],
      columns: { c1: [0, 2], a3: [1, 2], b8: [2, 1], h2: [3, 2] },
    });
    const lines = tableStandings(position, normaliseTableOptions({}));
    expect(lines.map((line) => [line.letter, line.name, line.state, line.status])).toEqual([
      ['W', 'White', 'playing', ''],
      ['R', 'Red', 'playing', ''],
      ['B', 'Black', 'finished', 'out · #4 · 0 pts'],
      ['G', 'Green', 'to-move', 'to move'],
    ]);
  });

  it('places the last seat playing and has nobody to move once fewer than two play', () => {
    const position = tablePosition({
      seats: [0, 1, 2],
      turn: 1,
      finished: [
        { seat: 0, how: 'out' },
        { seat: 2, how: 'count' },
      ],
      columns: { a3: [1, 2] },
    });
    // Three players: places score 2, 1, 0, and the count one more.
    const lines = tableStandings(position, normaliseTableOptions({}));
    expect(lines.map((line) => [line.seat, line.state, line.status])).toEqual([
      [0, 'finished', 'out · #3 · 0 pts'],
      [1, 'playing', '#2 · 1 pts'],
      [2, 'finished', 'count · #1 · 3 pts'],
    ]);
  });

  it('shares the free places at the no-capture limit, halves printed as such', () => {
    const position = tablePosition({
      turn: 1,
      finished: [{ seat: 0, how: 'count' }],
      columns: { a3: [1, 2], b8: [2, 2], h2: [3, 2] },
    });
    const lines = tableStandings(position, normaliseTableOptions({ end: 'no-capture-limit' }));
    // Red, Black and Green share places 2 to 4: (2 + 1 + 0) / 3 = 1 point each.
    expect(lines.map((line) => [line.state, line.status])).toEqual([
      ['finished', 'count · #1 · 4 pts'],
      ['playing', '#2 · 1 pts'],
      ['playing', '#2 · 1 pts'],
      ['playing', '#2 · 1 pts'],
    ]);
    const two = tableStandings(
      {
        ...position,
        finished: [
          { seat: 0, how: 'count' },
          { seat: 3, how: 'out' },
        ],
      },
      normaliseTableOptions({ end: 'no-capture-limit' }),
    );
    // Red and Black share places 2 and 3: (2 + 1) / 2.
    expect(two.map((line) => line.status)).toEqual([
      'count · #1 · 4 pts',
      '#2 · 1.5 pts',
      '#2 · 1.5 pts',
      'out · #4 · 0 pts',
    ]);
    expect([4, 1.5, 2 / 3, 1 / 3, 0.125].map(formatPoints)).toEqual([
      '4',
      '1.5',
      '0.67',
      '0.33',
      '0.13',
    ]);
  });

  it('names seats by their colour unless a player name is given, and letters them by colour', () => {
    const options = normaliseTableOptions({ names: { 2: '  Борис \n Годунов ', 3: '   ' } });
    expect(options.names).toEqual(['White', 'Red', 'Борис Годунов', 'Green']);
    expect(options.letters).toEqual(['W', 'R', 'B', 'G']);
    const lines = tableStandings(tableStartPosition([0, 2]), options);
    expect(lines.map((line) => [line.seat, line.name, line.state])).toEqual([
      [0, 'White', 'to-move'],
      [2, 'Борис Годунов', 'playing'],
    ]);
    expect(NAMES).toEqual([...options.labels.colors]);
  });
});
