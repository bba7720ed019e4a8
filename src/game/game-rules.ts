import {
  GameHistory,
  legalMoves,
  makeFen,
  makeMove,
  parseFen,
  parseMove,
  positionKey,
  ruleStatus,
  stackCounts,
  VARIANTS,
  applyMove,
  type Move,
  type Position,
} from '../engine/index.js';
import type { Game, GameResult, Side } from './model.js';

/** The current position of a game record. A record whose FEN does not parse is corrupt. */
export function gamePosition(game: Game): Position {
  const parsed = parseFen(game.fen, game.variant);
  if (!parsed.ok)
    throw new Error(`game ${game.id}: stored FEN does not parse: ${parsed.error.message}`);
  return parsed.value;
}

export function sideToMove(game: Game): Side {
  return gamePosition(game).turn === 0 ? 'white' : 'black';
}

export type MoveInput = string | Move;

/** Finds the move a player means: notation text, or a Move taken from the legal list. */
export function resolveMove(
  position: Position,
  input: MoveInput,
): { ok: true; move: Move } | { ok: false; message: string } {
  if (typeof input === 'string') {
    const parsed = parseMove(position, input);
    return parsed.ok
      ? { ok: true, move: parsed.value }
      : { ok: false, message: parsed.error.message };
  }
  const variant = VARIANTS[position.variant];
  const text = makeMove(variant, input);
  const legal = legalMoves(position).find((m) => makeMove(variant, m) === text);
  return legal === undefined
    ? { ok: false, message: `${text} is not a legal move here.` }
    : { ok: true, move: legal };
}

/**
 * The record after a legal move: position, keys for repetition, the 15-move count, and the
 * result if the move ended the game by the rules. Clock fields are left to the caller.
 */
export function recordMove(
  game: Game,
  position: Position,
  move: Move,
  now: number,
): { game: Game; text: string; result?: GameResult } {
  const variant = VARIANTS[game.variant];
  const next = applyMove(position, move);
  const before = stackCounts(position);
  const after = stackCounts(next);
  const quietPlies = before[0] === after[0] && before[1] === after[1] ? game.quietPlies + 1 : 0;
  const keys = [...game.keys, positionKey(next)];
  const text = makeMove(variant, move);
  const result = ruleResult(next, keys, quietPlies);
  const updated: Game = {
    ...game,
    version: game.version + 1,
    moves: [...game.moves, text],
    fen: makeFen(next),
    keys,
    quietPlies,
    drawOffer: null,
    updatedAt: now,
  };
  return { game: result === undefined ? updated : finish(updated, result, now), text, result };
}

/** The end of the game by the rules (engine ruleStatus), from the stored facts. */
function ruleResult(
  position: Position,
  keys: readonly string[],
  quietPlies: number,
): GameResult | undefined {
  const current = keys[keys.length - 1];
  const status = ruleStatus(position, keys.filter((key) => key === current).length, quietPlies);
  if (status.kind === 'ongoing') return undefined;
  if (status.kind === 'draw') return { winner: null, reason: status.reason };
  return { winner: status.winner === 0 ? 'white' : 'black', reason: status.reason };
}

/** A finished record: result set, clock and draw offer cleared, repetition keys dropped. */
export function finish(game: Game, result: GameResult, now: number): Game {
  return {
    ...game,
    status: 'finished',
    result,
    deadline: null,
    drawOffer: null,
    keys: [],
    finishedAt: now,
    updatedAt: now,
  };
}

/** A new game's derived fields from its start position. */
export function initialState(
  position: Position,
): Pick<Game, 'startFen' | 'fen' | 'keys' | 'quietPlies'> {
  const fen = makeFen(position);
  return { startFen: fen, fen, keys: [positionKey(position)], quietPlies: 0 };
}

/** The game record as a GameHistory (for PDN export). Throws on a record that does not replay. */
export function gameHistory(game: Game): GameHistory {
  const start = parseFen(game.startFen, game.variant);
  if (!start.ok) throw new Error(`game ${game.id}: start FEN does not parse`);
  let history = GameHistory.from(start.value);
  for (const text of game.moves) {
    const move = parseMove(history.position, text);
    if (!move.ok) throw new Error(`game ${game.id}: move ${text} does not replay`);
    history = history.play(move.value);
  }
  return history;
}
