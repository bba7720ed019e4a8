/**
 * A bot process's board page for tests: the memory store, a game service, the change feed and
 * the page's routes on a real port (http://127.0.0.1:<port>/board), and helpers that act as
 * pages do: sessions from signed initData, the API, and a reader of the live stream.
 */
import type { AddressInfo } from 'node:net';
import { sign } from '@telegram-apps/init-data-node';
import { changedGames } from '../../src/game/event-routing.js';
import { silentLogger } from '../../src/game/logger.js';
import type { Player } from '../../src/game/model.js';
import type { GameEvent } from '../../src/game/results.js';
import { systemClock, type Clock } from '../../src/game/ports.js';
import { GameService } from '../../src/game/service.js';
import { bindPort } from '../../src/startup/listen.js';
import { MemoryChangeFeed } from '../../src/store/memory-change-feed.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import type { BoardView } from '../../src/web/board-view.js';
import { boardWeb, type BoardWeb } from '../../src/web/board-web.js';
import { serveRoute } from '../../src/web/http.js';
import { InProcessScheduler } from '../../src/store/memory-scheduler.js';
import type { PuzzleService } from '../../src/game/puzzles.js';
import { testPuzzleService } from './puzzles.js';

export const WEB_TOKEN = '123456:web-test-token-aaaaaaaaaaaa';

export interface WebBoardHarness {
  readonly base: string;
  readonly service: GameService;
  /** The puzzle service on the committed libraries (its attempts in memory). */
  readonly puzzles: PuzzleService;
  readonly web: BoardWeb;
  readonly changes: MemoryChangeFeed;
  /** What a chat adapter does with a request's events (and the service with its timers'). */
  publish(events: readonly GameEvent[]): Promise<void>;
  /** Every event published so far. */
  readonly events: GameEvent[];
  /** initData Telegram would sign for this user (at `at`, now by default). */
  initData(player: Player, options?: { at?: number; startParam?: string; token?: string }): string;
  /** A page's session for a Telegram player. */
  session(player: Player): Promise<string>;
  api(path: string, init?: { session?: string; body?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export async function startWebBoard(
  options: { clock?: Clock; pageDirectory?: string; basePath?: string; maxStreams?: number } = {},
): Promise<WebBoardHarness> {
  const clock = options.clock ?? systemClock;
  const changes = new MemoryChangeFeed();
  const events: GameEvent[] = [];
  // As main.ts's dispatch: to the presenters (recorded here), and the word to every page.
  const publish = async (batch: readonly GameEvent[]) => {
    events.push(...batch);
    await changes.publish(changedGames(batch));
  };
  const store = new MemoryGameStore();
  const service = new GameService({
    store,
    scheduler: new InProcessScheduler({ log: silentLogger }),
    clock,
    logger: silentLogger,
    onEvents: (events) => publish(events),
  });
  const server = await bindPort(0, '127.0.0.1', 'PORT');
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}${options.basePath ?? ''}`;
  const puzzles = testPuzzleService(clock);
  const web = boardWeb({
    url: new URL(`${base}/`),
    puzzles,
    secret: WEB_TOKEN,
    telegramToken: WEB_TOKEN,
    service,
    changes,
    publish,
    clock,
    logger: silentLogger,
    pageDirectory: options.pageDirectory,
    maxStreams: options.maxStreams,
  });
  await web.start();
  await service.start();
  const serving = serveRoute(server, web.route);
  const initData: WebBoardHarness['initData'] = (player, extra = {}) =>
    sign(
      {
        user: {
          id: Number(player.userId),
          first_name: player.displayName,
          ...(player.language === undefined ? {} : { language_code: player.language }),
        },
        ...(extra.startParam === undefined ? {} : { start_param: extra.startParam }),
      },
      extra.token ?? WEB_TOKEN,
      new Date(extra.at ?? clock.now()),
    );
  const api: WebBoardHarness['api'] = (path, init = {}) =>
    fetch(`${base}/api/${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.session === undefined ? {} : { authorization: `Bearer ${init.session}` }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  return {
    base,
    service,
    puzzles,
    web,
    changes,
    publish,
    events,
    initData,
    async session(player) {
      const answer = await api('session', { body: { initData: initData(player) } });
      const body = (await answer.json()) as { session: string };
      return body.session;
    },
    api,
    async close() {
      web.close();
      await serving.close();
      await service.stop();
    },
  };
}

/** A page's live stream, read as EventSource does: the views in order, as they come. */
export class LiveStream {
  readonly views: BoardView[] = [];
  private readonly abort = new AbortController();
  readonly opened: Promise<void>;

  constructor(url: string) {
    this.opened = (async () => {
      const response = await fetch(url, { signal: this.abort.signal });
      if (!response.ok || response.body === null) throw new Error(`live: ${response.status}`);
      void this.read(response.body);
    })();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (message.includes('event: view') && data !== '')
            this.views.push(JSON.parse(data) as BoardView);
        }
      }
    } catch {
      // Aborted: the test is done with it.
    }
  }

  close(): void {
    this.abort.abort();
  }
}
