import type { ButtonRouter } from '../buttons.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { playerFromUser } from '../identity.js';

/** The chat a tap came from, for the board of a game it starts. */
function tappedIn(ctx: BashniContext) {
  const chat = ctx.callbackQuery?.message?.chat;
  return chat === undefined
    ? undefined
    : { platform: 'telegram' as const, chatId: String(chat.id) };
}

/**
 * The buttons of a table game's lobby card (Zhernov's four-player game): sit down, stand up,
 * seat the bot at a level, and start a full table. Closing the table is the card's Decline
 * (its maker's cancel). The lobby changes come back as events: the presenter edits the cards,
 * and posts the board when the last seat is taken.
 */
export function tableButtons(deps: TelegramDeps, buttons: ButtonRouter): void {
  buttons.on('sit', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    await ctx.present(await deps.service.sitAtTable(payload.challengeId, player, tappedIn(ctx)));
  });

  buttons.on('stand', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    await ctx.present(await deps.service.standFromTable(payload.challengeId, player));
  });

  buttons.on('seat-bot', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    const name = ctx.t.botName(payload.level);
    await ctx.present(
      await deps.service.seatBotAtTable(
        payload.challengeId,
        player,
        payload.level,
        name,
        tappedIn(ctx),
      ),
    );
  });

  buttons.on('table-start', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    await ctx.present(await deps.service.startTable(payload.challengeId, player, tappedIn(ctx)));
  });
}
