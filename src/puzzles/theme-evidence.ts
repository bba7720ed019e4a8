/**
 * The second look at a puzzle's themes: each theme it claims must be visible in its line, found
 * here from the boards alone (what each solver move changed, square by square), not from the
 * moves' capture lists as themes.ts detects them. `puzzles check` and the library tests report
 * a theme with no such evidence.
 */
import {
  legalMoves,
  parseFen,
  stackOwner,
  stackIsKing,
  variantOf,
  type Color,
  type Position,
  type Stack,
} from '../engine/index.js';
import { play } from './miner.js';
import { materialInPlay, solverBalance } from './themes.js';
import type { Puzzle, Theme } from './puzzle.js';

/** Where each theme of the puzzle shows in its line (`ply 3: ...`), or why it does not (null). */
export function themeEvidence(puzzle: Puzzle): Map<Theme, string | null> {
  const found = new Map<Theme, string | null>();
  const parsed = parseFen(puzzle.fen, puzzle.variant);
  if (!parsed.ok) return found;
  const start = parsed.value;
  const solver = start.turn;
  const defender = (solver ^ 1) as Color;
  const boards = [start];
  for (const move of puzzle.solution) boards.push(play(boards.at(-1)!, move));
  const names = variantOf(start).geometry.names;
  const note = (theme: Theme, text: string) => {
    if (!found.get(theme)) found.set(theme, text);
  };

  puzzle.solution.forEach((text, ply) => {
    const before = boards[ply]!;
    const after = boards[ply + 1]!;
    if (before.turn !== solver) return;
    const squares = text.split(/[-:]/).map((name) => names.indexOf(name));
    const origin = squares[0]!;
    const landing = squares.at(-1)!;
    const where = `ply ${ply + 1} ${text}`;
    const taken: string[] = [];
    for (let square = 0; square < before.stacks.length; square++) {
      if (square === origin || square === landing) continue;
      const was = before.stacks[square] as Stack | null;
      const now = after.stacks[square] as Stack | null;
      if (was === null || stackOwner(was) !== defender || sameStack(was, now)) continue;
      taken.push(names[square]!);
      if (stackIsKing(was)) note('king-capture', `${where} takes a king on ${names[square]}`);
      if (now !== null && stackOwner(now) === solver)
        note('freeing-prisoners', `${where} frees the prisoners on ${names[square]}`);
    }
    if (taken.length >= 2) note('multi-capture', `${where} takes on ${taken.join(', ')}`);
    const moved = before.stacks[origin] as Stack | null;
    const landed = after.stacks[landing] as Stack | null;
    if (moved !== null && landed !== null && !stackIsKing(moved) && stackIsKing(landed))
      note('promotion', `${where} crowns on ${names[landing]}`);
  });

  // In giveaway material in play is a burden: a sacrifice there takes it on.
  const balance = (position: Position) => solverBalance(position, solver);
  const afterReply = boards[2];
  const end = boards.at(-1)!;
  if (afterReply !== undefined && balance(afterReply) < balance(start)) {
    found.set(
      'sacrifice',
      balance(end) > balance(start)
        ? `material ${balance(start)} at the start, ${balance(afterReply)} after the reply, ${balance(end)} at the end`
        : null,
    );
  }
  if (end.turn !== solver && legalMoves(end).length === 0 && materialInPlay(end, defender) > 0)
    found.set('blockade', `the line ends with the defender to move and no move`);
  return found;
}

/** The themes a puzzle claims that its line does not show, in words. */
export function unseenThemes(puzzle: Puzzle): string[] {
  const evidence = themeEvidence(puzzle);
  return puzzle.themes
    .filter((theme) => !evidence.get(theme))
    .map((theme) =>
      evidence.has(theme)
        ? `theme ${theme}: the material given is not won back in the line`
        : `theme ${theme}: not seen in the line`,
    );
}

function sameStack(a: Stack, b: Stack | null): boolean {
  return b !== null && a.height === b.height && a.colors === b.colors && a.kings === b.kings;
}
