import { randomBytes } from 'node:crypto';
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  PermissionsBitField,
  type APIInteraction,
} from 'discord.js';
import type { CommandStore, StoredCommand } from './commands.js';
import { apiMessage, type StoredMessage } from './messages.js';
import type { Snowflakes } from './snowflake.js';
import {
  apiChannel,
  apiMember,
  apiUser,
  MEMBER_PERMISSIONS,
  type FakeUser,
  type World,
} from './world.js';

/**
 * Builds INTERACTION_CREATE payloads with everything discord.js reads: the channel, the member
 * (in guilds) or the user (in DMs), locales, permissions, and for components the full message.
 * Malformed requests (an unknown command, a button that is not there) throw: they are test bugs.
 */

/** A value of a slash command option: users for USER options, ids for channels and roles. */
export type OptionValue = string | number | boolean | FakeUser;

/** Which gateway session gets an interaction: an index, or every session (like Discord does
 * for several connections on the same shard). Default: round-robin over connected sessions. */
export type SessionChoice = number | 'all';

export interface InteractSpec {
  readonly user: FakeUser;
  readonly channelId: string;
  readonly type: InteractionType;
  readonly data: Record<string, unknown>;
  /** The message a component sits on. */
  readonly message?: StoredMessage;
  /** The user's client locale; default the user's `locale`, else `en-US`. */
  readonly locale?: string;
  readonly session?: SessionChoice;
}

export interface CommandSpec {
  readonly user: FakeUser;
  readonly channelId: string;
  /** Checked against the channel's guild when given. */
  readonly guildId?: string;
  readonly name: string;
  /** By option name (typed from the registered command), or raw option objects. */
  readonly options?: Readonly<Record<string, OptionValue>> | readonly Record<string, unknown>[];
  readonly subcommand?: string;
  readonly group?: string;
  readonly locale?: string;
  readonly session?: SessionChoice;
}

/**
 * An autocomplete: the user is typing `focused` (an option marked `autocomplete`), whose value
 * so far is its entry in `options` (a string; '' when absent); other options as typed so far.
 */
export interface AutocompleteSpec extends CommandSpec {
  readonly focused: string;
}

export interface PressSpec {
  readonly user: FakeUser;
  readonly message: StoredMessage;
  /** The button's custom_id, or give its `label`. */
  readonly customId?: string;
  readonly label?: string;
  readonly locale?: string;
  readonly session?: SessionChoice;
}

export interface ChooseSpec {
  readonly user: FakeUser;
  readonly message: StoredMessage;
  readonly customId: string;
  readonly values: readonly string[];
  readonly locale?: string;
  readonly session?: SessionChoice;
}

type Json = Record<string, unknown>;

export interface PayloadDeps {
  readonly world: World;
  readonly commands: CommandStore;
  readonly ids: Snowflakes;
  readonly applicationId: string;
  readonly maxFileBytes: number;
  readonly allowUnregisteredCommands: boolean;
}

/** The INTERACTION_CREATE data for a spec. */
export function interactionPayload(deps: PayloadDeps, spec: InteractSpec): APIInteraction {
  const { world } = deps;
  const channel = world.requireChannel(spec.channelId);
  world.addUser(spec.user);
  const guild = channel.guildId === undefined ? undefined : world.guilds.get(channel.guildId);
  const user = apiUser(spec.user);
  const locale = spec.locale ?? spec.user.locale ?? 'en-US';
  // A guild's owner has every permission; other members a plain member's.
  const permissions = String(
    guild !== undefined && guild.ownerId === spec.user.id
      ? PermissionsBitField.All
      : MEMBER_PERMISSIONS,
  );
  return {
    id: deps.ids.next(),
    application_id: deps.applicationId,
    type: spec.type,
    data: spec.data,
    token: randomBytes(96).toString('base64url'),
    version: 1,
    channel: { ...apiChannel(channel, world.bot.id), permissions },
    channel_id: channel.id,
    ...(guild !== undefined
      ? {
          guild_id: guild.id,
          guild: { id: guild.id, locale: guild.locale, features: [] },
          guild_locale: guild.locale,
          member: { ...apiMember(user, guild.joinedAt), permissions },
        }
      : { user }),
    locale,
    app_permissions: world.botPermissions(channel),
    entitlements: [],
    authorizing_integration_owners: { '0': guild?.id ?? '0' },
    context: guild !== undefined ? InteractionContextType.Guild : InteractionContextType.BotDM,
    attachment_size_limit: deps.maxFileBytes,
    ...(spec.message !== undefined
      ? { message: apiMessage(spec.message, deps.applicationId) }
      : {}),
  } as unknown as APIInteraction;
}

/**
 * The `data` of a slash command, typed and checked against the registered command; of an
 * autocomplete when `spec.focused` names the option being typed (required options may still be
 * missing then, and the focused one is marked).
 */
export function commandData(deps: PayloadDeps, spec: CommandSpec | AutocompleteSpec): Json {
  const channel = deps.world.requireChannel(spec.channelId);
  if (spec.guildId !== undefined && spec.guildId !== channel.guildId) {
    throw new Error(`channel ${channel.id} is not in guild ${spec.guildId}`);
  }
  const command = deps.commands.find(spec.name, channel.guildId);
  if (command === undefined && !deps.allowUnregisteredCommands) {
    throw new Error(`/${spec.name} is not registered (PUT /applications/{app}/commands first)`);
  }
  const resolved: { users?: Json; members?: Json } = {};
  let definitions = (command?.options as Json[] | undefined) ?? undefined;
  const path: Json[] = [];
  for (const [level, name] of [
    [ApplicationCommandOptionType.SubcommandGroup, spec.group],
    [ApplicationCommandOptionType.Subcommand, spec.subcommand],
  ] as const) {
    if (name === undefined) continue;
    const definition = definitions?.find((option) => option.name === name && option.type === level);
    if (command !== undefined && definition === undefined)
      throw new Error(`/${spec.name} has no ${name}`);
    path.push({ name, type: level });
    definitions = definition?.options as Json[] | undefined;
  }
  const focused = 'focused' in spec ? spec.focused : undefined;
  const options = Array.isArray(spec.options)
    ? (spec.options as Json[])
    : optionsOf(spec, command, definitions, resolved, deps, focused);
  // Nest the options under the subcommand (and its group).
  let nested: Json[] = options;
  for (const level of [...path].reverse()) nested = [{ ...level, options: nested }];
  return {
    id: command?.id ?? deps.ids.next(),
    name: spec.name,
    type: ApplicationCommandType.ChatInput,
    ...(command?.guild_id !== undefined ? { guild_id: command.guild_id } : {}),
    ...(nested.length > 0 ? { options: nested } : {}),
    ...(resolved.users !== undefined ? { resolved } : {}),
  };
}

function optionsOf(
  spec: CommandSpec,
  command: StoredCommand | undefined,
  definitions: Json[] | undefined,
  resolved: { users?: Json; members?: Json },
  deps: PayloadDeps,
  focused?: string,
): Json[] {
  const given = { ...((spec.options ?? {}) as Record<string, OptionValue>) };
  if (focused !== undefined) {
    const definition = definitions?.find((option) => option.name === focused);
    // Discord sends autocompletes only for options that ask for them.
    if (command !== undefined && definition?.autocomplete !== true)
      throw new Error(`/${spec.name} ${focused} is not an autocomplete option`);
    given[focused] ??= '';
  } else if (command !== undefined) {
    for (const definition of definitions ?? []) {
      if (definition.required === true && !(String(definition.name) in given)) {
        throw new Error(`/${spec.name} needs its required option ${String(definition.name)}`);
      }
    }
  }
  return Object.entries(given).map(([name, value]) => {
    const definition = definitions?.find((option) => option.name === name);
    if (command !== undefined && definition === undefined)
      throw new Error(`/${spec.name} has no option ${name}`);
    const type = (definition?.type as number | undefined) ?? inferType(value);
    if (typeof value === 'object') {
      deps.world.addUser(value);
      resolved.users = { ...resolved.users, [value.id]: apiUser(value) };
      const guild = deps.world.channels.get(spec.channelId)?.guildId;
      if (guild !== undefined) {
        const { user: _user, ...member } = apiMember(value, new Date().toISOString());
        resolved.members = {
          ...resolved.members,
          [value.id]: { ...member, permissions: String(MEMBER_PERMISSIONS) },
        };
      }
      return { name, type, value: value.id };
    }
    // What is typed so far, sent as a string whatever the option's type.
    if (name === focused) return { name, type, value: String(value), focused: true };
    const choices = definition?.choices as Json[] | undefined;
    if (choices !== undefined && !choices.some((choice) => choice.value === value)) {
      throw new Error(`/${spec.name} ${name}: ${String(value)} is not one of its choices`);
    }
    return { name, type, value };
  });
}

function inferType(value: OptionValue): ApplicationCommandOptionType {
  if (typeof value === 'object') return ApplicationCommandOptionType.User;
  if (typeof value === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof value === 'number') {
    return Number.isInteger(value)
      ? ApplicationCommandOptionType.Integer
      : ApplicationCommandOptionType.Number;
  }
  return ApplicationCommandOptionType.String;
}

/** The components of a message, flattened out of their action rows. */
export function componentsOf(message: StoredMessage): Json[] {
  return message.components.flatMap((row) =>
    Array.isArray(row.components) ? (row.components as Json[]) : [],
  );
}

/** The `data` of a button press; throws when the message has no such enabled button. */
export function pressData(spec: PressSpec): Json {
  const button = componentsOf(spec.message).find(
    (component) =>
      component.type === ComponentType.Button &&
      (spec.customId !== undefined
        ? component.custom_id === spec.customId
        : component.label === spec.label),
  );
  if (button === undefined || typeof button.custom_id !== 'string') {
    const present = componentsOf(spec.message)
      .map((c) => String(c.custom_id ?? c.label))
      .join(', ');
    throw new Error(
      `message ${spec.message.id} has no button ${spec.customId ?? spec.label} (has: ${present})`,
    );
  }
  if (button.disabled === true) throw new Error(`button ${button.custom_id} is disabled`);
  return { custom_id: button.custom_id, component_type: ComponentType.Button };
}

/** The `data` of a string-select choice; throws when the values do not fit the menu. */
export function chooseData(spec: ChooseSpec): Json {
  const menu = componentsOf(spec.message).find(
    (component) =>
      component.type === ComponentType.StringSelect && component.custom_id === spec.customId,
  );
  if (menu === undefined)
    throw new Error(`message ${spec.message.id} has no select menu ${spec.customId}`);
  if (menu.disabled === true) throw new Error(`select menu ${spec.customId} is disabled`);
  const values = new Set(
    ((menu.options as Json[] | undefined) ?? []).map((option) => option.value),
  );
  const unknown = spec.values.filter((value) => !values.has(value));
  if (unknown.length > 0)
    throw new Error(`select menu ${spec.customId} has no option ${unknown.join(', ')}`);
  const min = (menu.min_values as number | undefined) ?? 1;
  const max = (menu.max_values as number | undefined) ?? 1;
  if (spec.values.length < min || spec.values.length > max) {
    throw new Error(
      `select menu ${spec.customId} takes ${min} to ${max} values, got ${spec.values.length}`,
    );
  }
  return {
    custom_id: spec.customId,
    component_type: ComponentType.StringSelect,
    values: [...spec.values],
  };
}
