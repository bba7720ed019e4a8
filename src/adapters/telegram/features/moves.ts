import { Composer } from 'grammy';
import type { Move } from '../../../engine/index.js';
import { anyPosition } from '../../../game/rules-strategy.js';
import { moveRefusal } from '../../../chat/commands/may-move.js';
import type { ChatView, Game } from '../../../game/model.js';
import { looksLikeMove, quoteBack } from '../../../game/move-input.js';
import { orientationFor } from '../board-message.js';
import type { ButtonRouter } from '../buttons.js';
import { gamePicks } from '../../../chat/buttons/pick-payloads.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import type { Payload } from '../../../chat/buttons/button-payload.js';
import { withCommandGame } from '../command-game.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { inlineView, isInlineChat, liveViews, playerFromUser, telegramView } from '../identity.js';
import { followPick, pickStep, stackInfo } from '../pick-steps.js';

type BoardPayload = Extract<Payload, { kind: 'select' | 'target' | 'route' | 'back' }>;

/** Tap-to-move on the board's keyboard, `/move c3-d4`, and moves typed as replies to the board. */
export function moveFeature(deps: TelegramDeps, buttons: ButtonRouter): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();
  for (const kind of ['select', 'target', 'route', 'back'] as const)
    buttons.on(kind, (ctx, payload) => onBoardTap(ctx, payload, deps));

  composer.command('move', (ctx) => typedMove(ctx, ctx.match, deps));

  composer.on('message:text', async (ctx, next) => {
    const reply = ctx.message.reply_to_message;
    if (reply === undefined || reply.from?.id !== ctx.me.id || !looksLikeMove(ctx.message.text))
      return next();
    await typedMove(ctx, ctx.message.text, deps);
  });

  return composer;
}

async function onBoardTap(
  ctx: BashniContext,
  payload: BoardPayload,
  deps: TelegramDeps,
): Promise<void> {
  const { t } = ctx;
  const view = tappedView(ctx);
  if (view === undefined || ctx.from === undefined) {
    await ctx.answer(ctx.own.errors.unknownButton, true);
    return;
  }
  // An inline message's tap comes without the message (see inlineView).
  const message = ctx.callbackQuery?.message;
  const loaded = await deps.service.queries.getGame(payload.gameId);
  if (!loaded.ok) {
    await ctx.present(loaded);
    return;
  }
  const game = deps.presenter.note(loaded.value);
  if (game.requestKeys?.includes(ctx.requestKey) === true) {
    // This very tap was applied before (delivered again after a crash): it succeeded.
    await ctx.answer();
    await deps.presenter.resync(game);
    return;
  }
  const live = liveViews(game.views).find((v) => v.chatId === view.chatId);
  // A board this process has just posted is live before the record lists it (a quick tap).
  const recorded = game.views.some(
    (v) => v.chatId === view.chatId && v.messageId === view.messageId,
  );
  const isLive =
    live?.messageId === view.messageId || (!recorded && deps.presenter.surface.boards.knows(view));
  if (isLive && message !== undefined)
    await deps.presenter.surface.observeTapped(game, view, message);
  const why = moveRefusal(game, playerFromUser(ctx.from), payload.ply);
  if (why === 'gameOver' || why === 'stale' || !isLive) {
    await ctx.answer(game.status === 'active' ? t.errors.stale : t.errors.gameOver, true);
    await refresh(game, view, isLive, message?.reply_markup !== undefined, deps);
    return;
  }
  const position = anyPosition(game);
  const info = stackInfo(position, payload, t);
  if (why !== undefined) {
    const refusal = t.errors[why];
    await ctx.answer(info === '' ? refusal : `${info}\n${refusal}`, true);
    return;
  }
  // An inline message has no settings of its own: the presser's private ones are not its.
  const settings = isInlineChat(view.chatId) ? {} : ctx.settings;
  const orientation = orientationFor(game, settings, view.chatId);
  const step = pickStep(position, payload, orientation, gamePicks(game.id, game.moves.length), t);
  // The chat's budget of edits spent: the answer says when the board will show the tap.
  const waitS = Math.ceil(deps.presenter.surface.boards.waitMs(view) / 1000);
  const busy = waitS > 0 ? t.busyChat : undefined;
  await followPick(
    ctx,
    step,
    {
      // Back is the board's own keyboard (an inline board's has its draw and resign row too).
      show: (keyboard) =>
        payload.kind === 'back'
          ? deps.presenter.surface.showBoard(game, view)
          : deps.presenter.surface.showBoard(game, view, keyboard),
      stale: () => refresh(game, view, true, true, deps),
      play: (move) => play(ctx, game, move, view, deps, busy?.move(waitS)),
    },
    // An inline board takes no typed move: its answer says nothing of one.
    isInlineChat(view.chatId) ? undefined : busy?.pick(waitS),
  );
}

/** The board message a tap came from: a chat's message, or an inline message. */
export function tappedView(ctx: BashniContext): ChatView | undefined {
  const query = ctx.callbackQuery;
  if (query?.message !== undefined)
    return telegramView(query.message.chat.id, query.message.message_id);
  return query?.inline_message_id === undefined ? undefined : inlineView(query.inline_message_id);
}

async function play(
  ctx: BashniContext,
  game: Game,
  move: Move,
  view: ChatView,
  deps: TelegramDeps,
  /** The tap's answer (the chat is busy), if any. */
  answer?: string,
): Promise<void> {
  const result = await deps.service.moves.play(game.id, playerFromUser(ctx.from!), move, {
    seenPly: game.moves.length,
    requestKey: ctx.requestKey,
  });
  if (!result.ok && result.code === 'stale-version') {
    await ctx.answer(ctx.own.errors.stale, true);
    const fresh = await deps.service.queries.getGame(game.id);
    if (fresh.ok) await refresh(deps.presenter.note(fresh.value), view, true, true, deps);
    return;
  }
  await ctx.present(result, answer);
  // The same tap delivered again (after a crash): the move stands; make sure it is shown.
  if (result.ok && result.events.length === 0) await deps.presenter.resync(result.value);
}

/**
 * Shows the current state on a tapped message: the live board is brought up to date (only what
 * differs is sent), an old board loses its buttons (unless it has none already).
 */
async function refresh(
  game: Game,
  view: ChatView,
  isLive: boolean,
  hasKeyboard: boolean,
  deps: TelegramDeps,
): Promise<void> {
  if (isLive) await deps.presenter.surface.showBoard(game, view);
  else if (hasKeyboard) deps.presenter.surface.retireBoard(view);
}

async function typedMove(ctx: BashniContext, text: string, deps: TelegramDeps): Promise<void> {
  if (ctx.from === undefined) return;
  const { t } = ctx;
  const replyToSender = {
    reply_parameters: { message_id: ctx.message!.message_id, allow_sending_without_reply: true },
  };
  if (text.trim() === '') {
    ctx.say(t.errors.moveUsage, replyToSender);
    return;
  }
  if (!looksLikeMove(text)) {
    ctx.say(t.errors.notAMove(quoteBack(text)), replyToSender);
    return;
  }
  await withCommandGame(ctx, deps, async (game) => {
    const result = await deps.service.moves.play(game.id, playerFromUser(ctx.from!), text, {
      requestKey: ctx.requestKey,
    });
    if (!result.ok && result.code === 'illegal-move') {
      ctx.say(refusalText(t, result), replyToSender);
      return;
    }
    await ctx.present(result);
    if (result.ok && result.events.length === 0) await deps.presenter.resync(result.value);
  });
}
