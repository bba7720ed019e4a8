/**
 * Reviews in tests: the engine's analysis in process (a Searcher whose clock stands still, so
 * node budgets decide), counting its calls, and a game with a planted blunder.
 */
import {
  analysisThinkRequest,
  positionEval,
  Searcher,
  think,
  type AnalysisRequest,
  type ThinkRequest,
} from '../../src/ai/index.js';
import {
  applyMove,
  legalMoves,
  makeFen,
  makeMove,
  startPosition,
  VARIANTS,
  type Position,
} from '../../src/engine/index.js';
import type { PositionAnalysis } from '../../src/game/ports.js';

/** A search budget per position for reviews whose verdicts do not matter: a few ms a game. */
export const QUICK_REVIEW_NODES = 300;

/**
 * The PositionAnalysis port on this thread, with a count of the positions it looked at. With
 * `nodes`, each position gets that search budget instead of the review's (a quick, shallow
 * review, for tests of what is shown around it).
 */
export function inlineAnalysis(
  nodes?: number,
): PositionAnalysis & { calls: number; deepCalls: number } {
  const searcher = new Searcher({ ttBits: 16, now: () => 0 });
  const port = {
    /** First looks, and deeper ones. */
    calls: 0,
    deepCalls: 0,
    analyse: (request: AnalysisRequest) => {
      if (request.deep === true) port.deepCalls++;
      else port.calls++;
      const asked: ThinkRequest = analysisThinkRequest(request);
      const search: ThinkRequest =
        nodes === undefined ? asked : { ...asked, player: { kind: 'search', nodes } };
      return Promise.resolve(positionEval(request, think(searcher, search)));
    },
  };
  return port;
}

/**
 * A Bashni game of engine moves (a small search) in which the move at `blunderPly` is the one
 * the engine rates worst among the legal ones (it gives material away), then engine moves again
 * up to `plies` moves. Returns the moves and the planted move.
 */
export function plantedBlunderGame(
  blunderPly = 11,
  plies = 24,
): { moves: string[]; blunder: string; best: string } {
  const searcher = new Searcher({ ttBits: 16, now: () => 0 });
  const variant = VARIANTS.bashni;
  let position: Position = startPosition('bashni');
  const moves: string[] = [];
  let blunder = '';
  let best = '';
  const engineMove = (at: Position, nodes: number) =>
    think(searcher, {
      variant: 'bashni',
      fen: makeFen(at),
      player: { kind: 'search', nodes },
      seed: 1,
    });
  for (let ply = 0; ply < plies; ply++) {
    const legal = legalMoves(position);
    if (legal.length === 0) break;
    let chosen = legal[0]!;
    if (ply === blunderPly) {
      // The move after which the opponent's search scores best (the mover's worst).
      let worst = -Infinity;
      for (const move of legal) {
        const after = applyMove(position, move);
        if (legalMoves(after).length === 0) continue;
        const opponent = engineMove(after, 20_000).score;
        if (opponent > worst) {
          worst = opponent;
          chosen = move;
        }
      }
      blunder = makeMove(variant, chosen);
      best = engineMove(position, 20_000).move;
    } else {
      const text = engineMove(position, 3_000).move;
      chosen = legal.find((m) => makeMove(variant, m) === text) ?? chosen;
    }
    moves.push(makeMove(variant, chosen));
    position = applyMove(position, chosen);
  }
  return { moves, blunder, best };
}
