import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  REST,
  type APIApplicationCommandOption,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PUZZLES_CHOICE,
  registerCommands,
  slashCommands,
} from '../../../src/adapters/discord/commands.js';
import { VARIANT_IDS } from '../../../src/engine/index.js';
import { TABLE_VARIANT_IDS } from '../../../src/engine/multi/index.js';
import { BOT_LEVELS } from '../../../src/game/bot-player.js';
import { DAYS_PER_MOVE } from '../../../src/game/model.js';
import { MAX_SWISS_ROUNDS } from '../../../src/game/tournament-rules.js';
import { commandListErrors } from '../../support/discord/validate-commands.js';
import { startHttpRecorder, type HttpRecorder } from '../../support/http-recorder.js';
import { item, present } from '../../support/present.js';

// Discord's rules for application commands (developer docs, "Application Commands").
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const LOCALES = new Set(['ru']);
const MAX_COMMAND_CHARACTERS = 4000;

interface Named {
  readonly name: string;
  readonly name_localizations?: Record<string, string | null> | null;
  readonly description: string;
  readonly description_localizations?: Record<string, string | null> | null;
}

/** A name and description, in English and every localization, checked; returns the texts. */
function checkTexts(what: string, item: Named): Record<string, string[]> {
  const names: Record<string, string> = { en: item.name, ...item.name_localizations };
  const descriptions: Record<string, string> = {
    en: item.description,
    ...item.description_localizations,
  };
  expect(Object.keys(names).sort(), `${what}: name locales`).toEqual(['en', 'ru']);
  expect(Object.keys(descriptions).sort(), `${what}: description locales`).toEqual(['en', 'ru']);
  const texts: Record<string, string[]> = {};
  for (const locale of Object.keys(names)) {
    if (locale !== 'en') expect(LOCALES.has(locale), `${what}: locale ${locale}`).toBe(true);
    const name = names[locale]!; // a key of names; descriptions has the same keys (above)
    const description = descriptions[locale]!;
    expect(name, `${what}: name ${name}`).toMatch(NAME);
    expect(name, `${what}: lower case`).toBe(name.toLowerCase());
    expect(description.length, `${what}: description "${description}"`).toBeGreaterThanOrEqual(1);
    expect(description.length, `${what}: description "${description}"`).toBeLessThanOrEqual(100);
    texts[locale] = [name, description];
  }
  return texts;
}

function checkOption(
  command: string,
  option: APIApplicationCommandOption,
): Record<string, string[]> {
  const what = `/${command} ${option.name}`;
  const texts = checkTexts(what, option);
  expect(
    [
      ApplicationCommandOptionType.String,
      ApplicationCommandOptionType.Integer,
      ApplicationCommandOptionType.Boolean,
      ApplicationCommandOptionType.User,
      ApplicationCommandOptionType.Subcommand,
    ],
    what,
  ).toContain(option.type);
  if (option.type === ApplicationCommandOptionType.Subcommand) {
    // A subcommand's options follow a command's rules, one level down (no deeper nesting).
    const options = option.options ?? [];
    expect(options.length, what).toBeLessThanOrEqual(25);
    checkOptionList(what, options);
    for (const inner of options) {
      expect(inner.type, `${what} ${inner.name}`).not.toBe(ApplicationCommandOptionType.Subcommand);
      for (const [locale, words] of Object.entries(checkOption(`${command} ${option.name}`, inner)))
        (texts[locale] ??= []).push(...words);
    }
  }
  if ('choices' in option && option.choices !== undefined) {
    expect(option.choices.length, what).toBeGreaterThanOrEqual(1);
    expect(option.choices.length, what).toBeLessThanOrEqual(25);
    for (const choice of option.choices) {
      const choiceNames = [choice.name, ...Object.values(choice.name_localizations ?? {})];
      for (const name of choiceNames) {
        expect(name!.length, `${what}: choice ${name}`).toBeGreaterThanOrEqual(1);
        expect(name!.length, `${what}: choice ${name}`).toBeLessThanOrEqual(100);
      }
      for (const [locale, name] of Object.entries({
        en: choice.name,
        ...choice.name_localizations,
      }))
        (texts[locale] ??= []).push(name!);
      if (option.type === ApplicationCommandOptionType.String) {
        expect(typeof choice.value, what).toBe('string');
        expect((choice.value as string).length, what).toBeLessThanOrEqual(100);
      } else expect(Number.isInteger(choice.value), what).toBe(true);
    }
    const values = option.choices.map((c) => c.value);
    expect(new Set(values).size, `${what}: distinct values`).toBe(values.length);
    for (const locale of ['en', 'ru']) {
      const names = option.choices.map((c) =>
        locale === 'en' ? c.name : (c.name_localizations?.ru ?? c.name),
      );
      expect(new Set(names).size, `${what}: distinct ${locale} choice names`).toBe(names.length);
    }
  }
  if ('min_length' in option && option.min_length !== undefined) {
    expect(option.min_length).toBeGreaterThanOrEqual(0);
    expect(option.max_length!).toBeLessThanOrEqual(6000);
    expect(option.min_length).toBeLessThanOrEqual(option.max_length!);
  }
  return texts;
}

/** Required options first, and distinct names in each language. */
function checkOptionList(what: string, options: readonly APIApplicationCommandOption[]): void {
  const required = options.map((o) => 'required' in o && o.required === true);
  expect(required, `${what}: required options first`).toEqual(
    [...required].sort((a, b) => Number(b) - Number(a)),
  );
  for (const locale of ['en', 'ru']) {
    const names = options.map((o) => (locale === 'en' ? o.name : o.name_localizations!.ru!));
    expect(new Set(names).size, `${what}: distinct ${locale} option names`).toBe(names.length);
  }
}

function optionNamed(
  command: { readonly name: string; readonly options?: readonly APIApplicationCommandOption[] },
  name: string,
) {
  const option = command.options?.find((o) => o.name === name);
  if (option === undefined) throw new Error(`/${command.name} has no option ${name}`);
  return option;
}

function command(name: string): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const found = slashCommands().find((c) => c.name === name);
  if (found === undefined) throw new Error(`no /${name}`);
  return found;
}

describe('Discord slash commands', () => {
  it('keep every one of Discord’s rules, in English and Russian', () => {
    const commands = slashCommands();
    expect(commands.length).toBeLessThanOrEqual(100);
    for (const locale of ['en', 'ru']) {
      const names = commands.map((c) => (locale === 'en' ? c.name : c.name_localizations!.ru!));
      expect(new Set(names).size, `distinct ${locale} command names`).toBe(names.length);
    }
    for (const item of commands) {
      expect(item.type).toBe(ApplicationCommandType.ChatInput);
      const texts = checkTexts(`/${item.name}`, item);
      const options = item.options ?? [];
      expect(options.length).toBeLessThanOrEqual(25);
      checkOptionList(`/${item.name}`, options);
      for (const option of options) {
        for (const [locale, words] of Object.entries(checkOption(item.name, option)))
          present(texts[locale], `texts in ${locale}`).push(...words);
      }
      for (const [locale, words] of Object.entries(texts)) {
        const characters = words.reduce((sum, word) => sum + word.length, 0);
        expect(characters, `/${item.name} in ${locale}`).toBeLessThanOrEqual(
          MAX_COMMAND_CHARACTERS,
        );
      }
      expect(item.contexts).toEqual([InteractionContextType.Guild, InteractionContextType.BotDM]);
    }
    // And as the fake Discord checks a bulk overwrite (its rules for every option type).
    expect(commandListErrors(commands)).toEqual([]);
  });

  it('are the commands the bot serves, with Russian names people can type', () => {
    const names = slashCommands().map((c) => [c.name, c.name_localizations!.ru]);
    expect(names).toEqual([
      ['newgame', 'новая-игра'],
      ['play', 'играть'],
      ['move', 'ход'],
      ['resign', 'сдаться'],
      ['draw', 'ничья'],
      ['games', 'партии'],
      ['board', 'доска'],
      ['pdn', 'запись'],
      ['rules', 'правила'],
      ['help', 'помощь'],
      ['settings', 'настройки'],
      ['join', 'принять'],
      ['puzzle', 'задача'],
      ['daily', 'задача-дня'],
      ['top', 'таблица'],
      ['stats', 'статистика'],
      ['tournament', 'турнир'],
      ['standings', 'турнирная-таблица'],
      ['review', 'разбор'],
      ['replay', 'повтор'],
    ]);
  });

  it('take the options the brief promises', () => {
    const newgame = command('newgame');
    expect(newgame.options!.map((o) => [o.name, o.type, o.required ?? false])).toEqual([
      ['opponent', ApplicationCommandOptionType.User, false],
      ['variant', ApplicationCommandOptionType.String, false],
      ['days', ApplicationCommandOptionType.Integer, false],
      ['rated', ApplicationCommandOptionType.Boolean, false],
    ]);
    const variant = optionNamed(newgame, 'variant');
    expect('choices' in variant && variant.choices!.map((c) => c.value)).toEqual([
      ...VARIANT_IDS,
      ...TABLE_VARIANT_IDS,
    ]);
    expect('choices' in variant && variant.choices!.map((c) => c.name_localizations?.ru)).toEqual([
      'Башни',
      'Столбы',
      'Ласка',
      'Столбовые поддавки',
      'Адиюх',
      'Адиюх 10×8',
      'Адиюх 10×10',
      'Многоэтажные шашки',
      'Двухходовые башни',
      'Двухходовые башни (2 с первого хода)',
      'Двухходовые башни (1+1)',
      'Боровицкие шашки',
      'Ставропольские шашки Адиюх',
      'Шашки Жернова на четверых',
    ]);
    const days = optionNamed(newgame, 'days');
    expect('choices' in days && days.choices!.map((c) => c.value)).toEqual([0, ...DAYS_PER_MOVE]);
    expect('choices' in days && days.choices?.[0]?.name).toBe('no clock');

    const level = optionNamed(command('play'), 'level');
    expect(level).toMatchObject({
      type: ApplicationCommandOptionType.Integer,
      min_value: 1,
      max_value: BOT_LEVELS,
    });
    expect(optionNamed(command('move'), 'notation')).toMatchObject({ required: true });
    expect(optionNamed(command('join'), 'code')).toMatchObject({ required: true });
    const settings = command('settings');
    const values = (name: string) => {
      const option = optionNamed(settings, name);
      return 'choices' in option ? option.choices!.map((c) => c.value) : [];
    };
    expect(values('language')).toEqual(['ru', 'en']);
    expect(values('orientation')).toEqual(['mover', 'white']);
    const daily = command('daily');
    expect(daily.options!.map((o) => [o.name, o.type, o.required ?? false])).toEqual([
      ['state', ApplicationCommandOptionType.String, true],
      ['time', ApplicationCommandOptionType.String, false],
      ['timezone', ApplicationCommandOptionType.String, false],
    ]);
    const state = optionNamed(daily, 'state');
    expect(
      'choices' in state && state.choices!.map((c) => [c.value, c.name, c.name_localizations?.ru]),
    ).toEqual([
      ['on', 'on', 'вкл'],
      ['off', 'off', 'выкл'],
    ]);
    for (const name of ['games', 'help', 'puzzle', 'standings'])
      expect(command(name).options).toBeUndefined();
    // /rules takes a variant, every one of them offered by its name.
    expect(command('rules').options?.map((o) => o.name)).toEqual(['variant']);
    // The commands about one of the user's games take it as an option, suggested as typed.
    for (const name of ['resign', 'draw', 'board', 'pdn', 'move']) {
      const game = optionNamed(command(name), 'game');
      expect(game).toMatchObject({
        type: ApplicationCommandOptionType.String,
        autocomplete: true,
        name_localizations: { ru: 'партия' },
        description: 'Which of your games (when you play several here)',
        description_localizations: { ru: 'Какая из ваших партий (если их здесь несколько)' },
      });
      expect(game.required ?? false).toBe(false);
    }
    expect(command('move').options!.map((o) => o.name)).toEqual(['notation', 'game']);
  });

  it('take the league’s options: leaderboards by variant, a player, a tournament’s settings', () => {
    const choicesOf = (option: APIApplicationCommandOption) =>
      'choices' in option ? option.choices!.map((c) => c.value) : [];
    const top = optionNamed(command('top'), 'variant');
    // Two-player variants (a table game has no ratings), then the puzzle leaderboard.
    expect(choicesOf(top)).toEqual([...VARIANT_IDS, PUZZLES_CHOICE]);
    expect(optionNamed(command('stats'), 'player')).toMatchObject({
      type: ApplicationCommandOptionType.User,
    });
    const tournament = command('tournament');
    expect(tournament.options!.map((o) => [o.name, o.type])).toEqual([
      ['new', ApplicationCommandOptionType.Subcommand],
      ['bot', ApplicationCommandOptionType.Subcommand],
      ['leave', ApplicationCommandOptionType.Subcommand],
    ]);
    const bot = optionNamed(tournament, 'bot') as APIApplicationCommandSubcommandOption;
    expect(optionNamed(bot, 'level')).toMatchObject({
      type: ApplicationCommandOptionType.Integer,
      min_value: 1,
      max_value: BOT_LEVELS,
    });
    const open = optionNamed(tournament, 'new') as APIApplicationCommandSubcommandOption;
    expect(open.options!.map((o) => [o.name, o.type, o.required ?? false])).toEqual([
      ['format', ApplicationCommandOptionType.String, false],
      ['variant', ApplicationCommandOptionType.String, false],
      ['days', ApplicationCommandOptionType.Integer, false],
      ['rounds', ApplicationCommandOptionType.Integer, false],
      ['rated', ApplicationCommandOptionType.Boolean, false],
    ]);
    expect(choicesOf(optionNamed(open, 'format'))).toEqual(['round-robin', 'swiss']);
    expect(choicesOf(optionNamed(open, 'variant'))).toEqual([...VARIANT_IDS]);
    // A tournament's games always have a clock.
    expect(choicesOf(optionNamed(open, 'days'))).toEqual([...DAYS_PER_MOVE]);
    expect(optionNamed(open, 'rounds')).toMatchObject({
      min_value: 1,
      max_value: MAX_SWISS_ROUNDS,
    });
    expect(
      (optionNamed(tournament, 'leave') as APIApplicationCommandSubcommandOption).options,
    ).toBeUndefined();
  });
});

describe('registering the slash commands', () => {
  let recorder: HttpRecorder | undefined;
  afterEach(async () => {
    await recorder?.close();
    recorder = undefined;
  });

  const TOKEN = 'MTEyMzQ1Njc4OTAxMjM0NTY3OA.GaBcDe.abcdefghijklmnopqrstuvwxyz_-0123456789';
  const APP = '1123456789012345678';
  const GUILD = '98765432109876543';

  function rest(root: string): REST {
    return new REST({ api: `${root}/api`, retries: 0 }).setToken(TOKEN);
  }

  it('overwrites the global commands in one PUT and returns how many Discord has', async () => {
    recorder = await startHttpRecorder();
    expect(await registerCommands(rest(recorder.root), APP)).toBe(slashCommands().length);
    expect(recorder.requests).toHaveLength(1);
    const request = item(recorder.requests, 0, 'request');
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(`/api/v10/applications/${APP}/commands`);
    expect(request.headers.authorization).toBe(`Bot ${TOKEN}`);
    expect(request.body).toEqual(slashCommands());
  });

  it('overwrites one guild’s commands, without the global-only fields', async () => {
    recorder = await startHttpRecorder((request) => ({
      status: 200,
      json: (request.body as unknown[]).slice(0, 3),
    }));
    expect(await registerCommands(rest(recorder.root), APP, GUILD)).toBe(3);
    const request = item(recorder.requests, 0, 'request');
    expect(request.url).toBe(`/api/v10/applications/${APP}/guilds/${GUILD}/commands`);
    const body = request.body as Record<string, unknown>[];
    expect(body.map((c) => c.name)).toEqual(slashCommands().map((c) => c.name));
    for (const item of body) {
      expect(item).not.toHaveProperty('contexts');
      expect(item).not.toHaveProperty('integration_types');
    }
  });

  it('fails with Discord’s answer when Discord refuses', async () => {
    recorder = await startHttpRecorder(() => ({
      status: 401,
      json: { message: '401: Unauthorized', code: 0 },
    }));
    await expect(registerCommands(rest(recorder.root), APP)).rejects.toThrow(/Unauthorized/);
  });
});
