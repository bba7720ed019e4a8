import {
  Routes,
  type APIActionRowComponent,
  type APIEmbed,
  type APIComponentInMessageActionRow,
  type REST,
} from 'discord.js';

export type Components = APIActionRowComponent<APIComponentInMessageActionRow>[];

/** A message as the adapter composes it, for a channel or an interaction reply. */
export interface OutgoingMessage {
  readonly content?: string;
  readonly embeds?: readonly APIEmbed[];
  readonly components?: Components;
  /** Files to attach; on an edit they replace the message's files. */
  readonly files?: readonly { readonly name: string; readonly data: Buffer }[];
  /** The users this message may notify (nobody else is pinged, whatever the text says). */
  readonly pings?: readonly string[];
  /** A message this one answers (shown as a reply; sent even if that one is gone). */
  readonly replyTo?: string;
}

/** How the presenter writes to channels (REST in production, a recorder in unit tests). */
export interface ChannelOutput {
  /** Posts a message; resolves to its id. */
  post(channelId: string, message: OutgoingMessage): Promise<string>;
  edit(channelId: string, messageId: string, message: OutgoingMessage): Promise<void>;
  remove(channelId: string, messageId: string): Promise<void>;
  /** A direct message to a user (Discord lets a bot write to members of its servers). */
  direct(userId: string, message: OutgoingMessage): Promise<void>;
}

/**
 * Whom a message may ping: the users named, nobody else — whatever mention syntax, @everyone or
 * @here its text holds (Discord pings everything in the content of a message without it).
 */
export function allowedMentions(pings: readonly string[] = []): { parse: []; users: string[] } {
  return { parse: [], users: [...pings] };
}

/** The JSON body of a message (files go beside it, referenced by index). */
export function messageBody(message: OutgoingMessage): Record<string, unknown> {
  const body: Record<string, unknown> = { allowed_mentions: allowedMentions(message.pings) };
  if (message.content !== undefined) body.content = message.content;
  if (message.replyTo !== undefined)
    body.message_reference = { message_id: message.replyTo, fail_if_not_exists: false };
  if (message.embeds !== undefined) body.embeds = message.embeds;
  if (message.components !== undefined) body.components = message.components;
  if (message.files !== undefined)
    body.attachments = message.files.map((file, id) => ({ id, filename: file.name }));
  return body;
}

/** The same message in discord.js's shape, for interaction replies. */
export function interactionReply(message: OutgoingMessage): {
  content?: string;
  embeds?: APIEmbed[];
  components?: Components;
  files?: { attachment: Buffer; name: string }[];
  allowedMentions: { parse: []; users: string[] };
} {
  return {
    content: message.content,
    embeds: message.embeds === undefined ? undefined : [...message.embeds],
    components: message.components,
    files: message.files?.map((file) => ({ attachment: file.data, name: file.name })),
    allowedMentions: allowedMentions(message.pings),
  };
}

/**
 * Channel messages over discord.js's REST client: its queue honours Discord's rate limits
 * (buckets, 429 and retry-after), so there is no second limiter here.
 */
export class RestChannelOutput implements ChannelOutput {
  private readonly directChannels = new Map<string, string>();

  constructor(private readonly rest: REST) {}

  async post(channelId: string, message: OutgoingMessage): Promise<string> {
    const sent = (await this.rest.post(Routes.channelMessages(channelId), {
      body: messageBody(message),
      files: files(message),
    })) as { id: string };
    return sent.id;
  }

  async edit(channelId: string, messageId: string, message: OutgoingMessage): Promise<void> {
    await this.rest.patch(Routes.channelMessage(channelId, messageId), {
      body: messageBody(message),
      files: files(message),
    });
  }

  async remove(channelId: string, messageId: string): Promise<void> {
    await this.rest.delete(Routes.channelMessage(channelId, messageId));
  }

  async direct(userId: string, message: OutgoingMessage): Promise<void> {
    let channelId = this.directChannels.get(userId);
    if (channelId === undefined) {
      const channel = (await this.rest.post(Routes.userChannels(), {
        body: { recipient_id: userId },
      })) as { id: string };
      channelId = channel.id;
      this.directChannels.set(userId, channelId);
    }
    await this.post(channelId, message);
  }
}

function files(message: OutgoingMessage) {
  return message.files?.map((file) => ({
    name: file.name,
    data: file.data,
    contentType: 'image/png',
  }));
}
