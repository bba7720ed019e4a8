/**
 * The board pages' live streams (Server-Sent Events): each open page gets its game's view at
 * once and again whenever the game changes, in any process — the game change feed tells every
 * process, and each reads the game once for all its pages. A page that lost its connection
 * reconnects (EventSource does) and the first view it gets is the latest: it catches up.
 */
import type { ServerResponse } from 'node:http';
import type { Logger } from '../game/logger.js';
import type { Game, PlayerId } from '../game/model.js';
import type { Clock, GameChangeFeed } from '../game/ports.js';
import type { ServiceResult } from '../game/results.js';
import { boardView } from './board-view.js';

interface Watcher {
  readonly response: ServerResponse;
  readonly viewer: PlayerId | undefined;
  /** The version last sent. */
  version: number;
}

export interface LiveBoardsOptions {
  readonly getGame: (id: string) => Promise<ServiceResult<Game>>;
  readonly feed: GameChangeFeed;
  readonly clock: Clock;
  readonly logger: Logger;
  /** A comment line this often keeps proxies from closing a quiet stream; default 25 s. */
  readonly heartbeatMs?: number;
  /**
   * Streams this process holds open at most (each is a socket); past it a page is told to come
   * back later (503), and its EventSource retries. Default 10 000.
   */
  readonly maxStreams?: number;
}

/** A page that stops reading (more than this waiting to be sent) is dropped; it reconnects. */
const MAX_BUFFERED_BYTES = 1 << 20;

export class LiveBoards {
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** Games being read for their pages; those changed again meanwhile are read once more. */
  private readonly reading = new Set<string>();
  private readonly changedAgain = new Set<string>();
  /** Streams open now (counted, not summed: each new page compares it with maxStreams). */
  private streams = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: LiveBoardsOptions) {
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs ?? 25_000);
    this.heartbeat.unref();
  }

  /** Starts hearing of changed games. */
  async start(): Promise<void> {
    await this.options.feed.subscribe((gameId) => this.changed(gameId));
  }

  /** Pages open now (a gauge). */
  get open(): number {
    return this.streams;
  }

  /** Streams `game`'s views to a page from now on, starting with this one. */
  watch(game: Game, viewer: PlayerId | undefined, response: ServerResponse): void {
    if (this.open >= (this.options.maxStreams ?? 10_000)) {
      response.writeHead(503, { 'retry-after': '5' }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // A page retries after a second once the stream breaks (the browser's default is 3 s).
    response.write('retry: 1000\n\n');
    const watcher: Watcher = { response, viewer, version: -1 };
    const set = this.watchers.get(game.id) ?? new Set();
    set.add(watcher);
    this.streams++;
    this.watchers.set(game.id, set);
    response.on('close', () => {
      if (set.delete(watcher)) this.streams--;
      if (set.size === 0 && this.watchers.get(game.id) === set) this.watchers.delete(game.id);
    });
    this.send(watcher, game);
  }

  /** Ends every stream (shutdown: the pages reconnect to another process). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const set of this.watchers.values()) for (const { response } of set) response.end();
    this.watchers.clear();
  }

  private changed(gameId: string): void {
    if (!this.watchers.has(gameId)) return;
    if (this.reading.has(gameId)) {
      this.changedAgain.add(gameId);
      return;
    }
    this.reading.add(gameId);
    void (async () => {
      try {
        do {
          this.changedAgain.delete(gameId);
          const game = await this.options.getGame(gameId);
          if (!game.ok) {
            this.options.logger.warn('live boards: could not read a changed game', {
              gameId,
              code: game.code,
            });
            return;
          }
          for (const watcher of this.watchers.get(gameId) ?? []) this.send(watcher, game.value);
        } while (this.changedAgain.has(gameId));
      } catch (error) {
        this.options.logger.error('live boards: could not update the pages', {
          gameId,
          err: error,
        });
      } finally {
        this.reading.delete(gameId);
        this.changedAgain.delete(gameId);
      }
    })();
  }

  private send(watcher: Watcher, game: Game): void {
    if (game.version <= watcher.version) return;
    const { response } = watcher;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      response.destroy();
      return;
    }
    watcher.version = game.version;
    const view = boardView(game, watcher.viewer, this.options.clock.now());
    response.write(`event: view\nid: ${game.version}\ndata: ${JSON.stringify(view)}\n\n`);
  }

  private beat(): void {
    for (const set of this.watchers.values())
      for (const { response } of set) response.write(':\n\n');
  }
}
