import {
  advance,
  gameStatus,
  startPosition,
  legalMoves,
  makeFen,
  makeMove,
  parseFen,
  parseMove,
  replayGame,
  sideOfColor,
  VARIANTS,
  type GameHistory,
  type GameState,
  type GameStatus,
  type Move,
  type Position,
  type ReplayError,
  type Result,
  type VariantId,
} from '../engine/index.js';
import { botPlayer } from './bot-identity.js';
import {
  isTableVariant,
  otherSide,
  twoPlayerSide,
  type DropOut,
  type Game,
  type GameResult,
  type SeatColor,
} from './model.js';
import { StoreError } from './ports.js';
import type { Mutation } from './record-updates.js';
import { refusal } from './results.js';
import type {
  GameRules,
  MoveInput,
  Opening,
  OpeningFields,
  OpeningRequest,
  PlayedMove,
} from './rules-model.js';
import { parseTableFen, type TablePosition } from '../engine/multi/index.js';

export type { AnyPosition, MoveInput, OpeningFields } from './rules-model.js';

/**
 * A game record the rules cannot read. It is the store's own error for a corrupt record, so
 * RecordUpdates.guard refuses it as 'corrupt-record' for that game only, wherever it is met.
 */
export function corruptGame(game: Game, why: string): StoreError {
  return new StoreError('corrupt-record', `game ${game.id}: ${why}`, game.id);
}

/**
 * The current position of a game record. The codec lets no record with a bad FEN out of the
 * store; one met anyway (built in memory) is corrupt: see corruptGame.
 */
export function gamePosition(game: Game): Position {
  const variant = twoPlayerOf(game);
  if (variant === undefined)
    throw new Error(`gamePosition: game ${game.id} is a table game (see table-rules.ts)`);
  const parsed = parseFen(game.fen, variant);
  if (!parsed.ok) throw corruptGame(game, `stored FEN does not parse: ${parsed.error.message}`);
  return parsed.value;
}

/** A two-player game's variant (a table game has none: a caller's bug, it throws). */
export function twoPlayerVariant(game: Game): VariantId {
  const variant = twoPlayerOf(game);
  if (variant === undefined) throw new Error(`game ${game.id} is a table game`);
  return variant;
}

/** A game's variant if two play it; undefined at a table. */
function twoPlayerOf(game: Game): VariantId | undefined {
  return isTableVariant(game.variant) ? undefined : game.variant;
}

/** The current position of a table game's record (Zhernov's); see gamePosition. */
export function tablePosition(game: Game): TablePosition {
  const parsed = parseTableFen(game.fen);
  if (!parsed.ok) throw corruptGame(game, `stored FEN does not parse: ${parsed.error.message}`);
  return parsed.value;
}

/** Where a game record stands for the rules: the state the engine resumes it from. */
export function gameState(game: Game): GameState {
  return { position: gamePosition(game), keys: game.keys, quietPlies: game.quietPlies };
}

/** The legal move a player means, or the text they gave and why it is none. */
export type ResolvedMove = { ok: true; move: Move } | { ok: false; text: string; message: string };

/** Finds the move a player means: notation text, or a Move taken from the legal list. */
export function resolveMove(position: Position, input: MoveInput): ResolvedMove {
  const variant = VARIANTS[position.variant];
  return resolveMoveInput(input, {
    parse: (text) => parseMove(position, text),
    notation: (move) => makeMove(variant, move),
    legal: () => legalMoves(position),
  });
}

/**
 * The move `input` means by a game's notation (two-player or table): text is parsed, a Move is
 * looked up among the legal moves by its notation.
 */
export function resolveMoveInput(
  input: MoveInput,
  rules: {
    parse: (text: string) => Result<Move>;
    notation: (move: Move) => string;
    legal: () => readonly Move[];
  },
): ResolvedMove {
  if (typeof input === 'string') {
    const parsed = rules.parse(input);
    return parsed.ok
      ? { ok: true, move: parsed.value }
      : { ok: false, text: input, message: parsed.error.message };
  }
  const text = rules.notation(input);
  const legal = rules.legal().find((m) => rules.notation(m) === text);
  return legal === undefined
    ? { ok: false, text, message: `${text} is not a legal move here.` }
    : { ok: true, move: legal };
}

/** What a record keeps of a move for its picture: the squares, as plain data. */
export function moveSquares(move: Move): NonNullable<Game['lastMove']> {
  return { from: move.from, path: [...move.path], captures: [...move.captures] };
}

/**
 * The record after a legal move from `state` (the record's own, see gameState): the engine's
 * step, the move text, the last move's squares, and the result if the move ended the game by
 * the rules. Clock fields are left to the caller, version and updatedAt to RecordUpdates.
 */
export function recordMove(
  game: Game,
  state: GameState,
  move: Move,
  now: number,
): { game: Game; text: string; result?: GameResult } {
  const next = advance(state, move);
  const text = makeMove(VARIANTS[state.position.variant], move);
  const result = resultOf(gameStatus(next));
  const updated: Game = {
    ...game,
    moves: [...game.moves, text],
    fen: makeFen(next.position),
    keys: next.keys,
    quietPlies: next.quietPlies,
    lastMove: moveSquares(move),
    drawOffer: null,
  };
  return { game: result === undefined ? updated : finish(updated, result, now), text, result };
}

/** The engine's verdict as a game result; undefined while the game goes on. */
function resultOf(status: GameStatus): GameResult | undefined {
  if (status.kind === 'ongoing') return undefined;
  if (status.reason === 'half-count') {
    const counts: [number, number] = [status.counts[0], status.counts[1]];
    const winner = status.kind === 'draw' ? null : sideOfColor(status.winner);
    return { winner, reason: status.reason, counts };
  }
  if (status.kind === 'draw') return { winner: null, reason: status.reason };
  return { winner: sideOfColor(status.winner), reason: status.reason };
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
  };
}

/**
 * A new game's position fields: its start and the moves already played from it (replayed
 * once, in full-path notation). Moves that do not replay, or that end the game, are refused.
 */
export function openingFields(
  start: Position,
  moves: readonly string[] = [],
): Result<OpeningFields, ReplayError> {
  const startFen = makeFen(start);
  const replay = replayGame(start.variant, startFen, moves);
  if (!replay.ok) return replay;
  const { history, status } = replay.value;
  if (status.kind !== 'ongoing') {
    const message = `These moves end the game (${replay.value.description}).`;
    return { ok: false, error: { code: 'game-over', message } };
  }
  const variant = VARIANTS[start.variant];
  const last = history.moves.at(-1);
  return {
    ok: true,
    value: {
      startFen,
      moves: history.moves.map((move) => makeMove(variant, move)),
      fen: replay.value.fen,
      keys: history.keys,
      quietPlies: history.quietPlies,
      ...(last === undefined ? {} : { lastMove: moveSquares(last) }),
    },
  };
}

/** The game record as a GameHistory (for PDN export). Throws corruptGame if it does not replay. */
export function gameHistory(game: Game): GameHistory {
  const variant = twoPlayerOf(game);
  if (variant === undefined) throw corruptGame(game, 'a table game has no PDN history');
  const replay = replayGame(variant, game.startFen, game.moves);
  if (!replay.ok) throw corruptGame(game, `does not replay: ${replay.error.message}`);
  return replay.value.history;
}

/** A change for RecordUpdates that ends the game with `result`. */
export function gameOver(game: Game, result: GameResult, now: number): Mutation<Game> {
  const next = finish(game, result, now);
  return { ok: true, next, events: [{ type: 'game-over', game: next, result }] };
}

/** The record after the move a player means, or why it is not legal (the legal moves then). */
function playTwoPlayerMove(game: Game, input: MoveInput, now: number): PlayedMove {
  const state = gameState(game);
  const move = resolveMove(state.position, input);
  if (!move.ok) {
    const variant = VARIANTS[state.position.variant];
    const legal = legalMoves(state.position).map((m) => makeMove(variant, m));
    return refusal('illegal-move', move.message, { move: move.text, legal });
  }
  return { ok: true, ...recordMove(game, state, move.move, now) };
}

/** A two-player game's opening: the variant's start or the FEN given, and the moves played. */
function twoPlayerOpening(variant: VariantId, input: OpeningRequest): Opening {
  let start = startPosition(variant);
  if (input.fen !== undefined) {
    const parsed = parseFen(input.fen, variant);
    if (!parsed.ok) return refusal('bad-position', parsed.error.message, { fen: input.fen });
    start = parsed.value;
  }
  const opening = openingFields(start, input.moves);
  if (!opening.ok) {
    const { code, message, moveText, legal } = opening.error;
    if (code === 'game-over') return refusal('game-over', message);
    return refusal('illegal-move', message, { move: moveText ?? '', legal: legal ?? [] });
  }
  return { ok: true, opening: opening.value };
}

/** The player of `color` resigned or ran out of time: the other side wins. */
function lost(game: Game, color: SeatColor, why: DropOut, now: number): Mutation<Game> {
  const reason = why === 'time' ? 'time' : 'resignation';
  return gameOver(game, { winner: otherSide(twoPlayerSide(color)), reason }, now);
}

function makeTwoPlayerRules(variant: VariantId): GameRules {
  return {
    kind: 'two-player',
    variant,
    geometry: VARIANTS[variant].geometry,
    league: variant,
    reviewed: true,
    replayed: true,
    drawOffers: true,
    joining: 'accept',
    owedPingPassesOn: false,
    position: gamePosition,
    sideToMove: (game) => sideOfColor(gamePosition(game).turn),
    opening: (request) => twoPlayerOpening(variant, request),
    play: playTwoPlayerMove,
    stillPlays: () => true,
    dropOut: (game, color, why, now) => lost(game, color, why, now),
    botGame: (player, level, botName) => ({
      white: player,
      black: botPlayer(player.platform, level, botName),
    }),
  };
}

const TWO_PLAYER_RULES = new Map<VariantId, GameRules>();

/** The rules of a two-player variant (see rules-strategy.ts), made once. */
export function twoPlayerRules(variant: VariantId): GameRules {
  let rules = TWO_PLAYER_RULES.get(variant);
  if (rules === undefined) {
    rules = makeTwoPlayerRules(variant);
    TWO_PLAYER_RULES.set(variant, rules);
  }
  return rules;
}
