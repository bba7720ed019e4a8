import { afterEach, describe, expect, it, vi } from 'vitest';
import { legalMoves, parseMove } from '../../src/engine/index.js';
import { puzzlePosition, type PuzzleLine } from '../../src/game/puzzle-solving.js';
import type { BoardView } from '../../src/web/board-view.js';
import { ALICE } from '../support/game-fixtures.js';
import { testCatalog } from '../support/puzzles.js';
import { startWebBoard, type WebBoardHarness } from '../support/web-board.js';

let h: WebBoardHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The route of the line's move at `ply`, as the page sends it. */
function route(puzzle: PuzzleLine, ply: number): number[] {
  const move = parseMove(puzzlePosition(puzzle, ply), puzzle.solution[ply]!);
  if (!move.ok) throw new Error(move.error.message);
  return [move.value.from, ...move.value.path];
}

/** A puzzle of the committed Laska library (mined from mistakes) with a reply in its line. */
function longPuzzle(): PuzzleLine {
  return testCatalog()
    .list('laska')
    .find((p) => p.solution.length >= 3 && p.mistake !== undefined)!;
}

describe('puzzles on the board page', () => {
  it('shows the start with the mistake marked, and plays the line to the end', async () => {
    h = await startWebBoard();
    const puzzle = longPuzzle();
    const start = (await (await h.api(`puzzles/${puzzle.id}`)).json()) as BoardView;
    expect(start).toMatchObject({ id: puzzle.id, ply: 0, status: 'active', fen: puzzle.fen });
    expect(start.you).toBe(start.toMove);
    expect(start.lastMove).not.toBeNull(); // the mistake that made the puzzle
    const session = await h.session(ALICE);
    let ply = 0;
    let view = start;
    while (view.status === 'active') {
      const answer = await h.api(`puzzles/${puzzle.id}/move`, {
        session,
        body: { ply, route: route(puzzle, ply) },
      });
      expect(answer.status).toBe(200);
      view = (await answer.json()) as BoardView;
      ply = view.ply;
    }
    expect(view.result).toMatchObject({ reason: 'solved', winner: start.you });
    // The attempt is Alice's, recorded as one from a chat: she may now vote on the puzzle.
    const vote = await h.puzzles.vote(puzzle.id, ALICE, true);
    expect(vote.ok).toBe(true);
    expect((await h.puzzles.vote(puzzle.id, { ...ALICE, userId: '999' }, true)).ok).toBe(false);
  });

  it('comes with the session for the Mini App start p_<id>, without looking for a game', async () => {
    h = await startWebBoard();
    const puzzle = longPuzzle();
    const getGame = vi.spyOn(h.service.queries, 'getGame');
    const answer = await h.api('session', {
      body: { initData: h.initData(ALICE, { startParam: `p_${puzzle.id}` }) },
    });
    const body = (await answer.json()) as { gameId: string; view: BoardView };
    expect(body.gameId).toBe(`p_${puzzle.id}`);
    expect(body.view).toMatchObject({ id: puzzle.id, ply: 0, fen: puzzle.fen, status: 'active' });
    expect(getGame).not.toHaveBeenCalled();
  });

  it('ends the attempt on a wrong move with the line move, and refuses what does not read', async () => {
    h = await startWebBoard();
    const puzzle = longPuzzle();
    const session = await h.session(ALICE);
    const right = route(puzzle, 0);
    const position = puzzlePosition(puzzle, 0);
    const wrong = legalMoves(position).find(
      (m) => m.from !== right[0] || m.path.join() !== right.slice(1).join(),
    )!;
    const answer = await h.api(`puzzles/${puzzle.id}/move`, {
      session,
      body: { ply: 0, route: [wrong.from, ...wrong.path] },
    });
    const view = (await answer.json()) as BoardView;
    expect(view).toMatchObject({
      status: 'finished',
      result: { reason: 'wrong' },
      puzzle: { expected: puzzle.solution[0] },
    });
    const anonymous = await h.api(`puzzles/${puzzle.id}/move`, {
      body: { ply: 0, route: right },
    });
    expect(anonymous.status).toBe(401);
    const odd = await h.api(`puzzles/${puzzle.id}/move`, {
      session,
      body: { ply: 1, route: right },
    });
    expect(odd.status).toBe(409);
    const illegal = await h.api(`puzzles/${puzzle.id}/move`, {
      session,
      body: { ply: 0, route: [0, 1] },
    });
    expect(illegal.status).toBe(400);
    expect((await h.api('puzzles/no-such-puzzle')).status).toBe(404);
    expect((await h.api(`puzzles/${puzzle.id}?ply=1`)).status).toBe(400);
  });
});
