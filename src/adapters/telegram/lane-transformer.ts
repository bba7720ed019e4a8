import type { Transformer } from 'grammy';
import type { DeliveryClass, DeliveryLanes } from './delivery-lanes.js';

/** How a chat-bound Bot API method queues in its chat's lane; other methods bypass the lanes. */
function laneClass(
  method: string,
): { class: DeliveryClass; counted: boolean; newMessage: boolean } | undefined {
  if (method === 'sendChatAction' || method === 'deleteMessage' || method === 'deleteMessages')
    return { class: 'cosmetic', counted: false, newMessage: false };
  if (method.startsWith('editMessage'))
    return { class: 'message', counted: true, newMessage: false };
  if (method.startsWith('send') || method === 'copyMessage' || method === 'forwardMessage')
    return { class: 'message', counted: true, newMessage: true };
  return undefined;
}

/** A refused call, carried through the lane as an error so the lane can react to it. */
class ApiRefusal extends Error {
  constructor(
    readonly response: { ok: false; error_code: number; description: string; parameters?: unknown },
  ) {
    super(response.description);
  }
  get error_code() {
    return this.response.error_code;
  }
  get description() {
    return this.response.description;
  }
  get parameters() {
    return this.response.parameters;
  }
}

/**
 * A safety net for calls made through the bot's own Api (ctx.reply and friends): whatever is
 * sent to a chat goes through that chat's lane like everything the presenter sends, so no
 * handler can bypass flood control. The adapter's own deliveries use a raw Api (ChatOutput),
 * so they pass the lanes once.
 */
export function laneTransformer(lanes: DeliveryLanes): Transformer {
  return async (prev, method, payload, signal) => {
    const target = payload as { chat_id?: unknown; inline_message_id?: unknown } | undefined;
    // An inline message's edits go through its own lane (see inlineView).
    const chatId =
      typeof target?.inline_message_id === 'string'
        ? `inline:${target.inline_message_id}`
        : target?.chat_id;
    const kind = laneClass(method);
    if (kind === undefined || (typeof chatId !== 'number' && typeof chatId !== 'string'))
      return prev(method, payload, signal);
    const result = await lanes.submit(chatId, {
      ...kind,
      call: async () => {
        const response = await prev(method, payload, signal);
        if (!response.ok) throw new ApiRefusal(response);
        return response;
      },
    });
    if (result.ok) return result.value;
    if (result.error instanceof ApiRefusal) return result.error.response as never;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- passes on what the call threw, unchanged
    if (result.error !== undefined) throw result.error;
    return {
      ok: false,
      error_code: result.reason === 'unreachable' ? 403 : 503,
      description: `Not delivered: ${result.reason}`,
    } as never;
  };
}
