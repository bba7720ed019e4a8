/**
 * Taps, drags and keys on the board, turned into "this square was tapped" and "this stack was
 * dropped there". Pointer events serve mouse, pen and touch alike: a press that moves further
 * than a few pixels lifts the stack and carries it under the finger, anything shorter is a tap.
 * The keyboard moves a roving focus between the playable squares (arrow keys by screen
 * direction) and Enter or Space taps the focused one.
 */
import { squareCell } from '../../render/layout.js';
import type { BoardSvg } from './board-svg.js';

/** Further than this (CSS px) and a press becomes a drag. */
const DRAG_FROM = 6;

/** What the controller does with the board's input. */
export interface BoardInputHandlers {
  /** Whether the board takes input now (the player's turn, no animation, nothing sent). */
  enabled(): boolean;
  /** Whether the stack on `square` may be lifted. */
  canLift(square: number): boolean;
  tap(square: number): void;
  /** A drag began from `square`: select it, show its targets. */
  lift(square: number): void;
  /** The lifted stack follows the pointer: its square's corner at (x, y) board units. */
  carry(square: number, x: number, y: number): void;
  /** Dropped over `target` (null: off the board); `from` is the lifted square. */
  drop(from: number, target: number | null): void;
}

/** Listens on the board's element for the page's lifetime. */
export class BoardInput {
  private focusSquare: number | null = null;
  private press: {
    id: number;
    square: number;
    x: number;
    y: number;
    dragging: boolean;
    offset: { x: number; y: number };
  } | null = null;

  constructor(
    private readonly board: BoardSvg,
    private readonly root: HTMLElement,
    private readonly handlers: BoardInputHandlers,
  ) {
    root.addEventListener('pointerdown', (event) => this.down(event));
    root.addEventListener('pointermove', (event) => this.move(event));
    root.addEventListener('pointerup', (event) => this.up(event));
    root.addEventListener('pointercancel', () => this.cancel());
    root.addEventListener('keydown', (event) => this.key(event));
    root.addEventListener('focusin', (event) => {
      const square = this.squareOf(event.target);
      if (square !== null) this.setFocus(square, false);
    });
  }

  /** Gives the roving tab stop to `square` (the first playable square if none); focuses it if asked. */
  setFocus(square: number | null, focus: boolean): void {
    const elements = this.board.squareElements;
    const chosen =
      square !== null && elements.has(square) ? square : (elements.keys().next().value ?? null);
    this.focusSquare = chosen;
    for (const [s, element] of elements)
      element.setAttribute('tabindex', s === chosen ? '0' : '-1');
    if (focus && chosen !== null) elements.get(chosen)?.focus();
  }

  /** Re-applies the roving tab stop after the board was rebuilt. */
  refresh(): void {
    this.setFocus(this.focusSquare, false);
  }

  private squareOf(target: EventTarget | null): number | null {
    if (!(target instanceof Element)) return null;
    const element = target.closest('[data-square]');
    if (element === null) return null;
    for (const [square, el] of this.board.squareElements) if (el === element) return square;
    return null;
  }

  private down(event: PointerEvent): void {
    if (!event.isPrimary || event.button !== 0 || !this.handlers.enabled()) return;
    const square = this.board.squareAt(event.clientX, event.clientY);
    if (square === null) return;
    const point = this.board.toBoard(event.clientX, event.clientY);
    const corner = this.board.corner(square);
    this.press = {
      id: event.pointerId,
      square,
      x: event.clientX,
      y: event.clientY,
      dragging: false,
      offset: point === null ? { x: 0, y: 0 } : { x: point.x - corner.x, y: point.y - corner.y },
    };
    // Keeps the page from scrolling or selecting text under a drag on touch screens.
    if (this.handlers.canLift(square)) {
      event.preventDefault();
      this.root.setPointerCapture(event.pointerId);
    }
  }

  private move(event: PointerEvent): void {
    const press = this.press;
    if (press === null || press.id !== event.pointerId) return;
    if (!press.dragging) {
      const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) > DRAG_FROM;
      if (!far || !this.handlers.canLift(press.square)) return;
      press.dragging = true;
      this.handlers.lift(press.square);
    }
    const point = this.board.toBoard(event.clientX, event.clientY);
    if (point !== null) {
      this.handlers.carry(press.square, point.x - press.offset.x, point.y - press.offset.y);
    }
  }

  private up(event: PointerEvent): void {
    const press = this.press;
    if (press === null || press.id !== event.pointerId) return;
    this.press = null;
    if (this.root.hasPointerCapture(event.pointerId))
      this.root.releasePointerCapture(event.pointerId);
    const square = this.board.squareAt(event.clientX, event.clientY);
    if (press.dragging) {
      this.handlers.drop(press.square, square);
      return;
    }
    if (square === press.square) {
      this.setFocus(square, false);
      this.handlers.tap(square);
    }
  }

  private cancel(): void {
    const press = this.press;
    this.press = null;
    if (press?.dragging === true) this.handlers.drop(press.square, null);
  }

  private key(event: KeyboardEvent): void {
    const square = this.squareOf(event.target);
    if (square === null) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (this.handlers.enabled()) this.handlers.tap(square);
      return;
    }
    const step = {
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = this.neighbour(square, step[0]!, step[1]!);
    if (next !== null) this.setFocus(next, true);
  }

  /**
   * The playable square next to `square` on screen in a direction: in the next row up or down
   * the nearest playable cell (dark squares lie diagonally), along the row the next one.
   */
  private neighbour(square: number, dx: number, dy: number): number | null {
    const layout = this.board.current;
    const geometry = this.board.geometry;
    if (layout === null || geometry === null) return null;
    const where = new Map<string, number>();
    for (const s of this.board.squareElements.keys()) {
      const cell = squareCell(layout, geometry.file[s]!, geometry.rank[s]!);
      where.set(`${cell.column},${cell.row}`, s);
    }
    const from = squareCell(layout, geometry.file[square]!, geometry.rank[square]!);
    if (dy !== 0) {
      for (const shift of [0, 1, -1, 2, -2]) {
        const found = where.get(`${from.column + shift},${from.row + dy}`);
        if (found !== undefined) return found;
      }
      return null;
    }
    for (let column = from.column + dx; column >= 0 && column < layout.columns; column += dx) {
      const found = where.get(`${column},${from.row}`);
      if (found !== undefined) return found;
    }
    return null;
  }
}
