import { InlineKeyboard } from 'grammy';
import { puzzlePageButton, type BoardPage } from './board-page-button.js';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { decodePayload, encodePayload } from '../../chat/buttons/button-payload.js';
import { puzzlePicks } from '../../chat/buttons/pick-payloads.js';
import { exampleMove, puzzleHeading, solverSide, stepText } from '../../chat/words/puzzle-text.js';
import { puzzleLastMove, puzzlePosition, type PuzzleLine } from '../../game/puzzle-solving.js';
import type { Messages } from '../../i18n/index.js';
import { BOARD_SIZE, stacksKeyboard, type BoardPainter } from './board-message.js';
import { plainText, type BoardFace } from './board-sync.js';

/** Telegram's limit on a caption: its text once the HTML is read. */
export const CAPTION_LIMIT = 1024;

/**
 * A caption of these lines within Telegram's limit. Only the solution line of a very long
 * puzzle can pass it (headings and answers are short): the longest line without markup is cut.
 */
export function fitCaption(lines: readonly string[], limit = CAPTION_LIMIT): string {
  const caption = lines.join('\n');
  const excess = plainText(caption).length - limit;
  if (excess <= 0) return caption;
  const cuttable = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !/[<&]/.test(line))
    .sort((a, b) => b.line.length - a.line.length)
    .at(0);
  if (cuttable === undefined || cuttable.line.length <= excess) return caption;
  const cut = `${cuttable.line.slice(0, cuttable.line.length - excess - 1)}…`;
  return lines.map((line, index) => (index === cuttable.index ? cut : line)).join('\n');
}

/** The puzzle's picture at `ply` moves into its line, the solver's side at the bottom. */
export function puzzleImage(puzzle: PuzzleLine, ply: number, painter: BoardPainter) {
  return () =>
    painter.paint(puzzlePosition(puzzle, ply), {
      size: BOARD_SIZE,
      orientation: solverSide(puzzle),
      lastMove: puzzleLastMove(puzzle, ply),
    });
}

/**
 * A puzzle message while it is being solved, `ply` moves into the line: the board (the
 * defender's reply highlighted), the heading, what the last pair of moves was, and the stacks
 * to move. It depends on nothing else, so a message tapped after a restart is known exactly.
 */
export function solvingFace(
  puzzle: PuzzleLine,
  ply: number,
  t: Messages,
  painter: BoardPainter,
  page?: BoardPage,
): BoardFace {
  const stacks = stacksKeyboard(
    puzzlePosition(puzzle, ply),
    solverSide(puzzle),
    puzzlePicks(puzzle.id, ply),
  );
  // Before the first move, the puzzle may be solved on the live board instead (a Mini App: the
  // puzzles are solved in the private chat, where Telegram allows web_app buttons).
  const open = page === undefined || ply > 0 ? undefined : puzzlePageButton(page, puzzle.id, t);
  const [move, reply] = ply >= 2 ? puzzle.solution.slice(ply - 2, ply) : [];
  const body =
    move !== undefined
      ? [stepText(puzzle, { kind: 'correct', move, reply, solved: false, ply }, undefined, t)]
      : [];
  return {
    version: ply,
    imageKey: `${puzzle.id}:${ply}`,
    caption: fitCaption([
      puzzleHeading(puzzle, t),
      '',
      ...body,
      t.puzzles.yourMove,
      t.puzzles.replyHint(exampleMove(puzzle, ply)),
    ]),
    keyboard:
      open === undefined ? stacks : { inline_keyboard: [...stacks.inline_keyboard, [open]] },
    image: puzzleImage(puzzle, ply, painter),
  };
}

/** A puzzle message once the attempt is over: the end of the line, the verdict, Next. */
export function finishedFace(
  puzzle: PuzzleLine,
  said: string,
  t: Messages,
  painter: BoardPainter,
): BoardFace {
  const end = puzzle.solution.length;
  return {
    version: end + 1,
    imageKey: `${puzzle.id}:${end}`,
    caption: fitCaption([puzzleHeading(puzzle, t), '', said]),
    keyboard: new InlineKeyboard()
      .text(
        t.puzzles.voteUpButton,
        encodePayload({ kind: 'puzzle-vote', puzzleId: puzzle.id, vote: 'u' }),
      )
      .text(
        t.puzzles.voteDownButton,
        encodePayload({ kind: 'puzzle-vote', puzzleId: puzzle.id, vote: 'd' }),
      )
      .row()
      .text(t.puzzles.nextButton, encodePayload({ kind: 'puzzle-next', follows: puzzle.id })),
    image: puzzleImage(puzzle, end, painter),
  };
}

/** The link that opens a puzzle in the bot's private chat (`start` is `p_<id>` or `d_…`). */
export function startLink(botUsername: string, start: string): string {
  return `https://t.me/${botUsername}?start=${start}`;
}

/**
 * A puzzle shown in a group (asked for, or the day's post): its picture and heading, and a
 * button that opens it in the private chat (`link`).
 */
export function postedFace(
  puzzle: PuzzleLine,
  t: Messages,
  painter: BoardPainter,
  link: string,
  day?: string,
): Omit<BoardFace, 'version' | 'imageKey'> {
  return {
    caption: fitCaption([puzzleHeading(puzzle, t, day), '', t.puzzles.solveInPrivate]),
    keyboard: new InlineKeyboard().url(t.puzzles.solveButton, link),
    image: puzzleImage(puzzle, 0, painter),
  };
}

/**
 * What a message's keyboard says of the puzzle on it: being solved (its id and ply), over
 * (only Next is left), or no puzzle at all.
 */
export function puzzleOfKeyboard(
  markup: InlineKeyboardMarkup | undefined,
): { readonly puzzleId: string; readonly ply: number } | 'over' | undefined {
  let over = false;
  for (const row of markup?.inline_keyboard ?? []) {
    for (const button of row) {
      const payload = decodePayload('callback_data' in button ? button.callback_data : undefined);
      if (payload?.kind === 'puzzle-next') over = true;
      else if (payload !== undefined && 'puzzleId' in payload && 'ply' in payload)
        return { puzzleId: payload.puzzleId, ply: payload.ply };
    }
  }
  return over ? 'over' : undefined;
}
