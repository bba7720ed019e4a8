/** The Discord bot of a bot process: its adapter on the shared parts, and its intake. */
import { Events, REST, RESTEvents } from 'discord.js';
import { createDiscordBot } from '../adapters/discord/bot.js';
import { registerCommands as registerDiscordCommands } from '../adapters/discord/commands.js';
import type { Config } from '../config.js';
import { bestEffort } from '../game/logger.js';
import { systemClock } from '../game/ports.js';
import { startDailyPoster, type PlatformBot, type PlatformDeps } from './platform.js';

export function startDiscord(
  deps: PlatformDeps,
  discord: NonNullable<Config['discord']>,
): PlatformBot {
  const { service, puzzles, kv, logger, metrics, dispatch } = deps;
  const { painter, reviewPainter } = deps.painters;
  const app = createDiscordBot(
    {
      service,
      puzzles,
      kv,
      clock: systemClock,
      logger,
      painter,
      publish: dispatch,
      reviewPainter,
      boardLink: deps.web?.links,
    },
    { restApi: discord.restApi, shards: discord.shards, memberEvents: discord.memberEvents },
  );
  app.client.on(Events.InteractionCreate, () => metrics.countUpdate('discord'));
  app.client.rest.on(RESTEvents.Response, (_request, response) => {
    if (response.status >= 400) metrics.countApiError('discord', response.status);
  });

  return {
    platform: 'discord',
    present: (events) => app.presenter.handle(events),
    start: async () => {
      const rest = new REST(discord.restApi === undefined ? {} : { api: discord.restApi });
      await bestEffort(
        logger,
        'could not register the slash commands',
        registerDiscordCommands(
          rest.setToken(discord.token),
          discord.applicationId,
          discord.guildId,
        ),
      );
      await app.start(discord.token);
      const poster = startDailyPoster(deps, 'discord', app.postDaily);
      const commands =
        discord.guildId === undefined ? 'global commands' : `commands in guild ${discord.guildId}`;
      return {
        running: `Discord ${app.client.user?.tag ?? discord.applicationId} (${commands})`,
        receiving: () => app.client.isReady(),
        stopIntake: async () => {
          app.stopIntake();
          await poster.stop();
        },
        close: (timeoutMs) => app.close(timeoutMs),
      };
    },
  };
}
