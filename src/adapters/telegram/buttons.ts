import type { MiddlewareFn } from 'grammy';
import { decodePayload, type Payload } from '../../chat/buttons/button-payload.js';
import type { BashniContext } from './context.js';

type Kind = Payload['kind'];
type Handler<K extends Kind> = (
  ctx: BashniContext,
  payload: Extract<Payload, { kind: K }>,
) => Promise<void>;

/**
 * Every inline button goes through here: its payload is decoded once and handed to the one
 * handler of its kind. A payload that does not decode (forged, or from an older version of the
 * bot) or has no handler gets a polite alert — nothing else runs.
 */
export class ButtonRouter {
  private readonly handlers = new Map<Kind, Handler<Kind>>();

  on<K extends Kind>(kind: K, handler: Handler<K>): this {
    if (this.handlers.has(kind)) throw new Error(`button ${kind}: a handler is registered already`);
    this.handlers.set(kind, handler as unknown as Handler<Kind>);
    return this;
  }

  middleware(): MiddlewareFn<BashniContext> {
    return async (ctx, next) => {
      const data = ctx.callbackQuery?.data;
      if (data === undefined) return next();
      const payload = decodePayload(data);
      const handler = payload === undefined ? undefined : this.handlers.get(payload.kind);
      if (payload === undefined || handler === undefined) {
        await ctx.answer(ctx.own.errors.unknownButton, true);
        return;
      }
      await handler(ctx, payload);
    };
  }
}
