import type { Api, Context, MiddlewareFn } from 'grammy';
import type { Game } from '../../game/model.js';
import type { Clock } from '../../game/ports.js';
import type { GameEvent, Refusal, ServiceResult } from '../../game/results.js';
import type { PuzzleService } from '../../game/puzzles.js';
import type { GameService, Logger } from '../../game/service.js';
import { messagesOn, type Messages } from '../../i18n/index.js';
import {
  chatSettingsAndMessages,
  mayChangeSettings,
  personalLanguage,
  type Asker,
} from '../../chat/presenting/chat-settings.js';
import { describeApiError } from './api-errors.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import type { ChatMembers } from './chat-members.js';
import type { ChatOutput } from './chat-output.js';
import type { ChatSettings, ChatState } from './chat-state.js';
import type { TelegramPresenter } from './surface.js';
import type { Reply } from './request-replies.js';
import { refusalText } from '../../chat/words/refusal-text.js';
import { bestEffort } from '../../game/logger.js';

/** What every feature of the Telegram bot works with. */
export interface TelegramDeps {
  readonly service: GameService;
  /** Puzzles: solving, the daily post and the leaderboard. */
  readonly puzzles: PuzzleService;
  readonly presenter: TelegramPresenter;
  readonly chats: ChatState;
  /** Who is a member or an administrator of a group (asked of Telegram, kept briefly). */
  readonly members: ChatMembers;
  readonly out: ChatOutput;
  readonly tasks: BackgroundTasks;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Shows the events of the bot's own requests: in Telegram, and on other platforms too. */
  readonly publish: (events: readonly GameEvent[]) => Promise<void>;
}

type SendOther = NonNullable<Parameters<Api['sendMessage']>[2]>;

/** What the context middleware adds to every update's context. */
export interface BashniFlavor {
  /** What the whole chat reads (cards, boards, usage), in the chat's language (see chat-settings.ts). */
  t: Messages;
  /** What one person reads (their /stats, their errors, a tap's answer), in their language. */
  own: Messages;
  settings: ChatSettings;
  /** The same update delivered twice has the same key: a move is applied once. */
  requestKey: string;
  /** Queues a message in this chat: never waits for Telegram, never throws. */
  say(text: string, other?: SendOther): void;
  /**
   * The one reply of a request that makes something (a card, a confirmation): sent once however
   * often the update is delivered, and to however many processes (see request-replies.ts).
   * Resolves once it is handed off — await it, so that the update is not confirmed before.
   */
  sayOnce(text: string, reply?: Omit<Reply, 'chatId' | 'text'>): Promise<void>;
  /** Answers a tap at once (not behind the chat's lane); never throws. */
  answer(text?: string, alert?: boolean): Promise<void>;
  /**
   * Presents a service result: events on success (a tap answered with `answer`, if given); the
   * refusal as an alert or a reply.
   */
  present<T>(result: ServiceResult<T>, answer?: string): Promise<boolean>;
}

export type BashniContext = Context & BashniFlavor;

/**
 * Attaches the translator, the chat's settings and the reply helpers to every update, once,
 * and notes that the chat can be reached (a chat we stopped writing to is heard from again).
 */
export function contextMiddleware(deps: TelegramDeps): MiddlewareFn<BashniContext> {
  return async (ctx, next) => {
    const chatId = ctx.chat?.id ?? ctx.from?.id;
    const { settings, t } = await chatSettingsAndMessages(
      deps.logger,
      'telegram',
      chatId === undefined ? Promise.resolve({}) : deps.chats.settings(chatId),
      { chatId },
      ctx.from?.language_code,
    );
    ctx.settings = settings;
    ctx.t = t;
    ctx.own = messagesOn('telegram', personalLanguage(settings, askerOf(ctx, false)));
    ctx.requestKey = `tg:${ctx.update.update_id}`;
    ctx.say = (text, other) => {
      if (ctx.chat === undefined) return;
      deps.tasks.track(deps.out.sendText(ctx.chat.id, text, other));
    };
    ctx.sayOnce = async (text, reply) => {
      if (ctx.chat === undefined) return;
      await deps.presenter.surface.replies.send(ctx.requestKey, {
        ...reply,
        chatId: String(ctx.chat.id),
        text,
      });
    };
    ctx.answer = async (text, alert) => {
      if (ctx.callbackQuery === undefined) return;
      try {
        await ctx.answerCallbackQuery(
          text === undefined ? {} : { text, show_alert: alert ?? false },
        );
      } catch (error) {
        // A tap handled late (after a restart) cannot be answered any more; the work goes on.
        if (describeApiError(error) !== 'query-too-old')
          deps.logger.warn('telegram: could not answer a tap', { err: error });
      }
    };
    ctx.present = async <T>(result: ServiceResult<T>, answer?: string) => {
      if (!result.ok) {
        const text = refusalText(ctx.own, result);
        if (ctx.callbackQuery !== undefined) await ctx.answer(text, true);
        else ctx.say(text);
        return false;
      }
      if (ctx.callbackQuery !== undefined) await ctx.answer(answer);
      await deps.publish(result.events);
      return true;
    };
    if (ctx.chat !== undefined && ctx.myChatMember !== undefined) {
      const status = ctx.myChatMember.new_chat_member.status;
      await noteReachable(deps, String(ctx.chat.id), status !== 'left' && status !== 'kicked');
    } else if (ctx.chat !== undefined && ctx.message !== undefined) {
      await noteReachable(deps, String(ctx.chat.id), true);
    }
    await next();
  };
}

/**
 * The chat wrote to us or added the bot back (deliver there again), or removed it (stop).
 */
async function noteReachable(
  deps: TelegramDeps,
  chatId: string,
  reachable: boolean,
): Promise<void> {
  const note = (unreachable: boolean) =>
    bestEffort(
      deps.logger,
      'telegram: could not note whether a chat is reachable',
      deps.chats.setUnreachable(chatId, unreachable),
      { chatId, unreachable },
    );
  if (!reachable) {
    await note(true);
    return;
  }
  if (await deps.out.lanes.reachableAgain(chatId)) await note(false);
}

/** The game a refusal or a lookup left us with, for handlers that take a game. */
export type GameLookup = Game | Refusal | 'none' | 'several';

/** Who is asking, for chat-settings.ts: an update without a chat is from the private chat. */
function askerOf(ctx: Context, admin: boolean): Asker {
  return {
    locale: ctx.from?.language_code,
    privateChat: ctx.chat === undefined || ctx.chat.type === 'private',
    admin,
  };
}

/**
 * Whether the sender may change the chat's settings (its language, its board, its daily
 * puzzle): in a group its creator and administrators (asked of Telegram, see ChatMembers; an
 * anonymous administrator writes as the group itself), in a private chat its owner.
 */
export async function mayChangeChat(deps: TelegramDeps, ctx: BashniContext): Promise<boolean> {
  if (ctx.from === undefined) return false;
  const chat = ctx.chat ?? ctx.callbackQuery?.message?.chat;
  const asker = askerOf(ctx, false);
  if (chat === undefined || mayChangeSettings(asker)) return mayChangeSettings(asker);
  const admin =
    ctx.message?.sender_chat?.id === chat.id || (await deps.members.isAdmin(chat.id, ctx.from.id));
  return mayChangeSettings({ ...asker, admin });
}
