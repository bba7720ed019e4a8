import { missingAccess, unknownChannel, unknownMessage, unknownUser } from './api-error.js';
import { apiMessage, requireLive, type MessageRecord } from './messages.js';
import {
  checkMessageBody,
  defineRoute,
  noContent,
  objectBody,
  ok,
  type FakeContext,
  type RestRequest,
  type Route,
} from './router.js';
import { apiChannel, apiUser, type FakeChannel } from './world.js';

/** Channel and message routes, users, DMs, the gateway and the application. */
export function channelRoutes(context: FakeContext): Route[] {
  const { world, messages, applicationId } = context;

  /** The channel, if the bot may see it (404 10003 / 403 50001 otherwise). */
  const channelOf = (request: RestRequest): FakeChannel => {
    const channel = world.channels.get(request.params.channel_id ?? '');
    if (channel === undefined) throw unknownChannel();
    if (!channel.visible) throw missingAccess();
    return channel;
  };
  /** A live message everyone sees: ephemeral ones are not reachable by the channel routes. */
  const messageOf = (request: RestRequest): MessageRecord => {
    const channel = channelOf(request);
    const message = messages.live(channel.id, request.params.message_id ?? '');
    if (message === undefined || message.ephemeral) throw unknownMessage();
    return message;
  };
  const json = (message: MessageRecord): unknown => apiMessage(message, applicationId);

  return [
    defineRoute('GET', '/gateway/bot', () => ok(context.gatewayInfo())),
    defineRoute('GET', '/gateway', () => ok({ url: context.gatewayInfo().url }), { auth: false }),
    defineRoute('GET', '/users/@me', () => ok(context.bot)),
    defineRoute('GET', '/users/:user_id', (request) => {
      const user = world.users.get(request.params.user_id ?? '');
      if (user === undefined) throw unknownUser();
      return ok(apiUser(user));
    }),
    defineRoute('POST', '/users/@me/channels', (request) => {
      const user = world.users.get(String(objectBody(request).recipient_id));
      if (user === undefined) throw unknownUser();
      return ok(apiChannel(world.dmChannel(user), context.bot.id));
    }),
    defineRoute('GET', '/applications/@me', () =>
      ok({
        id: applicationId,
        name: context.bot.username,
        flags: 0,
        bot_public: true,
        bot: context.bot,
      }),
    ),
    defineRoute('GET', '/channels/:channel_id', (request) => {
      const channel = channelOf(request);
      const position =
        channel.guildId === undefined
          ? 0
          : (world.guilds.get(channel.guildId)?.channels.indexOf(channel) ?? 0);
      return ok(apiChannel(channel, context.bot.id, position));
    }),
    defineRoute(
      'POST',
      '/channels/:channel_id/messages',
      (request) => {
        const channel = channelOf(request);
        const body = objectBody(request);
        checkMessageBody(body, request.files);
        const message = messages.create(
          {
            channelId: channel.id,
            ...(channel.guildId !== undefined ? { guildId: channel.guildId } : {}),
            author: context.bot,
          },
          body,
          request.files,
        );
        return ok(json(message));
      },
      { limit: 'messageCreate' },
    ),
    defineRoute('GET', '/channels/:channel_id/messages', (request) => {
      const channel = channelOf(request);
      const limit = Math.min(100, Math.max(1, Number(request.query.get('limit') ?? 50)));
      const before = request.query.get('before');
      const after = request.query.get('after');
      const newestFirst = messages
        .inChannel(channel.id)
        .filter((m) => !m.deleted && !m.ephemeral)
        .filter((m) => before === null || BigInt(m.id) < BigInt(before))
        .filter((m) => after === null || BigInt(m.id) > BigInt(after))
        .reverse();
      return ok(newestFirst.slice(0, limit).map(json));
    }),
    defineRoute('GET', '/channels/:channel_id/messages/:message_id', (request) =>
      ok(json(messageOf(request))),
    ),
    defineRoute('PATCH', '/channels/:channel_id/messages/:message_id', (request) => {
      const message = messageOf(request);
      const body = objectBody(request);
      checkMessageBody(body, request.files);
      return ok(json(messages.edit(requireLive(message), body, request.files)));
    }),
    defineRoute('DELETE', '/channels/:channel_id/messages/:message_id', (request) => {
      messages.delete(messageOf(request));
      return noContent();
    }),
  ];
}
