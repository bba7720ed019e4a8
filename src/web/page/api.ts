/**
 * The game's JSON API (the fixed contract with the server): the view of a game, and the actions
 * (move, draw, resign) sent with the ply they were meant for and a request id that a retry
 * reuses, so a move sent twice over a flaky network is made once.
 */
import type { BoardView } from '../board-view.js';
import { PageError } from './page-error.js';

/** The actions a player posts (each to its own address). */
export type Action = 'move' | 'draw' | 'resign';

/** How an action ended. */
export type ActionResult =
  | { readonly kind: 'done'; readonly view: BoardView }
  /** The board changed meanwhile: here it is now. */
  | { readonly kind: 'stale'; readonly view: BoardView }
  | { readonly kind: 'refused'; readonly code: string; readonly message: string }
  /** No answer after the retries. */
  | { readonly kind: 'offline' };

/** Waits before each retry of an action the network lost. */
const RETRY_DELAYS = [400, 1200, 3000];

function requestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API for one signed-in (or read-only) page: the session rides on every request. */
export class Api {
  constructor(
    private readonly root: string,
    private readonly session: string | null,
    /** A game's board, or a puzzle's (/api/puzzles/: moves only, no live stream). */
    private readonly kind: 'games' | 'puzzles' = 'games',
  ) {}

  private headers(json: boolean): Record<string, string> {
    const headers: Record<string, string> = json ? { 'Content-Type': 'application/json' } : {};
    if (this.session !== null) headers.Authorization = `Bearer ${this.session}`;
    return headers;
  }

  private gameUrl(gameId: string): string {
    return `${this.root}/api/${this.kind}/${encodeURIComponent(gameId)}`;
  }

  /** The live updates' address (the session rides in the query: EventSource sends no headers). */
  liveUrl(gameId: string): string {
    const session = this.session === null ? '' : `?session=${encodeURIComponent(this.session)}`;
    return `${this.gameUrl(gameId)}/live${session}`;
  }

  /** The game as it stands; a missing game or a refused session ends the page. */
  async view(gameId: string): Promise<BoardView> {
    let response: Response;
    try {
      response = await fetch(this.gameUrl(gameId), { headers: this.headers(false) });
    } catch {
      throw new PageError('offline');
    }
    const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
    if (!response.ok) throw new PageError(body.error ?? `http-${response.status}`, body.message);
    return body as BoardView;
  }

  /** Sends an action; retries the same request while the network or a gateway loses it. */
  async act(gameId: string, action: Action, body: object): Promise<ActionResult> {
    const request = requestId();
    const payload = JSON.stringify({ ...body, request });
    for (let attempt = 0; ; attempt++) {
      let response: Response | null = null;
      try {
        response = await fetch(`${this.gameUrl(gameId)}/${action}`, {
          method: 'POST',
          headers: this.headers(true),
          body: payload,
        });
      } catch {
        response = null;
      }
      const retry = response === null || response.status >= 500;
      if (retry) {
        const delay = RETRY_DELAYS[attempt];
        if (delay === undefined) return { kind: 'offline' };
        await wait(delay);
        continue;
      }
      const answer = (await response!.json().catch(() => ({}))) as {
        error?: string;
        message?: string;
        view?: BoardView;
      };
      if (response!.ok) return { kind: 'done', view: answer as BoardView };
      if (response!.status === 409 && answer.error === 'stale' && answer.view !== undefined) {
        return { kind: 'stale', view: answer.view };
      }
      return {
        kind: 'refused',
        code: answer.error ?? `http-${response!.status}`,
        message: answer.message ?? '',
      };
    }
  }
}
