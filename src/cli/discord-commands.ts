import { join } from 'node:path';
import { DiscordAPIError, REST } from 'discord.js';
import { registerCommands } from '../adapters/discord/commands.js';
import { ConfigError, isSnowflake, loadConfig } from '../config.js';
import { loadEnvFile } from '../startup/env-file.js';
import { readOptions, UsageError, type Print } from './options.js';
import { countOf } from './plural.js';

/**
 * `discord-register [--guild ID]`: replaces the application's slash commands with the bot's,
 * in one guild (they appear at once) or globally (Discord may take a while to show them). The
 * settings are `npm start`'s: DISCORD_TOKEN, DISCORD_APPLICATION_ID, DISCORD_GUILD_ID and
 * DISCORD_REST_API, from the environment or a .env file in the working directory.
 */
export async function discordRegisterCommand(
  args: string[],
  print: Print,
  printError: Print,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values } = readOptions(args, { strings: 'guild' });
  if (values.guild !== undefined && !isSnowflake(values.guild))
    throw new UsageError(
      `--guild must be a Discord server id (17 to 20 digits), got "${values.guild}"`,
    );
  let discord;
  try {
    loadEnvFile(join(process.cwd(), '.env'), env);
    discord = loadConfig(env).discord;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  if (discord === undefined) {
    throw new UsageError(
      'DISCORD_TOKEN is not set: discord-register needs DISCORD_TOKEN and DISCORD_APPLICATION_ID (see .env.example)',
    );
  }
  const guildId = values.guild ?? discord.guildId;
  const rest = new REST(discord.restApi === undefined ? {} : { api: discord.restApi });
  rest.setToken(discord.token);
  let count: number;
  try {
    count = await registerCommands(rest, discord.applicationId, guildId);
  } catch (error) {
    // Never the token: Discord's answer names only what went wrong.
    const reason =
      error instanceof DiscordAPIError
        ? `Discord answered ${error.status}: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    printError(`error: the commands were not registered: ${reason}`);
    return 1;
  }
  print(
    guildId === undefined
      ? `registered ${countOf(count, 'command')} globally (application ${discord.applicationId}); Discord may take up to an hour to show them everywhere`
      : `registered ${countOf(count, 'command')} in guild ${guildId} (application ${discord.applicationId})`,
  );
  return 0;
}
