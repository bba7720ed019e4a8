/**
 * The puzzle use cases every chat adapter shares: a puzzle for a player now (one they have not
 * tried, near their rating), the day's puzzle (the same everywhere), playing a move of an
 * attempt (only the first attempt counts), the daily post of a chat (on, off, and which posts
 * are due — each claimed once across processes), and a chat's standings.
 */
import type { VariantId } from '../engine/index.js';
import {
  addDays,
  dailyPuzzleIndex,
  dayIn,
  parseDailySetting,
  postTimeOn,
  type DailySetting,
} from './daily-schedule.js';
import type { MoveInput } from './game-rules.js';
import { playerKey, type PlayerId } from './model.js';
import type { Clock } from './ports.js';
import type {
  DailyResult,
  PuzzlePlayer,
  PuzzleStore,
  VoteCount,
  WeekResult,
} from './puzzle-ports.js';
import { PuzzleRotation, seedPuzzleRating } from './puzzle-rotation.js';
import { tierOf } from '../puzzles/seed-rating.js';
import {
  checkPuzzleMove,
  finishAttempt,
  type AttemptOutcome,
  type PuzzleLine,
  type PuzzleStep,
} from './puzzle-solving.js';
import { refusal, repeated, success, type ServiceResult } from './results.js';
import { StoreError } from './ports.js';

/** The puzzles the bot has (the committed libraries). */
export interface PuzzleCatalog {
  /** A variant's puzzles, in library order (the daily order is drawn from it). */
  list(variant: VariantId): readonly PuzzleLine[];
  byId(id: string): PuzzleLine | undefined;
}

/** A daily attempt counts on this chat's board, for this day. */
export interface DailyContext {
  readonly chatKey: string;
  readonly day: string;
}

/** A daily post that is due now, claimed by this caller. */
export interface DuePost {
  readonly chatKey: string;
  readonly day: string;
  readonly puzzle: PuzzleLine;
}

/** A chat's standings: today's first attempts, the last seven days, and streaks. */
export interface Standings {
  readonly day: string;
  readonly today: readonly DailyResult[];
  readonly week: readonly WeekResult[];
  readonly streaks: readonly { readonly player: PuzzlePlayer; readonly days: number }[];
}

/** The variant of the daily puzzle. */
export const DAILY_VARIANT: VariantId = 'bashni';

/** Candidates for /puzzle next checked against the player's attempts per store call. */
const ATTEMPTS_PAGE = 100;

export class PuzzleService {
  private readonly store: PuzzleStore;
  private readonly catalog: PuzzleCatalog;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly dailySeed: number;
  private readonly rotation: PuzzleRotation;

  constructor(options: {
    readonly store: PuzzleStore;
    readonly catalog: PuzzleCatalog;
    readonly clock: Clock;
    readonly random?: () => number;
    /** Seeds the order of daily puzzles (the same in every process). */
    readonly dailySeed?: number;
  }) {
    this.store = options.store;
    this.catalog = options.catalog;
    this.clock = options.clock;
    this.random = options.random ?? Math.random;
    this.dailySeed = options.dailySeed ?? 1;
    this.rotation = new PuzzleRotation(this.store, this.clock);
  }

  /** A puzzle by its id, its difficulty as people found it once they have (PuzzleRotation). */
  get(id: string): ServiceResult<PuzzleLine> {
    const puzzle = this.catalog.byId(id);
    return puzzle === undefined
      ? refusal('puzzle-not-found', 'There is no such puzzle.')
      : success(this.rotation.shown(puzzle));
  }

  /**
   * A solver's 👍 (`up`) or 👎 after their attempt (one per player, a later one replacing
   * theirs); enough 👎 take the puzzle out of the rotation. Refused before an attempt.
   */
  async vote(
    puzzleId: string,
    player: PlayerId,
    up: boolean,
  ): Promise<ServiceResult<VoteCount & { retired: boolean }>> {
    const found = this.get(puzzleId);
    if (!found.ok) return found;
    return this.guard(async () => {
      if ((await this.store.firstAttempt(puzzleId, player)) === undefined)
        return refusal('puzzle-vote-untried', 'Try the puzzle first, then say what you think.');
      const votes = await this.store.vote(puzzleId, player, up);
      await this.rotation.refresh();
      const retired = await this.rotation.voted(puzzleId, votes, this.today());
      return success({ ...votes, retired });
    });
  }

  /**
   * A puzzle for the player now: one they have not attempted, of the difficulty that suits
   * their rating if there is one left (else the nearest), never the next days' daily puzzles.
   * `requestKey`: the request asking (a chat update's key); the same request again — delivered
   * twice, or to two processes — gets the same puzzle, `repeated`, not the next one. `follows`:
   * the puzzle whose Next asks ('' for a Next that does not say): refused when the player has
   * been given another puzzle since (a second Next of the same puzzle, or an old one).
   */
  async next(
    player: PlayerId,
    options: {
      readonly variant?: VariantId;
      readonly requestKey?: string;
      readonly follows?: string;
    } = {},
  ): Promise<ServiceResult<PuzzleLine>> {
    const { requestKey, follows } = options;
    return this.guard(async () => {
      await this.rotation.refresh();
      const before = requestKey === undefined ? undefined : await this.store.handedOut(requestKey);
      const known = before === undefined ? undefined : this.catalog.byId(before);
      let given: ServiceResult<PuzzleLine>;
      if (known !== undefined) given = repeated(known);
      else {
        const drawn = await this.draw(player, options.variant ?? DAILY_VARIANT);
        if (!drawn.ok) return drawn;
        // Another delivery of the request may have drawn one meanwhile: the first one stands.
        const first =
          requestKey === undefined
            ? drawn.value
            : this.catalog.byId(await this.store.handOut(requestKey, drawn.value.id));
        given = first === undefined || first.id === drawn.value.id ? drawn : repeated(first);
      }
      if (!given.ok) return given;
      // The player's latest puzzle moves on to this one: for a Next, only from its own puzzle.
      const note = { puzzleId: given.value.id, requestKey };
      if (!(await this.store.noteLatest(playerKey(player), note, follows)))
        return refusal('puzzle-next-stale', 'That Next is for an older puzzle.');
      return given;
    });
  }

  /** A puzzle the player opened by its link: their latest, so its Next is current. */
  async opened(player: PlayerId, puzzleId: string): Promise<ServiceResult<true>> {
    return this.guard(async () => {
      await this.store.noteLatest(playerKey(player), { puzzleId });
      return success(true as const);
    });
  }

  /** A puzzle new to the player, near their rating (see next). */
  private async draw(player: PlayerId, variant: VariantId): Promise<ServiceResult<PuzzleLine>> {
    const rating = (await this.store.rating('user', playerKey(player)))?.rating ?? 1500;
    const want = tierOf(rating);
    const upcoming = new Set(
      [0, 1, 2, 3].map((days) => this.dailyPuzzle(addDays(this.today(), days))?.id),
    );
    const candidates = this.catalog
      .list(variant)
      .filter((puzzle) => !upcoming.has(puzzle.id) && !this.rotation.isRetired(puzzle.id))
      .map((puzzle) => this.rotation.shown(puzzle))
      .map((puzzle) => ({
        puzzle,
        distance: Math.abs((puzzle.difficulty ?? want) - want),
        draw: this.random(),
      }))
      .sort((a, b) => a.distance - b.distance || a.draw - b.draw);
    // Nearest first, a page of candidates per store call, until one is new to the player.
    for (let from = 0; from < candidates.length; from += ATTEMPTS_PAGE) {
      const page = candidates.slice(from, from + ATTEMPTS_PAGE).map(({ puzzle }) => puzzle);
      const tried = await this.store.attempted(
        player,
        page.map((puzzle) => puzzle.id),
      );
      const fresh = page.find((puzzle) => !tried.has(puzzle.id));
      if (fresh !== undefined) return success(fresh);
    }
    return refusal('no-puzzle-left', 'You have tried every puzzle we have.');
  }

  /**
   * The puzzle of a day (YYYY-MM-DD): the same in every chat and process. One retired before
   * that day gives its place to the next in library order that is not.
   */
  dailyPuzzle(day: string): PuzzleLine | undefined {
    const puzzles = this.catalog.list(DAILY_VARIANT);
    const first = puzzles.length === 0 ? 0 : dailyPuzzleIndex(day, puzzles.length, this.dailySeed);
    for (let k = 0; k < puzzles.length; k++) {
      const puzzle = puzzles[(first + k) % puzzles.length]!;
      if (!this.rotation.isRetired(puzzle.id, day)) return this.rotation.shown(puzzle);
    }
    return undefined;
  }

  /**
   * Plays the solver's move at `ply`. A wrong move or the last right one ends the attempt, which
   * is recorded: the first attempt rates the player and, made from a chat (`fromChat`) whose
   * daily puzzle this is, counts on that chat's board (`countedForDaily`).
   */
  async play(
    puzzleId: string,
    player: PuzzlePlayer,
    ply: number,
    move: MoveInput,
    fromChat?: string,
  ): Promise<
    ServiceResult<{ step: PuzzleStep; outcome?: AttemptOutcome; countedForDaily?: boolean }>
  > {
    const found = this.get(puzzleId);
    if (!found.ok) return found;
    const step = checkPuzzleMove(found.value, ply, move);
    if (step.kind === 'stale' || (step.kind === 'correct' && !step.solved))
      return success({ step });
    return this.guard(async () => {
      const daily =
        fromChat === undefined ? undefined : await this.dailyContext(fromChat, puzzleId);
      const attempt = {
        puzzleId,
        player,
        solved: step.kind === 'correct',
        at: this.clock.now(),
        chatKey: daily?.chatKey,
        day: daily?.day,
      };
      const outcome = await finishAttempt(this.store, attempt, seedPuzzleRating(found.value));
      if (outcome.puzzleRating !== undefined)
        await this.rotation.rated(puzzleId, outcome.puzzleRating);
      return success({ step, outcome, countedForDaily: outcome.counted && daily !== undefined });
    });
  }

  /** Turns a chat's daily post on at `time` (HH:MM) in `timeZone`. */
  async startDaily(
    chatKey: string,
    time: string,
    timeZone: string,
  ): Promise<ServiceResult<DailySetting>> {
    const parsed = parseDailySetting(time, timeZone);
    if (!parsed.ok)
      return parsed.error === 'bad-time'
        ? refusal('bad-daily-time', 'The time must be HH:MM, e.g. 09:00.')
        : refusal('unknown-time-zone', 'Unknown time zone.');
    return this.guard(async () => {
      await this.store.setDaily(chatKey, parsed.value);
      return success(parsed.value);
    });
  }

  /** The chat's daily post setting; undefined when it is off. */
  async dailySetting(chatKey: string): Promise<ServiceResult<DailySetting | undefined>> {
    return this.guard(async () => success(await this.store.dailySetting(chatKey)));
  }

  async stopDaily(chatKey: string): Promise<ServiceResult<null>> {
    return this.guard(async () => {
      await this.store.setDaily(chatKey, null);
      return success(null);
    });
  }

  /**
   * The daily posts due now among the chats of `platform` (chat keys start with it), each
   * claimed for this caller: posted once per chat and day whatever the number of processes.
   * A post missed by more than `graceMs` (the bot was down all day) waits for the next day.
   */
  async duePosts(platform: string, graceMs = 6 * 3_600_000): Promise<DuePost[]> {
    const now = this.clock.now();
    const due: DuePost[] = [];
    await this.rotation.refresh();
    for (const { chatKey, setting } of await this.store.dailyChats()) {
      if (!chatKey.startsWith(`${platform}:`)) continue;
      const day = dayIn(setting.timeZone, now);
      const at = postTimeOn(setting, day);
      if (now < at || now > at + graceMs) continue;
      const puzzle = this.dailyPuzzle(day);
      if (puzzle === undefined) continue;
      if (await this.store.claimDailyPost(chatKey, day)) due.push({ chatKey, day, puzzle });
    }
    return due;
  }

  /** A chat's standings now, its days counted in its own time zone (UTC without a setting). */
  async standings(chatKey: string): Promise<ServiceResult<Standings>> {
    return this.guard(async () => {
      const setting = await this.store.dailySetting(chatKey);
      const day = dayIn(setting?.timeZone ?? 'UTC', this.clock.now());
      const days = [0, 1, 2, 3, 4, 5, 6].map((back) => addDays(day, -back));
      const [today, week] = await Promise.all([
        this.store.dailyResults(chatKey, day),
        this.store.weekResults(chatKey, days),
      ]);
      const streaks = await Promise.all(
        week.map(async (row) => ({
          player: row.player,
          days: await this.store.streak(chatKey, row.player, day),
        })),
      );
      return success({
        day,
        today,
        week,
        streaks: streaks.filter((s) => s.days > 0).sort((a, b) => b.days - a.days),
      });
    });
  }

  /**
   * The daily board an attempt from `chatKey` counts on: when the puzzle is that chat's puzzle
   * of today or yesterday (its days in its own time zone; a post answered after midnight still
   * counts for its day). Undefined otherwise: the attempt only rates the player.
   */
  private async dailyContext(chatKey: string, puzzleId: string): Promise<DailyContext | undefined> {
    const setting = await this.store.dailySetting(chatKey);
    const today = dayIn(setting?.timeZone ?? 'UTC', this.clock.now());
    const day = [today, addDays(today, -1)].find((d) => this.dailyPuzzle(d)?.id === puzzleId);
    return day === undefined ? undefined : { chatKey, day };
  }

  private today(): string {
    return dayIn('UTC', this.clock.now());
  }

  /** Store failures become refusals with their code, as in the game service. */
  private async guard<T>(work: () => Promise<ServiceResult<T>>): Promise<ServiceResult<T>> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StoreError) return refusal(error.code, error.message);
      throw error;
    }
  }
}
