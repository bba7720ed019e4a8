import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// The real timers: a test may fake the globals (vi.useFakeTimers); deadlines run on wall time.
import { setTimeout } from 'node:timers';
import { GatewayDispatchEvents, InteractionType, type APIUser } from 'discord.js';
import {
  DiscordError,
  entityTooLarge,
  methodNotAllowed,
  notFound,
  unauthorized,
} from './api-error.js';
import { CommandStore, type StoredCommand } from './commands.js';
import { Gateway, type GatewaySessionView } from './gateway.js';
import { InteractionRecord, monotonicMs, type InteractionHandle } from './interaction-record.js';
import {
  chooseData,
  commandData,
  interactionPayload,
  pressData,
  type AutocompleteSpec,
  type ChooseSpec,
  type CommandSpec,
  type InteractSpec,
  type PayloadDeps,
  type PressSpec,
  type SessionChoice,
} from './interaction-payloads.js';
import { MessageStore, snapshot, type StoredMessage } from './messages.js';
import {
  bucketHash,
  DISCORD_RATE_LIMITS,
  RateLimiter,
  tooManyRequests,
  type DiscordRateLimits,
} from './rate-limits.js';
import { decodeBody, readBody, type UploadedFile } from './request.js';
import {
  matches,
  RequestHolds,
  type HeldRequest,
  type RequestHold,
  type RequestMatch,
} from './request-hold.js';
import { commandRoutes } from './rest-commands.js';
import { channelRoutes } from './rest-channels.js';
import { interactionRoutes } from './rest-interactions.js';
import { majorOf, matchRoute, type FakeContext, type Route } from './router.js';
import { shardOf, Snowflakes } from './snowflake.js';
import { Waiters } from './waiters.js';
import {
  apiGuild,
  World,
  type FakeChannel,
  type FakeGuild,
  type FakeUser,
  type GuildSpec,
} from './world.js';

export type { Acknowledgement, InteractionHandle, RefusedCallback } from './interaction-record.js';
export type {
  AutocompleteSpec,
  ChooseSpec,
  CommandSpec,
  InteractSpec,
  OptionValue,
  PressSpec,
  SessionChoice,
} from './interaction-payloads.js';
export type { StoredAttachment, StoredMessage } from './messages.js';
export type { GatewaySessionView } from './gateway.js';
export type { HeldRequest, RequestHold, RequestMatch } from './request-hold.js';
export type { UploadedFile } from './request.js';
export type { StoredCommand } from './commands.js';
export type { ChannelSpec, FakeChannel, FakeGuild, FakeUser, GuildSpec } from './world.js';
export { DISCORD_RATE_LIMITS, type DiscordRateLimits, type WindowRule } from './rate-limits.js';

/**
 * A fake Discord for tests: REST over HTTP and the gateway over WebSocket on 127.0.0.1, so the
 * real discord.js Client (`new Client({ intents, rest: { api: fake.restApi } })`) logs in,
 * receives interactions and answers them unchanged; nothing reaches discord.com.
 *
 * It enforces what Discord enforces, so a bot that breaks a rule fails its tests: one
 * acknowledgement per interaction within 3 s (10062 late, 40060 twice), @original only after
 * it, interaction tokens for 15 minutes, ephemeral messages out of the channel routes' reach,
 * channels the bot cannot see (50001), message and command limits (50035, 50006, 413), and
 * per-route rate limits announced in `x-ratelimit-*` headers (5 message creates per 5 s per
 * channel, 429 past that). Tests may shorten the deadlines and windows, not turn them off.
 *
 * It records every request (`calls`, `onCall`), keeps every message with its attachments'
 * bytes, can hold requests in flight (`hold`) and inject 429s (`rateLimitNext`).
 */

export interface FakeDiscordOptions {
  /** The bot token REST and IDENTIFY accept; default FAKE_DISCORD_TOKEN. */
  readonly token?: string;
  /** The application id, also the bot user's id. */
  readonly applicationId?: string;
  readonly botUsername?: string;
  /** HELLO's heartbeat_interval; default 41250 like Discord. */
  readonly heartbeatIntervalMs?: number;
  /** How long after the dispatch an interaction may be acknowledged; default 3000. */
  readonly ackTimeoutMs?: number;
  /** How long an interaction token works for @original and follow-ups; default 15 minutes. */
  readonly interactionTokenTtlMs?: number;
  /** Rate limit windows, merged over DISCORD_RATE_LIMITS. */
  readonly rateLimits?: Partial<DiscordRateLimits>;
  /** Largest file a message may carry; default 10 MiB. */
  readonly maxFileBytes?: number;
  /** The shard count GET /gateway/bot recommends; default 1. */
  readonly shards?: number;
  /** Let `command()` send commands nobody registered (options then typed from their values). */
  readonly allowUnregisteredCommands?: boolean;
}

/** One REST request and the fake's answer. */
export interface RecordedCall extends HeldRequest {
  readonly status: number;
  /** The JSON answer (undefined for 204). */
  readonly response: unknown;
  /** The answer was a 429 (a window's limit or `rateLimitNext`). */
  readonly rateLimited?: true;
  readonly held?: true;
  /** The client went away while the request was held: it was not executed. */
  readonly aborted?: true;
}

export interface MessageQuery {
  /** Also ephemeral messages (every user's); default false. */
  readonly includeEphemeral?: boolean;
  /** Also deleted messages; default false. */
  readonly includeDeleted?: boolean;
}

/** The token the fake accepts unless told otherwise. */
export const FAKE_DISCORD_TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAx.GfAkE0.fake-discord-test-token';

interface Answer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers: Record<string, string>;
}

export class FakeDiscord {
  /** Every REST request, in answer order. */
  readonly calls: RecordedCall[] = [];
  readonly token: string;
  readonly applicationId: string;
  /** The bot user (READY's `user`, the author of its messages). */
  readonly bot: APIUser;
  readonly ackTimeoutMs: number;

  private readonly ids = new Snowflakes();
  private readonly world: World;
  private readonly store: MessageStore;
  private readonly commandStore: CommandStore;
  private readonly interactions = new Map<string, InteractionRecord>();
  private readonly gateway: Gateway;
  private readonly routes: Route[];
  private readonly limiter = new RateLimiter();
  private readonly limits: DiscordRateLimits;
  private readonly injected: { match: RequestMatch; retryAfterMs: number }[] = [];
  private readonly failures: { match: RequestMatch; error: DiscordError }[] = [];
  private readonly holds = new RequestHolds();
  private readonly waiters = new Waiters();
  private readonly listeners = new Set<(call: RecordedCall) => void>();
  private readonly server: Server;
  private readonly options: Required<
    Pick<
      FakeDiscordOptions,
      'interactionTokenTtlMs' | 'maxFileBytes' | 'shards' | 'allowUnregisteredCommands'
    >
  >;
  private roundRobin = 0;
  private root = '';
  private closed = false;

  private constructor(options: FakeDiscordOptions) {
    this.token = options.token ?? FAKE_DISCORD_TOKEN;
    this.applicationId = options.applicationId ?? this.ids.next();
    this.ackTimeoutMs = options.ackTimeoutMs ?? 3000;
    this.options = {
      interactionTokenTtlMs: options.interactionTokenTtlMs ?? 15 * 60_000,
      maxFileBytes: options.maxFileBytes ?? 10 * 1024 * 1024,
      shards: options.shards ?? 1,
      allowUnregisteredCommands: options.allowUnregisteredCommands ?? false,
    };
    this.limits = { ...DISCORD_RATE_LIMITS, ...options.rateLimits };
    this.bot = {
      id: this.applicationId,
      username: options.botUsername ?? 'Bashni',
      global_name: null,
      discriminator: '0',
      avatar: null,
      bot: true,
      verified: true,
      mfa_enabled: false,
    };
    this.world = new World(this.ids, this.bot);
    this.store = new MessageStore(
      this.ids,
      (channel, id, name) =>
        `${this.root}/attachments/${channel}/${id}/${encodeURIComponent(name)}`,
    );
    this.commandStore = new CommandStore(this.ids, this.applicationId);
    this.gateway = new Gateway({
      token: this.token,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      url: () => this.gatewayUrl,
      ready: (shard) => this.readyData(shard),
      guilds: (shard) => this.guildsOn(shard).map((guild) => apiGuild(guild, this.bot)),
      changed: () => this.waiters.notify(),
    });
    const context: FakeContext = {
      world: this.world,
      messages: this.store,
      commands: this.commandStore,
      interactions: this.interactions,
      applicationId: this.applicationId,
      bot: this.bot,
      gatewayInfo: () => ({
        url: this.gatewayUrl,
        shards: this.options.shards,
        session_start_limit: {
          total: 1000,
          remaining: 1000,
          reset_after: 14_400_000,
          max_concurrency: 1,
        },
      }),
    };
    this.routes = [
      ...channelRoutes(context),
      ...interactionRoutes(context),
      ...commandRoutes(context),
    ];
    this.server = createServer((request, response) => {
      this.serve(request, response).catch((error: unknown) => {
        if (!response.headersSent)
          this.send(response, {
            status: 500,
            body: { message: String(error), code: 0 },
            headers: {},
          });
      });
    });
    this.server.on('upgrade', (request, socket, head) =>
      this.gateway.handleUpgrade(request, socket, head),
    );
  }

  /** Starts a fake on a free port of 127.0.0.1. */
  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(options);
    await new Promise<void>((resolve, reject) => {
      fake.server.once('error', reject);
      fake.server.listen(0, '127.0.0.1', () => {
        fake.server.off('error', reject);
        resolve();
      });
    });
    fake.root = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** For `rest: { api: fake.restApi }` (discord.js appends `/v10/...`). */
  get restApi(): string {
    return `${this.root}/api`;
  }

  /** The gateway's URL, as GET /gateway/bot gives it. */
  get gatewayUrl(): string {
    return this.root.replace(/^http/, 'ws');
  }

  /** Releases holds, fails pending waits, closes every socket. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.holds.releaseAll();
    this.waiters.close();
    await this.gateway.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  // === Users, guilds, channels ===

  /** A new user with a fresh id (`global_name` = username unless given). */
  newUser(username: string, extra: Partial<FakeUser> = {}): FakeUser {
    return this.world.addUser({ id: this.ids.next(), username, global_name: username, ...extra });
  }

  /**
   * A guild the bot is in, with text channels; sessions already connected get its GUILD_CREATE
   * (the bot joined it).
   */
  addGuild(spec: GuildSpec): FakeGuild {
    const guild = this.world.addGuild(spec);
    this.gateway.guildCreate(
      apiGuild(guild, this.bot),
      (shard) => shardOf(guild.id, shard[1]) === shard[0],
    );
    return guild;
  }

  /** The bot's DM channel with a user. */
  dmChannel(user: FakeUser): FakeChannel {
    return this.world.dmChannel(user);
  }

  /** Whether the bot can see a channel (false: its channel routes answer 403 50001). */
  setChannelVisible(channelId: string, visible: boolean): void {
    this.world.requireChannel(channelId).visible = visible;
  }

  // === Gateway ===

  /** The gateway sessions, in IDENTIFY order. */
  get sessions(): GatewaySessionView[] {
    return this.gateway.views;
  }

  /** Resolves once `count` sessions are connected. */
  waitForSessions(count: number, timeoutMs = 10_000): Promise<GatewaySessionView[]> {
    return this.waitFor(() => {
      const connected = this.sessions.filter((session) => session.connected);
      return connected.length >= count ? connected : undefined;
    }, timeoutMs);
  }

  /** Drops a session's connection with `code` (default 4000: discord.js resumes). */
  disconnect(session: number, code = 4000): void {
    this.gateway.disconnect(session, code);
  }

  // === Interactions ===

  /**
   * Dispatches an INTERACTION_CREATE (fresh id and token) to the chosen session(s); default a
   * round-robin over the connected sessions of the guild's shard.
   */
  interact(spec: InteractSpec): InteractionHandle {
    const channel = this.world.requireChannel(spec.channelId);
    if (spec.message !== undefined) this.checkVisible({ user: spec.user, message: spec.message });
    const sessions = this.chooseSessions(spec.session, channel.guildId);
    const payload = interactionPayload(this.payloadDeps(), spec);
    const record = new InteractionRecord(payload, sessions, {
      messages: this.store,
      waiters: this.waiters,
      ackTimeoutMs: this.ackTimeoutMs,
      tokenTtlMs: this.options.interactionTokenTtlMs,
    });
    this.interactions.set(record.id, record);
    for (const index of sessions)
      this.gateway.dispatch(index, GatewayDispatchEvents.InteractionCreate, payload);
    // Wake waits when the deadline passes, so `acknowledged()` fails then, not at its timeout.
    setTimeout(() => this.waiters.notify(), this.ackTimeoutMs + 1).unref();
    return record;
  }

  /** A slash command from `user` in a channel (checked against the registered commands). */
  command(spec: CommandSpec): InteractionHandle {
    return this.commandInteraction(InteractionType.ApplicationCommand, spec);
  }

  /**
   * An autocomplete of a slash command's option as the user types (INTERACTION_CREATE type 4);
   * the bot answers with its suggestions (callback type 8), which the handle's `ack.data`
   * holds as `choices`.
   */
  autocomplete(spec: AutocompleteSpec): InteractionHandle {
    return this.commandInteraction(InteractionType.ApplicationCommandAutocomplete, spec);
  }

  private commandInteraction(
    type: InteractionType.ApplicationCommand | InteractionType.ApplicationCommandAutocomplete,
    spec: CommandSpec | AutocompleteSpec,
  ): InteractionHandle {
    const { user, channelId, locale, session } = spec;
    return this.interact({
      user,
      channelId,
      type,
      data: commandData(this.payloadDeps(), spec),
      ...(locale !== undefined ? { locale } : {}),
      ...(session !== undefined ? { session } : {}),
    });
  }

  /** A press of a button on a recorded message (by custom_id or label). */
  press(spec: PressSpec): InteractionHandle {
    this.checkVisible(spec);
    return this.component(spec, pressData(spec));
  }

  /** A choice in a string select menu of a recorded message. */
  choose(spec: ChooseSpec): InteractionHandle {
    this.checkVisible(spec);
    return this.component(spec, chooseData(spec));
  }

  /** An interaction sent earlier, by id. */
  interaction(id: string): InteractionHandle | undefined {
    return this.interactions.get(id);
  }

  // === Messages and commands ===

  /** A channel's messages, oldest first (live and visible to all unless `query` says more). */
  messages(channelId: string, query: MessageQuery = {}): StoredMessage[] {
    return this.store
      .inChannel(channelId)
      .filter(
        (m) =>
          (query.includeDeleted === true || !m.deleted) &&
          (query.includeEphemeral === true || !m.ephemeral),
      )
      .map(snapshot);
  }

  /** A message by id, deleted and ephemeral ones included. */
  message(channelId: string, id: string): StoredMessage | undefined {
    const message = this.store.get(id);
    return message?.channelId === channelId ? snapshot(message) : undefined;
  }

  /** The live ephemeral messages shown to one user, oldest first. */
  ephemeral(userId: string): StoredMessage[] {
    return [...this.store.all()]
      .filter((m) => m.ephemeral && !m.deleted && m.visibleTo === userId)
      .map(snapshot);
  }

  /** A user deleted a message (the bot gets no event: it lacks the message intents). */
  deleteMessageExternally(channelId: string, id: string): void {
    const message = this.store.live(channelId, id);
    if (message === undefined) throw new Error(`no live message ${id} in channel ${channelId}`);
    this.store.delete(message);
  }

  /** The registered commands of a guild, or the global ones. */
  commands(guildId?: string): StoredCommand[] {
    return this.commandStore.list(guildId);
  }

  // === Recording, holds, injected failures ===

  /** Calls `listener` with each request as it is answered; returns the remover. */
  onCall(listener: (call: RecordedCall) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The recorded requests that match. */
  callsTo(match: RequestMatch): RecordedCall[] {
    return this.calls.filter((call) => matches(match, call));
  }

  /** The next request that matches gets a 429 with this retry-after (discord.js retries it). */
  rateLimitNext(match: RequestMatch, retryAfterMs: number): void {
    this.injected.push({ match, retryAfterMs });
  }

  /**
   * The next request that matches is answered with `error` (a 401, 403, 500... as Discord
   * words it) instead of being executed.
   */
  failNext(match: RequestMatch, error: DiscordError): void {
    this.failures.push({ match, error });
  }

  /** Holds matching requests unanswered until `release()` (see RequestHold). */
  hold(match: RequestMatch): RequestHold {
    return this.holds.hold(match);
  }

  /**
   * Resolves with `predicate()`'s first truthy value, re-checked on every request, dispatch and
   * deadline; rejects after `timeoutMs`.
   */
  waitFor<T>(predicate: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
    return this.waiters.until(predicate, timeoutMs, () => {
      const last = this.calls.slice(-5).map((call) => `${call.method} ${call.path} ${call.status}`);
      return `waitFor; last calls: ${last.join(', ') || 'none'}`;
    });
  }

  // === Internals ===

  private checkVisible(spec: { user: FakeUser; message: StoredMessage }): void {
    if (spec.message.ephemeral && spec.message.visibleTo !== spec.user.id) {
      throw new Error(`user ${spec.user.id} cannot see ephemeral message ${spec.message.id}`);
    }
  }

  private component(
    spec: { user: FakeUser; message: StoredMessage; locale?: string; session?: SessionChoice },
    data: Record<string, unknown>,
  ): InteractionHandle {
    const message = this.store.get(spec.message.id);
    if (message === undefined || message.deleted)
      throw new Error(`message ${spec.message.id} is gone`);
    return this.interact({
      user: spec.user,
      channelId: message.channelId,
      type: InteractionType.MessageComponent,
      data,
      // The message as it is now, like Discord sends it.
      message: snapshot(message),
      ...(spec.locale !== undefined ? { locale: spec.locale } : {}),
      ...(spec.session !== undefined ? { session: spec.session } : {}),
    });
  }

  private payloadDeps(): PayloadDeps {
    return {
      world: this.world,
      commands: this.commandStore,
      ids: this.ids,
      applicationId: this.applicationId,
      maxFileBytes: this.options.maxFileBytes,
      allowUnregisteredCommands: this.options.allowUnregisteredCommands,
    };
  }

  private chooseSessions(choice: SessionChoice | undefined, guildId: string | undefined): number[] {
    const onShard = (session: GatewaySessionView): boolean =>
      guildId === undefined
        ? session.shard[0] === 0
        : shardOf(guildId, session.shard[1]) === session.shard[0];
    const candidates = this.sessions.filter(onShard);
    if (typeof choice === 'number') {
      const session = this.sessions.at(choice);
      if (session === undefined) throw new Error(`no gateway session ${choice}`);
      if (!onShard(session))
        throw new Error(`session ${choice} is not on the shard of guild ${guildId}`);
      return [choice];
    }
    if (choice === 'all') return candidates.map((session) => session.index);
    const connected = candidates.filter((session) => session.connected);
    if (connected.length === 0)
      throw new Error('no connected gateway session to send the interaction to');
    const session = connected[this.roundRobin++ % connected.length]!;
    return [session.index];
  }

  private readyData(shard: readonly [number, number]): Record<string, unknown> {
    return {
      v: 10,
      user: this.bot,
      guilds: this.guildsOn(shard).map((guild) => ({ id: guild.id, unavailable: true })),
      shard: [...shard],
      application: { id: this.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      relationships: [],
      guild_join_requests: [],
      user_settings: {},
    };
  }

  private guildsOn(shard: readonly [number, number]): FakeGuild[] {
    return [...this.world.guilds.values()].filter(
      (guild) => shardOf(guild.id, shard[1]) === shard[0],
    );
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = Date.now();
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const method = (request.method ?? 'GET').toUpperCase();
    const body = await readBody(request);
    if (method === 'GET' && url.pathname.startsWith('/attachments/')) {
      this.serveAttachment(url.pathname, response);
      return;
    }
    const prefix = '/api/v10';
    const path = url.pathname.startsWith(`${prefix}/`)
      ? url.pathname.slice(prefix.length)
      : url.pathname;
    const matched = url.pathname.startsWith(`${prefix}/`)
      ? matchRoute(this.routes, method, path)
      : undefined;
    const route = typeof matched === 'object' ? matched.route.template : path;
    const query = Object.fromEntries(url.searchParams);
    let decoded: { json: unknown; files: readonly UploadedFile[] } = { json: undefined, files: [] };
    let decodeError: DiscordError | undefined;
    try {
      decoded = await decodeBody(String(request.headers['content-type'] ?? ''), body);
    } catch (error) {
      if (!(error instanceof DiscordError)) throw error;
      decodeError = error;
    }
    const arrived: HeldRequest = {
      method,
      path,
      route,
      query,
      body: decoded.json,
      files: decoded.files,
      at,
    };
    const parked = this.holds.park(arrived);
    if (parked !== undefined) {
      await parked;
      if (response.destroyed) {
        this.record({ ...arrived, status: 499, response: undefined, held: true, aborted: true });
        return;
      }
    }
    const answer =
      decodeError !== undefined
        ? { status: decodeError.status, body: decodeError.body, headers: {} }
        : this.execute(
            matched,
            arrived,
            url.searchParams,
            String(request.headers.authorization ?? ''),
          );
    this.record({
      ...arrived,
      status: answer.status,
      response: answer.body,
      ...(answer.status === 429 ? { rateLimited: true } : {}),
      ...(parked !== undefined ? { held: true } : {}),
    });
    this.send(response, answer);
  }

  /**
   * Auth, injected 429s, the route's window, file sizes, then the handler: all in one
   * synchronous step, so concurrent requests cannot both take a window's last slot.
   */
  private execute(
    matched: ReturnType<typeof matchRoute>,
    request: HeldRequest,
    query: URLSearchParams,
    authorization: string,
  ): Answer {
    if (matched === undefined) return errorAnswer(notFound(), {});
    if (matched === 'method') return errorAnswer(methodNotAllowed(), {});
    const { route, params } = matched;
    if (route.auth && authorization !== `Bot ${this.token}`) return errorAnswer(unauthorized(), {});
    const hash = bucketHash(route.method, route.template);
    const rule = this.limits[route.limit];
    const failure = this.failures.findIndex((entry) => matches(entry.match, request));
    if (failure >= 0) return errorAnswer(this.failures.splice(failure, 1)[0]!.error, {});
    const injected = this.injected.findIndex((entry) => matches(entry.match, request));
    if (injected >= 0) {
      const retryAfterMs = this.injected.splice(injected, 1)[0]?.retryAfterMs ?? 0;
      const limited = tooManyRequests(
        { 'x-ratelimit-bucket': hash, 'x-ratelimit-limit': String(rule.limit) },
        retryAfterMs,
      );
      return {
        status: 429,
        ...limited,
        headers: {
          ...limited.headers,
          'x-ratelimit-reset-after': (retryAfterMs / 1000).toFixed(3),
        },
      };
    }
    const verdict = this.limiter.take(hash, majorOf(params), rule, monotonicMs());
    if (verdict.retryAfterMs !== undefined)
      return { status: 429, ...tooManyRequests(verdict.headers, verdict.retryAfterMs) };
    if (request.files.some((file) => file.data.length > this.options.maxFileBytes)) {
      return errorAnswer(entityTooLarge(), verdict.headers);
    }
    try {
      const result = route.handle({
        method: route.method,
        path: request.path,
        params,
        query,
        json: request.body,
        files: request.files,
      });
      return { status: result.status, body: result.body, headers: verdict.headers };
    } catch (error) {
      if (error instanceof DiscordError) return errorAnswer(error, verdict.headers);
      throw error;
    }
  }

  private serveAttachment(path: string, response: ServerResponse): void {
    const id = path.split('/')[3] ?? '';
    for (const message of this.store.all()) {
      const attachment = message.attachments.find((candidate) => candidate.id === id);
      if (attachment === undefined) continue;
      response.writeHead(200, {
        'content-type': attachment.contentType,
        'content-length': attachment.size,
      });
      response.end(attachment.data);
      return;
    }
    response.writeHead(404).end();
  }

  private record(call: RecordedCall): void {
    this.calls.push(call);
    for (const listener of this.listeners) {
      try {
        listener(call);
      } catch (error) {
        // Thrown here it would turn the answer into a 500; the test should fail instead.
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
    this.waiters.notify();
  }

  private send(response: ServerResponse, answer: Answer): void {
    if (response.destroyed) return;
    if (answer.body === undefined) {
      response.writeHead(answer.status, answer.headers).end();
      return;
    }
    const text = JSON.stringify(answer.body);
    response
      .writeHead(answer.status, {
        ...answer.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      })
      .end(text);
  }
}

function errorAnswer(error: DiscordError, headers: Record<string, string>): Answer {
  return { status: error.status, body: error.body, headers };
}
