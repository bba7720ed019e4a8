/**
 * The board page's API, under `<base>/api/`:
 *   POST session               {initData | ticket, gameId?}  -> {session, user, gameId?, view?}
 *   GET  games/<id>            -> BoardView (read-only without a session)
 *   GET  games/<id>/live       ?session=  -> Server-Sent Events, `view` each change
 *   POST games/<id>/move       {ply, route, request}  -> BoardView
 *   POST games/<id>/draw       {ply, request}  (offers, or accepts the standing offer)
 *   POST games/<id>/resign     {ply, request}
 * Moves go through the game service like a chat's: `ply` is the compare-and-set (a move made
 * in the chat meanwhile makes the page's stale: 409 with the new view), `request` the request
 * key (a retried POST acts once).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import type { GameService } from '../game/service.js';
import type { Logger } from '../game/logger.js';
import type { Game, PlayerId } from '../game/model.js';
import type { Clock } from '../game/ports.js';
import type { GameEvent, ServiceResult } from '../game/results.js';
import { anyPosition } from '../game/rules-strategy.js';
import { movesOf, routeMove } from '../chat/buttons/move-picking.js';
import type { PuzzleService } from '../game/puzzles.js';
import { boardView, puzzleOfBoard, type BoardView } from './board-view.js';
import { puzzleView } from './puzzle-api.js';
import { bearer, readJson, sendError, sendJson, type Route } from './http.js';
import type { LiveBoards } from './live-boards.js';
import type { WebSessions, WebUser } from './web-sessions.js';

export interface BoardApiOptions {
  /** The path the page and the API live under ('' at the root). */
  readonly basePath: string;
  readonly service: GameService;
  /** The puzzles the page solves (a session for `p_<id>` brings the puzzle's start). */
  readonly puzzles?: Pick<PuzzleService, 'get'>;
  readonly sessions: WebSessions;
  readonly live: LiveBoards;
  /** Where the events of the page's actions go, as a chat's: the presenters and the pages. */
  readonly publish: (events: readonly GameEvent[]) => Promise<void>;
  readonly clock: Clock;
  readonly logger: Logger;
}

const GameId = v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)));
const SessionBody = v.union([
  v.object({ initData: v.pipe(v.string(), v.maxLength(8_000)), gameId: GameId }),
  v.object({ ticket: v.pipe(v.string(), v.maxLength(1_000)), gameId: GameId }),
]);
const Request = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));
const Ply = v.pipe(v.number(), v.integer(), v.minValue(0));
const MoveBody = v.object({
  ply: Ply,
  route: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.minLength(2)),
  request: Request,
});
const PlyBody = v.object({ ply: Ply, request: Request });

const GAME_PATH = /^games\/([A-Za-z0-9_-]{1,64})(?:\/(live|move|draw|resign))?$/;

/** The HTTP status a refusal gets. */
function statusOf(code: string): number {
  if (code === 'not-found') return 404;
  if (code === 'stale-version') return 409;
  if (code === 'store-unavailable' || code === 'busy') return 503;
  if (code === 'not-a-player' || code === 'unauthorized') return 403;
  return 400;
}

export function boardApiRoute(options: BoardApiOptions): Route {
  const prefix = `${options.basePath}/api/`;
  const { logger } = options;
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://page.invalid');
    if (!url.pathname.startsWith(prefix)) return false;
    const path = url.pathname.slice(prefix.length);
    // Only the API's own paths: anything else under it (a webhook's path, say) is another route's.
    if (path !== 'session' && !GAME_PATH.test(path)) return false;
    answer(options, request, response, path, url).catch((error: unknown) => {
      logger.error('web: an API request failed', { path: url.pathname, err: error });
      if (!response.headersSent) sendError(response, 500, 'internal', 'Something went wrong.');
      else response.end();
    });
    return true;
  };
}

async function answer(
  options: BoardApiOptions,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  if (path === 'session') {
    if (request.method !== 'POST') return sendError(response, 405, 'method', 'POST only.');
    const body = v.safeParse(SessionBody, await readJson(request));
    if (!body.success) return sendError(response, 400, 'bad-request', 'initData or ticket.');
    const made =
      'initData' in body.output
        ? options.sessions.fromInitData(body.output.initData)
        : options.sessions.fromTicket(body.output.ticket);
    if (!made.ok) return sendError(response, 401, made.error.code, made.error.message);
    // The board's view comes with the session: one round trip less before the board is drawn.
    const gameId = made.value.gameId ?? body.output.gameId;
    const view =
      gameId === undefined ? undefined : await firstView(options, gameId, made.value.user);
    return sendJson(response, 200, {
      ...made.value,
      ...(gameId === undefined ? {} : { gameId }),
      ...(view === undefined ? {} : { view }),
    });
  }
  const [, gameId = '', action] = GAME_PATH.exec(path) ?? [];
  const token = bearer(request) ?? url.searchParams.get('session') ?? undefined;
  let user: WebUser | undefined;
  if (token !== undefined) {
    const read = options.sessions.read(token);
    if (!read.ok) return sendError(response, 401, read.error.code, read.error.message);
    user = read.value;
  }
  const player = actingPlayer(user, gameId);
  if (action === undefined || action === 'live') {
    if (request.method !== 'GET') return sendError(response, 405, 'method', 'GET only.');
    const game = await options.service.queries.getGame(gameId);
    if (!game.ok) return refused(options, response, game, gameId, player);
    if (action === 'live') return options.live.watch(game.value, player, response);
    return sendJson(response, 200, boardView(game.value, player, options.clock.now()));
  }
  if (request.method !== 'POST') return sendError(response, 405, 'method', 'POST only.');
  if (player === undefined)
    return sendError(response, 403, 'unauthorized', 'Only the players can act on this board.');
  const raw = await readJson(request);
  const result = await act(options, gameId, player, action as 'move' | 'draw' | 'resign', raw);
  if (result === 'bad-request')
    return sendError(response, 400, 'bad-request', 'The request does not read.');
  if (!result.ok) return refused(options, response, result, gameId, player);
  // The chats' boards are edited, and the other pages told, before the page hears back.
  await options.publish(result.events);
  return sendJson(response, 200, boardView(result.value, player, options.clock.now()));
}

async function act(
  options: BoardApiOptions,
  gameId: string,
  player: PlayerId,
  action: 'move' | 'draw' | 'resign',
  raw: unknown,
): Promise<ServiceResult<Game> | 'bad-request'> {
  const { service } = options;
  const body = v.safeParse(action === 'move' ? MoveBody : PlyBody, raw);
  if (!body.success) return 'bad-request';
  const { ply, request } = body.output;
  const requestKey = `web:${player.platform}:${player.userId}:${request}`;
  if (action === 'resign')
    return service.endings.resign(gameId, player, { seenPly: ply, requestKey });
  if (action === 'draw')
    return service.endings.offerDraw(gameId, player, { seenPly: ply, requestKey });
  const game = await service.queries.getGame(gameId);
  if (!game.ok) return game;
  if (game.value.moves.length !== ply)
    return { ok: false, code: 'stale-version', message: 'The board has changed.' };
  const route = (body.output as v.InferOutput<typeof MoveBody>).route;
  const move = routeMove(movesOf(anyPosition(game.value)), route);
  if (move === undefined)
    return {
      ok: false,
      code: 'illegal-move',
      message: 'That move is not legal here.',
      move: '',
      legal: [],
    };
  return service.moves.play(gameId, player, move, { seenPly: ply, requestKey });
}

/** A refusal as the page reads it; a stale board comes with the board as it is now. */
async function refused(
  options: BoardApiOptions,
  response: ServerResponse,
  result: Extract<ServiceResult<unknown>, { ok: false }>,
  gameId: string,
  player: PlayerId | undefined,
): Promise<void> {
  if (result.code !== 'stale-version')
    return sendError(response, statusOf(result.code), result.code, result.message);
  const now = await options.service.queries.getGame(gameId);
  const view = now.ok ? boardView(now.value, player, options.clock.now()) : undefined;
  sendError(response, 409, 'stale', 'The board has changed.', view === undefined ? {} : { view });
}

/** The view of the board `id` names (a game, or a puzzle at its start), if there is one. */
async function firstView(
  options: BoardApiOptions,
  id: string,
  user: WebUser,
): Promise<BoardView | undefined> {
  const now = options.clock.now();
  const puzzleId = puzzleOfBoard(id);
  if (puzzleId !== undefined) {
    const puzzle = options.puzzles?.get(puzzleId);
    return puzzle?.ok === true ? puzzleView(puzzle.value, 0, now) : undefined;
  }
  const game = await options.service.queries.getGame(id);
  return game.ok ? boardView(game.value, actingPlayer(user, game.value.id), now) : undefined;
}

/** Who acts on a game's board: the session's user, but a Discord link's on its own game only. */
function actingPlayer(user: WebUser | undefined, gameId: string): PlayerId | undefined {
  if (user === undefined || (user.gameId !== undefined && user.gameId !== gameId)) return undefined;
  return { platform: user.platform, userId: user.userId };
}
