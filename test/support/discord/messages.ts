import { MessageFlags, type APIEmbed, type APIMessage, type APIUser } from 'discord.js';
import { emptyMessage, invalidFormBody, unknownMessage } from './api-error.js';
import { mentionsOf, NO_MENTIONS, type MessageMentions } from './mentions.js';
import type { UploadedFile } from './request.js';
import type { Snowflakes } from './snowflake.js';
import { textOf } from '../text-of.js';

/**
 * Messages as Discord keeps them: content, embeds, components, attachments (with their bytes)
 * and flags, created and edited with Discord's semantics (absent fields kept, `attachments`
 * listing what stays), and shown as Discord's message JSON.
 */

/** A file on a message. */
export interface StoredAttachment {
  readonly id: string;
  readonly filename: string;
  readonly size: number;
  readonly contentType: string;
  readonly data: Buffer;
  readonly url: string;
  readonly description?: string;
  /** Read from the PNG header when the file is a PNG. */
  readonly width?: number;
  readonly height?: number;
}

/** What the interaction that made a message was (Discord's `interaction_metadata`). */
export interface MessageInteraction {
  readonly id: string;
  readonly type: number;
  readonly name?: string;
  readonly user: APIUser;
}

/** A message as the fake stores it; tests get copies. */
export interface StoredMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId?: string;
  readonly author: APIUser;
  readonly content: string;
  readonly embeds: readonly APIEmbed[];
  /** Action rows as sent (Discord's JSON). */
  readonly components: readonly Record<string, unknown>[];
  readonly attachments: readonly StoredAttachment[];
  readonly flags: number;
  /** Flag 64: only `visibleTo` sees it; the channel routes answer 10008 for it. */
  readonly ephemeral: boolean;
  readonly visibleTo?: string;
  /** Flag 128: a deferred response still "thinking". */
  readonly loading: boolean;
  /** Set for interaction responses and follow-ups. */
  readonly interaction?: MessageInteraction;
  /** message_id of the message this one replies to. */
  readonly replyTo?: string;
  /** Date.now() at creation and at the last edit. */
  readonly createdAt: number;
  readonly editedAt?: number;
  /** The body's `allowed_mentions` as last sent (absent: Discord's default, all). */
  readonly allowedMentions?: unknown;
  /** Who the content mentions now (recomputed on an edit that changes the content). */
  readonly mentions: MessageMentions;
  /**
   * Who was notified: the mentions when the message was created (for a deferred reply, when
   * its "thinking" message got its content); an edit notifies nobody new.
   */
  readonly pinged: MessageMentions;
  readonly edits: number;
  readonly deleted: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type MessageRecord = Mutable<StoredMessage>;

type Json = Record<string, unknown>;

/** Flags a message body may set; the rest are Discord's to set. */
const SETTABLE_FLAGS =
  MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;

export interface NewMessage {
  readonly channelId: string;
  readonly guildId?: string;
  readonly author: APIUser;
  /** Extra flags (Ephemeral, Loading) the caller decides on. */
  readonly flags?: number;
  readonly visibleTo?: string;
  readonly interaction?: MessageInteraction;
}

export class MessageStore {
  private readonly byChannel = new Map<string, MessageRecord[]>();
  private readonly byId = new Map<string, MessageRecord>();

  constructor(
    private readonly ids: Snowflakes,
    private readonly attachmentUrl: (channelId: string, id: string, filename: string) => string,
  ) {}

  get(id: string): MessageRecord | undefined {
    return this.byId.get(id);
  }

  /** A live message of the channel (deleted ones are gone, like on Discord). */
  live(channelId: string, id: string): MessageRecord | undefined {
    const message = this.byId.get(id);
    return message !== undefined && message.channelId === channelId && !message.deleted
      ? message
      : undefined;
  }

  inChannel(channelId: string): readonly MessageRecord[] {
    return this.byChannel.get(channelId) ?? [];
  }

  all(): IterableIterator<MessageRecord> {
    return this.byId.values();
  }

  /** Creates a message from a validated body; throws 50006 when it would be empty. */
  create(spec: NewMessage, body: Json, files: readonly UploadedFile[]): MessageRecord {
    const id = this.ids.next();
    const attachments = this.attachmentsOf(spec.channelId, [], body.attachments, files);
    const flags = ((body.flags as number | undefined) ?? 0) & SETTABLE_FLAGS;
    const reference = (body.message_reference as Json | undefined)?.message_id;
    if (reference !== undefined && this.live(spec.channelId, textOf(reference)) === undefined) {
      throw invalidFormBody([
        {
          path: 'message_reference',
          code: 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE',
          message: 'Unknown message',
        },
      ]);
    }
    const replied = reference === undefined ? undefined : this.get(textOf(reference))?.author.id;
    const mentions = mentionsOf(
      typeof body.content === 'string' ? body.content : '',
      body.allowed_mentions,
      replied === spec.author.id ? undefined : replied,
    );
    const record: MessageRecord = {
      id,
      channelId: spec.channelId,
      ...(spec.guildId !== undefined ? { guildId: spec.guildId } : {}),
      author: spec.author,
      content: typeof body.content === 'string' ? body.content : '',
      embeds: resolveEmbeds(body.embeds, attachments),
      components: Array.isArray(body.components) ? (body.components as Json[]) : [],
      attachments,
      flags: flags | (spec.flags ?? 0),
      ephemeral: ((spec.flags ?? 0) & MessageFlags.Ephemeral) !== 0,
      ...(spec.visibleTo !== undefined ? { visibleTo: spec.visibleTo } : {}),
      loading: ((spec.flags ?? 0) & MessageFlags.Loading) !== 0,
      ...(spec.interaction !== undefined ? { interaction: spec.interaction } : {}),
      ...(reference !== undefined ? { replyTo: textOf(reference) } : {}),
      createdAt: Date.now(),
      ...('allowed_mentions' in body ? { allowedMentions: body.allowed_mentions } : {}),
      mentions,
      pinged: ((spec.flags ?? 0) & MessageFlags.Loading) !== 0 ? NO_MENTIONS : mentions,
      edits: 0,
      deleted: false,
    };
    if (isEmpty(record) && !record.loading) throw emptyMessage();
    const list = this.byChannel.get(spec.channelId) ?? [];
    list.push(record);
    this.byChannel.set(spec.channelId, list);
    this.byId.set(id, record);
    return record;
  }

  /**
   * Applies an edit body (absent fields kept, null clears) to a message; throws 50006 when it
   * would leave the message empty, and then changes nothing. Editing clears Loading.
   */
  edit(message: MessageRecord, body: Json, files: readonly UploadedFile[]): MessageRecord {
    const attachments =
      body.attachments === undefined || body.attachments === null
        ? [...message.attachments, ...this.attachmentsOf(message.channelId, [], [], files)]
        : this.attachmentsOf(message.channelId, message.attachments, body.attachments, files);
    const next: MessageRecord = { ...message, attachments };
    if ('content' in body) {
      next.content = typeof body.content === 'string' ? body.content : '';
      next.mentions = mentionsOf(next.content, body.allowed_mentions);
    }
    if ('allowed_mentions' in body) next.allowedMentions = body.allowed_mentions;
    // A deferred reply notifies when its content arrives.
    if (message.loading) next.pinged = next.mentions;
    if ('embeds' in body) next.embeds = resolveEmbeds(body.embeds, attachments);
    if ('components' in body) {
      next.components = Array.isArray(body.components) ? (body.components as Json[]) : [];
    }
    if (typeof body.flags === 'number') {
      const suppress = MessageFlags.SuppressEmbeds;
      next.flags = (message.flags & ~suppress) | (body.flags & suppress);
    }
    next.flags &= ~MessageFlags.Loading;
    next.loading = false;
    if (isEmpty(next)) throw emptyMessage();
    next.edits = message.edits + 1;
    next.editedAt = Date.now();
    Object.assign(message, next);
    return message;
  }

  delete(message: MessageRecord): void {
    message.deleted = true;
  }

  /**
   * The attachments after a create or edit: `listed` (the body's `attachments`) keeps existing
   * ones by id and takes new files by their `files[n]` index; files it does not mention are added.
   */
  private attachmentsOf(
    channelId: string,
    existing: readonly StoredAttachment[],
    listed: unknown,
    files: readonly UploadedFile[],
  ): StoredAttachment[] {
    const result: StoredAttachment[] = [];
    const used = new Set<number>();
    const entries = Array.isArray(listed) ? (listed as (Json | null)[]) : [];
    entries.forEach((entry, index) => {
      const id = String(entry?.id);
      const kept = existing.find((attachment) => attachment.id === id);
      if (kept !== undefined) {
        result.push(kept);
        return;
      }
      const file = files.find((candidate) => String(candidate.index) === id);
      if (file === undefined) {
        throw invalidFormBody([
          {
            path: `attachments.${index}.id`,
            code: 'ATTACHMENT_NOT_FOUND',
            message: 'Unknown attachment',
          },
        ]);
      }
      used.add(file.index);
      result.push(this.store(channelId, file, entry?.description));
    });
    for (const file of files) if (!used.has(file.index)) result.push(this.store(channelId, file));
    return result;
  }

  private store(channelId: string, file: UploadedFile, description?: unknown): StoredAttachment {
    const id = this.ids.next();
    const size = pngSize(file.data);
    return {
      id,
      filename: file.filename,
      size: file.data.length,
      contentType: file.contentType,
      data: file.data,
      url: this.attachmentUrl(channelId, id, file.filename),
      ...(typeof description === 'string' ? { description } : {}),
      ...(size ?? {}),
    };
  }
}

const isEmpty = (message: MessageRecord): boolean =>
  message.content === '' &&
  message.embeds.length === 0 &&
  message.components.length === 0 &&
  message.attachments.length === 0;

/** Embeds as Discord stores them: `type: 'rich'`, `attachment://name` images resolved. */
function resolveEmbeds(embeds: unknown, attachments: readonly StoredAttachment[]): APIEmbed[] {
  if (!Array.isArray(embeds)) return [];
  const resolve = (media: unknown): unknown => {
    if (typeof media !== 'object' || media === null) return media;
    const url = (media as { url?: unknown }).url;
    if (typeof url !== 'string' || !url.startsWith('attachment://')) return media;
    const file = attachments.find((a) => a.filename === url.slice('attachment://'.length));
    if (file === undefined) return media;
    return {
      url: file.url,
      proxy_url: file.url,
      ...(file.width !== undefined ? { width: file.width, height: file.height } : {}),
      content_type: file.contentType,
    };
  };
  return (embeds as Json[]).map((embed) => ({
    type: 'rich',
    ...embed,
    ...(embed.image !== undefined ? { image: resolve(embed.image) } : {}),
    ...(embed.thumbnail !== undefined ? { thumbnail: resolve(embed.thumbnail) } : {}),
  })) as APIEmbed[];
}

function pngSize(data: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (data.length < 24 || data.subarray(0, 8).toString('hex') !== signature) return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Discord's JSON for a message. */
export function apiMessage(message: StoredMessage, applicationId: string): APIMessage {
  const interaction = message.interaction;
  return {
    id: message.id,
    channel_id: message.channelId,
    author: message.author,
    content: message.content,
    timestamp: new Date(message.createdAt).toISOString(),
    edited_timestamp:
      message.editedAt === undefined ? null : new Date(message.editedAt).toISOString(),
    tts: false,
    mention_everyone: message.mentions.everyone,
    // Discord lists the mentioned users' objects; the store knows their ids only.
    mentions: [],
    mention_roles: [...message.mentions.roles],
    attachments: message.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      size: a.size,
      url: a.url,
      proxy_url: a.url,
      content_type: a.contentType,
      ...(a.description !== undefined ? { description: a.description } : {}),
      ...(a.width !== undefined ? { width: a.width, height: a.height } : {}),
    })),
    embeds: [...message.embeds],
    components: [...message.components] as unknown as APIMessage['components'],
    pinned: false,
    // 20: the response to a slash command; 19: a reply; 0: anything else.
    type: interaction?.type === 2 ? 20 : message.replyTo !== undefined ? 19 : 0,
    flags: message.flags,
    ...(message.replyTo !== undefined
      ? {
          message_reference: {
            type: 0,
            message_id: message.replyTo,
            channel_id: message.channelId,
            ...(message.guildId !== undefined ? { guild_id: message.guildId } : {}),
          },
        }
      : {}),
    ...(interaction !== undefined
      ? {
          webhook_id: applicationId,
          application_id: applicationId,
          interaction_metadata: {
            id: interaction.id,
            type: interaction.type,
            user: interaction.user,
            authorizing_integration_owners: {},
            ...(interaction.name !== undefined ? { name: interaction.name } : {}),
          },
          interaction: {
            id: interaction.id,
            type: interaction.type,
            name: interaction.name ?? '',
            user: interaction.user,
          },
        }
      : {}),
  };
}

/** A copy for tests, so later edits do not change what a test holds. */
export function snapshot(message: MessageRecord): StoredMessage {
  return {
    ...message,
    embeds: [...message.embeds],
    components: [...message.components],
    attachments: [...message.attachments],
  };
}

/** The live message or 404 10008. */
export function requireLive(message: MessageRecord | undefined): MessageRecord {
  if (message === undefined || message.deleted) throw unknownMessage();
  return message;
}
