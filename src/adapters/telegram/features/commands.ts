import { Composer, InlineKeyboard } from 'grammy';
import { gamePdn, pdnFileName } from '../../../chat/words/pdn-export.js';
import { sideToMove } from '../../../game/rules-strategy.js';
import { opponentsOf, sideOf, type Game } from '../../../game/model.js';
import { LANGS, messagesOn, parseLang, type Messages } from '../../../i18n/index.js';
import type { ButtonRouter } from '../buttons.js';
import { encodePayload } from '../../../chat/buttons/button-payload.js';
import { gameVs } from '../../../chat/commands/command-game.js';
import { rulesAnswer } from '../../../chat/words/rules-text.js';
import { shownGameFor, withCommandGame } from '../command-game.js';
import { mayChangeChat, type BashniContext, type TelegramDeps } from '../context.js';
import { isPrivateChat, liveViews, messageLink, nameOf, playerFromUser } from '../identity.js';

/** /resign, /draw, /games, /board, /pdn, /rules, /help, /lang, /settings and their buttons. */
export function commandFeature(deps: TelegramDeps, buttons: ButtonRouter): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();
  const withGame = (ctx: BashniContext, work: (game: Game) => Promise<void>) =>
    withCommandGame(ctx, deps, work);

  composer.command('resign', (ctx) =>
    withGame(ctx, (game) => {
      if (sideOf(game, playerFromUser(ctx.from!)) === undefined) {
        ctx.say(ctx.own.errors.notAPlayer);
        return Promise.resolve();
      }
      const userId = String(ctx.from!.id);
      const keyboard = new InlineKeyboard()
        .text(
          ctx.t.resignYes,
          encodePayload({ kind: 'resign', gameId: game.id, ply: game.moves.length, userId }),
        )
        .text(ctx.t.resignNo, encodePayload({ kind: 'keep-playing', gameId: game.id, userId }));
      // Which game it would resign, by name (names are escaped for HTML).
      const question = ctx.t.resignQuestion(
        gameVs(game, playerFromUser(ctx.from!), ctx.t, { name: nameOf }),
      );
      ctx.say(question, { reply_markup: keyboard, parse_mode: 'HTML' });
      return Promise.resolve();
    }),
  );

  composer.command('draw', (ctx) =>
    withGame(ctx, async (game) => {
      await ctx.present(
        await deps.service.endings.offerDraw(game.id, playerFromUser(ctx.from!), {
          requestKey: ctx.requestKey,
        }),
      );
    }),
  );

  composer.command('board', (ctx) =>
    withGame(ctx, async (game) => {
      await deps.presenter.surface.queueBoard(game, String(ctx.chat.id));
    }),
  );

  // The game /replay would show: right after a game, that one (its record is complete).
  composer.command('pdn', (ctx) =>
    withCommandGame(
      ctx,
      deps,
      (game) => {
        const text = gamePdn(game);
        deps.tasks.track(
          deps.out.sendDocument(ctx.chat.id, Buffer.from(text, 'utf8'), pdnFileName(game), {
            caption: ctx.t.pdnCaption,
          }),
        );
        return Promise.resolve();
      },
      shownGameFor,
    ),
  );

  composer.command('games', async (ctx) => {
    if (ctx.from === undefined) return;
    const { t } = ctx;
    const player = playerFromUser(ctx.from);
    const games = await deps.service.queries.activeGames(player);
    if (!games.ok) {
      await ctx.present(games);
      return;
    }
    if (games.value.length === 0) {
      ctx.say(t.noGames);
      return;
    }
    const lines = games.value.map((game) => {
      const opponents = opponentsOf(game, player).map(nameOf).join(', ');
      const yourTurn = sideOf(game, player) === sideToMove(game);
      const views = liveViews(game.views);
      const here = views.find((view) => view.chatId === String(ctx.chat.id)) ?? views.at(0);
      const link = here === undefined ? undefined : messageLink(here);
      return t.gameLine(opponents, t.variant(game.variant), yourTurn, link);
    });
    ctx.say([t.gamesHeader, ...lines].join('\n'), {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
  });

  composer.command('rules', (ctx) =>
    ctx.say(rulesAnswer(ctx.t, ctx.match), { parse_mode: 'HTML' }),
  );
  composer.command('help', (ctx) => ctx.say(ctx.t.help));

  composer.command('lang', async (ctx) => {
    const lang = parseLang(ctx.match);
    if (lang === undefined) {
      ctx.say(ctx.t.langUsage);
      return;
    }
    if (!(await mayChangeChat(deps, ctx))) {
      ctx.say(ctx.own.settingsAdminsOnly);
      return;
    }
    await deps.chats.updateSettings(ctx.chat.id, { lang });
    ctx.say(messagesOn('telegram', lang).langChanged);
  });

  composer.command('settings', (ctx) => {
    ctx.say(settingsText(ctx.t, ctx.settings.orientation, ctx.chat.id), {
      reply_markup: settingsKeyboard(ctx.t),
    });
  });

  buttons
    .on('resign', async (ctx, payload) => {
      if (payload.userId !== String(ctx.from!.id)) {
        await ctx.answer(ctx.own.errors.notForYou, true);
        return;
      }
      const result = await deps.service.endings.resign(payload.gameId, playerFromUser(ctx.from!), {
        seenPly: payload.ply,
        requestKey: ctx.requestKey,
      });
      if (!(await ctx.present(result))) return;
      void deleteTapped(ctx, deps);
    })
    .on('keep-playing', async (ctx, payload) => {
      if (payload.userId !== String(ctx.from!.id)) {
        await ctx.answer(ctx.own.errors.notForYou, true);
        return;
      }
      await ctx.answer(ctx.own.resignKept);
      void deleteTapped(ctx, deps);
    })
    .on('draw-accept', async (ctx, payload) => {
      await ctx.present(
        await deps.service.endings.acceptDraw(payload.gameId, playerFromUser(ctx.from!)),
      );
    })
    .on('draw-decline', async (ctx, payload) => {
      await ctx.present(
        await deps.service.endings.declineDraw(payload.gameId, playerFromUser(ctx.from!)),
      );
    });

  const changeSetting = async (
    ctx: BashniContext,
    change: { orientation: 'mover' | 'white' } | { lang: 'ru' | 'en' },
  ) => {
    const chatId = ctx.callbackQuery?.message?.chat.id ?? ctx.from!.id;
    if (!(await mayChangeChat(deps, ctx))) {
      await ctx.answer(ctx.own.settingsAdminsOnly, true);
      return;
    }
    const settings = await deps.chats.updateSettings(chatId, change);
    const next = messagesOn('telegram', settings.lang ?? ('lang' in change ? change.lang : 'en'));
    await ctx.answer();
    const messageId = ctx.callbackQuery?.message?.message_id;
    if (messageId !== undefined) {
      deps.tasks.track(
        deps.out.editText(chatId, messageId, settingsText(next, settings.orientation, chatId), {
          reply_markup: settingsKeyboard(next),
        }),
      );
    }
  };
  buttons
    .on('orientation', (ctx, payload) => changeSetting(ctx, { orientation: payload.value }))
    .on('language', (ctx, payload) => changeSetting(ctx, { lang: payload.value }));

  return composer;
}

/** Deletes the message whose button was tapped (a question that has been answered). */
async function deleteTapped(ctx: BashniContext, deps: TelegramDeps): Promise<void> {
  const message = ctx.callbackQuery?.message;
  if (message !== undefined) await deps.out.delete(message.chat.id, message.message_id);
}

function settingsText(
  t: Messages,
  orientation: 'mover' | 'white' | undefined,
  chatId: number,
): string {
  return t.settings(orientation ?? (isPrivateChat(chatId) ? 'mine' : 'white'));
}

function settingsKeyboard(t: Messages): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text(t.orientationWhite, encodePayload({ kind: 'orientation', value: 'white' }))
    .row()
    .text(t.orientationMover, encodePayload({ kind: 'orientation', value: 'mover' }))
    .row();
  for (const lang of LANGS)
    keyboard.text(
      lang === 'ru' ? 'Русский' : 'English',
      encodePayload({ kind: 'language', value: lang }),
    );
  return keyboard;
}
