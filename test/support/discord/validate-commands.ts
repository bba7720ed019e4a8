import { ApplicationCommandOptionType, ApplicationCommandType, Locale } from 'discord.js';
import type { FieldError } from './api-error.js';
import { length } from './validate-message.js';

/**
 * Discord's rules for application commands (bulk overwrite and create): names, descriptions,
 * localizations, options. Each broken rule is a FieldError (`0.options.2.name`).
 */

/** Chat-input command and option names (Discord's regex; they must also be lower case). */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const LOCALES = new Set<string>(Object.values(Locale));
const MAX_OPTIONS = 25;
const MAX_CHOICES = 25;
/** How many commands of each type an application (or a guild) may have. */
const MAX_COMMANDS: Record<number, number> = {
  [ApplicationCommandType.ChatInput]: 100,
  [ApplicationCommandType.User]: 15,
  [ApplicationCommandType.Message]: 15,
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rules broken by a bulk-overwrite body (an array of commands). */
export function commandListErrors(body: unknown): FieldError[] {
  if (!Array.isArray(body)) {
    return [{ path: '_', code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' }];
  }
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const perType = new Map<number, number>();
  body.forEach((command: unknown, index) => {
    errors.push(...commandErrors(command, `${index}.`));
    if (!isObject(command)) return;
    const type = typeof command.type === 'number' ? command.type : ApplicationCommandType.ChatInput;
    const key = `${type}:${String(command.name)}`;
    if (seen.has(key)) {
      errors.push({
        path: `${index}.name`,
        code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
        message: 'Application command names must be unique',
      });
    }
    seen.add(key);
    perType.set(type, (perType.get(type) ?? 0) + 1);
  });
  for (const [type, count] of perType) {
    const max = MAX_COMMANDS[type] ?? 0;
    if (count > max) {
      errors.push({
        path: '_',
        code: 'APPLICATION_COMMAND_TOO_MANY',
        message: `Maximum number of application commands of type ${type} reached (${max})`,
      });
    }
  }
  return errors;
}

/** The rules broken by one command; `prefix` locates it in the body. */
export function commandErrors(command: unknown, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, code: string, message: string): void => {
    errors.push({ path: prefix + path, code, message });
  };
  if (!isObject(command)) {
    add('_', 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    return errors;
  }
  const type = command.type ?? ApplicationCommandType.ChatInput;
  const chatInput = type === ApplicationCommandType.ChatInput;
  if (
    !chatInput &&
    type !== ApplicationCommandType.User &&
    type !== ApplicationCommandType.Message
  ) {
    add('type', 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4}.');
  }
  checkName(add, 'name', command.name, chatInput);
  checkLocalized(add, 'name_localizations', command.name_localizations, (path, value) =>
    checkName(add, path, value, chatInput),
  );
  if (chatInput) {
    checkDescription(add, 'description', command.description);
    checkLocalized(
      add,
      'description_localizations',
      command.description_localizations,
      (path, value) => checkDescription(add, path, value),
    );
    checkOptions(add, 'options', command.options, 0);
  } else if (command.description !== undefined && command.description !== '') {
    add(
      'description',
      'APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED',
      'Context menu commands cannot have a description',
    );
  }
  return errors;
}

type Add = (path: string, code: string, message: string) => void;

function checkName(add: Add, path: string, name: unknown, chatInput: boolean): void {
  if (typeof name !== 'string' || length(name) < 1 || length(name) > 32) {
    add(path, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 32 in length.');
  } else if (chatInput && (!NAME.test(name) || name !== name.toLowerCase())) {
    add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
}

function checkDescription(add: Add, path: string, description: unknown): void {
  if (typeof description !== 'string' || length(description) < 1 || length(description) > 100) {
    add(path, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
  }
}

function checkLocalized(
  add: Add,
  path: string,
  map: unknown,
  checkValue: (path: string, value: unknown) => void,
): void {
  if (map === undefined || map === null) return;
  if (!isObject(map)) {
    add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  for (const [locale, value] of Object.entries(map)) {
    if (!LOCALES.has(locale)) {
      add(
        `${path}.${locale}`,
        'BASE_TYPE_CHOICES',
        `Value must be one of {${[...LOCALES].join(', ')}}.`,
      );
    } else {
      checkValue(`${path}.${locale}`, value);
    }
  }
}

function checkOptions(add: Add, path: string, options: unknown, depth: number): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) {
    add(path, 'BASE_TYPE_ARRAY', 'Must be an array.');
    return;
  }
  if (options.length > MAX_OPTIONS)
    add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_OPTIONS} or fewer in length.`);
  const names = new Set<unknown>();
  let optionalSeen = false;
  options.forEach((option: unknown, index) => {
    const at = `${path}.${index}.`;
    if (!isObject(option)) {
      add(`${path}.${index}`, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    const type = option.type as number;
    const nested =
      type === (ApplicationCommandOptionType.Subcommand as number) ||
      type === (ApplicationCommandOptionType.SubcommandGroup as number);
    if (typeof type !== 'number' || type < 1 || type > 11) {
      add(
        `${at}type`,
        'BASE_TYPE_CHOICES',
        'Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.',
      );
    }
    if (
      nested &&
      (depth > 1 ||
        (depth === 1 && type === (ApplicationCommandOptionType.SubcommandGroup as number)))
    ) {
      add(
        `${at}type`,
        'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
        'Sub-command groups may only contain sub-commands',
      );
    }
    checkName(add, `${at}name`, option.name, true);
    checkLocalized(add, `${at}name_localizations`, option.name_localizations, (p, v) =>
      checkName(add, p, v, true),
    );
    checkDescription(add, `${at}description`, option.description);
    checkLocalized(
      add,
      `${at}description_localizations`,
      option.description_localizations,
      (p, v) => checkDescription(add, p, v),
    );
    if (names.has(option.name)) {
      add(
        `${at}name`,
        'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS',
        'Option names must be unique',
      );
    }
    names.add(option.name);
    if (option.required === true && optionalSeen) {
      add(
        `${at}required`,
        'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'Required options must be placed before non-required options',
      );
    }
    if (option.required !== true && !nested) optionalSeen = true;
    if (Array.isArray(option.choices)) {
      if (option.choices.length > MAX_CHOICES) {
        add(`${at}choices`, 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_CHOICES} or fewer in length.`);
      }
      option.choices.forEach((choice: unknown, choiceIndex) => {
        const name = isObject(choice) ? choice.name : undefined;
        if (typeof name !== 'string' || length(name) < 1 || length(name) > 100) {
          add(
            `${at}choices.${choiceIndex}.name`,
            'BASE_TYPE_BAD_LENGTH',
            'Must be between 1 and 100 in length.',
          );
        }
      });
    }
    if (nested) checkOptions(add, `${at}options`, option.options, depth + 1);
  });
}
