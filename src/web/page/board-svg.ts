/**
 * The board as SVG in the `#board` element: frame, squares, coordinates, a table's seat marks,
 * the last move's marks, the piles, and on top one focusable element per playable square (the
 * `[data-square]` that taps, drops, the keyboard and screen readers use). The squares' elements
 * are made once per layout and only their classes and labels change afterwards, so the focus
 * survives every redraw.
 */
import type { Geometry, Move } from '../../engine/index.js';
import type { SeatColor } from '../../engine/multi/index.js';
import {
  cellIsDark,
  cellRect,
  cellSquare,
  coordinateLabels,
  markerMetrics,
  squareCenter,
  squareRect,
  type BoardLayout,
} from '../../render/layout.js';
import type { MoveSquares } from './animation.js';
import { pileIsKing, pileOwner, type BoardModel, type Pile } from './board-model.js';
import { pageLayout, seatSide } from './board-layout.js';
import { BOARD, PIECES } from './palette.js';
import { pileDefs, pileSvg } from './pile-svg.js';
import { squareLabel } from './square-labels.js';
import type { Words } from './words.js';

const SVG = 'http://www.w3.org/2000/svg';
const n = (value: number): string => String(Math.round(value * 10) / 10);

/** What the board shows besides the position. */
export interface Scene {
  readonly piles: readonly (Pile | null)[];
  readonly lastMove: MoveSquares | null;
  readonly selected: number | null;
  readonly targets: ReadonlySet<number>;
  readonly movable: ReadonlySet<number>;
  /** A capture route the chooser points at. */
  readonly route: Move | null;
  /** A square whose pile the floating mover shows instead (dragged or animated). */
  readonly lifted: number | null;
  /** The seats taken and the one to move (the table's edge marks). */
  readonly seats: readonly SeatColor[];
  readonly toMove: SeatColor | null;
}

/** The board's key: a new one means a new skeleton. */
interface Shape {
  readonly variant: string;
  readonly size: number;
  readonly bottom: SeatColor;
  readonly language: string;
}

/** The board's drawing in its host element; rebuilt only when its shape changes. */
export class BoardSvg {
  private svg: SVGSVGElement | null = null;
  private layout: BoardLayout | null = null;
  private model: BoardModel | null = null;
  private shape: Shape | null = null;
  private marks!: SVGGElement;
  private pieces!: SVGGElement;
  private seatMarks!: SVGGElement;
  private overlay!: SVGGElement;
  private mover!: SVGGElement;
  private readonly squares = new Map<number, SVGGElement>();

  constructor(
    private readonly root: HTMLElement,
    private readonly words: () => Words,
  ) {}

  /** The layout in use (null before the first draw). */
  get current(): BoardLayout | null {
    return this.layout;
  }

  /** The board's squares (null before the first draw). */
  get geometry(): Geometry | null {
    return this.model?.geometry ?? null;
  }

  /** The focusable element of a square. */
  squareElement(square: number): SVGGElement | undefined {
    return this.squares.get(square);
  }

  /** Every playable square's element, by square. */
  get squareElements(): ReadonlyMap<number, SVGGElement> {
    return this.squares;
  }

  /** Builds the skeleton when the board, its size, its orientation or the language changed. */
  prepare(model: BoardModel, bottom: SeatColor): void {
    const size = Math.max(200, Math.min(2000, Math.round(this.root.clientWidth || 360)));
    const shape: Shape = { variant: model.variant, size, bottom, language: this.words().language };
    this.model = model;
    const same =
      this.shape !== null &&
      this.shape.variant === shape.variant &&
      this.shape.size === shape.size &&
      this.shape.bottom === shape.bottom &&
      this.shape.language === shape.language;
    if (same && this.svg !== null) return;
    const focused = [...this.squares].find(([, el]) => el === document.activeElement)?.[0];
    this.shape = shape;
    this.layout = pageLayout(size, model.geometry, model.table, bottom);
    this.build(this.layout, model);
    if (focused !== undefined) this.squares.get(focused)?.focus();
  }

  private build(layout: BoardLayout, model: BoardModel): void {
    const { size, height, columns, rows } = layout;
    const parts: string[] = [`<defs>${pileDefs()}</defs>`];
    const edge = Math.max(1, Math.round(size * 0.003));
    parts.push(
      `<rect width="${size}" height="${height}" fill="${BOARD.frame}"/>`,
      `<rect x="${edge / 2}" y="${edge / 2}" width="${size - edge}" height="${height - edge}" ` +
        `fill="none" stroke="${BOARD.frameEdge}" stroke-width="${edge}"/>`,
    );
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        const r = cellRect(layout, column, row);
        const fill = cellIsDark(layout, column, row) ? BOARD.darkSquare : BOARD.lightSquare;
        parts.push(
          `<rect x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" fill="${fill}"/>`,
        );
      }
    }
    const labels = coordinateLabels(layout);
    const font = `font-size="${labels.fontSize}" fill="${BOARD.coordinates}" text-anchor="middle" dominant-baseline="central"`;
    for (const label of [...labels.files, ...labels.ranks]) {
      parts.push(`<text x="${n(label.x)}" y="${n(label.y)}" ${font}>${label.text}</text>`);
    }
    parts.push(
      '<g class="seat-marks"></g><g class="marks"></g><g class="pieces"></g>',
      '<g class="overlay"></g><g class="mover" pointer-events="none"></g><g class="squares"></g>',
    );
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${size} ${height}`);
    svg.setAttribute('width', String(size));
    svg.setAttribute('height', String(height));
    svg.setAttribute('aria-hidden', 'false');
    svg.innerHTML = parts.join('');
    const layer = (name: string) => svg.querySelector<SVGGElement>(`g.${name}`)!;
    this.seatMarks = layer('seat-marks');
    this.marks = layer('marks');
    this.pieces = layer('pieces');
    this.overlay = layer('overlay');
    this.mover = layer('mover');
    const squares = layer('squares');
    this.squares.clear();
    const metrics = markerMetrics(layout.squareSize);
    const geometry = model.geometry;
    for (let square = 0; square < geometry.squareCount; square++) {
      const r = squareRect(layout, geometry.file[square]!, geometry.rank[square]!);
      const g = document.createElementNS(SVG, 'g');
      g.setAttribute('class', 'sq');
      g.setAttribute('data-square', geometry.names[square]!);
      g.setAttribute('role', 'button');
      g.setAttribute('tabindex', '-1');
      const inset = metrics.selectedInset + metrics.selectedWidth / 2;
      const c = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      g.innerHTML =
        `<rect class="hit" x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}"/>` +
        `<rect class="sel" x="${n(r.x + inset)}" y="${n(r.y + inset)}" width="${n(r.width - 2 * inset)}" ` +
        `height="${n(r.height - 2 * inset)}" stroke-width="${metrics.selectedWidth}"/>` +
        `<rect class="ring" x="${r.x + 1.5}" y="${r.y + 1.5}" width="${r.width - 3}" height="${r.height - 3}"/>` +
        `<circle class="dot" cx="${n(c.x)}" cy="${n(c.y)}" r="${metrics.targetRadius}" ` +
        `stroke-width="${n(Math.max(1.5, layout.squareSize * 0.03))}"/>`;
      squares.append(g);
      this.squares.set(square, g);
    }
    this.root.replaceChildren(svg);
    this.svg = svg;
  }

  /** Draws the scene on the prepared board. */
  draw(scene: Scene): void {
    const layout = this.layout;
    const model = this.model;
    if (layout === null || model === null) return;
    const geometry = model.geometry;
    const rect = (square: number) =>
      squareRect(layout, geometry.file[square]!, geometry.rank[square]!);
    const center = (square: number) =>
      squareCenter(layout, geometry.file[square]!, geometry.rank[square]!);
    const metrics = markerMetrics(layout.squareSize);

    const marks: string[] = [];
    const last = scene.lastMove;
    if (last !== null && last.path.length > 0) {
      const fill = (square: number, color: string) => {
        const r = rect(square);
        marks.push(
          `<rect x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" fill="${color}"/>`,
        );
      };
      for (const square of last.path.slice(0, -1)) fill(square, BOARD.lastMovePathTint);
      for (const square of new Set([last.from, last.path.at(-1)!]))
        fill(square, BOARD.lastMoveTint);
      for (const square of new Set(last.captures)) {
        fill(square, BOARD.jumpedTint);
        const r = rect(square);
        const i = metrics.jumpedInset;
        marks.push(
          `<rect x="${n(r.x + i)}" y="${n(r.y + i)}" width="${n(r.width - 2 * i)}" height="${n(r.height - 2 * i)}" ` +
            `fill="none" stroke="${BOARD.jumped}" stroke-width="${metrics.jumpedWidth}" ` +
            `stroke-dasharray="${metrics.jumpedDash.join(' ')}"/>`,
        );
      }
      const points = [last.from, ...last.path].map(center);
      const line = points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ');
      marks.push(
        `<polyline points="${line}" fill="none" stroke-linecap="round" stroke-linejoin="round" ` +
          `stroke="${BOARD.lastMoveLineCasing}" stroke-width="${metrics.lineWidth + 2 * metrics.lineCasing}"/>`,
        `<polyline points="${line}" fill="none" stroke-linecap="round" stroke-linejoin="round" ` +
          `stroke="${BOARD.lastMoveLine}" stroke-width="${metrics.lineWidth}"/>`,
      );
    }
    this.marks.innerHTML = marks.join('');

    const pieces: string[] = [];
    scene.piles.forEach((pile, square) => {
      if (pile === null || square === scene.lifted) return;
      const r = rect(square);
      pieces.push(
        `<g transform="translate(${r.x} ${r.y})">${pileSvg(pile, layout.squareSize, model.table)}</g>`,
      );
    });
    this.pieces.innerHTML = pieces.join('');

    const overlay: string[] = [];
    if (scene.route !== null) {
      const points = [scene.route.from, ...scene.route.path].map(center);
      overlay.push(
        `<polyline class="route" points="${points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" ` +
          `fill="none" stroke="${BOARD.selected}" stroke-width="${metrics.lineWidth}" ` +
          `stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="${metrics.lineWidth * 2} ${metrics.lineWidth}"/>`,
      );
      for (const square of scene.route.captures) {
        const c = center(square);
        overlay.push(
          `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(metrics.targetRadius * 0.8)}" fill="none" ` +
            `stroke="${BOARD.jumped}" stroke-width="${metrics.jumpedWidth}"/>`,
        );
      }
    }
    this.overlay.innerHTML = overlay.join('');
    if (model.table) this.drawSeatMarks(layout, scene);

    const words = this.words();
    for (const [square, element] of this.squares) {
      const pile = scene.piles[square] ?? null;
      const look =
        pile === null
          ? undefined
          : { owner: pileOwner(pile), king: pileIsKing(pile), height: pile.stack.height };
      const role = {
        selected: scene.selected === square,
        target: scene.targets.has(square),
        movable: scene.movable.has(square),
      };
      element.classList.toggle('selected', role.selected);
      element.classList.toggle('target', role.target);
      element.classList.toggle('movable', role.movable);
      element.setAttribute('aria-label', squareLabel(words, geometry.names[square]!, look, role));
      element.setAttribute('aria-pressed', String(role.selected));
    }
  }

  /** A bar in each seat's colour along its home edge; the seat to move gets a gold rim. */
  private drawSeatMarks(layout: BoardLayout, scene: Scene): void {
    const bottom = this.shape!.bottom;
    const s = layout.squareSize;
    const span = s * layout.columns;
    const band = layout.edgeBand;
    const thickness = Math.max(3, Math.round(band * 0.55));
    const gap = Math.round((band - thickness) / 2);
    const marks: string[] = [];
    for (const seat of scene.seats) {
      const side = seatSide(seat, bottom);
      const along = side === 'bottom' || side === 'top';
      // Along each axis: in the band before the board, after it, or level with it.
      const at = (start: number, before: boolean, after: boolean) =>
        before ? start - band + gap : after ? start + span + gap : start;
      const x = at(layout.left, side === 'left', side === 'right');
      const y = at(layout.top, side === 'top', side === 'bottom');
      const width = along ? span : thickness;
      const height = along ? thickness : span;
      const turn = scene.toMove === seat;
      // The seat to move gets a gold rim; the others a thin light edge, so Black's shows too.
      const rim = turn
        ? ` stroke="${BOARD.turn}" stroke-width="${Math.max(2, gap)}"`
        : ` stroke="${BOARD.coordinates}" stroke-opacity=".6" stroke-width="1"`;
      marks.push(
        `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${thickness / 2}" ` +
          `fill="${PIECES[seat].faceLight}"${rim}/>`,
      );
    }
    this.seatMarks.innerHTML = marks.join('');
  }

  /** Shows `pile` floating with its square's top-left corner at (x, y) board units; null hides. */
  float(pile: Pile | null, x = 0, y = 0): void {
    const layout = this.layout;
    if (this.svg === null) return;
    if (pile === null || layout === null || this.model === null) {
      this.mover.replaceChildren();
      this.mover.removeAttribute('data-key');
      return;
    }
    const key = `${pile.stack.height}.${pile.stack.colors}.${pile.stack.kings}.${pile.palette.join()}`;
    if (this.mover.getAttribute('data-key') !== key) {
      this.mover.innerHTML = `<g>${pileSvg(pile, layout.squareSize, this.model.table)}</g>`;
      this.mover.setAttribute('data-key', key);
    }
    this.mover.firstElementChild?.setAttribute('transform', `translate(${n(x)} ${n(y)})`);
  }

  /** The top-left corner of a square in board units. */
  corner(square: number): { x: number; y: number } {
    const layout = this.layout!;
    const geometry = this.model!.geometry;
    const r = squareRect(layout, geometry.file[square]!, geometry.rank[square]!);
    return { x: r.x, y: r.y };
  }

  /** Board units per CSS pixel of the drawn board, and its box on screen. */
  private scale(): { box: DOMRect; k: number } | null {
    if (this.svg === null || this.layout === null) return null;
    const box = this.svg.getBoundingClientRect();
    return { box, k: box.width === 0 ? 1 : this.layout.size / box.width };
  }

  /** A point on screen in board units. */
  toBoard(clientX: number, clientY: number): { x: number; y: number } | null {
    const scale = this.scale();
    if (scale === null) return null;
    return { x: (clientX - scale.box.left) * scale.k, y: (clientY - scale.box.top) * scale.k };
  }

  /** The playable square under a point on screen, if any. */
  squareAt(clientX: number, clientY: number): number | null {
    const layout = this.layout;
    const model = this.model;
    const point = this.toBoard(clientX, clientY);
    if (layout === null || model === null || point === null) return null;
    const column = Math.floor((point.x - layout.left) / layout.squareSize);
    const row = Math.floor((point.y - layout.top) / layout.squareSize);
    if (column < 0 || row < 0 || column >= layout.columns || row >= layout.rows) return null;
    if (!cellIsDark(layout, column, row)) return null;
    const { file, rank } = cellSquare(layout, column, row);
    const geometry = model.geometry;
    for (let square = 0; square < geometry.squareCount; square++) {
      if (geometry.file[square] === file && geometry.rank[square] === rank) return square;
    }
    return null;
  }
}
