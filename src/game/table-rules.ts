/**
 * The rules of a table game (Zhernov's, 2–4 players) as the game service keeps them: the
 * record's position, its history (moves, and the players who resigned or lost on time where
 * they did), the seat to move and the result. The counterpart of game-rules.ts for two players.
 *
 * A table game's `moves` list every ply: a move in notation, or a drop-out written
 * `resign:<colour>` or `time:<colour>` (a seat's player resigned or ran out of time; the seat is
 * out, its columns stay on the board). Drop-outs are plies so that boards, buttons and timers
 * set before one are stale after it, as after a move.
 */
import {
  applyTableMove,
  makeTableFen,
  makeTableMove,
  parseTableFen,
  parseTableMove,
  resignSeat,
  SEAT_COLORS,
  settleTableTurn,
  tableMoves,
  tableKey,
  tableStart,
  tableStatus,
  type Move,
  type Seat,
  type SeatColor,
  type TablePosition,
  type TableState,
} from '../engine/multi/index.js';
import { GEOMETRY_8 } from '../engine/index.js';
import { botTable } from './bot-identity.js';
import {
  finish,
  moveSquares,
  resolveMoveInput,
  tablePosition,
  type OpeningFields,
  type ResolvedMove,
} from './game-rules.js';
import { playerOf, type DropOut, type Game, type GameResult } from './model.js';
import type { Mutation } from './record-updates.js';
import { refusal, type GameEvent } from './results.js';
import type { GameRules, MoveInput, Opening, OpeningRequest, PlayedMove } from './rules-model.js';
import { passTurn } from './turns.js';

const DROP_OUT = /^(resign|time):(white|red|black|green)$/;

/** A history entry that records a drop-out, or undefined for a move. */
export function parseDropOut(entry: string): { why: DropOut; color: SeatColor } | undefined {
  const match = DROP_OUT.exec(entry);
  return match === null ? undefined : { why: match[1] as DropOut, color: match[2] as SeatColor };
}

/** The seat of a colour. */
export function seatOf(color: SeatColor): Seat {
  return SEAT_COLORS.indexOf(color) as Seat;
}

/**
 * Where a table game's record stands for the rules: its position keys (a record without them,
 * from before repetition counted, starts its history at its current position) and its moves
 * (drop-outs are not moves).
 */
export function tableState(game: Game): TableState {
  const plies = game.moves.filter((entry) => parseDropOut(entry) === undefined).length;
  return { position: tablePosition(game), quietPlies: game.quietPlies, keys: game.keys, plies };
}

/** The fields of a new table game with the given seats taken (the start: VARIANTS.md's choice). */
export function tableOpening(seats: readonly Seat[]): OpeningFields {
  const start = tableStart(seats);
  const fen = makeTableFen(start);
  return { startFen: fen, moves: [], fen, keys: [tableKey(start)], quietPlies: 0 };
}

/** Finds the legal move a player means: notation text, or a Move from the legal list. */
export function resolveTableMove(position: TablePosition, input: MoveInput): ResolvedMove {
  return resolveMoveInput(input, {
    parse: (text) => parseTableMove(position, text),
    notation: makeTableMove,
    legal: () => tableMoves(position),
  });
}

/** The legal moves of the seat to move, in notation. */
export function tableMoveTexts(position: TablePosition): string[] {
  return tableMoves(position).map(makeTableMove);
}

/**
 * The engine's verdict on a table as a game result; undefined while the game goes on. At a
 * repetition or a limit the seats still in share the free places, so nobody wins outright
 * unless a seat already took first place.
 */
export function tableResult(state: TableState): GameResult | undefined {
  const status = tableStatus(state);
  if (status.kind === 'ongoing') return undefined;
  const first = status.standings.filter((line) => line.place === 1);
  const winner = first.length === 1 ? SEAT_COLORS[first[0]!.seat]! : null;
  return { winner, reason: status.reason, standings: status.standings };
}

function withState(game: Game, state: TableState, entry: string, now: number) {
  const result = tableResult(state);
  const updated: Game = {
    ...game,
    moves: [...game.moves, entry],
    fen: makeTableFen(state.position),
    keys: state.keys ?? [],
    quietPlies: state.quietPlies,
    drawOffer: null,
  };
  return { game: result === undefined ? updated : finish(updated, result, now), result };
}

/** The record after a legal move from `state` (the record's own): as recordMove for two. */
export function recordTableMove(
  game: Game,
  state: TableState,
  move: Move,
  now: number,
): { game: Game; text: string; result?: GameResult } {
  const text = makeTableMove(move);
  const played = withState(game, applyTableMove(state, move), text, now);
  return { ...played, game: { ...played.game, lastMove: moveSquares(move) }, text };
}

/**
 * The record after the player of `color` resigned or lost on time: the seat is out (it takes
 * the worst place still free) and, if it was its turn, the turn passes on. The seat must be
 * active (the caller checks).
 */
export function recordDropOut(
  game: Game,
  color: SeatColor,
  why: DropOut,
  now: number,
): { game: Game; result?: GameResult } {
  const state = resignSeat(tableState(game), seatOf(color));
  return withState(game, state, `${why}:${color}`, now);
}

/**
 * A table game's player resigns or runs out of time, as a change for RecordUpdates: their seat
 * is out ('seat-out', with the seats that then could not move), and 'game-over' if that ended
 * the game. The seat must still play (the caller checks).
 */
export function dropOutStep(
  game: Game,
  color: SeatColor,
  why: DropOut,
  now: number,
  dayMs: number,
): Mutation<Game> {
  const before = tablePosition(game);
  const dropped = recordDropOut(game, color, why, now);
  // When the turn passed (the seat to move was the one out, or could not move after it), the
  // next player is told (the presenters ping) and their clock runs. Otherwise the turn goes
  // on as it was: its player was told already, or is playing live.
  const passed =
    dropped.game.status === 'active' && tablePosition(dropped.game).turn !== before.turn;
  const next = passed
    ? passTurn(game, dropped.game, now, dayMs, {
        announced: true,
        toMove: playerOf(dropped.game, SEAT_COLORS[tablePosition(dropped.game).turn]!),
      })
    : dropped.game;
  const finished = tablePosition(next).finished.slice(before.finished.length);
  const events: GameEvent[] = [
    { type: 'seat-out', game: next, color, why, finished, ping: passed },
  ];
  if (dropped.result !== undefined)
    events.push({ type: 'game-over', game: next, result: dropped.result });
  return { ok: true, next, events };
}

/** Whether the seat of `color` still plays (taken, not finished). */
export function seatIsActive(position: TablePosition, color: SeatColor): boolean {
  const seat = seatOf(color);
  return position.seats.includes(seat) && !position.finished.some((f) => f.seat === seat);
}

/**
 * Replays a table game's history from its start: the state after every entry, or why it does
 * not replay (an illegal move, a drop-out of a seat not playing).
 */
export function replayTable(
  startFen: string,
  entries: readonly string[],
):
  | { ok: true; start: TablePosition; state: TableState; last?: Move }
  | { ok: false; message: string; badStart?: true; entry?: string } {
  const start = parseTableFen(startFen);
  if (!start.ok) return { ok: false, message: start.error.message, badStart: true };
  // A position set up by FEN may leave its seat to move without a move: the rules put it out.
  let state = settleTableTurn({
    position: start.value,
    quietPlies: 0,
    keys: [tableKey(start.value)],
    plies: 0,
  });
  let last: Move | undefined;
  for (const [i, entry] of entries.entries()) {
    if (tableStatus(state).kind !== 'ongoing')
      return { ok: false, message: `entry ${i + 1} (${entry}) comes after the end`, entry };
    const dropOut = parseDropOut(entry);
    if (dropOut !== undefined) {
      if (!seatIsActive(state.position, dropOut.color))
        return { ok: false, message: `entry ${i + 1}: ${dropOut.color} does not play`, entry };
      state = resignSeat(state, seatOf(dropOut.color));
      continue;
    }
    const move = parseTableMove(state.position, entry);
    if (!move.ok) return { ok: false, message: `entry ${i + 1}: ${move.error.message}`, entry };
    state = applyTableMove(state, move.value);
    last = move.value;
  }
  return { ok: true, start: start.value, state, ...(last === undefined ? {} : { last }) };
}

/** The record after the move a player means, or why it is not legal; the seats it finished. */
function playTableMove(game: Game, input: MoveInput, now: number): PlayedMove {
  const state = tableState(game);
  const move = resolveTableMove(state.position, input);
  if (!move.ok) {
    const legal = tableMoveTexts(state.position);
    return refusal('illegal-move', move.message, { move: move.text, legal });
  }
  const played = recordTableMove(game, state, move.move, now);
  const before = state.position.finished.length;
  const finished = tablePosition(played.game).finished.slice(before);
  return { ok: true, ...played, ...(finished.length === 0 ? {} : { finished }) };
}

/**
 * A table game's opening: the start with a seat for each player given (Red and Green too), or
 * the FEN given (whose seats must all have players), and the history entries played.
 */
function tableOpeningOf(input: OpeningRequest): Opening {
  const seats = SEAT_COLORS.flatMap((color, seat) => (input[color] === undefined ? [] : [seat]));
  const startFen = input.fen ?? tableOpening(seats as Seat[]).startFen;
  const replay = replayTable(startFen, input.moves ?? []);
  if (!replay.ok) {
    if (replay.badStart) return refusal('bad-position', replay.message, { fen: startFen });
    return refusal('illegal-move', replay.message, { move: replay.entry ?? '', legal: [] });
  }
  const taken = replay.start.seats;
  if (
    SEAT_COLORS.some((color, seat) => (input[color] !== undefined) !== taken.includes(seat as Seat))
  )
    return refusal('bad-position', 'The players given do not match the seats of this position.', {
      fen: startFen,
    });
  if (tableResult(replay.state) !== undefined)
    return refusal('game-over', 'These moves end the game.');
  const { last } = replay;
  return {
    ok: true,
    opening: {
      startFen: makeTableFen(replay.start),
      moves: [...(input.moves ?? [])],
      fen: makeTableFen(replay.state.position),
      keys: replay.state.keys ?? [],
      quietPlies: replay.state.quietPlies,
      ...(last === undefined ? {} : { lastMove: moveSquares(last) }),
    },
  };
}

/** The rules of a table game (see rules-strategy.ts). */
export const tableRules: GameRules = {
  kind: 'table',
  variant: 'zhernov',
  geometry: GEOMETRY_8,
  league: undefined,
  reviewed: false,
  replayed: false,
  drawOffers: false,
  joining: 'sit-down',
  owedPingPassesOn: true,
  position: (game) => tablePosition(game),
  sideToMove: (game) => SEAT_COLORS[tablePosition(game).turn]!,
  opening: tableOpeningOf,
  play: playTableMove,
  stillPlays: (game, color) => seatIsActive(tablePosition(game), color),
  dropOut: dropOutStep,
  botGame: (player, level, botName) => botTable(player, level, botName),
};
