import type { VariantId } from '../engine/index.js';
import type { LeagueStore, RatedGameSave, RatingChange } from '../game/league-ports.js';
import { consoleLogger, type Logger } from '../game/logger.js';
import { playerKey, type PlayerId } from '../game/model.js';
import type { PlayerRating, RatingPool } from '../game/rating-model.js';
import { chatKey } from '../game/model.js';
import type { Tournament } from '../game/tournament-model.js';
import { isProvisional } from '../ratings/glicko2.js';
import {
  decodePlayerRating,
  decodeTournament,
  encodePlayerRating,
  encodeTournament,
  ratingRecordId,
} from './league-codec.js';
import {
  byMostGames,
  recordIdOf,
  checkRatingChanges,
  decodeRatingList,
  isLive,
  type LeagueStoreOptions,
} from './league-store-common.js';
import { MemoryRecords } from './memory-records.js';

/** A record kept encoded, with the version its compare-and-set reads (a rating's `games`). */
interface Stored {
  readonly version: number;
  readonly text: string;
}

/**
 * The embedded LeagueStore: maps in process memory, lost on exit, laid out like the Redis one
 * (records kept encoded, the same indexes), so both pass one contract and order ties alike.
 * Every method does its work without awaiting in between, so each is atomic.
 */
export class MemoryLeagueStore implements LeagueStore {
  /** ratingRecordId → record. */
  private readonly ratings = new Map<string, Stored>();
  /** playerKey → ratingRecordIds of the player's records. */
  private readonly playerRecords = new Map<string, Set<string>>();
  private readonly ratedGames = new Set<string>();
  /** "variant:pool" → playerKey → rating, established ratings only. */
  private readonly top = new Map<string, Map<string, number>>();
  /** "chatKey variant:pool" → playerKeys. */
  private readonly chats = new Map<string, Set<string>>();
  private readonly finishing = new Set<string>();
  private readonly tournaments = new MemoryRecords(
    encodeTournament,
    decodeTournament,
    (tournament) => this.indexTournament(tournament),
  );
  /** chatKey → tournament id → createdAt. */
  private readonly chatTournamentIds = new Map<string, Map<string, number>>();
  private readonly live = new Set<string>();
  private readonly log: Logger;

  constructor(options: LeagueStoreOptions = {}) {
    this.log = options.log ?? consoleLogger();
  }

  /** For tests: raw text where a rating lives, at `games`, as a corrupted database would hold. */
  putRawRating(
    player: PlayerId,
    variant: VariantId,
    pool: RatingPool,
    text: string,
    games = 0,
  ): void {
    const key = playerKey(player);
    const id = ratingRecordId(variant, pool, key);
    this.ratings.set(id, { version: games, text });
    setIn(this.playerRecords, key).add(id);
  }
  /** For tests: raw text where a tournament lives, at `version`. */
  putRawTournament(id: string, text: string, version = 1): void {
    this.tournaments.putRaw(id, text, version);
  }

  async playerRating(
    player: PlayerId,
    variant: VariantId,
    pool: RatingPool,
  ): Promise<PlayerRating | undefined> {
    const id = ratingRecordId(variant, pool, playerKey(player));
    const stored = this.ratings.get(id);
    return stored === undefined ? undefined : decodePlayerRating(id, stored.text);
  }

  async playerRatings(player: PlayerId): Promise<PlayerRating[]> {
    const ids = [...(this.playerRecords.get(playerKey(player)) ?? [])];
    return this.readRatings(ids).sort(byMostGames);
  }

  async saveRatedGame(
    gameId: string,
    changes: readonly RatingChange[],
    chatKeys: readonly string[],
  ): Promise<RatedGameSave> {
    checkRatingChanges(gameId, changes);
    if (this.ratedGames.has(gameId)) return 'already-rated';
    for (const { next, expectedGames } of changes) {
      const stored = this.ratings.get(recordIdOf(next));
      if (expectedGames === 0 ? stored !== undefined : stored?.version !== expectedGames)
        return 'conflict';
    }
    this.ratedGames.add(gameId);
    for (const { next } of changes) {
      const key = playerKey(next.player);
      const id = recordIdOf(next);
      this.ratings.set(id, { version: next.games, text: encodePlayerRating(next) });
      setIn(this.playerRecords, key).add(id);
      const board = `${next.variant}:${next.pool}`;
      for (const chatKey of chatKeys) setIn(this.chats, `${chatKey} ${board}`).add(key);
      let top = this.top.get(board);
      if (top === undefined) this.top.set(board, (top = new Map<string, number>()));
      if (isProvisional(next.rating)) top.delete(key);
      else top.set(key, next.rating.rating);
    }
    return 'saved';
  }

  async topRatings(variant: VariantId, pool: RatingPool, limit: number): Promise<PlayerRating[]> {
    const ranked = [...(this.top.get(`${variant}:${pool}`) ?? [])]
      .sort(
        ([firstKey, first], [secondKey, second]) =>
          second - first || descending(firstKey, secondKey),
      )
      .slice(0, Math.max(0, limit));
    return this.readRatings(ranked.map(([key]) => ratingRecordId(variant, pool, key)));
  }

  async chatRatings(
    chatKey: string,
    variant: VariantId,
    pool: RatingPool,
  ): Promise<PlayerRating[]> {
    const keys = this.chats.get(`${chatKey} ${variant}:${pool}`) ?? [];
    return this.readRatings([...keys].map((key) => ratingRecordId(variant, pool, key)));
  }

  async markFinishing(gameId: string): Promise<void> {
    this.finishing.add(gameId);
  }
  async finishingGames(): Promise<string[]> {
    return [...this.finishing];
  }
  async finishingDone(gameId: string): Promise<void> {
    this.finishing.delete(gameId);
  }

  async createTournament(tournament: Tournament): Promise<boolean> {
    return this.tournaments.create(tournament);
  }

  async getTournament(id: string): Promise<Tournament | undefined> {
    return this.tournaments.get(id);
  }

  async saveTournament(next: Tournament, expectedVersion: number): Promise<boolean> {
    return this.tournaments.save(next, expectedVersion);
  }

  async chatTournaments(chatKey: string, limit: number): Promise<string[]> {
    return [...(this.chatTournamentIds.get(chatKey) ?? [])]
      .sort(
        ([firstId, first], [secondId, second]) => second - first || descending(firstId, secondId),
      )
      .slice(0, Math.max(0, limit))
      .map(([id]) => id);
  }

  async liveTournaments(): Promise<string[]> {
    return [...this.live];
  }

  private indexTournament(tournament: Tournament): void {
    const { id } = tournament;
    const chat = chatKey(tournament.chat);
    let ids = this.chatTournamentIds.get(chat);
    if (ids === undefined) this.chatTournamentIds.set(chat, (ids = new Map<string, number>()));
    ids.set(id, tournament.createdAt);
    if (isLive(tournament)) this.live.add(id);
    else this.live.delete(id);
  }

  private readRatings(ids: readonly string[]): PlayerRating[] {
    return decodeRatingList(
      this.log,
      ids.map((id) => [id, this.ratings.get(id)?.text]),
    );
  }
}

/** The set under `key`, made empty on first use. */
function setIn(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set<string>()));
  return set;
}

/** Redis's tie order in a reversed sorted-set range: members in reverse byte order. */
function descending(first: string, second: string): number {
  return first < second ? 1 : first > second ? -1 : 0;
}
