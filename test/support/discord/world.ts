import { ChannelType, PermissionFlagsBits, type APIUser } from 'discord.js';
import { Snowflakes } from './snowflake.js';

/**
 * The fake's users, guilds and channels, and their shapes in Discord's JSON (what GUILD_CREATE,
 * GET /channels/{c} and interactions carry).
 */

/** A Discord user as tests write it (snowflake ids as strings). */
export interface FakeUser {
  readonly id: string;
  readonly username: string;
  readonly global_name: string | null;
  /** The user's client language, sent as the interaction's `locale`; default `en-US`. */
  readonly locale?: string;
}

export interface ChannelSpec {
  readonly id?: string;
  readonly name: string;
  /** Default true; false: the bot cannot see it (403 Missing Access on the channel routes). */
  readonly visible?: boolean;
}

export interface GuildSpec {
  readonly id?: string;
  readonly name: string;
  readonly channels: readonly ChannelSpec[];
  /** The guild's preferred locale (`guild_locale` of interactions); default `en-US`. */
  readonly locale?: string;
  /** Its owner, who has every permission there (Discord's rule); default a user of its own. */
  readonly ownerId?: string;
}

export interface FakeChannel {
  readonly id: string;
  readonly name: string;
  readonly type: ChannelType.GuildText | ChannelType.DM;
  readonly guildId?: string;
  /** The other end of a DM channel. */
  readonly recipient?: FakeUser;
  visible: boolean;
}

export interface FakeGuild {
  readonly id: string;
  readonly name: string;
  readonly locale: string;
  readonly ownerId: string;
  readonly joinedAt: string;
  readonly channels: FakeChannel[];
}

/** What members and the bot may do in a visible channel (a plain member's rights). */
export const MEMBER_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.UseApplicationCommands;

export class World {
  readonly users = new Map<string, FakeUser>();
  readonly guilds = new Map<string, FakeGuild>();
  readonly channels = new Map<string, FakeChannel>();

  constructor(
    private readonly ids: Snowflakes,
    readonly bot: APIUser,
  ) {}

  addUser(user: FakeUser): FakeUser {
    this.users.set(user.id, user);
    return user;
  }

  addGuild(spec: GuildSpec): FakeGuild {
    const id = spec.id ?? this.ids.next();
    if (this.guilds.has(id)) throw new Error(`guild ${id} exists already`);
    const guild: FakeGuild = {
      id,
      name: spec.name,
      locale: spec.locale ?? 'en-US',
      ownerId: spec.ownerId ?? this.ids.next(),
      joinedAt: new Date().toISOString(),
      channels: [],
    };
    for (const channelSpec of spec.channels) {
      const channel: FakeChannel = {
        id: channelSpec.id ?? this.ids.next(),
        name: channelSpec.name,
        type: ChannelType.GuildText,
        guildId: id,
        visible: channelSpec.visible ?? true,
      };
      if (this.channels.has(channel.id)) throw new Error(`channel ${channel.id} exists already`);
      this.channels.set(channel.id, channel);
      guild.channels.push(channel);
    }
    this.guilds.set(id, guild);
    return guild;
  }

  /** The bot's DM channel with `user` (one per user, like Discord's). */
  dmChannel(user: FakeUser): FakeChannel {
    this.addUser(user);
    for (const channel of this.channels.values()) {
      if (channel.type === ChannelType.DM && channel.recipient?.id === user.id) return channel;
    }
    const channel: FakeChannel = {
      id: this.ids.next(),
      name: '',
      type: ChannelType.DM,
      recipient: user,
      visible: true,
    };
    this.channels.set(channel.id, channel);
    return channel;
  }

  requireChannel(id: string): FakeChannel {
    const channel = this.channels.get(id);
    if (channel === undefined) throw new Error(`the fake knows no channel ${id}`);
    return channel;
  }

  /** The bot's permissions in a channel, as a decimal bitfield string. */
  botPermissions(channel: FakeChannel): string {
    const all = MEMBER_PERMISSIONS;
    return String(
      channel.visible
        ? all
        : all & ~(PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages),
    );
  }
}

export function apiUser(user: FakeUser): APIUser {
  return {
    id: user.id,
    username: user.username,
    global_name: user.global_name,
    discriminator: '0',
    avatar: null,
  };
}

export function apiMember(user: FakeUser | APIUser, joinedAt: string): Record<string, unknown> {
  return {
    user: 'discriminator' in user ? user : apiUser(user),
    roles: [],
    joined_at: joinedAt,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    nick: null,
    avatar: null,
    premium_since: null,
    communication_disabled_until: null,
  };
}

/** A channel as GET /channels/{c} and GUILD_CREATE show it. */
export function apiChannel(
  channel: FakeChannel,
  botId: string,
  position = 0,
): Record<string, unknown> {
  if (channel.type === ChannelType.DM) {
    return {
      id: channel.id,
      type: ChannelType.DM,
      last_message_id: null,
      flags: 0,
      recipients: channel.recipient === undefined ? [] : [apiUser(channel.recipient)],
    };
  }
  return {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    position,
    // A hidden channel denies the bot View Channel, so discord.js's permissionsFor agrees.
    permission_overwrites: channel.visible
      ? []
      : [{ id: botId, type: 1, allow: '0', deny: String(PermissionFlagsBits.ViewChannel) }],
    parent_id: null,
    topic: null,
    nsfw: false,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
  };
}

/** The full GUILD_CREATE payload of a guild the bot is in. */
export function apiGuild(guild: FakeGuild, bot: APIUser): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    preferred_locale: guild.locale,
    features: [],
    application_id: null,
    max_members: 500000,
    max_video_channel_users: 25,
    roles: [
      {
        id: guild.id,
        name: '@everyone',
        color: 0,
        colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
        hoist: false,
        icon: null,
        unicode_emoji: null,
        position: 0,
        permissions: String(MEMBER_PERMISSIONS),
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    joined_at: guild.joinedAt,
    large: false,
    unavailable: false,
    member_count: 2,
    voice_states: [],
    members: [apiMember(bot, guild.joinedAt)],
    channels: guild.channels.map((channel, index) => {
      const { guild_id: _omitted, ...rest } = apiChannel(channel, bot.id, index);
      return rest;
    }),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
