import { pickCommandGame } from '../../chat/commands/command-game.js';
import type { Game } from '../../game/model.js';
import type { BashniContext, GameLookup, TelegramDeps } from './context.js';
import { liveViews, playerFromUser } from './identity.js';
import { refusalText } from '../../chat/words/refusal-text.js';
import { bestEffort } from '../../game/logger.js';

/**
 * The game a command in this chat is about: the board it replies to, else the sender's one
 * active game shown in this chat (preferring the one where it is their move), else the one whose
 * board is being posted here.
 */
export async function gameForCommand(ctx: BashniContext, deps: TelegramDeps): Promise<GameLookup> {
  const reply = ctx.message?.reply_to_message;
  const chatId = String(ctx.chat?.id);
  if (reply !== undefined && reply.from?.id === ctx.me.id) {
    const found = await deps.service.queries.findByView({
      platform: 'telegram',
      chatId,
      messageId: String(reply.message_id),
    });
    if (found.ok && found.value.kind === 'game') return found.value.game;
    if (!found.ok && found.code !== 'not-found') return found;
  }
  if (ctx.from === undefined) return 'none';
  const games = await deps.service.queries.activeGames(playerFromUser(ctx.from));
  if (!games.ok) return games;
  let here = games.value.filter((game) =>
    liveViews(game.views).some((view) => view.chatId === chatId),
  );
  // A board still on its way here (a game started a moment ago, /board): its game is shown
  // here as soon as the message exists, and a move made meanwhile reaches it (sendBoard).
  if (here.length === 0) here = await postingHere(games.value, chatId, deps);
  return pickCommandGame(here, playerFromUser(ctx.from));
}

/** The games among `games` whose board message is being posted in `chatId`. */
async function postingHere(
  games: readonly Game[],
  chatId: string,
  deps: TelegramDeps,
): Promise<Game[]> {
  const posting = await Promise.all(
    games.map((game) =>
      bestEffort(
        deps.logger,
        'telegram: could not read pending board posts',
        deps.chats.pending.pendingPosts(game.id),
        { gameId: game.id },
        [] as string[],
      ),
    ),
  );
  return games.filter((_, index) => posting[index]?.includes(chatId) === true);
}

/**
 * The game a command that shows one (/replay, /pdn) means when none is named: the board it
 * replies to, else the last game whose board was posted in this chat (over or not: right after
 * a game, that one), else the sender's game here (as gameForCommand).
 */
export async function shownGameFor(ctx: BashniContext, deps: TelegramDeps): Promise<GameLookup> {
  const reply = ctx.message?.reply_to_message;
  if (reply !== undefined && reply.from?.id === ctx.me.id) {
    const lookup = await gameForCommand(ctx, deps);
    if (typeof lookup === 'object' && !('ok' in lookup)) return lookup;
  }
  const chatId = String(ctx.chat?.id);
  const last = await bestEffort(
    deps.logger,
    'telegram: could not read the chat’s last game',
    deps.chats.lastGame(chatId),
    { chatId },
    undefined,
  );
  if (last !== undefined) {
    const found = await deps.service.queries.getGame(last);
    if (found.ok) return found.value;
    if (found.code !== 'not-found') return found;
  }
  return gameForCommand(ctx, deps);
}

/**
 * Runs `work` on the game a command is about (`find`: gameForCommand unless given), or tells
 * the user why there is none.
 */
export async function withCommandGame(
  ctx: BashniContext,
  deps: TelegramDeps,
  work: (game: Game) => Promise<void>,
  find: (ctx: BashniContext, deps: TelegramDeps) => Promise<GameLookup> = gameForCommand,
): Promise<void> {
  const game = await find(ctx, deps);
  if (game === 'none' || game === 'several') {
    ctx.say(game === 'none' ? ctx.t.errors.noGameHere : ctx.t.errors.severalGames);
    return;
  }
  if ('ok' in game) {
    ctx.say(refusalText(ctx.own, game));
    return;
  }
  await work(game);
}
