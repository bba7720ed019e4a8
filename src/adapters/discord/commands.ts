/**
 * Discord's slash commands as the API takes them (English names, Russian localizations), and
 * their registration. Interactions carry the English names, whatever the user's language.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  Routes,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  type APIApplicationCommandOptionChoice,
  type REST,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { VARIANT_IDS } from '../../engine/index.js';
import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from '../../game/bot-player.js';
import { DAYS_PER_MOVE, GAME_VARIANT_IDS, type GameVariantId } from '../../game/model.js';
import { MAX_SWISS_ROUNDS } from '../../game/tournament-rules.js';
import {
  messages,
  type Messages,
  type SlashCommandName,
  type SlashOptionName,
} from '../../i18n/index.js';

const en = messages('en');
const ru = messages('ru');

/** The longest move text /move takes: a long capture route is about 30 squares. */
export const MAX_NOTATION_LENGTH = 100;
/** The longest challenge code /join takes (ids are short base64url words). */
export const MAX_CODE_LENGTH = 24;
/** The longest time /daily takes ("09:00"; a little more, so a slip gets a clear refusal). */
export const MAX_TIME_LENGTH = 8;
/** The longest time zone /daily takes (IANA names are at most about 30 characters). */
export const MAX_TIME_ZONE_LENGTH = 64;
/** The longest game id /replay takes (ids are short; a PDN file name is a little longer). */
export const MAX_GAME_ID_LENGTH = 64;
/** The value of /top's `variant` choice that shows the puzzle leaderboard instead. */
export const PUZZLES_CHOICE = 'puzzles';

/** A name and a description in English, with their Russian localizations. */
function nameAndDescription(name: (t: Messages) => string, description: (t: Messages) => string) {
  return {
    name: name(en),
    name_localizations: { ru: name(ru) },
    description: description(en),
    description_localizations: { ru: description(ru) },
  };
}

function option(name: Exclude<SlashOptionName, 'level'>) {
  return nameAndDescription(
    (t) => t.discord.optionNames[name],
    (t) => t.discord.optionDescriptions[name],
  );
}

function choice<V extends string | number>(
  value: V,
  name: (t: Messages) => string,
): APIApplicationCommandOptionChoice<V> {
  return { name: name(en), name_localizations: { ru: name(ru) }, value };
}

const variantChoices = (ids: readonly GameVariantId[]) =>
  ids.map((id) => choice(id, (t) => t.variant(id)));

const variantOption: APIApplicationCommandBasicOption = {
  type: ApplicationCommandOptionType.String,
  ...option('variant'),
  choices: variantChoices(GAME_VARIANT_IDS),
};

/** The bot's level, for a game against it or its place in a tournament. */
const levelOption: APIApplicationCommandBasicOption = {
  type: ApplicationCommandOptionType.Integer,
  ...nameAndDescription(
    (t) => t.discord.optionNames.level,
    (t) => t.discord.levelDescription(BOT_LEVELS, DEFAULT_BOT_LEVEL),
  ),
  min_value: 1,
  max_value: BOT_LEVELS,
};

/** Whether the games count for ratings: on unless the user says otherwise. */
const ratedOption: APIApplicationCommandBasicOption = {
  type: ApplicationCommandOptionType.Boolean,
  ...option('rated'),
};

/**
 * Which of the user's games a command means, when they play several here: typed with
 * suggestions (autocomplete: their games by opponent), the value a game's id.
 */
const gameOption: APIApplicationCommandBasicOption = {
  type: ApplicationCommandOptionType.String,
  ...nameAndDescription(
    (t) => t.discord.optionNames.game,
    (t) => t.discord.gameOptionDescription,
  ),
  autocomplete: true,
  min_length: 1,
  max_length: MAX_GAME_ID_LENGTH,
};

function command(
  name: SlashCommandName,
  options: APIApplicationCommandOption[] = [],
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return {
    type: ApplicationCommandType.ChatInput,
    ...nameAndDescription(
      (t) => t.discord.commandNames[name],
      (t) => t.discord.commandDescriptions[name],
    ),
    ...(options.length > 0 ? { options } : {}),
    // In servers and in DMs with the bot (global commands only; a guild ignores these).
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
    integration_types: [ApplicationIntegrationType.GuildInstall],
  };
}

/** Every slash command of the bot, as `PUT applications/{id}/commands` takes them. */
export function slashCommands(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [
    command('newgame', [
      { type: ApplicationCommandOptionType.User, ...option('opponent') },
      variantOption,
      {
        type: ApplicationCommandOptionType.Integer,
        ...option('days'),
        choices: [0, ...DAYS_PER_MOVE].map((days) =>
          choice(days, (t) => t.daysPerMove(days === 0 ? null : days)),
        ),
      },
      ratedOption,
    ]),
    command('play', [levelOption, variantOption]),
    command('move', [
      {
        type: ApplicationCommandOptionType.String,
        ...option('notation'),
        required: true,
        min_length: 1,
        max_length: MAX_NOTATION_LENGTH,
      },
      gameOption,
    ]),
    command('resign', [gameOption]),
    command('draw', [gameOption]),
    command('games'),
    command('board', [gameOption]),
    command('pdn', [gameOption]),
    command('rules', [variantOption]),
    command('help'),
    command('settings', [
      {
        type: ApplicationCommandOptionType.String,
        ...option('language'),
        // Each language by its own name, in every language.
        choices: [
          { name: 'Русский', value: 'ru' },
          { name: 'English', value: 'en' },
        ],
      },
      {
        type: ApplicationCommandOptionType.String,
        ...option('orientation'),
        choices: [
          choice('mover', (t) => t.orientationMover),
          choice('white', (t) => t.orientationWhite),
        ],
      },
    ]),
    command('join', [
      {
        type: ApplicationCommandOptionType.String,
        ...option('code'),
        required: true,
        min_length: 1,
        max_length: MAX_CODE_LENGTH,
      },
    ]),
    command('puzzle'),
    command('daily', [
      {
        type: ApplicationCommandOptionType.String,
        ...option('state'),
        required: true,
        choices: [
          choice('on', (t) => t.discord.dailyStates.on),
          choice('off', (t) => t.discord.dailyStates.off),
        ],
      },
      {
        type: ApplicationCommandOptionType.String,
        ...option('time'),
        min_length: 1,
        max_length: MAX_TIME_LENGTH,
      },
      {
        type: ApplicationCommandOptionType.String,
        ...option('timezone'),
        min_length: 1,
        max_length: MAX_TIME_ZONE_LENGTH,
      },
    ]),
    ...leagueCommands(),
    command('replay', [
      {
        type: ApplicationCommandOptionType.String,
        ...option('game'),
        min_length: 1,
        max_length: MAX_GAME_ID_LENGTH,
      },
    ]),
  ];
}

/** /top, /stats, /tournament (new, leave) and /standings: ratings and tournaments. */
function leagueCommands(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [
    command('top', [
      {
        type: ApplicationCommandOptionType.String,
        ...option('variant'),
        choices: [
          ...variantChoices(VARIANT_IDS),
          choice(PUZZLES_CHOICE, (t) => t.discord.puzzleLeaderboard),
        ],
      },
    ]),
    command('stats', [{ type: ApplicationCommandOptionType.User, ...option('player') }]),
    command('tournament', [
      {
        type: ApplicationCommandOptionType.Subcommand,
        ...option('new'),
        options: [
          {
            type: ApplicationCommandOptionType.String,
            ...option('format'),
            choices: (['round-robin', 'swiss'] as const).map((format) =>
              choice(format, (t) => t.league.tournament.format(format)),
            ),
          },
          // A tournament pairs two players a game: no table variants.
          {
            type: ApplicationCommandOptionType.String,
            ...option('variant'),
            choices: variantChoices(VARIANT_IDS),
          },
          {
            type: ApplicationCommandOptionType.Integer,
            ...option('days'),
            choices: DAYS_PER_MOVE.map((days) => choice(days, (t) => t.daysPerMove(days))),
          },
          {
            type: ApplicationCommandOptionType.Integer,
            ...option('rounds'),
            min_value: 1,
            max_value: MAX_SWISS_ROUNDS,
          },
          ratedOption,
        ],
      },
      { type: ApplicationCommandOptionType.Subcommand, ...option('bot'), options: [levelOption] },
      { type: ApplicationCommandOptionType.Subcommand, ...option('leave') },
    ]),
    command('standings'),
    command('review'),
  ];
}

/**
 * Replaces the application's commands with ours (one bulk overwrite): in one guild, where they
 * appear at once, or globally. Returns how many Discord now has.
 */
export async function registerCommands(
  rest: REST,
  applicationId: string,
  guildId?: string,
): Promise<number> {
  const commands = slashCommands();
  const result =
    guildId === undefined
      ? await rest.put(Routes.applicationCommands(applicationId), { body: commands })
      : await rest.put(Routes.applicationGuildCommands(applicationId, guildId), {
          // Guild commands take no install contexts.
          body: commands.map(({ contexts: _c, integration_types: _i, ...command }) => command),
        });
  return Array.isArray(result) ? result.length : commands.length;
}
