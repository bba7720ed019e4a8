import { addDays, type DailySetting } from '../game/daily-schedule.js';
import { playerKey, type PlayerId } from '../game/model.js';
import { systemClock, type Clock } from '../game/ports.js';
import type {
  DailyResult,
  PuzzleAttempt,
  PuzzleStore,
  RatedKind,
  PuzzleStatus,
  VoteCount,
  WeekResult,
} from '../game/puzzle-ports.js';
import { outcomesPastUse, rankDay, rankWeek, streakOf } from '../game/puzzle-standings.js';
import type { Rating } from '../ratings/glicko2.js';
import { consoleLogger, type Logger } from '../game/logger.js';
import * as common from './puzzle-store-common.js';
import type { PuzzleStoreOptions } from './puzzle-store-common.js';
import * as codec from './puzzle-codec.js';

/** Settings of the memory store: the clock that ages claims, too. */
export interface MemoryPuzzleStoreOptions extends PuzzleStoreOptions {
  clock?: Clock;
}

/**
 * The embedded PuzzleStore: maps in process memory, lost on exit. Records are kept encoded, as
 * in Redis. Every method does its work without awaiting in between, so each is atomic.
 */
export class MemoryPuzzleStore implements PuzzleStore {
  private readonly ratings = new Map<string, string>();
  private readonly attempts = new Map<string, string>();
  /** chatKey \n day → playerKey → day result. */
  private readonly days = new Map<string, Map<string, string>>();
  /** chatKey \n playerKey → day → solved. */
  private readonly outcomes = new Map<string, Map<string, boolean>>();
  private readonly settings = new Map<string, string>();
  private readonly claims = new Map<string, number>();
  /** Request key → the puzzle handed out, and until when it is remembered. */
  private readonly handouts = new Map<string, { puzzleId: string; until: number }>();
  /** Each player's latest puzzle (by playerKey). */
  private readonly latest = new Map<string, { value: string; until: number }>();
  /** puzzleId → playerKey → up. */
  private readonly votes = new Map<string, Map<string, boolean>>();
  private readonly statuses = new Map<string, string>();
  private readonly claimTtlMs: number;
  private readonly log: Logger;
  private readonly clock: Clock;

  constructor(options: MemoryPuzzleStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.claimTtlMs = options.claimTtlMs ?? common.DAILY_CLAIM_TTL_MS;
    this.log = options.log ?? consoleLogger();
  }

  /** For tests: raw text where a rating lives, as a corrupted database would hold. */
  putRawRating(kind: RatedKind, id: string, text: string): void {
    this.ratings.set(`${kind}:${id}`, text);
  }
  /** For tests: raw text as a chat's daily setting. */
  putRawDailySetting(chatKey: string, text: string): void {
    this.settings.set(chatKey, text);
  }
  /** For tests: raw text as a player's result of a day in a chat. */
  putRawDayResult(chatKey: string, day: string, player: PlayerId, text: string): void {
    this.dayResults(chatKey, day).set(playerKey(player), text);
  }

  async rating(kind: RatedKind, id: string): Promise<Rating | undefined> {
    const text = this.ratings.get(`${kind}:${id}`);
    return text === undefined ? undefined : codec.ratingRecord.decode(`${kind}:${id}`, text);
  }

  async recordFirstAttempt(
    attempt: PuzzleAttempt,
    ratings: { user: Rating; puzzle: Rating },
  ): Promise<boolean> {
    const key = `${attempt.puzzleId}\n${playerKey(attempt.player)}`;
    if (this.attempts.has(key)) return false;
    this.attempts.set(key, codec.attemptRecord.encode(attempt));
    this.ratings.set(`user:${playerKey(attempt.player)}`, codec.ratingRecord.encode(ratings.user));
    this.ratings.set(`puzzle:${attempt.puzzleId}`, codec.ratingRecord.encode(ratings.puzzle));
    const { chatKey, day } = attempt;
    if (chatKey !== undefined && day !== undefined) {
      const player = playerKey(attempt.player);
      const results = this.dayResults(chatKey, day);
      if (!results.has(player)) results.set(player, codec.dayResultRecord.encode(attempt));
      let outcomes = this.outcomes.get(`${chatKey}\n${player}`);
      if (outcomes === undefined)
        this.outcomes.set(`${chatKey}\n${player}`, (outcomes = new Map<string, boolean>()));
      if (!outcomes.has(day)) outcomes.set(day, attempt.solved);
      for (const past of outcomesPastUse(outcomes, day)) outcomes.delete(past);
    }
    return true;
  }

  async firstAttempt(puzzleId: string, player: PlayerId): Promise<PuzzleAttempt | undefined> {
    const key = `${puzzleId}\n${playerKey(player)}`;
    const text = this.attempts.get(key);
    return text === undefined
      ? undefined
      : codec.attemptRecord.decode(`${puzzleId}:${playerKey(player)}`, text);
  }

  async attempted(player: PlayerId, puzzleIds: readonly string[]): Promise<Set<string>> {
    const key = playerKey(player);
    return new Set(puzzleIds.filter((id) => this.attempts.has(`${id}\n${key}`)));
  }

  async dailyResults(chatKey: string, day: string): Promise<DailyResult[]> {
    return rankDay(this.readDay(chatKey, day));
  }

  async streak(chatKey: string, player: PlayerId, today?: string): Promise<number> {
    return streakOf(this.outcomes.get(`${chatKey}\n${playerKey(player)}`) ?? new Map(), today);
  }

  async weekResults(chatKey: string, days: readonly string[]): Promise<WeekResult[]> {
    return rankWeek(days.map((day) => this.readDay(chatKey, day)));
  }

  async setDaily(chatKey: string, setting: DailySetting | null): Promise<void> {
    if (setting === null) this.settings.delete(chatKey);
    else this.settings.set(chatKey, codec.dailySettingRecord.encode(setting));
  }

  async dailySetting(chatKey: string): Promise<DailySetting | undefined> {
    const text = this.settings.get(chatKey);
    return text === undefined ? undefined : codec.dailySettingRecord.decode(chatKey, text);
  }

  async dailyChats(): Promise<{ chatKey: string; setting: DailySetting }[]> {
    return common.decodeDailyChats(this.log, this.settings);
  }

  async claimDailyPost(chatKey: string, day: string): Promise<boolean> {
    const key = `${chatKey}\n${day}`;
    const now = this.clock.now();
    const expiresAt = this.claims.get(key);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.claims.set(key, now + this.claimTtlMs);
    for (const [other, until] of this.claims) if (until <= now) this.claims.delete(other);
    return true;
  }

  async handOut(requestKey: string, puzzleId: string): Promise<string> {
    const now = this.clock.now();
    const known = this.handouts.get(requestKey);
    if (known !== undefined && known.until > now) return known.puzzleId;
    for (const [other, { until }] of this.handouts) if (until <= now) this.handouts.delete(other);
    this.handouts.set(requestKey, { puzzleId, until: now + common.HANDOUT_TTL_MS });
    return puzzleId;
  }

  async noteLatest(
    player: string,
    given: { readonly puzzleId: string; readonly requestKey?: string },
    follows?: string,
  ): Promise<boolean> {
    const now = this.clock.now();
    const known = this.latest.get(player);
    const latest = known !== undefined && known.until > now ? known : undefined;
    const value = common.latestValue(given);
    if (
      follows !== undefined &&
      latest !== undefined &&
      latest.value !== value &&
      latest.value.split('|')[0] !== follows
    )
      return false;
    this.latest.set(player, { value, until: now + common.LATEST_PUZZLE_TTL_MS });
    return true;
  }

  async handedOut(requestKey: string): Promise<string | undefined> {
    const known = this.handouts.get(requestKey);
    return known !== undefined && known.until > this.clock.now() ? known.puzzleId : undefined;
  }

  private dayResults(chatKey: string, day: string): Map<string, string> {
    let results = this.days.get(`${chatKey}\n${day}`);
    if (results === undefined) {
      this.dropDaysBefore(addDays(day, -Math.ceil(common.DAY_HISTORY_TTL_MS / 86_400_000)));
      this.days.set(`${chatKey}\n${day}`, (results = new Map<string, string>()));
    }
    return results;
  }

  /** Days of results past keeping (as Redis lets them expire), looked at once per new day. */
  private dropDaysBefore(oldest: string): void {
    for (const key of this.days.keys())
      if (key.slice(key.lastIndexOf('\n') + 1) < oldest) this.days.delete(key);
  }

  private readDay(chatKey: string, day: string): DailyResult[] {
    return common.decodeDay(this.log, chatKey, day, this.days.get(`${chatKey}\n${day}`) ?? []);
  }

  async vote(puzzleId: string, player: PlayerId, up: boolean): Promise<VoteCount> {
    let votes = this.votes.get(puzzleId);
    if (votes === undefined) this.votes.set(puzzleId, (votes = new Map<string, boolean>()));
    votes.set(playerKey(player), up);
    let ups = 0;
    for (const vote of votes.values()) if (vote) ups++;
    return { up: ups, down: votes.size - ups };
  }

  async setPuzzleStatus(puzzleId: string, status: PuzzleStatus): Promise<void> {
    this.statuses.set(puzzleId, codec.statusRecord.encode(status));
  }

  async puzzleStatuses(): Promise<Map<string, PuzzleStatus>> {
    return common.decodeStatuses(this.statuses, this.log);
  }

  /** For tests: raw text as a puzzle's status. */
  putRawStatus(puzzleId: string, text: string): void {
    this.statuses.set(puzzleId, text);
  }
}
