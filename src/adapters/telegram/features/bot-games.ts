import { Composer } from 'grammy';
import { VARIANT_WORDS } from '../../../chat/commands/variant-words.js';
import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from '../../../game/bot-player.js';
import type { GameVariantId } from '../../../game/model.js';
import { rulesOf } from '../../../game/rules-strategy.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { playerFromUser } from '../identity.js';

/** Reads `/play [level] [variant]` in any order; undefined when something is off. */
export function parsePlayArguments(
  text: string,
): { level: number; variant: GameVariantId } | undefined {
  let level = DEFAULT_BOT_LEVEL;
  let variant: GameVariantId = 'bashni';
  for (const word of text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '')) {
    if (/^\d$/.test(word) && Number(word) >= 1 && Number(word) <= BOT_LEVELS) level = Number(word);
    else if (VARIANT_WORDS[word] !== undefined) variant = VARIANT_WORDS[word];
    else return undefined;
  }
  return { level, variant };
}

/**
 * /play: a game against the bot's engine. The human plays White (at a table game, the bot takes
 * the other three seats); the bot's moves come from
 * the game service (its BotMoves port, the AI worker pool) and reach the chat as events, so
 * this adapter only starts the game and posts its board.
 */
export function botGameFeature(deps: TelegramDeps): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();
  composer.command('play', async (ctx) => {
    if (ctx.from === undefined) return;
    const args = parsePlayArguments(ctx.match);
    if (args === undefined) {
      ctx.say(ctx.t.playUsage);
      return;
    }
    const player = playerFromUser(ctx.from);
    const name = ctx.t.botName(args.level);
    const rules = rulesOf(args.variant);
    const started = await deps.service.moves.start({
      ...rules.botGame(player, args.level, name),
      variant: args.variant,
      daysPerMove: null,
      // Rated against the level's fixed rating, in a pool of its own (a table game never is).
      rated: rules.league !== undefined,
      // The same update again (redelivered, or to another process) is the same game.
      requestKey: ctx.requestKey,
    });
    if (!started.ok) {
      await ctx.present(started);
      return;
    }
    // One board, however often the update comes: not again where it is shown or being posted.
    await deps.presenter.queueFirstBoard(started.value, String(ctx.chat.id));
  });
  return composer;
}
