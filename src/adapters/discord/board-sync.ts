import type { ChatView } from '../../game/model.js';
import { viewKey } from '../../game/model.js';
import type { OutgoingMessage } from './channel-output.js';

interface Slot {
  /** The newest version shown (or being shown). */
  shown: number;
  running?: Promise<void>;
  next?: { version: number; build: () => Promise<OutgoingMessage> };
}

/**
 * "The newest board wins": each message gets at most one edit in flight; edits asked for
 * meanwhile collapse into the newest one, and a version older than what the message shows (a
 * late event, another process's slower delivery) is never sent. Discord's own rate limits are
 * left to discord.js's REST queue.
 */
export class BoardSync {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly edit: (view: ChatView, message: OutgoingMessage) => Promise<void>,
    private readonly onError: (view: ChatView, error: unknown) => void,
  ) {}

  /** Notes that a message already shows `version` (it was just posted with it). */
  assume(view: ChatView, version: number): void {
    const slot = this.slot(view);
    slot.shown = Math.max(slot.shown, version);
  }

  /** The version a message is known to show, if any. */
  shownVersion(view: ChatView): number | undefined {
    const shown = this.slots.get(viewKey(view))?.shown;
    return shown === undefined || shown < 0 ? undefined : shown;
  }

  forget(view: ChatView): void {
    this.slots.delete(viewKey(view));
  }

  /**
   * Makes the message show `version` (built only when it is its turn); resolves when it (or a
   * newer one) is shown or failed.
   */
  show(view: ChatView, version: number, build: () => Promise<OutgoingMessage>): Promise<void> {
    const slot = this.slot(view);
    if (version <= slot.shown || (slot.next !== undefined && version <= slot.next.version))
      return slot.running ?? Promise.resolve();
    slot.next = { version, build };
    slot.running ??= this.drain(view, slot);
    return slot.running;
  }

  private async drain(view: ChatView, slot: Slot): Promise<void> {
    try {
      while (slot.next !== undefined) {
        const { version, build } = slot.next;
        slot.next = undefined;
        if (version <= slot.shown) continue;
        try {
          await this.edit(view, await build());
          slot.shown = Math.max(slot.shown, version);
        } catch (error) {
          this.onError(view, error);
        }
      }
    } finally {
      slot.running = undefined;
    }
  }

  private slot(view: ChatView): Slot {
    const key = viewKey(view);
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = { shown: -1 };
      this.slots.set(key, slot);
      if (this.slots.size > 20_000) this.slots.delete(this.slots.keys().next().value!);
    }
    return slot;
  }
}
