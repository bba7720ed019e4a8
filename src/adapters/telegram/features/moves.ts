import { Composer, type Context } from 'grammy';
import { legalMoves, moveDestination, VARIANTS, type Move } from '../../../engine/index.js';
import { gamePosition } from '../../../game/game-rules.js';
import { sideOf, type ChatView, type Game } from '../../../game/model.js';
import {
  orientationFor,
  routesKeyboard,
  sideToMoveOf,
  stackSymbols,
  stacksKeyboard,
  targetsKeyboard,
} from '../board-message.js';
import { decodePayload, type Payload } from '../callback-data.js';
import { refusalText, replyContext, withCommandGame, type TelegramDeps } from '../deps.js';
import { liveViews, playerFromUser, telegramView } from '../identity.js';
import { describeApiError } from '../presenter.js';

type BoardPayload = Extract<Payload, { kind: 'select' | 'target' | 'route' | 'back' }>;

const MOVE_TEXT = /^\s*[a-h][1-8](\s*[-:x]\s*[a-h][1-8])+\s*[!?]*\s*$/i;

/** Tap-to-move on the board's keyboard, `/move c3-d4`, and moves typed as replies to the board. */
export function moveFeature(deps: TelegramDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.on('callback_query:data', async (ctx, next) => {
    const payload = decodePayload(ctx.callbackQuery.data);
    if (payload === undefined) {
      const { t } = await replyContext(ctx, deps);
      await ctx.answerCallbackQuery({ text: t.errors.unknownButton, show_alert: true });
      return;
    }
    if (
      payload.kind !== 'select' &&
      payload.kind !== 'target' &&
      payload.kind !== 'route' &&
      payload.kind !== 'back'
    ) {
      return next();
    }
    await onBoardTap(ctx, payload, deps);
  });

  composer.command('move', async (ctx) => {
    await typedMove(ctx, ctx.match, deps);
  });

  composer.on('message:text', async (ctx, next) => {
    const reply = ctx.message.reply_to_message;
    if (reply === undefined || reply.from?.id !== ctx.me.id || !MOVE_TEXT.test(ctx.message.text))
      return next();
    await typedMove(ctx, ctx.message.text, deps);
  });

  return composer;
}

async function onBoardTap(ctx: Context, payload: BoardPayload, deps: TelegramDeps): Promise<void> {
  const { t, settings } = await replyContext(ctx, deps);
  const message = ctx.callbackQuery?.message;
  if (message === undefined || ctx.from === undefined) {
    await ctx.answerCallbackQuery({ text: t.errors.unknownButton, show_alert: true });
    return;
  }
  const view = telegramView(message.chat.id, message.message_id);
  const loaded = await deps.service.getGame(payload.gameId);
  if (!loaded.ok) {
    await ctx.answerCallbackQuery({ text: refusalText(t, loaded), show_alert: true });
    return;
  }
  const game = loaded.value;
  if (game.status !== 'active' || payload.ply !== game.moves.length) {
    await ctx.answerCallbackQuery({
      text: game.status === 'active' ? t.errors.stale : t.errors.gameOver,
      show_alert: true,
    });
    await refresh(game, view, deps);
    return;
  }
  const position = gamePosition(game);
  const names = VARIANTS[game.variant].geometry.names;
  const side = sideOf(game, playerFromUser(ctx.from));
  if (side === undefined || side !== sideToMoveOf(position)) {
    const refusal = side === undefined ? t.errors.notAPlayer : t.errors.notYourTurn;
    const stack = payload.kind === 'select' ? position.stacks[payload.square] : null;
    const info =
      stack === null || stack === undefined
        ? ''
        : `${t.stackInfo(names[payload.kind === 'select' ? payload.square : 0], stackSymbols(stack), stack.height)}\n`;
    await ctx.answerCallbackQuery({ text: info + refusal, show_alert: true });
    return;
  }
  const orientation = orientationFor(game, position, settings);
  const moves = legalMoves(position);
  const editKeyboard = async (markup: ReturnType<typeof stacksKeyboard>) => {
    try {
      await ctx.editMessageReplyMarkup({ reply_markup: markup });
    } catch (error) {
      if (describeApiError(error) !== 'not-modified') throw error;
    }
  };

  switch (payload.kind) {
    case 'select': {
      const stack = position.stacks[payload.square];
      const info =
        stack === null || stack === undefined
          ? ''
          : t.stackInfo(names[payload.square], stackSymbols(stack), stack.height);
      if (!moves.some((m) => m.from === payload.square)) {
        await ctx.answerCallbackQuery({ text: info || t.chooseStack, show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery({ text: info });
      await editKeyboard(targetsKeyboard(game, position, payload.square, orientation, t));
      return;
    }
    case 'back':
      await ctx.answerCallbackQuery();
      await editKeyboard(stacksKeyboard(game, position, orientation));
      return;
    case 'target': {
      const routes = moves.filter(
        (m) => m.from === payload.from && moveDestination(m) === payload.to,
      );
      if (routes.length === 0) {
        await ctx.answerCallbackQuery({ text: t.errors.stale, show_alert: true });
        await refresh(game, view, deps);
        return;
      }
      if (routes.length > 1) {
        await ctx.answerCallbackQuery({ text: t.chooseRoute });
        await editKeyboard(routesKeyboard(game, routes, t));
        return;
      }
      return play(ctx, game, routes[0], view, deps);
    }
    case 'route': {
      const [from, ...path] = payload.squares;
      const move = moves.find(
        (m) =>
          m.from === from && m.path.length === path.length && m.path.every((s, i) => s === path[i]),
      );
      if (move === undefined) {
        await ctx.answerCallbackQuery({ text: t.errors.stale, show_alert: true });
        await refresh(game, view, deps);
        return;
      }
      return play(ctx, game, move, view, deps);
    }
  }
}

async function play(
  ctx: Context,
  game: Game,
  move: Move,
  view: ChatView,
  deps: TelegramDeps,
): Promise<void> {
  const { t } = await replyContext(ctx, deps);
  const result = await deps.service.play(
    game.id,
    playerFromUser(ctx.from!),
    move,
    game.moves.length,
  );
  if (!result.ok) {
    await ctx.answerCallbackQuery({ text: refusalText(t, result), show_alert: true });
    if (result.code === 'stale-version') {
      const fresh = await deps.service.getGame(game.id);
      if (fresh.ok) await refresh(fresh.value, view, deps);
    }
    return;
  }
  await ctx.answerCallbackQuery();
  await deps.presenter.handle(result.events);
}

/** Shows the current state on a tapped message: redraw the live board, retire an old one. */
async function refresh(game: Game, view: ChatView, deps: TelegramDeps): Promise<void> {
  const live = liveViews(game.views).find((v) => v.chatId === view.chatId);
  if (live !== undefined && live.messageId === view.messageId)
    await deps.presenter.updateBoard(game, view);
  else await deps.presenter.retireBoard(view);
}

async function typedMove(ctx: Context, text: string, deps: TelegramDeps): Promise<void> {
  if (ctx.from === undefined) return;
  if (text.trim() === '') {
    const { t } = await replyContext(ctx, deps);
    await ctx.reply(t.errors.moveUsage);
    return;
  }
  await withCommandGame(ctx, deps, async (game, t) => {
    const result = await deps.service.play(game.id, playerFromUser(ctx.from!), text.trim());
    if (!result.ok) {
      const legal =
        result.code === 'illegal-move'
          ? (result.details?.legal as string[] | undefined)
          : undefined;
      const hint = legal === undefined ? '' : `\n${legal.join('  ')}`;
      const reason =
        result.code === 'illegal-move' ? t.errors.illegalMove(text.trim()) : refusalText(t, result);
      await ctx.reply(reason + hint, { reply_parameters: { message_id: ctx.message!.message_id } });
      return;
    }
    await deps.presenter.handle(result.events);
  });
}
