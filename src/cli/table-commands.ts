import {
  makeTableMove,
  parseTableFen,
  tableMoves,
  tablePerft,
  tableStart,
  type TableState,
} from '../engine/multi/index.js';
import { UsageError } from './options.js';

type Print = (line: string) => void;

/** Whether --variant names the table game (Zhernov's), which perft and moves read apart. */
export function isTableVariant(text: string | undefined): boolean {
  return text?.trim().toLowerCase() === 'zhernov';
}

/** The table game named by --fen (a table FEN), or the four-seat start. */
function tableStateOption(fen: string | undefined): TableState {
  if (fen === undefined) return { position: tableStart(), quietPlies: 0 };
  const parsed = parseTableFen(fen);
  if (!parsed.ok) throw new UsageError(`bad --fen: ${parsed.error.message}`);
  return { position: parsed.value, quietPlies: 0 };
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
