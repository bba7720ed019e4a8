/**
 * The board page's controller: holds the view shown, draws it, takes the player's picks (taps,
 * drags, keys, the route chooser), sends moves and offers, and takes every newer view, from an
 * action's answer or the live stream, animating a move that follows the one shown.
 */
import type { Move } from '../../engine/index.js';
import type { SeatColor } from '../../engine/multi/index.js';
import type { Target } from '../../chat/buttons/move-picking.js';
import type { BoardView } from '../board-view.js';
import { moveFrames, type MoveSquares } from './animation.js';
import { playMove } from './animation-player.js';
import type { Announcer } from './announcer.js';
import type { Action, Api } from './api.js';
import { flipped } from './board-layout.js';
import { boardModel, pileOwner, type BoardModel } from './board-model.js';
import { BoardInput } from './board-input.js';
import { BoardSvg, type Scene } from './board-svg.js';
import { confirmAction } from './dialog.js';
import { renderMoves } from './move-list-view.js';
import { renderActions, renderPlayers, statusText, tickClock } from './panel.js';
import { movableSquares, pickSquare } from './picking.js';
import { hideRoutes, showRoutes } from './route-chooser.js';
import type { TelegramWebApp } from './telegram.js';
import type { Words } from './words.js';

/** The page's elements the controller fills (index.html). */
export interface Elements {
  readonly board: HTMLElement;
  readonly players: HTMLElement;
  readonly status: HTMLElement;
  readonly watching: HTMLElement;
  readonly moves: HTMLElement;
  readonly routes: HTMLElement;
  readonly flip: HTMLButtonElement;
  readonly draw: HTMLButtonElement;
  readonly resign: HTMLButtonElement;
}

/** Whether a view is newer than the one shown: more plies, or the same ply made later. */
export function isNewer(view: BoardView, shown: BoardView | null): boolean {
  if (shown === null) return true;
  if (view.ply !== shown.ply) return view.ply > shown.ply;
  return view.serverTime >= shown.serverTime;
}

/** How long the live stream may be down before the page says it is reconnecting. */
const OFFLINE_NOTICE_MS = 3000;

/** One game on the page, from its first view to the last. */
export class App {
  private view: BoardView | null = null;
  private model: BoardModel | null = null;
  private receivedAt = 0;
  private bottom: SeatColor = 'white';
  private flippedByUser = false;
  private selected: number | null = null;
  private targets: readonly Target[] = [];
  private route: Move | null = null;
  private choosing = false;
  private busy = false;
  private animating = false;
  private waiting: BoardView | null = null;
  /** The square a dragged stack is carried from. */
  private lifted: number | null = null;
  private readonly board: BoardSvg;
  private readonly input: BoardInput;
  private readonly reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  private offlineTimer: ReturnType<typeof setTimeout> | undefined;
  private sayingOffline = false;

  constructor(
    private readonly elements: Elements,
    private readonly words: Words,
    private readonly api: Api,
    private readonly gameId: string,
    private readonly announcer: Announcer,
    private readonly telegram: TelegramWebApp | null,
  ) {
    this.board = new BoardSvg(elements.board, () => this.words);
    this.input = new BoardInput(this.board, elements.board, {
      enabled: () => this.interactive(),
      canLift: (square) => this.interactive() && this.movable().has(square),
      tap: (square) => this.tap(square),
      lift: (square) => this.liftStack(square),
      carry: (square, x, y) => this.board.float(this.model?.piles[square] ?? null, x, y),
      drop: (from, target) => this.dropStack(from, target),
    });
    elements.flip.addEventListener('click', () => this.flip());
    elements.draw.addEventListener('click', () => void this.offerDraw());
    elements.resign.addEventListener('click', () => void this.resign());
    new ResizeObserver(() => this.redraw()).observe(elements.board);
    setInterval(() => this.tick(), 1000);
  }

  /** Takes a view (from the first load, an action's answer or the live stream). */
  accept(view: BoardView, options: { animate?: boolean } = {}): void {
    // The newest position this page has heard of, drawn yet or not (the benchmark's arrival).
    if (isNewer(view, this.waiting ?? this.view))
      this.elements.board.dataset.heardPly = String(view.ply);
    if (this.animating) {
      if (isNewer(view, this.waiting ?? this.view)) this.waiting = view;
      return;
    }
    if (!isNewer(view, this.view)) return;
    const model = boardModel(view.fen, view.variant, view.table);
    if (model === undefined) {
      this.announcer.show(`Bad position from the server: ${view.fen}`, true);
      return;
    }
    const before = this.view;
    const beforeModel = this.model;
    this.view = view;
    this.model = model;
    this.receivedAt = performance.now();
    if (!this.flippedByUser) this.bottom = view.you ?? view.seats[0]?.color ?? 'white';
    const moved = before === null || before.ply !== view.ply || before.status !== view.status;
    if (moved) this.clearPick();
    this.renderPanel();
    const next = before !== null && view.ply === before.ply + 1;
    const lastMove = view.lastMove ?? null;
    if (next && lastMove !== null) {
      const landing = model.piles[lastMove.path.at(-1) ?? lastMove.from] ?? null;
      const mover = before.toMove ?? (landing === null ? null : pileOwner(landing));
      const played = mover === null ? '' : this.words.played(mover, view.moves.at(-1) ?? '');
      const end = view.status === 'finished' ? statusText(view, this.words) : '';
      this.announcer.say([played, end].filter((text) => text !== '').join('. '));
    } else if (before !== null && before.status !== view.status) {
      // A resignation, an agreed draw, a loss on time: the result is the news.
      this.announcer.say(statusText(view, this.words));
    }
    if (
      options.animate !== false &&
      next &&
      lastMove !== null &&
      beforeModel !== null &&
      !this.reducedMotion.matches
    ) {
      void this.animate(beforeModel, lastMove, model);
      return;
    }
    this.redraw();
  }

  private async animate(before: BoardModel, move: MoveSquares, after: BoardModel): Promise<void> {
    this.animating = true;
    try {
      this.board.prepare(before, this.bottom);
      await playMove(
        this.board,
        this.scene(before, move),
        move.from,
        moveFrames(before, move, after),
      );
    } finally {
      this.animating = false;
    }
    this.redraw();
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting !== null) this.accept(waiting);
  }

  private interactive(): boolean {
    const view = this.view;
    return (
      view !== null &&
      view.status === 'active' &&
      view.you !== null &&
      view.you === view.toMove &&
      !this.busy &&
      !this.animating &&
      !this.choosing
    );
  }

  private movable(): Set<number> {
    return this.model === null || !this.interactive()
      ? new Set()
      : movableSquares(this.model.position);
  }

  private scene(model: BoardModel, lastMove = this.view?.lastMove ?? null): Scene {
    return {
      piles: model.piles,
      lastMove,
      selected: this.selected,
      targets: new Set(this.targets.map((t) => t.square)),
      movable: this.movable(),
      route: this.route,
      lifted: this.lifted,
      seats: this.view?.seats.map((s) => s.color) ?? [],
      toMove: this.view?.toMove ?? null,
    };
  }

  /** Draws the board as it stands (not during an animation). */
  private redraw(): void {
    const model = this.model;
    const view = this.view;
    if (model === null || view === null || this.animating) return;
    this.board.prepare(model, this.bottom);
    this.board.draw(this.scene(model));
    this.input.refresh();
    this.elements.board.dataset.ply = String(view.ply);
    this.elements.board.classList.toggle('playable', this.interactive());
    // A page that failed shows its message only, never a board said to be ready.
    if (document.body.dataset.fatal === undefined) document.body.dataset.ready = '1';
  }

  private renderPanel(): void {
    const view = this.view;
    if (view === null) return;
    const { players, status, watching, moves, draw, resign } = this.elements;
    renderPlayers(players, view, this.words, performance.now() - this.receivedAt);
    status.textContent = statusText(view, this.words);
    status.dataset.status = view.status;
    watching.hidden = view.you !== null;
    renderMoves(moves, view);
    renderActions(draw, resign, view, this.words, this.busy);
  }

  private tick(): void {
    if (this.view !== null) {
      tickClock(this.elements.players, this.view, this.words, performance.now() - this.receivedAt);
    }
  }

  private clearPick(): void {
    this.selected = null;
    this.targets = [];
    this.route = null;
    this.lifted = null;
    this.board.float(null);
    if (this.choosing) {
      this.choosing = false;
      hideRoutes(this.elements.routes);
    }
  }

  private tap(square: number): void {
    const model = this.model;
    if (model === null || !this.interactive()) return;
    const pick = pickSquare(model.position, this.selected, square);
    switch (pick.kind) {
      case 'select':
        this.selected = pick.from;
        this.targets = pick.targets;
        this.telegram?.HapticFeedback?.selectionChanged();
        break;
      case 'clear':
        this.clearPick();
        break;
      case 'move':
        void this.sendMove(pick.move);
        return;
      case 'choose':
        this.chooseRoute(pick.routes);
        break;
    }
    this.redraw();
  }

  private liftStack(square: number): void {
    const model = this.model;
    if (model === null) return;
    if (this.selected !== square) {
      const pick = pickSquare(model.position, null, square);
      if (pick.kind !== 'select') return;
      this.selected = pick.from;
      this.targets = pick.targets;
    }
    this.lifted = square;
    this.redraw();
  }

  private dropStack(from: number, target: number | null): void {
    const model = this.model;
    this.lifted = null;
    this.board.float(null);
    if (model === null || target === null || target === from || !this.interactive()) {
      this.redraw();
      return;
    }
    const pick = pickSquare(model.position, from, target);
    if (pick.kind === 'move') {
      void this.sendMove(pick.move, false);
      return;
    }
    if (pick.kind === 'choose') this.chooseRoute(pick.routes);
    this.redraw();
  }

  private chooseRoute(routes: readonly Move[]): void {
    const view = this.view;
    if (view === null) return;
    this.choosing = true;
    showRoutes(this.elements.routes, {
      variant: view.variant,
      routes,
      title: this.words.chooseRoute,
      cancel: this.words.cancel,
      highlight: (route) => {
        this.route = route;
        const model = this.model;
        if (model !== null) this.board.draw(this.scene(model));
      },
      choose: (route) => {
        this.choosing = false;
        hideRoutes(this.elements.routes);
        void this.sendMove(route);
      },
      dismiss: () => {
        this.clearPick();
        this.redraw();
        const square = this.elements.board.querySelector<SVGElement>('.sq[tabindex="0"]');
        square?.focus();
      },
    });
  }

  private async sendMove(move: Move, animate = true): Promise<void> {
    const view = this.view;
    if (view === null) return;
    this.route = move;
    await this.act('move', { ply: view.ply, route: [move.from, ...move.path] }, animate);
  }

  private async offerDraw(): Promise<void> {
    const view = this.view;
    if (view === null || this.busy) return;
    await this.act('draw', { ply: view.ply });
  }

  private async resign(): Promise<void> {
    const view = this.view;
    if (view === null || this.busy) return;
    const words = this.words;
    const sure = await confirmAction(
      words.resignQuestion,
      words.resign,
      words.cancel,
      this.telegram,
    );
    if (!sure || this.view === null) return;
    await this.act('resign', { ply: this.view.ply });
  }

  private async act(action: Action, body: object, animate = true): Promise<void> {
    this.busy = true;
    this.renderPanel();
    this.redraw();
    this.announcer.hold(this.words.sending);
    let result;
    try {
      result = await this.api.act(this.gameId, action, body);
    } finally {
      this.busy = false;
      this.announcer.hold(null);
    }
    switch (result.kind) {
      case 'done':
        this.clearPick();
        this.accept(result.view, { animate });
        break;
      case 'stale':
        this.clearPick();
        this.accept(result.view);
        this.announcer.show(this.words.stale);
        break;
      case 'refused': {
        const text = this.words.refusal(result.code) ?? (result.message || result.code);
        // #message is a live region: the refusal is announced as it is shown.
        this.announcer.show(text, true);
        this.telegram?.HapticFeedback?.notificationOccurred('error');
        this.clearPick();
        break;
      }
      case 'offline':
        this.announcer.show(this.words.offline, true);
        break;
    }
    this.renderPanel();
    this.redraw();
  }

  private flip(): void {
    const view = this.view;
    if (view === null) return;
    this.flippedByUser = true;
    this.bottom = flipped(
      this.bottom,
      view.table,
      view.seats.map((s) => s.color),
    );
    this.redraw();
  }

  /**
   * Shows the live stream's state: "reconnecting" once it has been down a moment (a blip while
   * the browser reconnects by itself is not worth a word).
   */
  connection(connected: boolean): void {
    this.elements.board.classList.toggle('offline', !connected);
    document.body.dataset.live = connected ? '1' : '0';
    clearTimeout(this.offlineTimer);
    if (connected) {
      if (this.sayingOffline) this.announcer.hold(null);
      this.sayingOffline = false;
      return;
    }
    this.offlineTimer = setTimeout(() => {
      if (this.busy) return;
      this.sayingOffline = true;
      this.announcer.hold(this.words.reconnecting);
    }, OFFLINE_NOTICE_MS);
  }
}
