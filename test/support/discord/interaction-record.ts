import { InteractionResponseType, type APIInteraction, type APIUser } from 'discord.js';
// Monotonic time, not the global `performance` (vi.useFakeTimers replaces that one).
import { performance } from 'node:perf_hooks';
import { snapshot, type MessageStore, type StoredMessage } from './messages.js';
import type { Waiters } from './waiters.js';

/**
 * One interaction the fake sent: when and how the bot acknowledged it, and the messages it
 * answered with. Tests hold it as an InteractionHandle.
 */

/** A successful interaction callback. */
export interface Acknowledgement {
  /** The callback type: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 9 modal. */
  readonly type: InteractionResponseType;
  /** Milliseconds from the dispatch to the callback (Discord allows 3000). */
  readonly afterMs: number;
  /** Date.now() of the callback. */
  readonly at: number;
  /** The callback's `data` as sent. */
  readonly data?: Record<string, unknown>;
}

/** A callback Discord refused: late (10062) or a second one (40060). */
export interface RefusedCallback {
  readonly code: number;
  readonly afterMs: number;
}

/** What a test gets from `interact`, `command`, `press`, `choose`. */
export interface InteractionHandle {
  readonly id: string;
  readonly token: string;
  /** The INTERACTION_CREATE data as dispatched. */
  readonly payload: APIInteraction;
  readonly user: APIUser;
  /** The gateway sessions it was dispatched to. */
  readonly sessions: readonly number[];
  /** The acknowledgement, once made. */
  readonly ack: Acknowledgement | undefined;
  /** The acknowledgement deadline passed without one: the user saw "This interaction failed". */
  readonly expired: boolean;
  readonly refused: readonly RefusedCallback[];
  /**
   * The message @original stands for, as it is now: the reply (types 4, 5) or the component's
   * message (6, 7); undefined before the acknowledgement and after a modal.
   */
  readonly original: StoredMessage | undefined;
  /** Follow-up messages, in order (a follow-up that filled a deferred reply is the original). */
  readonly followups: readonly StoredMessage[];
  /** The modal shown (callback type 9). */
  readonly modal: Record<string, unknown> | undefined;
  /** Resolves on the acknowledgement; rejects once the deadline passes without one. */
  acknowledged(timeoutMs?: number): Promise<Acknowledgement>;
}

export interface RecordDeps {
  readonly messages: MessageStore;
  readonly waiters: Waiters;
  readonly ackTimeoutMs: number;
  readonly tokenTtlMs: number;
}

export const monotonicMs = (): number => performance.now();

export class InteractionRecord implements InteractionHandle {
  ack: Acknowledgement | undefined;
  readonly refused: RefusedCallback[] = [];
  /** The message @original points at, once acknowledged. */
  originalId: string | undefined;
  readonly followupIds: string[] = [];
  modal: Record<string, unknown> | undefined;
  readonly dispatchedAt = monotonicMs();

  constructor(
    readonly payload: APIInteraction,
    readonly sessions: readonly number[],
    private readonly deps: RecordDeps,
  ) {}

  get id(): string {
    return this.payload.id;
  }

  get token(): string {
    return this.payload.token;
  }

  get user(): APIUser {
    return (this.payload.member?.user ?? this.payload.user) as APIUser;
  }

  /** Milliseconds since the dispatch. */
  age(): number {
    return monotonicMs() - this.dispatchedAt;
  }

  get expired(): boolean {
    return this.ack === undefined && this.age() > this.deps.ackTimeoutMs;
  }

  /** The webhook token still works (15 minutes on Discord). */
  get tokenValid(): boolean {
    return this.age() <= this.deps.tokenTtlMs;
  }

  get original(): StoredMessage | undefined {
    const message =
      this.originalId === undefined ? undefined : this.deps.messages.get(this.originalId);
    return message === undefined ? undefined : snapshot(message);
  }

  get followups(): StoredMessage[] {
    return this.followupIds.flatMap((id) => {
      const message = this.deps.messages.get(id);
      return message === undefined ? [] : [snapshot(message)];
    });
  }

  acknowledged(timeoutMs = this.deps.ackTimeoutMs + 2000): Promise<Acknowledgement> {
    return this.deps.waiters.until(
      () => {
        if (this.ack !== undefined) return this.ack;
        if (this.expired) {
          throw new Error(
            `interaction ${this.id} was not acknowledged within ${this.deps.ackTimeoutMs} ms`,
          );
        }
        return undefined;
      },
      timeoutMs,
      () => `interaction ${this.id} acknowledgement`,
    );
  }

  /** Records the acknowledgement. */
  acknowledge(
    type: InteractionResponseType,
    data: Record<string, unknown> | undefined,
  ): Acknowledgement {
    this.ack = {
      type,
      afterMs: this.age(),
      at: Date.now(),
      ...(data !== undefined ? { data } : {}),
    };
    return this.ack;
  }

  /** Is the message one this interaction's webhook may touch (@original or a follow-up)? */
  owns(messageId: string): boolean {
    return messageId === this.originalId || this.followupIds.includes(messageId);
  }

  /** Was the original a deferred reply still loading (a follow-up then fills it)? */
  get deferredLoading(): boolean {
    if (this.ack?.type !== InteractionResponseType.DeferredChannelMessageWithSource) return false;
    const original =
      this.originalId === undefined ? undefined : this.deps.messages.get(this.originalId);
    return original?.loading === true && !original.deleted;
  }
}
