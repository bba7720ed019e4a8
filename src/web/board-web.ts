/**
 * The live board of a bot process: the page's files, its API and its live streams, one route
 * on the server on PORT. Made in main.ts when WEB_URL is set; the chats link to it (links.ts).
 */
import type { Logger } from '../game/logger.js';
import type { Clock, GameChangeFeed } from '../game/ports.js';
import type { GameEvent } from '../game/results.js';
import type { GameService } from '../game/service.js';
import { boardApiRoute } from './board-api.js';
import { BoardLinks, boardPageUrl } from './board-links.js';
import { firstRoute, type Route } from './http.js';
import { LiveBoards } from './live-boards.js';
import { pageFilesRoute } from './page-files.js';
import { purposeKey } from './signed-payload.js';
import { puzzleApiRoute } from './puzzle-api.js';
import type { PuzzleService } from '../game/puzzles.js';
import { WebSessions } from './web-sessions.js';

export interface BoardWebOptions {
  /** WEB_URL: where the page is, as the world sees it. */
  readonly url: URL;
  /** The secret everything is signed with: WEB_SECRET, else a bot token. */
  readonly secret: string;
  /** To check Mini App initData with (processes without it refuse Telegram pages). */
  readonly telegramToken?: string;
  readonly service: GameService;
  /** Puzzles solved on the page too, when given. */
  readonly puzzles?: Pick<PuzzleService, 'get' | 'play'>;
  readonly changes: GameChangeFeed;
  /** Where the events of the page's actions go: main.ts's dispatch, as a chat's do. */
  readonly publish: (events: readonly GameEvent[]) => Promise<void>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The built page's directory (tests); dist/web/board by default. */
  readonly pageDirectory?: string;
  readonly heartbeatMs?: number;
  readonly maxStreams?: number;
}

export interface BoardWeb {
  /** Where the page is: `<WEB_URL>/board/`. */
  readonly pageUrl: URL;
  readonly route: Route;
  /** Discord's "Open the board" links. */
  readonly links: BoardLinks;
  readonly live: LiveBoards;
  start(): Promise<void>;
  /** Ends the live streams (their pages reconnect elsewhere). */
  close(): void;
}

export function boardWeb(options: BoardWebOptions): BoardWeb {
  const basePath = options.url.pathname.replace(/\/$/, '');
  const { clock } = options;
  const logger = options.logger.child({ component: 'web' });
  const links = new BoardLinks(options.url, purposeKey('bashni-board-link', options.secret), clock);
  const sessions = new WebSessions({
    key: purposeKey('bashni-web-session', options.secret),
    clock,
    telegramToken: options.telegramToken,
    links,
  });
  const live = new LiveBoards({
    getGame: (id) => options.service.queries.getGame(id),
    feed: options.changes,
    clock,
    logger,
    heartbeatMs: options.heartbeatMs,
    maxStreams: options.maxStreams,
  });
  const route = firstRoute([
    pageFilesRoute({ basePath, logger, directory: options.pageDirectory }),
    ...(options.puzzles === undefined
      ? []
      : [puzzleApiRoute({ basePath, puzzles: options.puzzles, sessions, clock, logger })]),
    boardApiRoute({
      basePath,
      service: options.service,
      ...(options.puzzles === undefined ? {} : { puzzles: options.puzzles }),
      sessions,
      live,
      publish: options.publish,
      clock,
      logger,
    }),
  ]);
  return {
    pageUrl: boardPageUrl(options.url),
    route,
    links,
    live,
    start: () => live.start(),
    close: () => live.close(),
  };
}
