import { puzzlePicks } from '../../../chat/buttons/pick-payloads.js';
import { solverSide, standingsText, stepText } from '../../../chat/words/puzzle-text.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import type { Move } from '../../../engine/index.js';
import type { Player } from '../../../game/model.js';
import type { PuzzlePlayer } from '../../../game/puzzle-ports.js';
import { puzzlePosition, type PuzzleLine } from '../../../game/puzzle-solving.js';
import type { Refusal } from '../../../game/results.js';
import { channelKey, nameOf } from '../identity.js';
import { escapeHtml, markdown } from '../markdown.js';
import { inPicker, pickSteps, type PickingBoard } from '../pick-steps.js';
import { attemptMessage, attemptOverMessage } from '../puzzle-message.js';
import type { DiscordDeps, InteractionRouter, Turn } from '../router.js';
import { fitLines, MAX_CONTENT } from '../text-fit.js';
import { managesChannel } from './commands.js';

/**
 * Puzzles: `/puzzle` (and a daily post's Solve button, and Next) open an attempt in a message
 * only its solver sees, solved with the move picker; each move updates that message (the board
 * after the defender's reply, or the line's end with the rating). An attempt's progress is kept
 * by message, so a press made for an earlier point of the line (a double click, a replayed
 * interaction) is stale and rates nothing again. `/daily` turns the channel's daily puzzle on
 * or off (channel managers); `/top variant:Puzzles` shows its leaderboard (showPuzzleTop).
 */
export function puzzleFeature(router: InteractionRouter, deps: DiscordDeps): void {
  router.command('puzzle', 'ephemeral', (turn) => openNext(turn, deps));

  router.button('puzzle-next', 'update', async (turn, payload) => {
    if (!inPicker(turn)) {
      await turn.whisper(turn.t.errors.unknownButton);
      return;
    }
    const messageId = pickerMessage(turn);
    const progress = await deps.channels.puzzleProgress(messageId);
    // Next is offered once an attempt is over; pressed twice, the second press is stale.
    if (progress?.over === false) {
      await turn.whisper(turn.t.puzzles.stale);
      return;
    }
    // Current only after the presser's latest puzzle (a Next that does not say: none known).
    await openNext(turn, deps, messageId, payload.follows ?? '');
  });

  // 👍/👎 under a finished attempt: answered to the voter alone.
  router.button('puzzle-vote', 'ephemeral', async (turn, payload) => {
    const voted = await deps.puzzles.vote(payload.puzzleId, turn.player, payload.vote === 'u');
    if (!voted.ok) await refuse(turn, voted);
    else await turn.whisper(turn.t.puzzles.voted(payload.vote === 'u', voted.value.retired));
  });

  router.button('puzzle-open', 'ephemeral', async (turn, payload) => {
    const found = deps.puzzles.get(payload.puzzleId);
    if (!found.ok) await refuse(turn, found);
    else {
      // The presser's latest puzzle now: its Next is current.
      await deps.puzzles.opened(turn.player, found.value.id);
      await openAttempt(turn, deps, found.value);
    }
  });

  pickSteps(router, 'puzzle-', (turn, puzzleId, ply) => attemptAt(turn, deps, puzzleId, ply));

  router.command('daily', 'public', async (turn) => {
    const { interaction, t } = turn;
    if (!interaction.isChatInputCommand()) return;
    if (!managesChannel(turn)) {
      await turn.whisper(t.puzzles.adminsOnly);
      return;
    }
    const chatKey = channelKey(turn.channelId);
    if (interaction.options.getString('state') === 'off') {
      if ((await turn.present(await deps.puzzles.stopDaily(chatKey))) !== undefined)
        await turn.answer.respond({ content: turn.chatT.puzzles.dailyOff });
      return;
    }
    const setting = await turn.present(
      await deps.puzzles.startDaily(
        chatKey,
        interaction.options.getString('time') ?? '09:00',
        interaction.options.getString('timezone') ?? 'UTC',
      ),
    );
    if (setting !== undefined)
      await turn.answer.respond({
        content: markdown(turn.chatT.puzzles.dailyOn(setting.time, escapeHtml(setting.timeZone))),
      });
  });
}

/** `/top variant:Puzzles`: the channel's puzzle leaderboard (today, the week, streaks). */
export async function showPuzzleTop(turn: Turn, deps: DiscordDeps): Promise<void> {
  const standings = await turn.present(await deps.puzzles.standings(channelKey(turn.channelId)));
  if (standings === undefined) return;
  const text = markdown(standingsText(standings, turn.t, leaderboardName));
  await turn.answer.respond({ content: fitLines(text, MAX_CONTENT) });
}

/** A new puzzle for the user (by their rating), in a new message or in `messageId`'s. */
async function openNext(
  turn: Turn,
  deps: DiscordDeps,
  messageId?: string,
  follows?: string,
): Promise<void> {
  // The same interaction handled again gets the same puzzle.
  const next = await deps.puzzles.next(turn.player, { requestKey: turn.requestKey, follows });
  if (!next.ok) await refuse(turn, next);
  else await openAttempt(turn, deps, next.value, messageId);
}

/**
 * Shows the start of an attempt: in a new message, or in `messageId`'s (Next), whose progress
 * is reset first so that no press of the new puzzle finds the old one's.
 */
async function openAttempt(
  turn: Turn,
  deps: DiscordDeps,
  puzzle: PuzzleLine,
  messageId?: string,
): Promise<void> {
  const start = { puzzleId: puzzle.id, ply: 0, over: false };
  if (messageId !== undefined) await deps.channels.setPuzzleProgress(messageId, start);
  const shown = await turn.answer.respond(
    await attemptMessage(puzzle, 0, [], turn.t, deps.painter),
  );
  if (messageId === undefined && shown !== undefined)
    await deps.channels.setPuzzleProgress(shown, start);
}

/**
 * The board of a picker press in an attempt, if the press is for the point the attempt has
 * reached (in a message whose progress is not known, the store having lost it, the press is
 * taken at its word: the line's checking refuses a ply it does not have); otherwise the user is
 * told why.
 */
async function attemptAt(
  turn: Turn,
  deps: DiscordDeps,
  puzzleId: string,
  ply: number,
): Promise<PickingBoard | undefined> {
  const { t } = turn;
  if (!inPicker(turn)) {
    await turn.whisper(t.errors.unknownButton);
    return undefined;
  }
  const found = deps.puzzles.get(puzzleId);
  if (!found.ok) {
    await refuse(turn, found);
    return undefined;
  }
  const puzzle = found.value;
  const progress = await deps.channels.puzzleProgress(pickerMessage(turn));
  const current =
    ply % 2 === 0 &&
    ply < puzzle.solution.length &&
    (progress === undefined ||
      (progress.puzzleId === puzzleId && progress.ply === ply && !progress.over));
  if (!current) {
    await turn.whisper(t.puzzles.stale);
    return undefined;
  }
  return {
    position: puzzlePosition(puzzle, ply),
    orientation: solverSide(puzzle),
    picks: puzzlePicks(puzzleId, ply),
    commit: (move) => playMove(turn, deps, puzzle, ply, move),
  };
}

/**
 * Plays the solver's picked move and updates the attempt: the board after the defender's
 * reply and the next pick, or the end of the line with the solution and the rating.
 */
async function playMove(
  turn: Turn,
  deps: DiscordDeps,
  puzzle: PuzzleLine,
  ply: number,
  move: Move,
): Promise<void> {
  const { t } = turn;
  const played = await deps.puzzles.play(
    puzzle.id,
    solver(turn.player),
    ply,
    move,
    channelKey(turn.channelId),
  );
  if (!played.ok) {
    await refuse(turn, played);
    return;
  }
  const { step, outcome, countedForDaily = false } = played.value;
  if (step.kind === 'stale') {
    await turn.whisper(t.puzzles.stale);
    return;
  }
  const goesOn = step.kind === 'correct' && !step.solved;
  const reached = step.kind === 'correct' ? step.ply : ply;
  await deps.channels.setPuzzleProgress(pickerMessage(turn), {
    puzzleId: puzzle.id,
    ply: reached,
    over: !goesOn,
  });
  await turn.answer.respond(
    goesOn
      ? await attemptMessage(puzzle, reached, [stepText(puzzle, step, outcome, t)], t, deps.painter)
      : await attemptOverMessage(puzzle, step, outcome, countedForDaily, t, deps.painter),
  );
}

/** The id of the message a component was pressed on (the attempt's; a command has none). */
function pickerMessage(turn: Turn): string {
  const { interaction } = turn;
  return interaction.isChatInputCommand() ? interaction.id : interaction.message.id;
}

/** A solver as their attempts are stored: who, and the name the leaderboard shows. */
function solver(player: Player): PuzzlePlayer {
  return { platform: player.platform, userId: player.userId, displayName: player.displayName };
}

/** A leaderboard name, for the catalogue's HTML (which becomes markdown). */
function leaderboardName(player: PuzzlePlayer): string {
  return nameOf({ ...player, displayName: player.displayName ?? player.userId });
}

async function refuse(turn: Turn, refusal: Refusal): Promise<void> {
  await turn.whisper(markdown(refusalText(turn.t, refusal)));
}
