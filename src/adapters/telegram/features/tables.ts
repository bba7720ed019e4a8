import type { Game } from '../../../game/model.js';
import type { AcceptedIn, ServiceResult } from '../../../game/results.js';
import type { Seating } from '../../../game/service.js';
import type { ButtonRouter } from '../buttons.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { playerFromUser } from '../identity.js';

/** The chat a tap came from, for the board of a game it starts. */
function tappedIn(ctx: BashniContext): AcceptedIn | undefined {
  const chat = ctx.callbackQuery?.message?.chat;
  return chat === undefined
    ? undefined
    : { platform: 'telegram' as const, chatId: String(chat.id) };
}

/**
 * What a /join, an Accept or a sit did, shown: its events — or, for the same update delivered
 * again (`repeated`), the game it started, shown again where its first delivery did not get to
 * (it may have died between the save and the hand-off). Whether it succeeded.
 */
export async function presentStart(
  deps: TelegramDeps,
  ctx: BashniContext,
  result: ServiceResult<Game | Seating>,
  chat: AcceptedIn | undefined,
): Promise<boolean> {
  const shown = await ctx.present(result);
  if (!result.ok || result.repeated !== true) return shown;
  const game = 'challenge' in result.value ? result.value.game : result.value;
  if (game !== undefined) await deps.presenter.showStartAgain(game, chat);
  return shown;
}

/**
 * The buttons of a table game's lobby card (Zhernov's four-player game): sit down, stand up,
 * seat the bot at a level, and start a full table. Closing the table is the card's Decline
 * (its maker's cancel). The lobby changes come back as events: the presenter edits the cards,
 * and posts the board when the last seat is taken. Each tap is keyed on its update: delivered
 * twice, it sits (and starts the game) once.
 */
export function tableButtons(deps: TelegramDeps, buttons: ButtonRouter): void {
  buttons.on('sit', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    const chat = tappedIn(ctx);
    const result = await deps.service.tables.sit(payload.challengeId, player, chat, ctx.requestKey);
    await presentStart(deps, ctx, result, chat);
  });

  buttons.on('stand', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    await ctx.present(await deps.service.tables.stand(payload.challengeId, player));
  });

  buttons.on('seat-bot', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    const name = ctx.t.botName(payload.level);
    const chat = tappedIn(ctx);
    const result = await deps.service.tables.seatBot(
      payload.challengeId,
      player,
      payload.level,
      name,
      chat,
      ctx.requestKey,
    );
    await presentStart(deps, ctx, result, chat);
  });

  buttons.on('table-start', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    const chat = tappedIn(ctx);
    const result = await deps.service.tables.start(
      payload.challengeId,
      player,
      chat,
      ctx.requestKey,
    );
    await presentStart(deps, ctx, result, chat);
  });
}
