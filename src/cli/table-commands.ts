import {
  makeTableFen,
  makeTableMove,
  parseTableFen,
  SEAT_COLORS,
  settleTableTurn,
  tableMoves,
  tablePerft,
  tableStart,
  tableStatus,
  type TablePosition,
  type TableState,
} from '../engine/multi/index.js';
import { replayTable } from '../game/table-rules.js';
import { UsageError, type Print } from './options.js';

/** Whether --variant names the table game (Zhernov's), which the commands read apart. */
export function isTableVariant(text: string | undefined): boolean {
  return text?.trim().toLowerCase() === 'zhernov';
}

/** The table position named by --fen (a table FEN), or the four-seat start. */
export function tablePositionOption(fen: string | undefined): TablePosition {
  if (fen === undefined) return tableStart();
  const parsed = parseTableFen(fen);
  if (!parsed.ok) throw new UsageError(`bad --fen: ${parsed.error.message}`);
  return parsed.value;
}

function tableStateOption(fen: string | undefined): TableState {
  return { position: tablePositionOption(fen), quietPlies: 0 };
}

/** `perft --variant zhernov --depth N [--fen F]`: one line per depth, then the speed. */
export function tablePerftCommand(depth: number, fen: string | undefined, print: Print): number {
  const state = tableStateOption(fen);
  const started = process.hrtime.bigint();
  let nodes = 0;
  for (let d = 1; d <= depth; d++) {
    const count = tablePerft(state, d);
    nodes += count;
    print(`depth ${d}: ${count}`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  print(`nodes per second: ${Math.round(nodes / Math.max(seconds, 1e-9))}`);
  return 0;
}

/** `moves --variant zhernov [--fen F]`: the legal moves of the seat to move. */
export function tableMovesCommand(fen: string | undefined, print: Print): number {
  for (const move of tableMoves(tableStateOption(fen).position)) print(makeTableMove(move));
  return 0;
}

/** Where a table game stands, in words: the seat to move, or how it ended and the standings. */
export function describeTableState(state: TableState): string {
  const status = tableStatus(state);
  if (status.kind === 'ongoing') return `${SEAT_COLORS[state.position.turn]} to move`;
  const lines = status.standings.map(
    (line) =>
      `${SEAT_COLORS[line.seat]} ${line.place ?? '-'}. (${line.points ?? 0} points${line.count ? ', count' : ''})`,
  );
  return `game over (${status.reason}): ${lines.join(', ')}`;
}

/**
 * `replay --variant zhernov [--fen F] "<moves>"`: the moves (and drop-outs such as
 * `resign:red`) separated by spaces, move numbers allowed; prints the final FEN and where the
 * game stands. An illegal move exits 1 with the reason on `printError`.
 */
export function tableReplayCommand(
  text: string,
  fen: string | undefined,
  print: Print,
  printError: Print,
): number {
  const entries = text.split(/\s+/).filter((entry) => entry !== '' && !/^\d+\.+$/.test(entry));
  const replay = replayTable(makeTableFen(tablePositionOption(fen)), entries);
  if (!replay.ok) {
    printError(replay.message);
    return 1;
  }
  print(makeTableFen(replay.state.position));
  print(describeTableState(replay.state));
  return 0;
}

/** The FEN `best --variant zhernov` thinks about: the position, settled, and not over. */
export function tableBestFen(fen: string | undefined): string {
  const state = settleTableTurn(tableStateOption(fen));
  if (tableStatus(state).kind === 'over') throw new UsageError('the game is over in this position');
  return makeTableFen(state.position);
}

/** A table search score (thousandths of a point for the seat to move) for people. */
export function formatTableScore(score: number): string {
  return `${score >= 0 ? '+' : '-'}${(Math.abs(score) / 1000).toFixed(3)} points`;
}
