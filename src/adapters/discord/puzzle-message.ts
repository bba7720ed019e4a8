/**
 * A puzzle's messages on Discord: the attempt (the board with the solver's side at the bottom,
 * the heading and where the attempt stands, and the picker), its end (the line's last board,
 * the solution and the rating, a Next button) and the daily post (a Solve button). Each is an
 * embed around the attached board image, like a game message.
 */
import { ButtonStyle, ComponentType } from 'discord.js';
import { encodePayload, type Payload } from '../../chat/buttons/button-payload.js';
import { puzzlePicks } from '../../chat/buttons/pick-payloads.js';
import { puzzleHeading, solverSide, stepText } from '../../chat/words/puzzle-text.js';
import {
  puzzleLastMove,
  puzzlePosition,
  type AttemptOutcome,
  type PuzzleLine,
  type PuzzleStep,
} from '../../game/puzzle-solving.js';
import type { Messages } from '../../i18n/index.js';
import type { Components, OutgoingMessage } from './channel-output.js';
import { BOARD_SIZE, boardMessage, COLOUR, type BoardPainter } from './game-message.js';
import { markdown } from './markdown.js';
import { pickStack } from './picker.js';

/** Wrong moves' colour (a solved puzzle is a finished game's green). */
const WRONG_COLOUR = 0xed4245;

/** The message of a puzzle's board after `ply` moves of its line, the last one marked. */
async function puzzleMessage(
  puzzle: PuzzleLine,
  ply: number,
  text: string,
  painter: BoardPainter,
  extra: { color?: number; components: Components; content?: string },
): Promise<OutgoingMessage> {
  const side = solverSide(puzzle);
  const image = await painter.paint(puzzlePosition(puzzle, ply), {
    size: BOARD_SIZE,
    orientation: side,
    lastMove: puzzleLastMove(puzzle, ply),
  });
  return boardMessage(
    {
      description: markdown(text),
      color: extra.color ?? COLOUR[side],
      footer: { text: `#${puzzle.id}` },
    },
    image,
    extra.components,
    extra.content,
  );
}

/** One button under the board. */
function buttonRow(label: string, payload: Payload): Components {
  const style = ButtonStyle.Primary;
  return [
    {
      type: ComponentType.ActionRow,
      components: [{ type: ComponentType.Button, style, label, custom_id: encodePayload(payload) }],
    },
  ];
}

/**
 * An attempt at its `ply` (the solver to move): the board, the heading, what happened last
 * (`said`) and "your move", and the picker's first step.
 */
export async function attemptMessage(
  puzzle: PuzzleLine,
  ply: number,
  said: readonly string[],
  t: Messages,
  painter: BoardPainter,
): Promise<OutgoingMessage> {
  const picker = pickStack(
    puzzlePosition(puzzle, ply),
    solverSide(puzzle),
    puzzlePicks(puzzle.id, ply),
    t,
  );
  const text = [puzzleHeading(puzzle, t), ...said, t.puzzles.yourMove].join('\n');
  return puzzleMessage(puzzle, ply, text, painter, {
    components: picker.components,
    content: picker.content,
  });
}

/** An attempt that is over: the line's last board, how it ended, and a Next button. */
export async function attemptOverMessage(
  puzzle: PuzzleLine,
  step: Exclude<PuzzleStep, { kind: 'stale' }>,
  outcome: AttemptOutcome | undefined,
  countedForDaily: boolean,
  t: Messages,
  painter: BoardPainter,
): Promise<OutgoingMessage> {
  const text = [puzzleHeading(puzzle, t), stepText(puzzle, step, outcome, t, countedForDaily)];
  return puzzleMessage(puzzle, puzzle.solution.length, text.join('\n'), painter, {
    color: step.kind === 'correct' ? COLOUR.finished : WRONG_COLOUR,
    components: [
      ...buttonRow(t.puzzles.nextButton, { kind: 'puzzle-next', follows: puzzle.id }),
      ...voteRow(puzzle, t),
    ],
  });
}

/** 👍 and 👎 under a finished attempt. */
function voteRow(puzzle: PuzzleLine, t: Messages): Components {
  const button = (label: string, vote: 'u' | 'd') => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Secondary as const,
    label,
    custom_id: encodePayload({ kind: 'puzzle-vote', puzzleId: puzzle.id, vote }),
  });
  return [
    {
      type: ComponentType.ActionRow,
      components: [button(t.puzzles.voteUpButton, 'u'), button(t.puzzles.voteDownButton, 'd')],
    },
  ];
}

/** A channel's puzzle of the day: the board, the day's heading, and a Solve button. */
export function dailyPostMessage(
  puzzle: PuzzleLine,
  day: string,
  t: Messages,
  painter: BoardPainter,
): Promise<OutgoingMessage> {
  const solve: Payload = { kind: 'puzzle-open', puzzleId: puzzle.id };
  return puzzleMessage(puzzle, 0, puzzleHeading(puzzle, t, day), painter, {
    components: buttonRow(t.puzzles.solveButton, solve),
  });
}
