import {
  applyTableMove,
  makeTableFen,
  makeTableMove,
  parseTableFen,
  parseTableMove,
  tableMoves,
  type TablePosition,
  type TableState,
} from '../../src/engine/multi/index.js';

/** Parses a table FEN that a test states as a fact; a typo fails the test loudly. */
export function tableFen(text: string): TablePosition {
  const parsed = parseTableFen(text);
  if (!parsed.ok) throw new Error(`test table FEN ${text}: ${parsed.error.message}`);
  return parsed.value;
}

/** A table state from a FEN, with `quietPlies` quiet plies behind it. */
export function tableState(text: string, quietPlies = 0): TableState {
  return { position: tableFen(text), quietPlies };
}

/** The legal moves of a table position in full-path notation, sorted. */
export function tableMoveTexts(position: TablePosition): string[] {
  return tableMoves(position).map(makeTableMove).sort();
}

/** Plays moves typed in full-path (or unambiguous short) notation; a bad one fails loudly. */
export function playTable(state: TableState, ...moves: string[]): TableState {
  for (const text of moves) {
    const move = parseTableMove(state.position, text);
    if (!move.ok) {
      throw new Error(`${text} in ${makeTableFen(state.position)}: ${move.error.message}`);
    }
    state = applyTableMove(state, move.value);
  }
  return state;
}

/** The FEN after playing `moves` from the FEN `text`. */
export function tableFenAfter(text: string, ...moves: string[]): string {
  return makeTableFen(playTable(tableState(text), ...moves).position);
}
