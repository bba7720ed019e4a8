import type { BackgroundTasks } from '../tasks/background-tasks.js';
import type { Game } from '../../game/model.js';
import type { GameEvent, ServiceResult } from '../../game/results.js';
import { gamesChangedBy } from './presented-games.js';
import type { Logger } from '../../game/service.js';
import type { KeyValueStore } from '../../game/ports.js';

/** Where an adapter keeps its pending records (its key-value state). */
export interface PendingStore {
  markPending(gameId: string): Promise<void>;
  clearPending(gameId: string): Promise<void>;
  pendingGames(): Promise<string[]>;
  /** A chat that still needs a new board message of a pending game (a game start, /board). */
  addPendingPost(gameId: string, chatId: string): Promise<void>;
  removePendingPost(gameId: string, chatId: string): Promise<void>;
  pendingPosts(gameId: string): Promise<string[]>;
  /**
   * Takes the lease of a pending post for `ttlMs` — whatever holds it (`force`: the process that
   * posts it now), or only when nobody does (a sweep); whether this call holds it now.
   */
  leasePost(gameId: string, chatId: string, ttlMs: number, force: boolean): Promise<boolean>;
}

/**
 * How long a process posting a board keeps other processes' sweeps from posting it too: longer
 * than a post may wait in its chat's lane (a flood wait included). A process that died first
 * leaves its posts to the sweeps this long after.
 */
export const POST_LEASE_MS = 120_000;

/**
 * PendingStore.leasePost on a key-value store, under `key` (the adapters' own key of the post):
 * set for `ttlMs` whatever holds it (`force`), or only when nothing does.
 */
export async function leaseKey(
  kv: KeyValueStore,
  key: string,
  ttlMs: number,
  force: boolean,
): Promise<boolean> {
  if (!force) return kv.setIfAbsent(key, '1', ttlMs);
  await kv.set(key, '1', ttlMs);
  return true;
}

/** Where a platform's pending records are kept in a key-value store. */
export interface PendingKeys {
  /** The set of pending games. */
  readonly games: string;
  /** Before a game id: the set of chats still to get a board message of it. */
  readonly posts: string;
  /** Before `<game id>:<chat id>`: the lease of a board message's post. */
  readonly posting: string;
}

/** PendingStore on a key-value store, under a platform's keys. */
export class KeyValuePendingStore implements PendingStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly keys: PendingKeys,
  ) {}

  markPending(gameId: string): Promise<void> {
    return this.kv.addToSet(this.keys.games, gameId);
  }

  clearPending(gameId: string): Promise<void> {
    return this.kv.removeFromSet(this.keys.games, gameId);
  }

  pendingGames(): Promise<string[]> {
    return this.kv.setMembers(this.keys.games);
  }

  addPendingPost(gameId: string, chatId: string): Promise<void> {
    return this.kv.addToSet(`${this.keys.posts}${gameId}`, chatId);
  }

  removePendingPost(gameId: string, chatId: string): Promise<void> {
    return this.kv.removeFromSet(`${this.keys.posts}${gameId}`, chatId);
  }

  pendingPosts(gameId: string): Promise<string[]> {
    return this.kv.setMembers(`${this.keys.posts}${gameId}`);
  }

  leasePost(gameId: string, chatId: string, ttlMs: number, force: boolean): Promise<boolean> {
    return leaseKey(this.kv, `${this.keys.posting}${gameId}:${chatId}`, ttlMs, force);
  }
}

/** What the hand-off asks of the adapter's presenter. */
export interface PendingPresenter {
  /** The newest record known of a game. */
  latest(gameId: string): Game | undefined;
  /** Remembers a record read from the store; returns the newest known. */
  note(game: Game): Game;
  /** Whether every board message of `game` shows `version` (or can never show it). */
  shows(game: Game, version: number): boolean;
  /** Whether a game must stay pending anyway (e.g. until the bot's move is shown). */
  holds?(game: Game): boolean;
  /** The chats that already show the game. */
  chatsShowing(game: Game): Set<string>;
  /** Posts a new board message of the game in a chat. */
  post(game: Game, chatId: string): Promise<unknown>;
  /** Brings every board message of the game up to date (queued through `track`). */
  updateBoards(game: Game): Promise<void> | void;
  getGame(gameId: string): Promise<ServiceResult<Game>>;
}

/**
 * The durable hand-off of a game's presentation, the same in every chat adapter. Before the
 * board messages of a change are queued, the game is recorded as pending in the store (with the
 * chats that still need a new board message); each delivery is counted, and once the last one
 * is done and every board shows the change, the record is cleared. A process that dies in
 * between (or a relayed batch acknowledged before its edits) leaves the record for the next
 * sweep (`recover`).
 */
export class PendingPresentations {
  /** Per game: the version the record waits for, and deliveries still on their way. */
  private readonly pending = new Map<string, { version: number; open: number; posts: boolean }>();
  private recovering: Promise<number> | undefined;

  constructor(
    private readonly deps: {
      readonly store: PendingStore;
      readonly logger: Logger;
      readonly tasks: BackgroundTasks;
      /** Names the adapter in log lines. */
      readonly platform: string;
      /** POST_LEASE_MS unless given. */
      readonly postLeaseMs?: number;
    },
    private readonly presenter: PendingPresenter,
  ) {}

  /**
   * Presents a batch of events with the hand-off around it: the games whose boards it changes
   * (those `shownHere` keeps) are marked pending first, each event is presented (a failure is
   * logged, the rest go on), and the marks are settled once their deliveries are queued.
   */
  async presentAll(
    events: readonly GameEvent[],
    shownHere: (game: Game) => boolean,
    present: (event: GameEvent) => Promise<void>,
  ): Promise<void> {
    for (const event of events) if ('game' in event) this.presenter.note(event.game);
    const touched = gamesChangedBy(events)
      .filter(shownHere)
      .map((game) => game.id);
    for (const id of touched) await this.mark(id, this.presenter.latest(id)!.version);
    for (const event of events) {
      try {
        await present(event);
      } catch (error) {
        this.deps.logger.error(`${this.deps.platform}: could not show an event`, {
          type: event.type,
          err: error,
        });
      }
    }
    for (const id of touched) this.settle(id);
  }

  private get postLeaseMs(): number {
    return this.deps.postLeaseMs ?? POST_LEASE_MS;
  }

  /** Whether this process is still delivering a game's presentation. */
  busy(gameId: string): boolean {
    return (this.pending.get(gameId)?.open ?? 0) > 0;
  }

  /**
   * Records a game as pending (and `postIn`, a chat that needs a new board message, whose post
   * this process takes on). `force` false: only if nobody else is posting it (a game's start,
   * which two deliveries of one request may show at once) — whether this call took it on; the
   * post then stays with whoever holds it (and the sweep, should they die first).
   */
  async mark(gameId: string, version: number, postIn?: string, force = true): Promise<boolean> {
    const entry = this.pending.get(gameId) ?? { version: 0, open: 0, posts: false };
    entry.version = Math.max(entry.version, version);
    if (postIn !== undefined) entry.posts = true;
    this.pending.set(gameId, entry);
    try {
      await this.deps.store.markPending(gameId);
      if (postIn === undefined) return true;
      const mine = await this.deps.store.leasePost(gameId, postIn, this.postLeaseMs, force);
      await this.deps.store.addPendingPost(gameId, postIn);
      return mine;
    } catch (error) {
      this.deps.logger.warn(`${this.deps.platform}: could not record a pending board`, {
        gameId,
        err: error,
      });
      return true;
    }
  }

  /** Counts a delivery of a game's presentation; when the last one is done, settles. */
  track(gameId: string, delivery: Promise<unknown>): void {
    const entry = this.pending.get(gameId);
    if (entry !== undefined) entry.open++;
    this.deps.tasks.track(
      delivery.finally(() => {
        if (entry !== undefined) entry.open--;
        this.settle(gameId);
      }),
    );
  }

  /** Clears the record once every board of the game shows what it should. */
  settle(gameId: string): void {
    const entry = this.pending.get(gameId);
    const game = this.presenter.latest(gameId);
    if (entry === undefined || entry.open > 0 || game === undefined) return;
    if (this.presenter.holds?.(game) === true || !this.presenter.shows(game, entry.version)) return;
    const version = entry.version;
    this.deps.tasks.track(
      (async () => {
        // A board message still to post keeps the game pending (for the recovery sweep).
        if (entry.posts && (await this.deps.store.pendingPosts(gameId)).length > 0) return;
        // A newer change marked meanwhile keeps its own record: never clear it.
        if (this.pending.get(gameId) !== entry || entry.version !== version || entry.open > 0)
          return;
        this.pending.delete(gameId);
        await this.deps.store.clearPending(gameId);
      })(),
    );
  }

  /**
   * Brings the boards of every pending game up to date, and posts those still to post: after a
   * restart (a process that died first) and now and then (deliveries that failed). A post whose
   * lease another process holds is left to it. One sweep at a time: a slow one is not joined by
   * the next.
   */
  recover(): Promise<number> {
    this.recovering ??= this.sweep().finally(() => (this.recovering = undefined));
    return this.recovering;
  }

  private async sweep(): Promise<number> {
    const { store } = this.deps;
    const { presenter } = this;
    let recovered = 0;
    for (const gameId of await store.pendingGames()) {
      if (this.busy(gameId)) continue; // this process is on it
      const loaded = await presenter.getGame(gameId);
      if (!loaded.ok) {
        if (loaded.code === 'not-found') await store.clearPending(gameId);
        continue;
      }
      const game = presenter.note(loaded.value);
      await this.mark(gameId, game.version);
      const shown = presenter.chatsShowing(game);
      for (const chatId of await store.pendingPosts(gameId)) {
        if (shown.has(chatId)) await store.removePendingPost(gameId, chatId);
        else if (await store.leasePost(gameId, chatId, this.postLeaseMs, false)) {
          await this.mark(gameId, game.version, chatId);
          this.track(gameId, presenter.post(game, chatId));
        } else {
          // Another process is posting it now (it holds the lease): not a second board, and
          // the game stays pending in case that process dies before it is posted.
          const entry = this.pending.get(gameId);
          if (entry !== undefined) entry.posts = true;
        }
      }
      await presenter.updateBoards(game);
      this.settle(gameId);
      recovered++;
    }
    return recovered;
  }
}
