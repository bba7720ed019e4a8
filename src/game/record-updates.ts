import type { Challenge, Game } from './model.js';
import { StoreError, type Clock, type GameStore } from './ports.js';
import { refusal, success, type GameEvent, type Refusal, type ServiceResult } from './results.js';

export interface Logger {
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  warn: (message, context) => console.warn(message, context ?? ''),
  error: (message, context) => console.error(message, context ?? ''),
};

/** A use case's change to one record: the next version and its events, or a refusal. */
export type Mutation<T> = { ok: true; next: T; events: GameEvent[] } | Refusal;

/** How many request keys a game remembers (a redelivered update comes within seconds). */
export const REQUEST_KEYS_KEPT = 16;

/** Attempts of a compare-and-set update whose caller did not name a version. */
export const CAS_ATTEMPTS = 5;

/**
 * Every change of the game service goes through here: load, change, compare-and-set on the
 * record's version, retried on a lost race; store failures become refusals with their code.
 */
export class RecordUpdates {
  constructor(
    private readonly store: GameStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Turns store failures into refusals with their code, so no use case ever throws. */
  async guard<T>(work: () => Promise<ServiceResult<T>>): Promise<ServiceResult<T>> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StoreError) {
        if (error.code === 'store-unavailable') {
          this.logger.error('store unavailable', { error: error.message });
          return refusal(
            'store-unavailable',
            'The game store is unavailable right now; please try again shortly.',
          );
        }
        this.logger.error('corrupt record', { recordId: error.recordId, error: error.message });
        return refusal('corrupt-record', 'This game’s record is damaged and cannot be loaded.');
      }
      throw error;
    }
  }

  /**
   * Changes a game. `seenPly`: the board the caller acted on (a move since makes it stale).
   * `requestKey`: a request that already changed the game (its key is in the record) succeeds
   * again with the record as it is and no events, instead of being applied twice.
   */
  game(
    id: string,
    change: (game: Game) => Mutation<Game>,
    options: { seenPly?: number; requestKey?: string } = {},
  ): Promise<ServiceResult<Game>> {
    const { seenPly, requestKey } = options;
    const stale = seenPly === undefined ? undefined : (game: Game) => game.moves.length !== seenPly;
    const keyed =
      requestKey === undefined
        ? change
        : (game: Game): Mutation<Game> => {
            const mutation = change(game);
            if (!mutation.ok) return mutation;
            const keys = [...(mutation.next.requestKeys ?? []), requestKey].slice(
              -REQUEST_KEYS_KEPT,
            );
            return { ...mutation, next: { ...mutation.next, requestKeys: keys } };
          };
    const done =
      requestKey === undefined
        ? undefined
        : (game: Game) => game.requestKeys?.includes(requestKey) === true;
    return this.update(id, keyed, stale, {
      load: (key) => this.store.getGame(key),
      save: (next, expected) => this.store.saveGame(next, expected),
      missing: 'No such game.',
      done,
    });
  }

  challenge(
    id: string,
    change: (challenge: Challenge) => Mutation<Challenge>,
  ): Promise<ServiceResult<Challenge>> {
    return this.update(
      id,
      (challenge) => {
        const mutation = change(challenge);
        if (!mutation.ok) return mutation;
        return {
          ...mutation,
          next: { ...mutation.next, version: challenge.version + 1, updatedAt: this.clock.now() },
        };
      },
      undefined,
      {
        load: (key) => this.store.getChallenge(key),
        save: (next, expected) => this.store.saveChallenge(next, expected),
        missing: 'No such challenge.',
      },
    );
  }

  /**
   * Load, change, compare-and-set, retried on a lost race. `isStale` says whether the record has
   * moved on from what the caller saw; it is checked again on every attempt, so of two taps on
   * the same board one applies and the other is reported stale.
   */
  private update<T extends { version: number }>(
    id: string,
    change: (record: T) => Mutation<T>,
    isStale: ((record: T) => boolean) | undefined,
    io: {
      load(id: string): Promise<T | undefined>;
      save(next: T, expected: number): Promise<boolean>;
      missing: string;
      /** The request was applied before: succeed with the record as it is. */
      done?: (record: T) => boolean;
    },
  ): Promise<ServiceResult<T>> {
    return this.guard(async () => {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const record = await io.load(id);
        if (record === undefined) return refusal('not-found', io.missing);
        if (io.done?.(record) === true) return success(record, []);
        if (isStale?.(record) === true) {
          return refusal('stale-version', 'The board has changed since you saw it.', {
            current: record,
          });
        }
        const mutation = change(record);
        if (!mutation.ok) return mutation;
        const next =
          mutation.next.version === record.version
            ? { ...mutation.next, version: record.version + 1 }
            : mutation.next;
        if (await io.save(next, record.version)) return success(next, mutation.events);
      }
      return refusal('busy', 'Too many changes at once; please try again.');
    });
  }
}
