import { InteractionResponseType, InteractionType, MessageFlags } from 'discord.js';
import {
  alreadyAcknowledged,
  invalidFormBody,
  invalidWebhookToken,
  unknownInteraction,
  unknownMessage,
  unknownWebhook,
} from './api-error.js';
import type { InteractionRecord } from './interaction-record.js';
import {
  apiMessage,
  requireLive,
  type MessageInteraction,
  type MessageRecord,
} from './messages.js';
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

/**
 * The interaction callback and the interaction webhook (@original, follow-ups), with Discord's
 * rules: one acknowledgement within the deadline, @original only after it, follow-ups after a
 * deferred reply fill the "thinking" message, tokens that expire.
 */
export function interactionRoutes(context: FakeContext): Route[] {
  const { messages, interactions, applicationId } = context;

  const recordOf = (request: RestRequest): InteractionRecord => {
    if (request.params.webhook_id !== applicationId) throw unknownWebhook();
    const token = request.params.webhook_token;
    const record = [...interactions.values()].find((candidate) => candidate.token === token);
    if (record === undefined) throw unknownWebhook();
    if (!record.tokenValid) throw invalidWebhookToken();
    return record;
  };
  const webhookMessage = (
    request: RestRequest,
  ): { record: InteractionRecord; message: MessageRecord } => {
    const record = recordOf(request);
    const id =
      request.params.message_id === '@original' ? record.originalId : request.params.message_id;
    if (id === undefined || !record.owns(id)) throw unknownMessage();
    return { record, message: requireLive(messages.get(id)) };
  };
  const metadata = (record: InteractionRecord): MessageInteraction => {
    const name = (record.payload.data as { name?: unknown } | undefined)?.name;
    return {
      id: record.id,
      type: record.payload.type,
      user: record.user,
      ...(typeof name === 'string' ? { name } : {}),
    };
  };
  const respond = (
    record: InteractionRecord,
    flags: number,
    body: Record<string, unknown>,
    request: RestRequest,
  ): MessageRecord => {
    const channelId = record.payload.channel?.id ?? '';
    const guildId = record.payload.guild_id;
    const ephemeral = (flags & MessageFlags.Ephemeral) !== 0;
    return messages.create(
      {
        channelId,
        ...(guildId !== undefined ? { guildId } : {}),
        author: context.bot,
        flags: flags & (MessageFlags.Ephemeral | MessageFlags.Loading),
        ...(ephemeral ? { visibleTo: record.user.id } : {}),
        interaction: metadata(record),
      },
      body,
      request.files,
    );
  };
  /** The message a component interaction came from, as it is now. */
  const componentMessage = (record: InteractionRecord, type: number): MessageRecord => {
    if (record.payload.type !== InteractionType.MessageComponent) {
      throw invalidFormBody([
        {
          path: 'type',
          code: 'INTERACTION_RESPONSE_TYPE_INVALID',
          message: `Callback type ${type} is only valid for components`,
        },
      ]);
    }
    return requireLive(messages.get(record.payload.message.id));
  };

  const callback = (request: RestRequest): ReturnType<Route['handle']> => {
    const record = interactions.get(request.params.interaction_id ?? '');
    if (record === undefined || record.token !== request.params.interaction_token)
      throw unknownInteraction();
    if (record.ack !== undefined) {
      record.refused.push({ code: alreadyAcknowledged().code, afterMs: record.age() });
      throw alreadyAcknowledged();
    }
    if (record.expired) {
      record.refused.push({ code: unknownInteraction().code, afterMs: record.age() });
      throw unknownInteraction();
    }
    const body = objectBody(request);
    const type = body.type as InteractionResponseType;
    const data = (body.data ?? {}) as Record<string, unknown>;
    const flags = typeof data.flags === 'number' ? data.flags : 0;
    // An autocomplete takes suggestions and nothing else; suggestions answer nothing else.
    const autocomplete = record.payload.type === InteractionType.ApplicationCommandAutocomplete;
    if (autocomplete !== (type === InteractionResponseType.ApplicationCommandAutocompleteResult))
      throw invalidFormBody([
        {
          path: 'type',
          code: 'INTERACTION_RESPONSE_TYPE_INVALID',
          message: autocomplete
            ? `Callback type ${type} is not valid for autocomplete`
            : `Callback type ${type} is only valid for autocomplete`,
        },
      ]);
    switch (type) {
      case InteractionResponseType.ApplicationCommandAutocompleteResult:
        checkChoices(data);
        break;
      case InteractionResponseType.ChannelMessageWithSource:
        checkMessageBody(data, request.files, 'data.');
        record.originalId = respond(record, flags, data, request).id;
        break;
      case InteractionResponseType.DeferredChannelMessageWithSource:
        record.originalId = respond(
          record,
          (flags & MessageFlags.Ephemeral) | MessageFlags.Loading,
          {},
          request,
        ).id;
        break;
      case InteractionResponseType.DeferredMessageUpdate:
        record.originalId = componentMessage(record, type).id;
        break;
      case InteractionResponseType.UpdateMessage: {
        const message = componentMessage(record, type);
        checkMessageBody(data, request.files, 'data.');
        messages.edit(message, data, request.files);
        record.originalId = message.id;
        break;
      }
      case InteractionResponseType.Modal:
        checkModal(data);
        record.modal = data;
        break;
      // Not answers to a command or a component (and anything that is not a type at all).
      case InteractionResponseType.Pong:
      case InteractionResponseType.PremiumRequired:
      case InteractionResponseType.LaunchActivity:
      default:
        throw invalidFormBody([
          {
            path: 'type',
            code: 'BASE_TYPE_CHOICES',
            message: 'Value must be one of {4, 5, 6, 7, 8, 9}.',
          },
        ]);
    }
    record.acknowledge(type, body.data === undefined ? undefined : data);
    if (request.query.get('with_response') !== 'true') return noContent();
    const original = record.originalId === undefined ? undefined : messages.get(record.originalId);
    const showsMessage =
      original !== undefined && type !== InteractionResponseType.DeferredMessageUpdate;
    return ok({
      interaction: {
        id: record.id,
        type: record.payload.type,
        ...(original !== undefined
          ? {
              response_message_id: original.id,
              response_message_loading: original.loading,
              response_message_ephemeral: original.ephemeral,
            }
          : {}),
      },
      resource: { type, ...(showsMessage ? { message: apiMessage(original, applicationId) } : {}) },
    });
  };

  const followup = (request: RestRequest): ReturnType<Route['handle']> => {
    const record = recordOf(request);
    if (record.ack === undefined) throw unknownWebhook();
    const body = objectBody(request);
    checkMessageBody(body, request.files);
    let message: MessageRecord;
    if (record.deferredLoading && record.originalId !== undefined) {
      // Discord: right after a deferred reply, a follow-up edits the "thinking" message instead
      // (its ephemeral state stays what the deferral chose).
      message = messages.edit(requireLive(messages.get(record.originalId)), body, request.files);
    } else {
      const flags = typeof body.flags === 'number' ? body.flags : 0;
      message = respond(record, flags & MessageFlags.Ephemeral, body, request);
      record.followupIds.push(message.id);
    }
    return request.query.get('wait') === 'true'
      ? ok(apiMessage(message, applicationId))
      : noContent();
  };

  const messagePath = '/webhooks/:webhook_id/:webhook_token/messages/:message_id';
  const open = { auth: false } as const;
  return [
    defineRoute(
      'POST',
      '/interactions/:interaction_id/:interaction_token/callback',
      callback,
      open,
    ),
    defineRoute('POST', '/webhooks/:webhook_id/:webhook_token', followup, open),
    defineRoute(
      'GET',
      messagePath,
      (request) => ok(apiMessage(webhookMessage(request).message, applicationId)),
      open,
    ),
    defineRoute(
      'PATCH',
      messagePath,
      (request) => {
        const { message } = webhookMessage(request);
        const body = objectBody(request);
        checkMessageBody(body, request.files);
        return ok(apiMessage(messages.edit(message, body, request.files), applicationId));
      },
      open,
    ),
    defineRoute(
      'DELETE',
      messagePath,
      (request) => {
        messages.delete(webhookMessage(request).message);
        return noContent();
      },
      open,
    ),
  ];
}

/** An autocomplete's suggestions: at most 25, each a name and a value of 1-100 characters. */
function checkChoices(data: Record<string, unknown>): void {
  const choices = data.choices;
  if (!Array.isArray(choices)) {
    throw invalidFormBody([
      { path: 'data.choices', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
    ]);
  }
  const errors = [];
  if (choices.length > 25)
    errors.push({
      path: 'data.choices',
      code: 'BASE_TYPE_MAX_LENGTH',
      message: 'Must be 25 or fewer in length.',
    });
  choices.forEach((choice: unknown, index) => {
    const { name, value } = (choice ?? {}) as { name?: unknown; value?: unknown };
    for (const [field, text] of [
      ['name', name],
      ['value', value],
    ] as const) {
      const size = typeof text === 'string' ? [...text].length : typeof text === 'number' ? 1 : 0;
      if (size < 1 || size > 100)
        errors.push({
          path: `data.choices.${index}.${field}`,
          code: 'BASE_TYPE_BAD_LENGTH',
          message: 'Must be between 1 and 100 in length.',
        });
    }
  });
  if (errors.length > 0) throw invalidFormBody(errors);
}

function checkModal(data: Record<string, unknown>): void {
  const errors = [];
  const customId = data.custom_id;
  if (typeof customId !== 'string' || customId.length < 1 || customId.length > 100) {
    errors.push({
      path: 'data.custom_id',
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 100 in length.',
    });
  }
  const title = data.title;
  if (typeof title !== 'string' || title.length < 1 || title.length > 45) {
    errors.push({
      path: 'data.title',
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 45 in length.',
    });
  }
  const components = Array.isArray(data.components) ? data.components : [];
  if (components.length < 1 || components.length > 5) {
    errors.push({
      path: 'data.components',
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 5 in length.',
    });
  }
  if (errors.length > 0) throw invalidFormBody(errors);
}
