/**
 * The Discord load benchmark's view of the fake: it follows every recorded REST call to tell
 * the simulated players when their interaction was answered and when a channel's game message
 * shows a move, and counts what it sees into the current step's StepStats.
 */
import { InteractionResponseType } from 'discord.js';
import type {
  FakeDiscord,
  InteractionHandle,
  RecordedCall,
} from '../test/support/discord/fake-discord.js';
import { StepStats, type CallKind } from './discord-load-step.js';

/** How long a player waits for an answer, or for the game message, before giving up the ply. */
export interface WatchTimeouts {
  readonly answerMs: number;
  readonly gameMessageMs: number;
}

/**
 * What a player waits for: `answer` — the reply or update they see (the acknowledgement when it
 * carries it, else the edit of the deferred reply); `ack` — only the acknowledgement.
 */
export type WaitFor = 'answer' | 'ack';

interface Sent {
  readonly at: number;
  readonly waitFor: WaitFor;
  readonly handle: InteractionHandle;
  readonly settle: (ok: boolean) => void;
}

/** A channel's live game message as the last successful post or edit of it showed it. */
export interface ShownGame {
  readonly messageId: string;
  readonly gameId: string;
  /** Moves played, from the embed's footer (`#id · n`). */
  readonly ply: number;
  /** It has no buttons left: the game is over. */
  readonly over: boolean;
}

interface ChannelWatch {
  shown?: ShownGame;
  posted?: (shown: ShownGame) => void;
  waiting?: { ply: number; since: number; settle: (ok: boolean) => void };
}

const ANSWERING = new Set<number>([
  InteractionResponseType.ChannelMessageWithSource,
  InteractionResponseType.UpdateMessage,
]);

export class InteractionWatch {
  /** Where events are counted now: a measured step, or the set-up's stats between steps. */
  stats: StepStats;
  private readonly byId = new Map<string, Sent>();
  private readonly byToken = new Map<string, Sent>();
  private readonly channels = new Map<string, ChannelWatch>();

  constructor(
    private readonly fake: FakeDiscord,
    private readonly timeouts: WatchTimeouts,
    stats: StepStats,
  ) {
    this.stats = stats;
    fake.onCall((call) => this.seen(call));
  }

  /**
   * Sends an interaction (`dispatch` calls the fake) and resolves with its handle once it is
   * answered (or acknowledged), or undefined when that does not happen in time or the
   * interaction could not be sent (a button that is not there).
   */
  send(
    dispatch: () => InteractionHandle,
    waitFor: WaitFor,
  ): Promise<InteractionHandle | undefined> {
    const at = Date.now();
    let handle: InteractionHandle;
    try {
      handle = dispatch();
    } catch {
      return Promise.resolve(undefined);
    }
    const stats = this.stats;
    stats.offered++;
    return new Promise((resolve) => {
      let done = false;
      const settle = (ok: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.byId.delete(handle.id);
        this.byToken.delete(handle.token);
        resolve(ok ? handle : undefined);
      };
      const sent: Sent = { at, waitFor, handle, settle };
      this.byId.set(handle.id, sent);
      this.byToken.set(handle.token, sent);
      const timer = setTimeout(() => settle(false), this.timeouts.answerMs);
      // Discord's deadline: no acknowledgement by then is a failed interaction.
      setTimeout(() => {
        if (handle.ack !== undefined) return;
        this.stats.missed++;
        settle(false);
      }, this.fake.ackTimeoutMs + 250);
    });
  }

  /** The channel's game message as last shown, if one was posted. */
  shown(channelId: string): ShownGame | undefined {
    return this.channels.get(channelId)?.shown;
  }

  /** Resolves when a game message is posted in the channel (undefined after the timeout). */
  gamePosted(channelId: string): Promise<ShownGame | undefined> {
    const channel = this.channel(channelId);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), this.timeouts.gameMessageMs);
      channel.posted = (shown) => {
        clearTimeout(timer);
        resolve(shown);
      };
    });
  }

  /**
   * Starts the clock of a move: resolves true once the channel's game message shows `ply` moves
   * (recording the time since this call), false after the timeout.
   */
  expectPly(channelId: string, ply: number): Promise<boolean> {
    const channel = this.channel(channelId);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(false), this.timeouts.gameMessageMs);
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        if (channel.waiting?.settle === settle) channel.waiting = undefined;
        resolve(ok);
      };
      channel.waiting = { ply, since: Date.now(), settle };
    });
  }

  private channel(channelId: string): ChannelWatch {
    let channel = this.channels.get(channelId);
    if (channel === undefined) {
      channel = {};
      this.channels.set(channelId, channel);
    }
    return channel;
  }

  private seen(call: RecordedCall): void {
    const { stats } = this;
    const kind = callKind(call);
    stats.call(kind);
    if (call.rateLimited === true) stats.rateLimited++;
    const ok = call.status >= 200 && call.status < 300;
    const parts = call.path.split('/');
    switch (kind) {
      case 'callback': {
        const sent = this.byId.get(parts[2] ?? '');
        if (!ok) {
          stats.refused++;
          return;
        }
        const ack = sent?.handle.ack ?? this.fake.interaction(parts[2] ?? '')?.ack;
        if (ack !== undefined) {
          stats.acknowledged++;
          stats.add('ack', ack.afterMs);
        }
        if (sent === undefined) return;
        const type = (call.body as { type?: number } | undefined)?.type ?? -1;
        if (sent.waitFor === 'ack') sent.settle(true);
        else if (ANSWERING.has(type)) {
          stats.add('answer', call.at - sent.at);
          sent.settle(true);
        }
        return;
      }
      case 'webhook': {
        // The edit of a deferred reply (@original) is the answer the player was waiting for.
        const sent = this.byToken.get(parts[3] ?? '');
        if (ok && sent?.waitFor === 'answer' && call.method === 'PATCH') {
          stats.add('answer', call.at - sent.at);
          sent.settle(true);
        }
        return;
      }
      case 'post':
      case 'edit': {
        if (!ok) return;
        const channelId = parts[2] ?? '';
        const channel = this.channels.get(channelId);
        if (channel === undefined) return;
        const footer = footerOf(call.body);
        if (footer === undefined) return;
        const messageId = kind === 'post' ? (call.response as { id: string }).id : (parts[4] ?? '');
        // An edit of a message that is no longer the live one (a retired board) is not news.
        if (kind === 'edit' && channel.shown?.messageId !== messageId) return;
        const components = (call.body as { components?: unknown[] }).components;
        const shown: ShownGame = {
          messageId,
          gameId: footer.gameId,
          ply: Math.max(footer.ply, channel.shown?.ply ?? 0),
          over: Array.isArray(components) && components.length === 0,
        };
        channel.shown = shown;
        if (kind === 'post') {
          channel.posted?.(shown);
          channel.posted = undefined;
        }
        const waiting = channel.waiting;
        if (waiting !== undefined && footer.ply >= waiting.ply) {
          stats.add('game', call.at - waiting.since);
          waiting.settle(true);
        }
        return;
      }
      case 'delete':
      case 'other':
        return;
    }
  }
}

function callKind(call: RecordedCall): CallKind {
  if (call.route.startsWith('/interactions/')) return 'callback';
  if (call.route.startsWith('/webhooks/')) return 'webhook';
  if (call.route === '/channels/:channel_id/messages/:message_id') {
    if (call.method === 'PATCH') return 'edit';
    if (call.method === 'DELETE') return 'delete';
  }
  if (call.route === '/channels/:channel_id/messages' && call.method === 'POST') return 'post';
  return 'other';
}

/** The game id and move count a game message's embed footer shows (`#id · n`). */
function footerOf(body: unknown): { gameId: string; ply: number } | undefined {
  const embeds = (body as { embeds?: { footer?: { text?: string } }[] } | undefined)?.embeds;
  const text = embeds?.[0]?.footer?.text;
  const match = text === undefined ? null : /^#(\S+) · (\d+)$/.exec(text);
  return match === null ? undefined : { gameId: match[1]!, ply: Number(match[2]) };
}
