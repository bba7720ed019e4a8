import { DiscordAPIError, PermissionFlagsBits, RESTJSONErrorCodes } from 'discord.js';
import { invalidFormBody } from '../../support/discord/api-error.js';
import { messageBodyErrors } from '../../support/discord/validate-message.js';

/** Discord's limit for the first answer to an interaction. */
export const ACK_LIMIT_MS = 3_000;

export interface FakeUser {
  readonly id: string;
  readonly username: string;
  readonly globalName: string | null;
  readonly bot?: boolean;
}

export interface AnswerCall {
  readonly method:
    'reply' | 'deferReply' | 'deferUpdate' | 'update' | 'editReply' | 'followUp' | 'deleteReply';
  readonly options?: Record<string, unknown>;
  /** Ms after the interaction was created. */
  readonly at: number;
}

export interface FakeMessageRef {
  readonly id: string;
  readonly channelId: string;
  /** Whether only the presser sees it (a picker); default: a public message. */
  readonly ephemeral?: boolean;
}

export interface InteractionSpec {
  readonly user: FakeUser;
  readonly channelId: string;
  readonly guildId?: string;
  readonly locale?: string;
  readonly managesChannels?: boolean;
  /**
   * The member's permissions (Administrator holds all, as in discord.js); when absent, every
   * permission is `managesChannels`.
   */
  readonly permissions?: readonly bigint[];
  /** Ms Discord allows for the first answer (its 3 s by default). */
  readonly ackLimitMs?: number;
}

let nextId = 1_000_000;

function apiError(code: number, message: string, status: number): DiscordAPIError {
  return new DiscordAPIError({ code, message }, code, status, 'POST', '/interactions', {});
}

/**
 * The error Discord answers a message body with when it breaks a limit (400 Invalid Form Body,
 * 50035, its `errors` naming each field: a duplicated custom_id, a sixth row, a long label),
 * checked by the fake Discord's own rules; undefined for a valid body. `body` is the REST body
 * (`prefix` `data.` for an interaction callback's), `files` how many files go with it.
 */
export function invalidBody(
  body: Record<string, unknown>,
  files: number,
  prefix = '',
): DiscordAPIError | undefined {
  const errors = messageBodyErrors(body, prefix, files);
  if (errors.length === 0) return undefined;
  const refusal = invalidFormBody(errors);
  return new DiscordAPIError(
    refusal.body as never,
    refusal.code,
    refusal.status,
    'POST',
    '/interactions',
    {},
  );
}

/** A discord.js reply's options as the REST body Discord checks. */
function bodyOf(options: Record<string, unknown>, prefix: string): DiscordAPIError | undefined {
  const { content, embeds, components, flags, files } = options;
  const body = { content, embeds, components, flags };
  return invalidBody(body, Array.isArray(files) ? files.length : 0, prefix);
}

/**
 * An object shaped like a discord.js interaction (the parts the router uses), that records
 * every answer and holds Discord's rules: the first answer within 3 s, one acknowledgement,
 * edits and follow-ups only after it.
 */
export class FakeInteraction {
  readonly id = String(nextId++);
  readonly createdAt = Date.now();
  readonly calls: AnswerCall[] = [];
  readonly user: FakeUser;
  readonly locale: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly commandName?: string;
  readonly customId?: string;
  readonly values: string[] = [];
  readonly message?: FakeMessageRef & { readonly flags: { has(flag: number): boolean } };
  /** The messages this interaction's answers created (replies, follow-ups), by id. */
  readonly created: { id: string; options: Record<string, unknown>; ephemeral: boolean }[] = [];
  private acknowledged = false;
  private readonly ackLimitMs: number;
  readonly memberPermissions: { has: (permission: bigint) => boolean } | null;
  readonly options: {
    getString(name: string): string | null;
    getInteger(name: string): number | null;
    getBoolean(name: string): boolean | null;
    getUser(name: string): FakeUser | null;
    getSubcommand(required?: boolean): string | null;
  };

  constructor(
    spec: InteractionSpec,
    readonly kind: 'command' | 'button' | 'select',
    detail: {
      commandName?: string;
      subcommand?: string;
      options?: Record<string, string | number | boolean | FakeUser>;
      customId?: string;
      values?: string[];
      message?: FakeMessageRef;
    },
  ) {
    this.user = spec.user;
    this.locale = spec.locale ?? 'en-US';
    this.channelId = spec.channelId;
    this.guildId = spec.guildId ?? null;
    this.ackLimitMs = spec.ackLimitMs ?? ACK_LIMIT_MS;
    this.commandName = detail.commandName;
    this.customId = detail.customId;
    this.values = detail.values ?? [];
    const ephemeral = detail.message?.ephemeral === true;
    this.message =
      detail.message === undefined
        ? undefined
        : { ...detail.message, flags: { has: (flag) => ephemeral && (flag & 64) !== 0 } };
    const { permissions } = spec;
    this.memberPermissions =
      spec.guildId === undefined
        ? null
        : {
            has: (permission) =>
              permissions === undefined
                ? spec.managesChannels === true
                : permissions.includes(permission) ||
                  permissions.includes(PermissionFlagsBits.Administrator),
          };
    const options = detail.options ?? {};
    this.options = {
      getString: (name) => (typeof options[name] === 'string' ? options[name] : null),
      getInteger: (name) => (typeof options[name] === 'number' ? options[name] : null),
      getBoolean: (name) => (typeof options[name] === 'boolean' ? options[name] : null),
      getUser: (name) => (typeof options[name] === 'object' ? options[name] : null),
      getSubcommand: () => detail.subcommand ?? null,
    };
  }

  isChatInputCommand(): boolean {
    return this.kind === 'command';
  }
  isButton(): boolean {
    return this.kind === 'button';
  }
  isStringSelectMenu(): boolean {
    return this.kind === 'select';
  }
  isAutocomplete(): boolean {
    return false;
  }
  inGuild(): boolean {
    return this.guildId !== null;
  }

  /** The methods whose calls were recorded, in order. */
  get methods(): string[] {
    return this.calls.map((call) => call.method);
  }

  /** The last answer's options (what the user sees now). */
  get last(): Record<string, unknown> | undefined {
    return this.calls.at(-1)?.options;
  }

  private record(method: AnswerCall['method'], options?: Record<string, unknown>): void {
    this.calls.push({ method, options, at: Date.now() - this.createdAt });
  }

  /** Acknowledges and records the call; or the error Discord would refuse it with. */
  private acknowledge(
    method: AnswerCall['method'],
    options?: Record<string, unknown>,
  ): Error | undefined {
    if (this.acknowledged)
      return apiError(
        RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged,
        'Interaction has already been acknowledged.',
        400,
      );
    if (Date.now() - this.createdAt > this.ackLimitMs)
      return apiError(RESTJSONErrorCodes.UnknownInteraction, 'Unknown interaction', 404);
    const invalid = options === undefined ? undefined : bodyOf(options, 'data.');
    if (invalid !== undefined) return invalid;
    this.acknowledged = true;
    this.record(method, options);
    return undefined;
  }

  private created_(options: Record<string, unknown>): string {
    const id = String(nextId++);
    const flags = options.flags;
    this.created.push({ id, options, ephemeral: typeof flags === 'number' && (flags & 64) !== 0 });
    return id;
  }

  reply(options: Record<string, unknown>) {
    const refused = this.acknowledge('reply', options);
    if (refused !== undefined) return Promise.reject(refused);
    const id = this.created_(options);
    return Promise.resolve({ resource: { message: { id } } });
  }

  deferReply(options: Record<string, unknown> = {}) {
    const refused = this.acknowledge('deferReply', options);
    if (refused !== undefined) return Promise.reject(refused);
    this.created_(options);
    return Promise.resolve();
  }

  deferUpdate() {
    const refused = this.acknowledge('deferUpdate');
    if (refused !== undefined) return Promise.reject(refused);
    return Promise.resolve();
  }

  update(options: Record<string, unknown>) {
    const refused = this.acknowledge('update', options);
    if (refused !== undefined) return Promise.reject(refused);
    return Promise.resolve({ resource: { message: { id: this.message?.id } } });
  }

  editReply(options: Record<string, unknown>) {
    if (!this.acknowledged)
      return Promise.reject(apiError(RESTJSONErrorCodes.UnknownMessage, 'Unknown Message', 404));
    const invalid = bodyOf(options, '');
    if (invalid !== undefined) return Promise.reject(invalid);
    this.record('editReply', options);
    const original = this.created[0]?.id ?? this.message?.id;
    return Promise.resolve({ id: original });
  }

  followUp(options: Record<string, unknown>) {
    if (!this.acknowledged)
      return Promise.reject(apiError(RESTJSONErrorCodes.UnknownWebhook, 'Unknown Webhook', 404));
    const invalid = bodyOf(options, '');
    if (invalid !== undefined) return Promise.reject(invalid);
    this.record('followUp', options);
    return Promise.resolve({ id: this.created_(options) });
  }

  deleteReply() {
    this.record('deleteReply');
    return Promise.resolve();
  }
}
