/**
 * Puzzles on the board page, under `<base>/api/puzzles/`:
 *   GET  <id>?ply=N     -> the puzzle's board at ply N (0: the start, the mistake marked)
 *   POST <id>/move      {ply, route}  -> the board after the move and the defender's reply, or
 *                       the attempt's end (solved, or wrong with the line's move)
 * Moves are checked by the same puzzle service as the chats' (PuzzleService.play): the attempt
 * is the player's, recorded and rated as one from a chat.
 */
import * as v from 'valibot';
import { makeFen } from '../engine/index.js';
import { solverSide } from '../chat/words/puzzle-text.js';
import { moveSquares } from '../game/game-rules.js';
import type { Logger } from '../game/logger.js';
import type { Clock } from '../game/ports.js';
import {
  puzzleLastMove,
  puzzlePosition,
  type PuzzleLine,
  type PuzzleStep,
} from '../game/puzzle-solving.js';
import type { PuzzleService } from '../game/puzzles.js';
import { movesOf, routeMove } from '../chat/buttons/move-picking.js';
import type { BoardView } from './board-view.js';
import { bearer, readJson, sendError, sendJson, type Route } from './http.js';
import type { WebSessions } from './web-sessions.js';

export interface PuzzleApiOptions {
  readonly basePath: string;
  readonly puzzles: Pick<PuzzleService, 'get' | 'play'>;
  readonly sessions: WebSessions;
  readonly clock: Clock;
  readonly logger: Logger;
}

const PATH = /^puzzles\/([A-Za-z0-9_-]{1,64})(\/move)?$/;
const MoveBody = v.object({
  ply: v.pipe(v.number(), v.integer(), v.minValue(0)),
  route: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.minLength(2)),
});

/** The puzzle's board at `ply` (a solver's turn), or how the attempt ended there. */
export function puzzleView(
  puzzle: PuzzleLine,
  ply: number,
  now: number,
  ended?: { readonly solved: boolean; readonly expected?: string },
): BoardView {
  const position = puzzlePosition(puzzle, ply);
  const solver = solverSide(puzzle);
  const last = puzzleLastMove(puzzle, ply);
  return {
    id: puzzle.id,
    variant: puzzle.variant,
    table: false,
    ply,
    fen: makeFen(position),
    startFen: puzzle.fen,
    moves: puzzle.solution.slice(0, ply),
    lastMove: last === null ? null : moveSquares(last),
    status: ended === undefined ? 'active' : 'finished',
    toMove: ended === undefined ? solver : null,
    seats: [],
    you: solver,
    drawOffer: null,
    result:
      ended === undefined
        ? null
        : {
            winner: ended.solved ? solver : solver === 'white' ? 'black' : 'white',
            reason: ended.solved ? 'solved' : 'wrong',
          },
    daysPerMove: null,
    deadline: null,
    serverTime: now,
    puzzle: {
      ...(puzzle.goal === undefined ? {} : { goal: puzzle.goal }),
      ...(puzzle.difficulty === undefined ? {} : { difficulty: puzzle.difficulty }),
      ...(ended?.expected === undefined ? {} : { expected: ended.expected }),
    },
  };
}

/** The board after a step of the line. */
function stepView(puzzle: PuzzleLine, ply: number, step: PuzzleStep, now: number): BoardView {
  if (step.kind === 'wrong')
    return puzzleView(puzzle, ply, now, { solved: false, expected: step.expected });
  if (step.kind === 'correct' && step.solved)
    return puzzleView(puzzle, Math.min(step.ply, puzzle.solution.length), now, { solved: true });
  return puzzleView(puzzle, step.kind === 'correct' ? step.ply : ply, now);
}

export function puzzleApiRoute(options: PuzzleApiOptions): Route {
  const prefix = `${options.basePath}/api/`;
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://page.invalid');
    if (!url.pathname.startsWith(prefix)) return false;
    const match = PATH.exec(url.pathname.slice(prefix.length));
    if (match === null) return false;
    const [, puzzleId = '', move] = match;
    void (async () => {
      const found = options.puzzles.get(puzzleId);
      if (!found.ok) return sendError(response, 404, 'not-found', 'No such puzzle.');
      const puzzle = found.value;
      const now = options.clock.now();
      if (move === undefined) {
        if (request.method !== 'GET') return sendError(response, 405, 'method', 'GET only.');
        const ply = Number(url.searchParams.get('ply') ?? 0);
        if (!Number.isInteger(ply) || ply < 0 || ply % 2 !== 0 || ply >= puzzle.solution.length)
          return sendError(response, 400, 'bad-request', 'No such point of the line.');
        return sendJson(response, 200, puzzleView(puzzle, ply, now));
      }
      if (request.method !== 'POST') return sendError(response, 405, 'method', 'POST only.');
      const token = bearer(request);
      const user = token === undefined ? undefined : options.sessions.read(token);
      if (user === undefined || !user.ok)
        return sendError(response, 401, 'unauthorized', 'Open the puzzle again from the chat.');
      const body = v.safeParse(MoveBody, await readJson(request));
      if (!body.success)
        return sendError(response, 400, 'bad-request', 'The request does not read.');
      const { ply, route } = body.output;
      if (ply % 2 !== 0 || ply >= puzzle.solution.length)
        return sendError(response, 409, 'stale', 'The puzzle has moved on.');
      const chosen = routeMove(movesOf(puzzlePosition(puzzle, ply)), route);
      if (chosen === undefined)
        return sendError(response, 400, 'illegal-move', 'That move is not legal here.');
      const player = {
        platform: user.value.platform,
        userId: user.value.userId,
        displayName: user.value.name,
      };
      const played = await options.puzzles.play(puzzleId, player, ply, chosen);
      if (!played.ok) return sendError(response, 503, played.code, played.message);
      if (played.value.step.kind === 'stale')
        return sendError(response, 409, 'stale', 'The puzzle has moved on.');
      return sendJson(response, 200, stepView(puzzle, ply, played.value.step, now));
    })().catch((error: unknown) => {
      options.logger.error('web: a puzzle request failed', { path: url.pathname, err: error });
      if (!response.headersSent) sendError(response, 500, 'internal', 'Something went wrong.');
      else response.end();
    });
    return true;
  };
}
