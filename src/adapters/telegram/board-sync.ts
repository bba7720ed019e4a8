import { InputFile, InputMediaBuilder } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { LRUCache } from 'lru-cache';
import type { ChatView } from '../../game/model.js';
import { describeApiError } from './api-errors.js';
import type { ChatOutput } from './chat-output.js';
import type { DeliveryResult } from './delivery-lanes.js';
import { inlineMessageIdOf } from './identity.js';

/** What a board message should look like. */
export interface BoardFace {
  /** The game record's version: a face never replaces one of a newer version. */
  readonly version: number;
  /** Same key, same picture (e.g. the ply and the orientation). */
  readonly imageKey: string;
  /** HTML. */
  readonly caption: string;
  readonly keyboard: InlineKeyboardMarkup;
  /** Draws the picture; called only when the picture must be sent. */
  readonly image: () => Promise<Buffer>;
  /**
   * The picture by URL (signed, see media.ts), for an inline message: Telegram takes no upload
   * there. Absent when the bot serves no media (then an inline message's picture cannot change).
   */
  readonly imageUrl?: string;
}

/** What a board message is known to show (any field unknown). */
interface Shown {
  readonly imageKey?: string;
  readonly caption?: string;
  readonly keyboard?: string;
}

interface Wanted extends BoardFace {
  /** Orders faces of one version (keyboard changes while a player picks a move). */
  readonly seq: number;
}

/** The text of a caption as Telegram shows it (what a message we read back holds). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

const viewKey = (view: ChatView) => `${view.chatId}:${view.messageId}`;

/** A keyboard as Telegram keeps it (empty rows dropped), for comparing two keyboards. */
function keyboardKey(markup: InlineKeyboardMarkup): string {
  return JSON.stringify(
    markup.inline_keyboard
      .filter((row) => row.length > 0)
      .map((row) =>
        row.map((button) => [
          button.text,
          'callback_data' in button ? button.callback_data : 'url' in button ? button.url : '',
        ]),
      ),
  );
}

/**
 * Keeps board messages showing what they should, with as few calls as possible. Callers say
 * what a message should show (`show`); a delivery in the chat's lane, keyed by the message,
 * compares that with what the message is known to show and makes the one call the difference
 * needs — a new picture (editMessageMedia), a caption, or only the keyboard — or none. Faces only
 * move forward (by game version, then by the order they were asked for), so a late or retried
 * older edit never overwrites a newer one; while a delivery waits, newer faces simply replace
 * what it will send.
 */
export class BoardSync {
  private readonly wanted = new LRUCache<string, Wanted>({ max: 50_000 });
  private readonly shown = new LRUCache<string, Shown>({ max: 50_000 });
  private seq = 0;

  constructor(
    private readonly out: ChatOutput,
    /** A board message that is gone (deleted by someone): the caller posts a new one. */
    private readonly onGone: (view: ChatView) => void,
  ) {}

  /**
   * Makes `view` show `face` (unless it was already asked to show a newer version). Resolves
   * when the message shows it, or the delivery was superseded or failed.
   */
  show(view: ChatView, face: BoardFace): Promise<DeliveryResult<unknown>> {
    const key = viewKey(view);
    const current = this.wanted.get(key);
    if (current !== undefined && current.version > face.version) {
      return Promise.resolve({ ok: false, reason: 'superseded' });
    }
    this.wanted.set(key, { ...face, seq: ++this.seq });
    return this.out.lanes.submit(view.chatId, {
      class: 'board',
      key: `board:${view.messageId}`, // as waitMs takes it
      counted: true,
      wanted: () => this.edit(key) !== undefined,
      call: () => this.deliver(view, key),
    });
  }

  /**
   * About how long an edit of `view` asked for now would wait for the chat's budget (0: it goes
   * at once), taking the place of one still waiting.
   */
  waitMs(view: ChatView): number {
    return this.out.lanes.waitEstimate(view.chatId, 'board', `board:${view.messageId}`);
  }

  /** Whether this process knows what a message shows (it sent it, or read it back). */
  knows(view: ChatView): boolean {
    return this.shown.has(viewKey(view));
  }

  /**
   * What a message we read back (a tapped board) shows, when we do not know it yet (after a
   * restart): so an identical board is not sent again.
   */
  assume(
    view: ChatView,
    shown: { imageKey?: string; caption?: string; keyboard?: InlineKeyboardMarkup },
  ): void {
    const key = viewKey(view);
    if (this.shown.has(key)) return;
    this.shown.set(key, {
      imageKey: shown.imageKey,
      caption: shown.caption,
      keyboard: shown.keyboard === undefined ? undefined : keyboardKey(shown.keyboard),
    });
  }

  /** Whether the message is known to show `version` (or newer) as asked. */
  isCurrent(view: ChatView, version: number): boolean {
    const key = viewKey(view);
    const want = this.wanted.get(key);
    return want !== undefined && want.version >= version && this.edit(key) === undefined;
  }

  /** Forgets a message (retired, or gone). */
  forget(view: ChatView): void {
    this.wanted.delete(viewKey(view));
    this.shown.delete(viewKey(view));
  }

  /** The call a message needs now, or undefined when it shows what it should. */
  private edit(key: string): 'media' | 'caption' | 'keyboard' | undefined {
    const want = this.wanted.get(key);
    if (want === undefined) return undefined;
    const shown = this.shown.get(key) ?? {};
    if (shown.imageKey !== want.imageKey) return 'media';
    if (shown.caption !== plainText(want.caption)) return 'caption';
    if (shown.keyboard !== keyboardKey(want.keyboard)) return 'keyboard';
    return undefined;
  }

  private async deliver(view: ChatView, key: string): Promise<'sent' | 'unchanged'> {
    const want = this.wanted.get(key);
    const edit = this.edit(key);
    if (want === undefined || edit === undefined) return 'unchanged';
    const chatId = Number(view.chatId);
    const messageId = Number(view.messageId);
    const api = this.out.raw;
    const inline = inlineMessageIdOf(view);
    try {
      if (inline !== undefined) await this.editInline(inline, want, edit);
      else if (edit === 'media') {
        const media = InputMediaBuilder.photo(new InputFile(await want.image(), 'board.png'), {
          caption: want.caption,
          parse_mode: 'HTML',
        });
        await api.editMessageMedia(chatId, messageId, media, { reply_markup: want.keyboard });
      } else if (edit === 'caption') {
        await api.editMessageCaption(chatId, messageId, {
          caption: want.caption,
          parse_mode: 'HTML',
          reply_markup: want.keyboard,
        });
      } else {
        await api.editMessageReplyMarkup(chatId, messageId, { reply_markup: want.keyboard });
      }
    } catch (error) {
      const kind = describeApiError(error);
      if (kind === 'message-gone') {
        this.forget(view);
        // Not awaited: the new board queues in this same lane, behind this delivery. An inline
        // message cannot be posted again: it is simply gone.
        if (inline === undefined) this.onGone(view);
        return 'unchanged';
      }
      if (kind !== 'not-modified') throw error; // the lane retries floods and network failures
    }
    // Only what was sent counts as shown: a newer face asked for meanwhile is still to come.
    this.shown.set(key, {
      imageKey: want.imageKey,
      caption: plainText(want.caption),
      keyboard: keyboardKey(want.keyboard),
    });
    return 'sent';
  }

  /**
   * The same edits on an inline message: by inline_message_id, the picture by URL (Telegram
   * cannot take an upload there), and Telegram answers `true` instead of the message.
   */
  private async editInline(
    inlineMessageId: string,
    want: Wanted,
    edit: 'media' | 'caption' | 'keyboard',
  ): Promise<void> {
    const api = this.out.raw;
    if (edit === 'media' && want.imageUrl !== undefined) {
      const media = InputMediaBuilder.photo(want.imageUrl, {
        caption: want.caption,
        parse_mode: 'HTML',
      });
      await api.editMessageMediaInline(inlineMessageId, media, { reply_markup: want.keyboard });
    } else if (edit !== 'keyboard') {
      // Without a picture URL the picture stays; the caption still says where the game is.
      await api.editMessageCaptionInline(inlineMessageId, {
        caption: want.caption,
        parse_mode: 'HTML',
        reply_markup: want.keyboard,
      });
    } else {
      await api.editMessageReplyMarkupInline(inlineMessageId, { reply_markup: want.keyboard });
    }
  }
}
