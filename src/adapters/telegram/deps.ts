import type { Context } from 'grammy';
import type { Game } from '../../game/model.js';
import type { Clock } from '../../game/ports.js';
import type { Refusal } from '../../game/results.js';
import type { GameService, Logger } from '../../game/service.js';
import type { Messages } from '../../i18n/index.js';
import type { ChatSettings, ChatState } from './chat-state.js';
import { liveViews, playerFromUser } from './identity.js';
import type { TelegramPresenter } from './presenter.js';
import { sideToMoveOf } from './board-message.js';
import { gamePosition } from '../../game/game-rules.js';

/** What every feature of the Telegram bot works with. */
export interface TelegramDeps {
  readonly service: GameService;
  readonly presenter: TelegramPresenter;
  readonly chats: ChatState;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** The language and settings for replying to this update. */
export async function replyContext(
  ctx: Context,
  deps: TelegramDeps,
): Promise<{ t: Messages; settings: ChatSettings }> {
  return deps.presenter.chatContext(ctx.chat?.id ?? ctx.from?.id ?? 0, ctx.from?.language_code);
}

/** The words for a refusal of the game service. */
export function refusalText(t: Messages, refusal: Refusal): string {
  switch (refusal.code) {
    case 'not-your-turn':
      return t.errors.notYourTurn;
    case 'not-a-player':
      return t.errors.notAPlayer;
    case 'stale-version':
      return t.errors.stale;
    case 'game-over':
      return t.errors.gameOver;
    case 'not-for-you':
      return t.errors.notForYou;
    case 'own-challenge':
      return t.errors.ownChallenge;
    case 'challenge-closed':
      return t.errors.challengeClosed;
    case 'challenge-expired':
      return t.errors.challengeExpired;
    case 'no-draw-offer':
      return t.errors.noDrawOffer;
    case 'draw-already-offered':
      return t.errors.drawAlreadyOffered;
    case 'store-unavailable':
      return t.errors.storeUnavailable;
    case 'corrupt-record':
      return t.errors.corruptRecord;
    case 'busy':
      return t.errors.busy;
    case 'not-found':
      return t.errors.notFound;
    case 'illegal-move':
      return t.errors.illegalMove(refusal.message);
  }
}

/**
 * The game a command in this chat is about: the board it replies to, else the sender's one
 * active game shown in this chat (preferring the one where it is their move).
 */
export async function gameForCommand(
  ctx: Context,
  deps: TelegramDeps,
): Promise<Game | Refusal | 'none' | 'several'> {
  const reply = ctx.message?.reply_to_message;
  const chatId = String(ctx.chat?.id);
  if (reply !== undefined && reply.from?.id === ctx.me.id) {
    const found = await deps.service.findByView({
      platform: 'telegram',
      chatId,
      messageId: String(reply.message_id),
    });
    if (found.ok && found.value.kind === 'game') return found.value.game;
    if (!found.ok && found.code !== 'not-found') return found;
  }
  if (ctx.from === undefined) return 'none';
  const games = await deps.service.activeGames(playerFromUser(ctx.from));
  if (!games.ok) return games;
  const here = games.value.filter((game) =>
    liveViews(game.views).some((view) => view.chatId === chatId),
  );
  if (here.length === 1) return here[0];
  if (here.length === 0) return 'none';
  const me = String(ctx.from.id);
  const myTurn = here.filter((game) => {
    const side = sideToMoveOf(gamePosition(game));
    return (side === 'white' ? game.white : game.black).userId === me;
  });
  return myTurn.length === 1 ? myTurn[0] : 'several';
}

/** Runs `work` on the game a command is about, or tells the user why there is none. */
export async function withCommandGame(
  ctx: Context,
  deps: TelegramDeps,
  work: (game: Game, t: Messages) => Promise<void>,
): Promise<void> {
  const { t } = await replyContext(ctx, deps);
  const game = await gameForCommand(ctx, deps);
  if (game === 'none' || game === 'several') {
    await ctx.reply(game === 'none' ? t.errors.noGameHere : t.errors.severalGames);
    return;
  }
  if ('ok' in game) {
    await ctx.reply(refusalText(t, game));
    return;
  }
  await work(game, t);
}
