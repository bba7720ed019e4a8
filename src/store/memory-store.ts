import type { Challenge, ChatView, Game, PlayerId } from '../game/model.js';
import { CLOSED_CHALLENGE_STATUSES, gamePlayers, playerKey, viewKey } from '../game/model.js';
import type { GameStore } from '../game/ports.js';
import { decodeChallenge, decodeGame, encodeChallenge, encodeGame } from './codec.js';
import { MemoryRecords } from './memory-records.js';

/**
 * The embedded default store: everything in process memory, lost on exit. Records are kept
 * encoded, exactly as in Redis, so callers never share objects with the store and the codec is
 * exercised the same way.
 */
export class MemoryGameStore implements GameStore {
  private readonly games = new MemoryRecords(encodeGame, decodeGame, (game) =>
    this.indexGame(game),
  );
  private readonly challenges = new MemoryRecords(encodeChallenge, decodeChallenge, (challenge) =>
    this.indexChallenge(challenge),
  );
  private readonly active = new Map<string, Set<string>>();
  /** Player key → the ids of the open challenges they made. */
  private readonly openChallenges = new Map<string, Set<string>>();
  private readonly views = new Map<string, { kind: 'game' | 'challenge'; id: string }>();
  /** Invite code → challenge id, until the challenge is purged. */
  private readonly codes = new Map<string, string>();

  /** For tests: puts raw text where a game record lives, as a corrupted database would. */
  putRawGame(id: string, text: string): void {
    this.games.putRaw(id, text);
  }

  async createChallenge(challenge: Challenge): Promise<boolean> {
    if (this.challenges.has(challenge.id)) return false;
    const code = challenge.inviteCode;
    if (code !== undefined && this.codes.has(code)) return false;
    this.challenges.write(challenge);
    if (code !== undefined) this.codes.set(code, challenge.id);
    return true;
  }

  async findChallengeByCode(code: string): Promise<string | undefined> {
    return this.codes.get(code);
  }

  async getChallenge(id: string): Promise<Challenge | undefined> {
    return this.challenges.get(id);
  }

  async saveChallenge(next: Challenge, expectedVersion: number): Promise<boolean> {
    return this.challenges.save(next, expectedVersion);
  }

  async openChallengeIds(challenger: PlayerId): Promise<string[]> {
    return [...(this.openChallenges.get(playerKey(challenger)) ?? [])];
  }

  async startGame(next: Challenge, expectedVersion: number, game: Game): Promise<boolean> {
    if (this.games.has(game.id) || !this.challenges.canSave(next, expectedVersion)) return false;
    this.challenges.write(next);
    this.games.write(game);
    return true;
  }

  async createGame(game: Game): Promise<boolean> {
    return this.games.create(game);
  }

  async getGame(id: string): Promise<Game | undefined> {
    return this.games.get(id);
  }

  async saveGame(next: Game, expectedVersion: number): Promise<boolean> {
    return this.games.save(next, expectedVersion);
  }

  async activeGameIds(player: PlayerId): Promise<string[]> {
    return [...(this.active.get(playerKey(player)) ?? [])];
  }

  async findByView(
    view: ChatView,
  ): Promise<{ kind: 'game' | 'challenge'; id: string } | undefined> {
    return this.views.get(viewKey(view));
  }

  async idleGameIds(olderThan: number, limit: number): Promise<string[]> {
    const idle: { id: string; updatedAt: number }[] = [];
    for (const game of this.games.readable()) {
      if (game.status === 'active' && game.updatedAt < olderThan)
        idle.push({ id: game.id, updatedAt: game.updatedAt });
    }
    idle.sort((a, b) => a.updatedAt - b.updatedAt);
    return idle.slice(0, limit).map((game) => game.id);
  }

  async purge(olderThan: number): Promise<{ games: number; challenges: number }> {
    let games = 0;
    let challenges = 0;
    for (const game of this.games.readable()) {
      if (game.status === 'finished' && (game.finishedAt ?? game.updatedAt) < olderThan) {
        this.games.delete(game.id);
        this.dropViews(game.views, 'game', game.id);
        games++;
      }
    }
    for (const challenge of this.challenges.readable()) {
      if (CLOSED_CHALLENGE_STATUSES.has(challenge.status) && challenge.updatedAt < olderThan) {
        this.challenges.delete(challenge.id);
        const code = challenge.inviteCode;
        if (code !== undefined && this.codes.get(code) === challenge.id) this.codes.delete(code);
        this.dropViews(challenge.views, 'challenge', challenge.id);
        challenges++;
      }
    }
    return { games, challenges };
  }

  /** Forgets the views that still lead to this record. */
  private dropViews(views: readonly ChatView[], kind: 'game' | 'challenge', id: string): void {
    for (const view of views) {
      const target = this.views.get(viewKey(view));
      if (target?.kind === kind && target.id === id) this.views.delete(viewKey(view));
    }
  }

  private indexChallenge(challenge: Challenge): void {
    indexMember(
      this.openChallenges,
      playerKey(challenge.challenger),
      challenge.id,
      challenge.status === 'open',
    );
    for (const view of challenge.views) {
      if (!this.views.has(viewKey(view)))
        this.views.set(viewKey(view), { kind: 'challenge', id: challenge.id });
    }
  }

  private indexGame(game: Game): void {
    for (const player of gamePlayers(game))
      indexMember(this.active, playerKey(player), game.id, game.status === 'active');
    for (const view of game.views) this.views.set(viewKey(view), { kind: 'game', id: game.id });
  }
}

/** Adds `id` to the set of `key` in an index (`member`), or takes it out (an empty set goes). */
function indexMember(
  index: Map<string, Set<string>>,
  key: string,
  id: string,
  member: boolean,
): void {
  const set = index.get(key) ?? new Set<string>();
  if (member) set.add(id);
  else set.delete(id);
  if (set.size > 0) index.set(key, set);
  else index.delete(key);
}
