import {
  namedReplayGame,
  noReplayText,
  replayCaption,
  replayData,
} from '../../../chat/presenting/replay.js';
import { pickCommandGame } from '../../../chat/commands/command-game.js';
import { refusalText } from '../../../chat/words/refusal-text.js';
import { channelLastGame } from '../command-game.js';
import type { Game } from '../../../game/model.js';
import { liveViews, nameOf } from '../identity.js';
import { escapeHtml, markdown } from '../markdown.js';
import { DISCORD_FILE_LIMIT, replayFileName } from '../surface.js';
import type { DiscordDeps, InteractionRouter, Turn } from '../router.js';

/**
 * /replay [game]: the game's animation (an animated GIF from the render pool) attached to a
 * public reply. The reply is deferred at once (drawing a long game takes a moment), then
 * answered. Which game: the one named by its id (or its PDN file's name), else the last game
 * whose message was posted in this channel, else the user's game here.
 */
export function replayFeature(router: InteractionRouter, deps: DiscordDeps): void {
  router.command('replay', 'public', async (turn) => {
    const { interaction, t } = turn;
    if (!interaction.isChatInputCommand()) return;
    const game = await replayTarget(turn, deps, interaction.options.getString('game') ?? '');
    if (game === undefined) return;
    const data = replayData(game, turn.chatT); // the animation is posted for the channel
    if (typeof data === 'string') {
      await turn.whisper(noReplayText(t, data, game));
      return;
    }
    await turn.answer.defer();
    let gif: Buffer;
    try {
      gif = await deps.painter.paintReplay(data);
    } catch (error) {
      deps.logger.warn('discord: could not draw a game’s animation', {
        gameId: game.id,
        err: error,
      });
      await turn.whisper(t.replay.failed);
      return;
    }
    if (gif.length > DISCORD_FILE_LIMIT) {
      await turn.whisper(t.replay.failed);
      return;
    }
    await turn.answer.respond({
      content: markdown(replayCaption(game, turn.chatT, { name: nameOf, mention: nameOf })),
      files: [{ name: replayFileName(game), data: gif }],
    });
  });
}

/** The game /replay is about, or undefined once the user has been told why there is none. */
async function replayTarget(
  turn: Turn,
  deps: DiscordDeps,
  argument: string,
): Promise<Game | undefined> {
  const { t } = turn;
  const typed = argument.trim();
  if (typed !== '') {
    const here = { platform: 'discord', chatId: turn.channelId } as const;
    const named = await namedReplayGame(deps.service.queries, typed, here, turn.player);
    if (named === 'not-found')
      await turn.whisper(markdown(t.replay.notFound(escapeHtml(typed.slice(0, 64)))));
    else if ('ok' in named) await turn.whisper(markdown(refusalText(t, named)));
    else return named;
    return undefined;
  }
  const last = await channelLastGame(turn, deps);
  if (last !== undefined) return last === 'told' ? undefined : last;
  const games = await deps.service.queries.activeGames(turn.player);
  if (!games.ok) {
    await turn.whisper(markdown(refusalText(t, games)));
    return undefined;
  }
  const here = games.value.filter((game) =>
    liveViews(game.views).some((view) => view.chatId === turn.channelId),
  );
  const game = pickCommandGame(here, turn.player);
  if (game === 'none' || game === 'several') {
    // /replay's `game` option names it (by id): the way to say which one on Discord.
    const { commandNames, optionNames } = t.discord;
    await turn.whisper(
      game === 'none'
        ? t.replay.noGame
        : t.discord.severalGamesOption(commandNames.replay, optionNames.game),
    );
    return undefined;
  }
  return game;
}
