import { ApplicationCommandType } from 'discord.js';
import { invalidFormBody, unknownCommand } from './api-error.js';
import type { Snowflakes } from './snowflake.js';
import { commandErrors, commandListErrors } from './validate-commands.js';

/**
 * Registered application commands, global and per guild, as Discord keeps them: a bulk
 * overwrite replaces the set and keeps the id of a command whose name and type stay.
 */

/** A command as Discord returns it (the body sent, plus ids and defaults). */
export type StoredCommand = Record<string, unknown> & {
  readonly id: string;
  readonly name: string;
  readonly type: number;
  readonly guild_id?: string;
};

type Json = Record<string, unknown>;

export class CommandStore {
  private readonly sets = new Map<string, StoredCommand[]>();

  constructor(
    private readonly ids: Snowflakes,
    private readonly applicationId: string,
  ) {}

  /** The commands of a guild, or the global ones when `guildId` is undefined. */
  list(guildId?: string): StoredCommand[] {
    return [...(this.sets.get(guildId ?? '') ?? [])];
  }

  /** PUT: validates the whole list (400 50035 on any error), then replaces the set. */
  overwrite(guildId: string | undefined, body: unknown): StoredCommand[] {
    const errors = commandListErrors(body);
    if (errors.length > 0) throw invalidFormBody(errors);
    const previous = this.list(guildId);
    const next = (body as Json[]).map((command) => this.stored(command, guildId, previous));
    this.sets.set(guildId ?? '', next);
    return next;
  }

  /** POST: creates, or replaces the command of the same name and type. */
  upsert(guildId: string | undefined, body: unknown): { command: StoredCommand; created: boolean } {
    const errors = commandErrors(body);
    if (errors.length > 0) throw invalidFormBody(errors);
    const list = this.list(guildId);
    const command = this.stored(body as Json, guildId, list);
    const index = list.findIndex((existing) => existing.id === command.id);
    if (index >= 0) list[index] = command;
    else list.push(command);
    this.sets.set(guildId ?? '', list);
    return { command, created: index < 0 };
  }

  get(guildId: string | undefined, id: string): StoredCommand {
    const command = this.list(guildId).find((candidate) => candidate.id === id);
    if (command === undefined) throw unknownCommand();
    return command;
  }

  delete(guildId: string | undefined, id: string): void {
    const list = this.list(guildId);
    const index = list.findIndex((candidate) => candidate.id === id);
    if (index < 0) throw unknownCommand();
    list.splice(index, 1);
    this.sets.set(guildId ?? '', list);
  }

  /** The command a user would see by this name in this guild (guild commands first). */
  find(name: string, guildId?: string): StoredCommand | undefined {
    const isChatInput = (command: StoredCommand): boolean =>
      command.name === name && command.type === (ApplicationCommandType.ChatInput as number);
    return (
      (guildId === undefined ? undefined : this.list(guildId).find(isChatInput)) ??
      this.list().find(isChatInput)
    );
  }

  private stored(
    command: Json,
    guildId: string | undefined,
    previous: readonly StoredCommand[],
  ): StoredCommand {
    const type = (command.type as number | undefined) ?? ApplicationCommandType.ChatInput;
    const same = previous.find(
      (existing) => existing.name === command.name && existing.type === type,
    );
    return {
      default_member_permissions: null,
      dm_permission: true,
      nsfw: false,
      contexts: null,
      integration_types: [0],
      description: '',
      ...command,
      id: same?.id ?? this.ids.next(),
      application_id: this.applicationId,
      version: this.ids.next(),
      type,
      name: String(command.name),
      ...(guildId !== undefined ? { guild_id: guildId } : {}),
    };
  }
}
