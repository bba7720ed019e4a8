import { Composer, InlineKeyboard, InputFile, type Context } from 'grammy';
import { makePdn } from '../../../engine/index.js';
import { gameHistory, gamePosition } from '../../../game/game-rules.js';
import { sideOf, type Game } from '../../../game/model.js';
import { LANGS, messages, parseLang, type Messages } from '../../../i18n/index.js';
import { sideToMoveOf } from '../board-message.js';
import { decodePayload, encodePayload } from '../callback-data.js';
import { refusalText, replyContext, withCommandGame, type TelegramDeps } from '../deps.js';
import { liveViews, messageLink, nameOf, playerFromUser } from '../identity.js';

/** /resign, /draw, /games, /board, /pdn, /rules, /help, /lang, /settings and their buttons. */
export function commandFeature(deps: TelegramDeps): Composer<Context> {
  const composer = new Composer<Context>();

  const withGame = (ctx: Context, work: (game: Game, t: Messages) => Promise<void>) =>
    withCommandGame(ctx, deps, work);

  composer.command('resign', (ctx) =>
    withGame(ctx, async (game, t) => {
      if (sideOf(game, playerFromUser(ctx.from!)) === undefined) {
        await ctx.reply(t.errors.notAPlayer);
        return;
      }
      const userId = String(ctx.from!.id);
      const keyboard = new InlineKeyboard()
        .text(
          t.resignYes,
          encodePayload({ kind: 'resign', gameId: game.id, ply: game.moves.length, userId }),
        )
        .text(t.resignNo, encodePayload({ kind: 'keep-playing', gameId: game.id, userId }));
      await ctx.reply(t.resignQuestion, { reply_markup: keyboard });
    }),
  );

  composer.command('draw', (ctx) =>
    withGame(ctx, async (game, t) => {
      const result = await deps.service.offerDraw(game.id, playerFromUser(ctx.from!));
      if (!result.ok) {
        await ctx.reply(refusalText(t, result));
        return;
      }
      await deps.presenter.handle(result.events);
    }),
  );

  composer.command('board', (ctx) =>
    withGame(ctx, async (game) => {
      const chatId = String(ctx.chat!.id);
      const old = liveViews(game.views).find((view) => view.chatId === chatId);
      const posted = await deps.presenter.postBoard(game, chatId);
      if (posted !== undefined && old !== undefined) await deps.presenter.retireBoard(old);
    }),
  );

  composer.command('pdn', (ctx) =>
    withGame(ctx, async (game, t) => {
      const history = gameHistory(game);
      const result =
        game.result === undefined
          ? '*'
          : game.result.winner === null
            ? '1/2-1/2'
            : game.result.winner === 'white'
              ? '1-0'
              : '0-1';
      const date = new Date(game.createdAt).toISOString().slice(0, 10).replace(/-/g, '.');
      const text = makePdn({
        start: history.start,
        moves: history.moves,
        result,
        event: 'Bashni Bot',
        date,
        white: game.white.displayName,
        black: game.black.displayName,
      });
      await ctx.replyWithDocument(
        new InputFile(Buffer.from(text, 'utf8'), `bashni-${game.id}.pdn`),
        { caption: t.pdnCaption },
      );
    }),
  );

  composer.command('games', async (ctx) => {
    const { t } = await replyContext(ctx, deps);
    if (ctx.from === undefined) return;
    const player = playerFromUser(ctx.from);
    const games = await deps.service.activeGames(player);
    if (!games.ok) {
      await ctx.reply(refusalText(t, games));
      return;
    }
    if (games.value.length === 0) {
      await ctx.reply(t.noGames);
      return;
    }
    const lines = games.value.map((game) => {
      const opponent = sideOf(game, player) === 'white' ? game.black : game.white;
      const toMove = sideToMoveOf(gamePosition(game));
      const yourTurn = sideOf(game, player) === toMove;
      const views = liveViews(game.views);
      const here = views.find((view) => view.chatId === String(ctx.chat.id)) ?? views[0];
      const link = here === undefined ? undefined : messageLink(here);
      return t.gameLine(nameOf(opponent), t.variant(game.variant), yourTurn, link);
    });
    await ctx.reply([t.gamesHeader, ...lines].join('\n'), {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
  });

  composer.command('rules', async (ctx) => {
    const { t } = await replyContext(ctx, deps);
    await ctx.reply(t.rules, { parse_mode: 'HTML' });
  });

  composer.command('help', async (ctx) => {
    const { t } = await replyContext(ctx, deps);
    await ctx.reply(t.help);
  });

  composer.command('lang', async (ctx) => {
    const lang = parseLang(ctx.match);
    if (lang === undefined) {
      const { t } = await replyContext(ctx, deps);
      await ctx.reply(t.langUsage);
      return;
    }
    await deps.chats.updateSettings(ctx.chat.id, { lang });
    await ctx.reply(messages(lang).langChanged);
  });

  composer.command('settings', async (ctx) => {
    const { t, settings } = await replyContext(ctx, deps);
    await ctx.reply(t.settings(settings.orientation ?? 'mover'), {
      reply_markup: settingsKeyboard(t),
    });
  });

  composer.on('callback_query:data', async (ctx, next) => {
    const payload = decodePayload(ctx.callbackQuery.data);
    if (payload === undefined) return next();
    const { t } = await replyContext(ctx, deps);
    const player = playerFromUser(ctx.from);
    switch (payload.kind) {
      case 'resign': {
        if (payload.userId !== String(ctx.from.id)) {
          await ctx.answerCallbackQuery({ text: t.errors.notForYou, show_alert: true });
          return;
        }
        const result = await deps.service.resign(payload.gameId, player, payload.ply);
        if (!result.ok) {
          await ctx.answerCallbackQuery({ text: refusalText(t, result), show_alert: true });
          return;
        }
        await ctx.answerCallbackQuery();
        await ctx.deleteMessage().catch(() => undefined);
        await deps.presenter.handle(result.events);
        return;
      }
      case 'keep-playing': {
        if (payload.userId !== String(ctx.from.id)) {
          await ctx.answerCallbackQuery({ text: t.errors.notForYou, show_alert: true });
          return;
        }
        await ctx.answerCallbackQuery({ text: t.resignKept });
        await ctx.deleteMessage().catch(() => undefined);
        return;
      }
      case 'draw-accept':
      case 'draw-decline': {
        const result =
          payload.kind === 'draw-accept'
            ? await deps.service.acceptDraw(payload.gameId, player)
            : await deps.service.declineDraw(payload.gameId, player);
        if (!result.ok) {
          await ctx.answerCallbackQuery({ text: refusalText(t, result), show_alert: true });
          return;
        }
        await ctx.answerCallbackQuery();
        await deps.presenter.handle(result.events);
        return;
      }
      case 'orientation':
      case 'language': {
        const chatId = ctx.callbackQuery.message?.chat.id ?? ctx.from.id;
        const settings = await deps.chats.updateSettings(
          chatId,
          payload.kind === 'orientation' ? { orientation: payload.value } : { lang: payload.value },
        );
        const next = messages(
          settings.lang ?? (payload.kind === 'language' ? payload.value : 'en'),
        );
        await ctx.answerCallbackQuery();
        await ctx
          .editMessageText(next.settings(settings.orientation ?? 'mover'), {
            reply_markup: settingsKeyboard(next),
          })
          .catch(() => undefined);
        return;
      }
      default:
        return next();
    }
  });

  return composer;
}

function settingsKeyboard(t: Messages): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text(t.orientationMover, encodePayload({ kind: 'orientation', value: 'mover' }))
    .row()
    .text(t.orientationWhite, encodePayload({ kind: 'orientation', value: 'white' }))
    .row();
  for (const lang of LANGS)
    keyboard.text(
      lang === 'ru' ? 'Русский' : 'English',
      encodePayload({ kind: 'language', value: lang }),
    );
  return keyboard;
}
