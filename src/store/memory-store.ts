import type { Challenge, ChatView, Game, PlayerId } from '../game/model.js';
import { CLOSED_CHALLENGE_STATUSES, gamePlayers, playerKey, viewKey } from '../game/model.js';
import type { GameStore } from '../game/ports.js';
import { decodeChallenge, decodeGame, encodeChallenge, encodeGame } from './codec.js';

/**
 * The embedded default store: everything in process memory, lost on exit. Records are kept
 * encoded, exactly as in Redis, so callers never share objects with the store and the codec is
 * exercised the same way.
 */
export class MemoryGameStore implements GameStore {
  private readonly games = new Map<string, string>();
  private readonly challenges = new Map<string, string>();
  private readonly versions = new Map<string, number>();
  private readonly active = new Map<string, Set<string>>();
  /** Player key → the ids of the open challenges they made. */
  private readonly openChallenges = new Map<string, Set<string>>();
  private readonly views = new Map<string, { kind: 'game' | 'challenge'; id: string }>();
  /** Invite code → challenge id, until the challenge is purged. */
  private readonly codes = new Map<string, string>();

  /** For tests: puts raw text where a game record lives, as a corrupted database would. */
  putRawGame(id: string, text: string): void {
    this.games.set(id, text);
  }

  async createChallenge(challenge: Challenge): Promise<boolean> {
    if (this.challenges.has(challenge.id)) return false;
    const code = challenge.inviteCode;
    if (code !== undefined && this.codes.has(code)) return false;
    this.writeChallenge(challenge);
    if (code !== undefined) this.codes.set(code, challenge.id);
    return true;
  }

  async findChallengeByCode(code: string): Promise<string | undefined> {
    return this.codes.get(code);
  }

  async getChallenge(id: string): Promise<Challenge | undefined> {
    const text = this.challenges.get(id);
    return text === undefined ? undefined : decodeChallenge(id, text);
  }

  async saveChallenge(next: Challenge, expectedVersion: number): Promise<boolean> {
    if (!this.matches(`challenge:${next.id}`, expectedVersion, next.version)) return false;
    this.writeChallenge(next);
    return true;
  }

  async openChallengeIds(challenger: PlayerId): Promise<string[]> {
    return [...(this.openChallenges.get(playerKey(challenger)) ?? [])];
  }

  async startGame(next: Challenge, expectedVersion: number, game: Game): Promise<boolean> {
    if (this.games.has(game.id)) return false;
    if (!this.matches(`challenge:${next.id}`, expectedVersion, next.version)) return false;
    this.writeChallenge(next);
    this.writeGame(game);
    return true;
  }

  async createGame(game: Game): Promise<boolean> {
    if (this.games.has(game.id)) return false;
    this.writeGame(game);
    return true;
  }

  async getGame(id: string): Promise<Game | undefined> {
    const text = this.games.get(id);
    return text === undefined ? undefined : decodeGame(id, text);
  }

  async saveGame(next: Game, expectedVersion: number): Promise<boolean> {
    if (!this.games.has(next.id) || !this.matches(`game:${next.id}`, expectedVersion, next.version))
      return false;
    this.writeGame(next);
    return true;
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
    for (const [id, text] of this.games) {
      let game: Game;
      try {
        game = decodeGame(id, text);
      } catch {
        continue; // reported when read
      }
      if (game.status === 'active' && game.updatedAt < olderThan)
        idle.push({ id, updatedAt: game.updatedAt });
    }
    idle.sort((a, b) => a.updatedAt - b.updatedAt);
    return idle.slice(0, limit).map((game) => game.id);
  }

  async purge(olderThan: number): Promise<{ games: number; challenges: number }> {
    let games = 0;
    let challenges = 0;
    for (const [id, text] of this.games) {
      let game: Game;
      try {
        game = decodeGame(id, text);
      } catch {
        continue; // a corrupt record is reported when read, never silently deleted
      }
      if (game.status === 'finished' && (game.finishedAt ?? game.updatedAt) < olderThan) {
        this.games.delete(id);
        this.versions.delete(`game:${id}`);
        for (const view of game.views) {
          const target = this.views.get(viewKey(view));
          if (target?.kind === 'game' && target.id === id) this.views.delete(viewKey(view));
        }
        games++;
      }
    }
    for (const [id, text] of this.challenges) {
      let challenge: Challenge;
      try {
        challenge = decodeChallenge(id, text);
      } catch {
        continue; // as for games: reported when read
      }
      if (CLOSED_CHALLENGE_STATUSES.has(challenge.status) && challenge.updatedAt < olderThan) {
        this.challenges.delete(id);
        this.versions.delete(`challenge:${id}`);
        const code = challenge.inviteCode;
        if (code !== undefined && this.codes.get(code) === id) this.codes.delete(code);
        for (const view of challenge.views) {
          const target = this.views.get(viewKey(view));
          if (target?.kind === 'challenge' && target.id === id) this.views.delete(viewKey(view));
        }
        challenges++;
      }
    }
    return { games, challenges };
  }

  private matches(key: string, expectedVersion: number, nextVersion: number): boolean {
    return this.versions.get(key) === expectedVersion && nextVersion === expectedVersion + 1;
  }

  private writeChallenge(challenge: Challenge): void {
    this.challenges.set(challenge.id, encodeChallenge(challenge));
    this.versions.set(`challenge:${challenge.id}`, challenge.version);
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

  private writeGame(game: Game): void {
    this.games.set(game.id, encodeGame(game));
    this.versions.set(`game:${game.id}`, game.version);
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
