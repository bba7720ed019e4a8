import { Composer, InlineKeyboard } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { encodePayload } from '../../../chat/buttons/button-payload.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import type { ReviewButton, ReviewPainter } from '../../../chat/words/review-text.js';
import { pressedReview, reviewView } from '../../../chat/presenting/review-view.js';
import type { ButtonRouter } from '../buttons.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { playerFromUser } from '../identity.js';

/** A game id as /review takes it (the ids the service makes). */
const GAME_ID = /^[A-Za-z0-9_-]{1,24}$/;

function keyboard(buttons: readonly ReviewButton[]): InlineKeyboardMarkup {
  const board = new InlineKeyboard();
  for (const button of buttons) board.text(button.label, encodePayload(button.payload));
  return board;
}

/**
 * /review [game] in Telegram: the engine's review of a finished game (the one named, the one
 * whose board the command replies to, else the one GameService.gameToReview means) as one photo:
 * the evaluation graph with the summary and buttons that step through the critical moments, each
 * tap editing the photo, caption and buttons in place. The search runs in the background (the
 * chat's other updates do not wait for it), off the main thread on the AI pool.
 */
export function reviewFeature(
  deps: TelegramDeps,
  buttons: ButtonRouter,
  painter: ReviewPainter,
): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();

  const chosenGame = async (ctx: BashniContext): Promise<string | undefined> => {
    const named = ctx.match?.toString().trim() ?? '';
    if (named !== '') return GAME_ID.test(named) ? named : undefined;
    const reply = ctx.message?.reply_to_message;
    if (reply !== undefined && reply.from?.id === ctx.me.id) {
      const found = await deps.service.queries.findByView({
        platform: 'telegram',
        chatId: String(ctx.chat!.id),
        messageId: String(reply.message_id),
      });
      if (found.ok && found.value.kind === 'game') return found.value.game.id;
    }
    return deps.service.gameToReview(
      { platform: 'telegram', chatId: String(ctx.chat!.id) },
      playerFromUser(ctx.from!),
    );
  };

  composer.command('review', async (ctx) => {
    if (ctx.from === undefined) return;
    const gameId = await chosenGame(ctx);
    if (gameId === undefined) return ctx.say(ctx.t.review.noGame);
    const chatId = ctx.chat.id;
    const t = ctx.t;
    const by = playerFromUser(ctx.from);
    // In the background: a review takes seconds, and the chat's next updates must not wait.
    const work = async () => {
      const loaded = await deps.service.queries.getGame(gameId);
      if (!loaded.ok) return ctx.say(refusalText(t, loaded));
      const game = loaded.value;
      if (game.status === 'finished') void deps.out.uploadingPhoto(chatId);
      const reviewed = await deps.service.reviews.review(gameId, by, {
        onQueued: () => ctx.say(t.review.queued),
      });
      if (!reviewed.ok) return ctx.say(refusalText(t, reviewed));
      const view = reviewView(t, reviewed.value, game, painter);
      await deps.out.sendPhoto(chatId, view.picture, {
        caption: view.caption,
        reply_markup: keyboard(view.buttons),
      });
    };
    deps.tasks.track(work());
  });

  buttons.on('review', async (ctx, payload) => {
    const message = ctx.callbackQuery?.message;
    if (ctx.from === undefined || message === undefined)
      return ctx.answer(ctx.own.review.stale, true);
    const t = ctx.t;
    const pressed = await pressedReview(deps.service, payload, playerFromUser(ctx.from), t);
    if ('refusal' in pressed) return ctx.answer(pressed.refusal, true);
    await ctx.answer();
    const view = reviewView(t, pressed.review, pressed.game, painter, payload.moment);
    deps.tasks.track(
      deps.out.editPhoto(
        message.chat.id,
        message.message_id,
        view.picture,
        view.caption,
        keyboard(view.buttons),
      ),
    );
  });

  return composer;
}
