import { pressLobby, type LobbyPayload } from '../../../chat/commands/lobby-press.js';
import type { Challenge, Game } from '../../../game/model.js';
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
  result: ServiceResult<Game | Seating | Challenge>,
  chat: AcceptedIn | undefined,
): Promise<boolean> {
  const shown = await ctx.present(result);
  if (!result.ok || result.repeated !== true) return shown;
  const value = result.value;
  // A table after a stand up started nothing.
  const game = 'challenge' in value ? value.game : 'moves' in value ? value : undefined;
  if (game !== undefined) await deps.presenter.showStartAgain(game, chat);
  return shown;
}

/**
 * The buttons of a table game's lobby card (Zhernov's four-player game), pressed as
 * lobby-press.ts says; closing the table is the card's Decline (its maker's cancel). The lobby
 * changes come back as events: the presenter edits the cards, and posts the board when the last
 * seat is taken.
 */
export function tableButtons(deps: TelegramDeps, buttons: ButtonRouter): void {
  const press = async (ctx: BashniContext, payload: LobbyPayload) => {
    const chat = tappedIn(ctx);
    const result = await pressLobby(deps.service.tables, payload, {
      player: playerFromUser(ctx.from!),
      chat,
      requestKey: ctx.requestKey,
      botName: (level) => ctx.t.botName(level),
    });
    await presentStart(deps, ctx, result, chat);
  };
  buttons.on('sit', press);
  buttons.on('stand', press);
  buttons.on('seat-bot', press);
  buttons.on('table-start', press);
}
