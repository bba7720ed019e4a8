import { Composer } from 'grammy';
import {
  namedReplayGame,
  noReplayText,
  replayCaption,
  replayData,
} from '../../../chat/presenting/replay.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import type { Game } from '../../../game/model.js';
import type { BoardPainter } from '../board-message.js';
import { shownGameFor } from '../command-game.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { nameOf, playerFromUser } from '../identity.js';

/**
 * /replay [game]: the game's animation (an animated GIF, drawn by the render pool) with a short
 * caption. Which game: the one named (its id, or its PDN file's name), else the board the
 * command replies to, else the last game whose board was posted in this chat, else the sender's
 * game here.
 */
export function replayFeature(deps: TelegramDeps, painter: BoardPainter): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();

  composer.command('replay', async (ctx) => {
    const game = await replayTarget(ctx, deps);
    if (game === undefined) return;
    const { t } = ctx;
    const data = replayData(game, t);
    if (typeof data === 'string') {
      ctx.say(noReplayText(t, data, game));
      return;
    }
    const chatId = ctx.chat.id;
    const caption = replayCaption(game, t, { name: nameOf, mention: nameOf });
    // Drawn off the update: the chat's next updates need not wait for it.
    deps.tasks.track(
      (async () => {
        let gif: Buffer;
        try {
          gif = await painter.paintReplay(data);
        } catch (error) {
          deps.logger.warn('telegram: could not draw a game’s animation', {
            gameId: game.id,
            err: error,
          });
          ctx.say(t.replay.failed);
          return;
        }
        await deps.out.sendAnimation(chatId, gif, { caption, parse_mode: 'HTML' });
      })(),
    );
  });

  return composer;
}

/** The game /replay is about, or undefined once the user has been told why there is none. */
async function replayTarget(ctx: BashniContext, deps: TelegramDeps): Promise<Game | undefined> {
  const { t } = ctx;
  const chatId = String(ctx.chat!.id);
  const argument = typeof ctx.match === 'string' ? ctx.match.trim() : '';
  if (argument !== '') {
    const here = { platform: 'telegram', chatId } as const;
    const asker = ctx.from === undefined ? undefined : playerFromUser(ctx.from);
    const named = await namedReplayGame(deps.service.queries, argument, here, asker);
    if (named === 'not-found') ctx.say(t.replay.notFound(argument.slice(0, 64)));
    else if ('ok' in named) ctx.say(refusalText(t, named));
    else return named;
    return undefined;
  }
  const lookup = await shownGameFor(ctx, deps);
  if (typeof lookup === 'object' && !('ok' in lookup)) return lookup;
  if (typeof lookup === 'object') ctx.say(refusalText(t, lookup));
  else ctx.say(t.replay.noGame);
  return undefined;
}
