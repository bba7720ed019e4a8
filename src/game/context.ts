import type { Clock, GameStore } from './ports.js';
import type { Logger } from './logger.js';
import type { RecordUpdates } from './record-updates.js';
import type { GameEvent } from './results.js';

/** A day of the correspondence clock, in ms (tests shorten the clock's day, not this). */
export const DAY_MS = 86_400_000;

/** What the use cases of the game service share. */
export interface ServiceContext {
  readonly store: GameStore;
  /** The only way a use case writes a record. */
  readonly records: RecordUpdates;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Length of a "day" of the correspondence clock. */
  readonly dayMs: number;
  /** How long an unanswered challenge stays open. */
  readonly challengeTtlMs: number;
  /** Share of the time per move after which the one reminder is sent. */
  readonly reminderAt: number;
  readonly newId: () => string;
  readonly random: () => number;
  /** Hands events that happen outside a request (timers, bot moves) to the adapters. */
  publish(events: readonly GameEvent[]): Promise<void>;
}
