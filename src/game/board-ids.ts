/**
 * A board id naming a puzzle, `p_<puzzle id>`, where a game's id would be: the board page's
 * `?puzzle=<id>` and the Mini App's start parameter. No game id starts so (randomId).
 */
export const PUZZLE_BOARD_PREFIX = 'p_';

/** The puzzle a board id names, or undefined when it names a game. */
export function puzzleOfBoard(boardId: string): string | undefined {
  return boardId.startsWith(PUZZLE_BOARD_PREFIX)
    ? boardId.slice(PUZZLE_BOARD_PREFIX.length)
    : undefined;
}
