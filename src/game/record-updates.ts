import type { Logger } from './logger.js';
import type { Challenge, Game } from './model.js';
import { StoreError, type Clock, type GameStore } from './ports.js';
import {
  refusal,
  repeated,
  success,
  type GameEvent,
  type Refusal,
  type ServiceResult,
} from './results.js';

/**
 * A use case's change to one record: the next record and what happened, or a refusal. The
 * change never sets `version` or `updatedAt`, and its events need not carry the saved record:
 * RecordUpdates stamps the one and attaches the other.
 */
export type Mutation<T> =
  | {
      ok: true;
      next: T;
      events: GameEvent[];
      /**
       * False for a change of presentation only (a chat message now shows the record): the
       * version moves on, as for every write, but updatedAt keeps dating the last real change
       * (it orders a player's games and decides when a finished record is purged).
       */
      touch?: boolean;
    }
  | Refusal;

/** The fields only RecordUpdates writes. */
type Stamped = 'version' | 'createdAt' | 'updatedAt';

/** A new record as a use case builds it; RecordUpdates stamps version 1 and the times. */
export type Draft<T> = Omit<T, Stamped>;

/** How many request keys a record remembers (a redelivered update comes within seconds). */
export const REQUEST_KEYS_KEPT = 16;

/** A record that remembers the requests that changed it (games and challenges). */
interface Keyed {
  readonly requestKeys?: readonly string[];
}

/** `next` remembering one more request (the last REQUEST_KEYS_KEPT). */
function withRequestKey<T extends Keyed>(next: T, requestKey: string | undefined): T {
  if (requestKey === undefined || changedBy(next, requestKey)) return next;
  const requestKeys = [...(next.requestKeys ?? []), requestKey].slice(-REQUEST_KEYS_KEPT);
  return { ...next, requestKeys };
}

/** Whether a record was changed by this request before. */
function changedBy(record: Keyed, requestKey: string | undefined): boolean {
  return requestKey !== undefined && record.requestKeys?.includes(requestKey) === true;
}

/**
 * How a new record is made: `attempts` builds (each with a new id and invite code, unless its id
 * is given), and whether its id names the request that makes it (`once`: derived from the
 * request's key, or given by the caller): then a record already stored under it is that
 * request's, made by an earlier delivery, and is returned as `repeated`.
 */
export interface CreateOptions {
  readonly attempts?: number;
  readonly once?: boolean;
}

/** Attempts of a compare-and-set update whose caller did not name a version. */
const CAS_ATTEMPTS = 5;

/**
 * What happens around the save that ends a game: `before` notes the end is to be accounted for
 * (durably, so a crash after the save leaves a to-do), `after` accounts for it (ratings, the
 * tournament) and returns the events that causes. Neither may throw.
 */
export interface FinishingHooks {
  before(gameId: string): Promise<void>;
  after(game: Game): Promise<GameEvent[]>;
}

/** A challenge accepted: the challenge as it becomes, and the game it starts (to be stamped). */
export type Acceptance = { ok: true; next: Challenge; game: Draft<Game> } | Refusal;

/**
 * Every change of the game service goes through here: load, change, compare-and-set on the
 * record's version, retried on a lost race; store failures become refusals with their code.
 * This is the one place that sets `version`, `createdAt` and `updatedAt`, and that reads the
 * clock for a change: every use case gets `now` from it.
 */
export class RecordUpdates {
  private finishing: FinishingHooks | undefined;
  /** Told of every game a save ended, after the save (best effort: failures are logged). */
  private readonly finishedListeners: ((game: Game) => Promise<void>)[] = [];

  constructor(
    private readonly store: GameStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Sets what runs around every save that ends a game (see FinishingHooks). */
  whenGamesFinish(hooks: FinishingHooks): void {
    this.finishing = hooks;
  }

  /** Adds a listener told of every game a save ends, after the save and its hooks. */
  onGameFinished(listener: (game: Game) => Promise<void>): void {
    this.finishedListeners.push(listener);
  }

  /** Turns store failures into refusals with their code, so no use case ever throws. */
  async guard<T>(work: () => Promise<ServiceResult<T>>): Promise<ServiceResult<T>> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StoreError) {
        if (error.code === 'store-unavailable') {
          this.logger.error('store unavailable', { err: error });
          return refusal(
            'store-unavailable',
            'The game store is unavailable right now; please try again shortly.',
          );
        }
        this.logger.error('corrupt record', { recordId: error.recordId, err: error });
        return refusal('corrupt-record', 'This game’s record is damaged and cannot be loaded.');
      }
      throw error;
    }
  }

  /** Stores a new game built at `now`; its id must be new (see CreateOptions for `once`). */
  createGame(
    build: (now: number) => Draft<Game>,
    options: CreateOptions = {},
  ): Promise<ServiceResult<Game>> {
    return this.create(build, options, {
      insert: (game) => this.store.createGame(game),
      load: (id) => this.store.getGame(id),
    });
  }

  /**
   * Stores a new challenge built at `now`. Its id and invite code must be new: on a clash it is
   * built again (a new code, and a new id unless it is given) up to `attempts` times.
   */
  createChallenge(
    build: (now: number) => Draft<Challenge>,
    options: CreateOptions = {},
  ): Promise<ServiceResult<Challenge>> {
    return this.create(build, options, {
      insert: (challenge) => this.store.createChallenge(challenge),
      load: (id) => this.store.getChallenge(id),
    });
  }

  /**
   * Accepting a challenge: the challenge's compare-and-set and the game it starts, in one store
   * call, retried on a lost race. `requestKey`: the request that accepts it; the same request
   * again (it started the game) gets that game back as `repeated`.
   */
  acceptChallenge(
    id: string,
    accept: (challenge: Challenge, now: number) => Acceptance,
    requestKey?: string,
  ): Promise<ServiceResult<{ challenge: Challenge; game: Game }>> {
    return this.guard(async () => {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const challenge = await this.store.getChallenge(id);
        if (challenge === undefined)
          return refusal('challenge-not-found', 'This challenge no longer exists.');
        if (changedBy(challenge, requestKey) && challenge.gameId !== undefined) {
          const game = await this.store.getGame(challenge.gameId);
          if (game !== undefined) return repeated({ challenge, game });
        }
        const now = this.clock.now();
        const acceptance = accept(challenge, now);
        if (!acceptance.ok) return acceptance;
        const accepted = stampChange(challenge, withRequestKey(acceptance.next, requestKey), now);
        const game = stampNew(acceptance.game, now);
        if (await this.store.startGame(accepted, challenge.version, game)) {
          return success({ challenge: accepted, game });
        }
      }
      return refusal('busy', 'Too many changes at once; please try again.');
    });
  }

  /**
   * Changes a game. `seenPly`: the number of moves on the board the player acted on (a game
   * that has had a move since is refused as stale). `requestKey`: the request (a chat update)
   * that asks for the change; a request that already changed the game (its key is in the
   * record) succeeds again with the record as it is and no events, instead of applying twice.
   */
  async game(
    id: string,
    change: (game: Game, now: number) => Mutation<Game>,
    options: { seenPly?: number; requestKey?: string } = {},
  ): Promise<ServiceResult<Game>> {
    const hooks = this.finishing;
    // Whether the change being saved ends the game (set by each attempt's change).
    let ends = false as boolean;
    const result = await this.changeGame(
      id,
      (game, now) => {
        const mutation = change(game, now);
        ends = mutation.ok && game.status === 'active' && mutation.next.status === 'finished';
        return mutation;
      },
      options,
      async (next, expected) => {
        if (ends && next.status === 'finished') await hooks?.before(next.id);
        return this.store.saveGame(next, expected);
      },
    );
    if (!result.ok || !ends || result.value.status !== 'finished') return result;
    for (const listener of this.finishedListeners) {
      try {
        await listener(result.value);
      } catch (error) {
        this.logger.warn('a finished-game listener failed', { gameId: id, err: error });
      }
    }
    if (hooks === undefined) return result;
    return success(result.value, [...result.events, ...(await hooks.after(result.value))]);
  }

  private changeGame(
    id: string,
    change: (game: Game, now: number) => Mutation<Game>,
    options: { seenPly?: number; requestKey?: string },
    save: (next: Game, expected: number) => Promise<boolean>,
  ): Promise<ServiceResult<Game>> {
    const { seenPly, requestKey } = options;
    const stale = seenPly === undefined ? undefined : (game: Game) => game.moves.length !== seenPly;
    return this.update(id, keyedChange(change, requestKey), stale, {
      load: (key) => this.store.getGame(key),
      save,
      attach: (event, game) => ('game' in event ? { ...event, game } : event),
      missing: 'No such game.',
      requestKey,
    });
  }

  /**
   * Changes a challenge; `requestKey` as for a game: the same request again succeeds with the
   * record as it is, `repeated`.
   */
  challenge(
    id: string,
    change: (challenge: Challenge, now: number) => Mutation<Challenge>,
    requestKey?: string,
  ): Promise<ServiceResult<Challenge>> {
    return this.update(id, keyedChange(change, requestKey), undefined, {
      load: (key) => this.store.getChallenge(key),
      save: (next, expected) => this.store.saveChallenge(next, expected),
      attach: (event, challenge) => ('challenge' in event ? { ...event, challenge } : event),
      missing: 'No such challenge.',
      missingCode: 'challenge-not-found',
      requestKey,
    });
  }

  private create<T extends { id: string }>(
    build: (now: number) => Draft<T>,
    options: CreateOptions,
    io: { insert(record: T): Promise<boolean>; load(id: string): Promise<T | undefined> },
  ): Promise<ServiceResult<T>> {
    return this.guard(async () => {
      for (let attempt = 0; attempt < (options.attempts ?? 1); attempt++) {
        const now = this.clock.now();
        const record = stampNew(build(now), now);
        if (await io.insert(record)) return success(record);
        if (options.once !== true) continue;
        // Its id is taken: by the record this request made before, or (a challenge) its code.
        const made = await io.load(record.id);
        if (made !== undefined) return repeated(made);
      }
      return refusal('busy', 'Please try again.');
    });
  }

  /**
   * Load, change, compare-and-set, retried on a lost race. `isStale` says whether the record has
   * moved on from what the caller saw; it is checked again on every attempt, so of two taps on
   * the same board one applies and the other is reported stale.
   */
  private update<T extends Keyed & { version: number; updatedAt: number }>(
    id: string,
    change: (record: T, now: number) => Mutation<T>,
    isStale: ((record: T) => boolean) | undefined,
    io: {
      load(id: string): Promise<T | undefined>;
      save(next: T, expected: number): Promise<boolean>;
      /** The event with the saved record in it: every event carries the record as it now is. */
      attach(event: GameEvent, saved: T): GameEvent;
      missing: string;
      /** The refusal code for a missing record; 'not-found' by default. */
      missingCode?: 'not-found' | 'challenge-not-found';
      /** The request asking: if it changed the record before, succeed with the record as it is. */
      requestKey?: string;
    },
  ): Promise<ServiceResult<T>> {
    return this.guard(async () => {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const record = await io.load(id);
        if (record === undefined) return refusal(io.missingCode ?? 'not-found', io.missing);
        if (changedBy(record, io.requestKey)) return repeated(record);
        if (isStale?.(record) === true) {
          return refusal('stale-version', 'The board has changed since you saw it.');
        }
        const now = this.clock.now();
        const mutation = change(record, now);
        if (!mutation.ok) return mutation;
        const next = stampChange(record, mutation.next, mutation.touch === false ? undefined : now);
        if (await io.save(next, record.version)) {
          return success(
            next,
            mutation.events.map((event) => io.attach(event, next)),
          );
        }
      }
      return refusal('busy', 'Too many changes at once; please try again.');
    });
  }
}

/** The change, remembering the request that made it (if one is named). */
function keyedChange<T extends Keyed>(
  change: (record: T, now: number) => Mutation<T>,
  requestKey: string | undefined,
): (record: T, now: number) => Mutation<T> {
  if (requestKey === undefined) return change;
  return (record, now) => {
    const mutation = change(record, now);
    return mutation.ok
      ? { ...mutation, next: withRequestKey(mutation.next, requestKey) }
      : mutation;
  };
}

/** A new record: version 1, created and updated now. */
function stampNew<T>(draft: Draft<T>, now: number): T {
  return { ...draft, version: 1, createdAt: now, updatedAt: now } as T;
}

/** The next version of a stored record, updated at `now` (or, for presentation only, not). */
function stampChange<T extends { version: number; updatedAt: number }>(
  stored: T,
  next: T,
  now: number | undefined,
): T {
  return { ...next, version: stored.version + 1, updatedAt: now ?? stored.updatedAt };
}
