import type { BoardPage } from '../board-page-button.js';
import { Composer, type NextFunction } from 'grammy';
import type { Message } from 'grammy/types';
import type { Payload } from '../../../chat/buttons/button-payload.js';
import { puzzlePicks } from '../../../chat/buttons/pick-payloads.js';
import { solverSide, stepText } from '../../../chat/words/puzzle-text.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import type { MoveInput } from '../../../game/game-rules.js';
import { looksLikeMove, quoteBack } from '../../../game/move-input.js';
import { puzzlePosition, type PuzzleLine } from '../../../game/puzzle-solving.js';
import type { BoardPainter } from '../board-message.js';
import { BoardSync, plainText } from '../board-sync.js';
import type { ButtonRouter } from '../buttons.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { playerFromUser, telegramView } from '../identity.js';
import { followPick, pickStep, type PickStep } from '../pick-steps.js';
import {
  finishedFace,
  postedFace,
  puzzleOfKeyboard,
  solvingFace,
  startLink,
} from '../puzzle-message.js';
import { bestEffort } from '../../../game/logger.js';

type PuzzleTap = Extract<
  Payload,
  { kind: 'puzzle-select' | 'puzzle-target' | 'puzzle-route' | 'puzzle-back' }
>;

/** Where a puzzle message's attempt stands, as far as a tap or a typed move is concerned. */
interface Standing {
  /** The point of the line the message takes a move at; undefined when it takes none now. */
  readonly at?: { readonly puzzleId: string; readonly ply: number };
  /** The update that played its last move (the same update delivered again is not replayed). */
  readonly lastKey?: string;
}

export interface PuzzleFeature {
  readonly composer: Composer<BashniContext>;
  /** Opens a puzzle deep link of /start (`p_…`, `d_…`); false when the parameter is none. */
  readonly openLink: (ctx: BashniContext, parameter: string) => Promise<boolean>;
}

const PUZZLE_LINK = /^p_([A-Za-z0-9-]{1,40})$/;
const DAILY_LINK = /^d_(\d{4})(\d{2})(\d{2})_(-?\d{1,20})$/;

/**
 * Solving puzzles, in the user's private chat with the bot (a group's keyboard is everyone's,
 * and a group's 20 messages a minute are not for attempts): /puzzle, the links that open one,
 * the taps on its board, moves typed as replies to it, and Next. In a group, /puzzle shows the
 * puzzle with a link to solve it in private.
 */
export function puzzleFeature(
  deps: TelegramDeps,
  buttons: ButtonRouter,
  painter: BoardPainter,
  /** The live board page, where a puzzle may be solved too. */
  page?: BoardPage,
): PuzzleFeature {
  const composer = new Composer<BashniContext>();
  // A puzzle message the user deleted is simply gone: /puzzle gives another.
  const boards = new BoardSync(deps.out, () => undefined);

  /**
   * Posts a puzzle to solve, at its start, in a private chat: once however often the update is
   * delivered. Resolves once it is handed off.
   */
  const post = (chatId: number, puzzle: PuzzleLine, ctx: BashniContext) => {
    const face = solvingFace(puzzle, 0, ctx.t, painter, page);
    return deps.presenter.surface.replies.send(
      ctx.requestKey,
      {
        chatId: String(chatId),
        text: face.caption,
        html: true,
        keyboard: face.keyboard,
        picture: { puzzleId: puzzle.id, ply: 0 },
      },
      (sent) =>
        boards.assume(telegramView(sent.chat.id, sent.message_id), {
          imageKey: face.imageKey,
          caption: plainText(face.caption),
          keyboard: face.keyboard,
        }),
    );
  };

  /** A puzzle opened by its link: the user's latest now (its Next is current), and posted. */
  const openedPost = async (chatId: number, puzzle: PuzzleLine, ctx: BashniContext) => {
    await deps.puzzles.opened(playerFromUser(ctx.from!), puzzle.id);
    await post(chatId, puzzle, ctx);
  };

  /**
   * A puzzle for the user now (by their rating), posted here; a refusal said. The same update
   * again (redelivered, or to another process) gets the same puzzle, posted once.
   */
  const offer = async (ctx: BashniContext, chatId: number, follows?: string) => {
    const next = await deps.puzzles.next(playerFromUser(ctx.from!), {
      requestKey: ctx.requestKey,
      follows,
    });
    if (!next.ok) {
      await ctx.present(next);
      return;
    }
    await ctx.answer(); // a Next's tap
    if (ctx.chat?.type === 'private') {
      await post(chatId, next.value, ctx);
      return;
    }
    const face = postedFace(
      next.value,
      ctx.t,
      painter,
      startLink(ctx.me.username, `p_${next.value.id}`),
    );
    await ctx.sayOnce(face.caption, {
      html: true,
      keyboard: face.keyboard,
      picture: { puzzleId: next.value.id, ply: 0 },
    });
  };

  /** Where the attempt on a puzzle message stands: its keyboard, and the moves saved for it. */
  const standing = async (
    chatId: number,
    message: Pick<Message, 'message_id' | 'reply_markup'>,
  ): Promise<Standing | undefined> => {
    const shown = puzzleOfKeyboard(message.reply_markup);
    if (shown === undefined) return undefined;
    const saved = await deps.chats.puzzleProgress(String(chatId), message.message_id);
    const lastKey = saved?.requestKey;
    // The keyboard may be behind a move already played (its edit still on the way): that
    // message takes no move until it shows the board the move led to.
    if (shown === 'over' || saved?.over === true) return { lastKey };
    if (saved !== undefined && (saved.puzzleId !== shown.puzzleId || saved.ply !== shown.ply))
      return { lastKey };
    return { at: shown, lastKey };
  };

  /** The standing, or 'unavailable' (logged) when the store cannot tell it. */
  const standingOrUnavailable = (
    chatId: number,
    message: Pick<Message, 'message_id' | 'reply_markup'>,
  ) =>
    bestEffort(
      deps.logger,
      'telegram: could not read a puzzle’s progress',
      standing(chatId, message),
      { chatId, messageId: message.message_id },
      'unavailable' as const,
    );

  /** A refusal: an alert for a tap, a reply to a typed move. */
  const refuse = async (ctx: BashniContext, text: string) => {
    if (ctx.callbackQuery !== undefined) await ctx.answer(text, true);
    else
      ctx.say(text, {
        reply_parameters: {
          message_id: ctx.message!.message_id,
          allow_sending_without_reply: true,
        },
      });
  };

  /**
   * Plays the solver's move at `ply` on a puzzle message and shows the outcome there in one
   * edit: the next position (after the defender's reply), or the end of the line and the verdict.
   */
  const play = async (
    ctx: BashniContext,
    puzzle: PuzzleLine,
    ply: number,
    move: MoveInput,
    chatId: number,
    messageId: number,
  ) => {
    const { t } = ctx;
    const userId = String(ctx.from!.id);
    const origin = await bestEffort(
      deps.logger,
      'telegram: could not read where a puzzle came from; counted as solved alone',
      deps.chats.puzzleOrigin(userId, puzzle.id),
      { userId, puzzleId: puzzle.id },
    );
    const fromChat = origin === undefined ? undefined : `telegram:${origin}`;
    const result = await deps.puzzles.play(
      puzzle.id,
      playerFromUser(ctx.from!),
      ply,
      move,
      fromChat,
    );
    if (!result.ok) {
      await ctx.present(result);
      return;
    }
    const { step, outcome, countedForDaily = false } = result.value;
    if (step.kind === 'stale') {
      await refuse(ctx, t.puzzles.stale);
      return;
    }
    const over = step.kind === 'wrong' || step.solved;
    await deps.chats
      .setPuzzleProgress(String(chatId), messageId, {
        puzzleId: puzzle.id,
        ply: over ? puzzle.solution.length : step.ply,
        over,
        requestKey: ctx.requestKey,
      })
      .catch((error) =>
        deps.logger.warn('telegram: could not save a puzzle attempt', { err: error }),
      );
    await ctx.answer();
    const face = over
      ? finishedFace(puzzle, stepText(puzzle, step, outcome, t, countedForDaily), t, painter)
      : solvingFace(puzzle, step.ply, t, painter, page);
    deps.tasks.track(boards.show(telegramView(chatId, messageId), face));
  };

  const onTap = async (ctx: BashniContext, payload: PuzzleTap) => {
    const { t } = ctx;
    const message = ctx.callbackQuery?.message;
    if (message === undefined || ctx.from === undefined || message.chat.id !== ctx.from.id) {
      await ctx.answer(t.errors.unknownButton, true);
      return;
    }
    const found = deps.puzzles.get(payload.puzzleId);
    if (!found.ok) {
      await ctx.present(found);
      return;
    }
    const puzzle = found.value;
    const now = await standingOrUnavailable(message.chat.id, message);
    if (now === 'unavailable') {
      await ctx.answer(t.errors.storeUnavailable, true);
      return;
    }
    if (now?.lastKey === ctx.requestKey) {
      await ctx.answer(); // this very tap was played before (delivered again)
      return;
    }
    if (now?.at?.puzzleId !== puzzle.id || now.at.ply !== payload.ply) {
      await ctx.answer(t.puzzles.stale, true);
      return;
    }
    const view = telegramView(message.chat.id, message.message_id);
    const ply = payload.ply;
    const face = solvingFace(puzzle, ply, t, painter, page);
    // After a restart: what the message shows, read from the tap (its keyboard tells the ply).
    if (!boards.knows(view))
      boards.assume(view, {
        imageKey: face.imageKey,
        caption: message.caption,
        keyboard: message.reply_markup ?? { inline_keyboard: [] },
      });
    const position = puzzlePosition(puzzle, ply);
    const picks = puzzlePicks(puzzle.id, ply);
    const step = pickStep(position, pickOf(payload), solverSide(puzzle), picks, t);
    await followPick(ctx, step, {
      show: (keyboard) => deps.tasks.track(boards.show(view, { ...face, keyboard })),
      play: (move) => play(ctx, puzzle, ply, move, message.chat.id, message.message_id),
    });
  };

  /** A move typed as a reply to a puzzle message (or `/move` as one); others pass on. */
  const typed = async (ctx: BashniContext, text: string, next: NextFunction) => {
    const reply = ctx.message?.reply_to_message;
    if (reply === undefined || reply.from?.id !== ctx.me.id || ctx.chat?.type !== 'private')
      return next();
    const now = await standingOrUnavailable(ctx.chat.id, reply);
    if (now === undefined) return next();
    const { t } = ctx;
    if (now === 'unavailable') return refuse(ctx, t.errors.storeUnavailable);
    if (text.trim() === '') return refuse(ctx, t.errors.moveUsage);
    if (!looksLikeMove(text)) return refuse(ctx, t.errors.notAMove(quoteBack(text)));
    if (now.lastKey === ctx.requestKey) return; // played before (delivered again)
    const found = now.at === undefined ? undefined : deps.puzzles.get(now.at.puzzleId);
    if (now.at === undefined || found === undefined) return refuse(ctx, t.puzzles.stale);
    if (!found.ok) return void (await ctx.present(found));
    await play(ctx, found.value, now.at.ply, text, ctx.chat.id, reply.message_id);
  };

  composer.command('puzzle', (ctx) =>
    ctx.from === undefined ? undefined : offer(ctx, ctx.chat.id),
  );
  composer.command('move', (ctx, next) => typed(ctx, ctx.match, next));
  // Chat that only replies to the puzzle is not a move: it passes on (as for game boards).
  composer.on('message:text', (ctx, next) =>
    looksLikeMove(ctx.message.text) ? typed(ctx, ctx.message.text, next) : next(),
  );

  for (const kind of ['puzzle-select', 'puzzle-target', 'puzzle-route', 'puzzle-back'] as const)
    buttons.on(kind, (ctx, payload) => onTap(ctx, payload));
  buttons.on('puzzle-next', async (ctx, payload) => {
    const chat = ctx.callbackQuery?.message?.chat;
    if (chat === undefined || chat.id !== ctx.from?.id) {
      await ctx.answer(ctx.own.errors.unknownButton, true);
      return;
    }
    // Current only after the presser's latest puzzle; a Next that does not say ('ZN') only
    // while none is known. A refusal is the tap's answer (offer presents it).
    await offer(ctx, chat.id, payload.follows ?? '');
  });

  // 👍/👎 under a finished attempt: the answer is the tap's toast (no message is sent).
  buttons.on('puzzle-vote', async (ctx, payload) => {
    if (ctx.from === undefined) return;
    const voted = await deps.puzzles.vote(
      payload.puzzleId,
      playerFromUser(ctx.from),
      payload.vote === 'u',
    );
    await ctx.answer(
      voted.ok
        ? ctx.t.puzzles.voted(payload.vote === 'u', voted.value.retired)
        : refusalText(ctx.t, voted),
      !voted.ok,
    );
  });

  const openLink = async (ctx: BashniContext, parameter: string): Promise<boolean> => {
    const puzzleId = PUZZLE_LINK.exec(parameter)?.[1];
    const daily = DAILY_LINK.exec(parameter);
    if (
      (puzzleId === undefined && daily === null) ||
      ctx.chat?.type !== 'private' ||
      ctx.from === undefined
    )
      return false;
    if (puzzleId !== undefined) {
      const found = deps.puzzles.get(puzzleId);
      if (!found.ok) ctx.say(refusalText(ctx.t, found));
      else await openedPost(ctx.chat.id, found.value, ctx);
      return true;
    }
    const [, year, month, dayOfMonth, chatId] = daily!;
    const day = `${year}-${month}-${dayOfMonth}`;
    if (chatId === undefined || !isCalendarDay(day)) return false;
    const puzzle = deps.puzzles.dailyPuzzle(day);
    if (puzzle === undefined) {
      ctx.say(ctx.own.errors.puzzleNotFound);
      return true;
    }
    // Only a member of the chat counts on its board: a link made up for another chat does not.
    const userId = ctx.from.id;
    const member =
      chatId === String(userId) ||
      (Number(chatId) < 0 && (await deps.members.isMember(chatId, userId)));
    if (member)
      await deps.chats.setPuzzleOrigin(String(userId), puzzle.id, chatId).catch((error) =>
        deps.logger.warn('telegram: could not note a daily puzzle’s chat', {
          err: error,
        }),
      );
    await openedPost(ctx.chat.id, puzzle, ctx);
    return true;
  };

  return { composer, openLink };
}

/** A tap's step of picking a move, without the puzzle's fields. */
function pickOf(payload: PuzzleTap): PickStep {
  switch (payload.kind) {
    case 'puzzle-select':
      return { kind: 'select', square: payload.square };
    case 'puzzle-target':
      return { kind: 'target', from: payload.from, to: payload.to };
    case 'puzzle-route':
      return { kind: 'route', squares: payload.squares };
    case 'puzzle-back':
      return { kind: 'back' };
  }
}

/** Whether YYYY-MM-DD is a day of the calendar (not 2026-02-31). */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}
