import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from '../../../game/bot-player.js';
import { rulesOf } from '../../../game/rules-strategy.js';
import { discordView } from '../identity.js';
import type { DiscordDeps, InteractionRouter } from '../router.js';
import { variantOption } from './challenges.js';

/**
 * /play: a game against the engine. The human plays White (at a table game the bot takes the
 * other three seats); the bot's moves reach the channel
 * as the game service's events, so this only starts the game and answers with its message.
 */
export function botGameFeature(router: InteractionRouter, deps: DiscordDeps): void {
  router.command('play', 'public', async (turn) => {
    const { interaction } = turn;
    if (!interaction.isChatInputCommand()) return;
    const asked = interaction.options.getInteger('level') ?? DEFAULT_BOT_LEVEL;
    const level = Math.min(Math.max(asked, 1), BOT_LEVELS);
    const variant = variantOption(interaction.options.getString('variant'));
    const name = turn.chatT.botName(level);
    const rules = rulesOf(variant);
    const game = await turn.present(
      await deps.service.moves.start({
        ...rules.botGame(turn.player, level, name),
        variant,
        daysPerMove: null,
        // Rated against the level's fixed rating, in a pool of its own (a table game never is).
        rated: rules.league !== undefined,
        // The same interaction handled again is the same game.
        requestKey: turn.requestKey,
      }),
    );
    if (game === undefined) return;
    const messageId = await turn.answer.respond(
      await deps.presenter.surface.messageFor(game, turn.channelId),
    );
    if (messageId !== undefined)
      await deps.presenter.surface.recordGameMessage(game, discordView(turn.channelId, messageId));
  });
}
