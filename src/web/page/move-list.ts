/**
 * The move list as players number it: a move is a White ply and a Black ply ("1. c3-d4 f6-e5"),
 * a game set up with Black to move starts "1... f6-e5", a double-move variant numbers every
 * turn (Black's too, as in its game record), and at a table every ply is a move of its own.
 */
import { parseFen, turnNumberAfter, VARIANTS, type VariantId } from '../../engine/index.js';
import type { BoardView } from '../board-view.js';

/** One numbered line of the list. */
export interface MoveRow {
  readonly number: number;
  /** The line starts with the second side's ply ("1..."). */
  readonly continues: boolean;
  /** Its plies: the index of each in the game's moves, and its text. */
  readonly plies: readonly { readonly ply: number; readonly text: string }[];
}

/** What numbering needs of a game (a BoardView has it all). */
export interface MoveListSource {
  readonly variant: BoardView['variant'];
  readonly table: boolean;
  readonly startFen: string;
  readonly moves: readonly string[];
}

/** The move number of every ply of `game`, and whether it goes on the number's line already. */
function numbering(game: MoveListSource): { number: number; blackFirst: boolean }[] {
  const plies = game.moves.length;
  if (game.table) return game.moves.map((_, ply) => ({ number: ply + 1, blackFirst: false }));
  const variant = game.variant as VariantId;
  const start = parseFen(game.startFen, variant);
  if (VARIANTS[variant].doubleMove && start.ok) {
    return game.moves.map((_, ply) => ({
      number: turnNumberAfter(start.value, ply),
      blackFirst: false,
    }));
  }
  const blackStarted = start.ok
    ? start.value.turn === 1
    : game.startFen.trim().toUpperCase().startsWith('B');
  const shift = blackStarted ? 1 : 0;
  return Array.from({ length: plies }, (_, ply) => ({
    number: Math.floor((ply + shift) / 2) + 1,
    blackFirst: blackStarted && ply === 0,
  }));
}

/** The game's moves in numbered lines. */
export function moveRows(game: MoveListSource): MoveRow[] {
  const rows: { number: number; continues: boolean; plies: { ply: number; text: string }[] }[] = [];
  numbering(game).forEach(({ number, blackFirst }, ply) => {
    const text = game.moves[ply]!;
    const last = rows.at(-1);
    if (last?.number === number) last.plies.push({ ply, text });
    else rows.push({ number, continues: blackFirst, plies: [{ ply, text }] });
  });
  return rows;
}

/** A line's number as written: "12." or "12..." when it starts with the second side's ply. */
export function rowNumber(row: MoveRow): string {
  return `${row.number}${row.continues ? '...' : '.'}`;
}
