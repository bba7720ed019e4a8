/**
 * The daily puzzle post, the same for every platform: once a minute it asks the puzzle service
 * which of this platform's chats are due (each claimed once across every process, so a chat
 * gets its post once a day whatever the number of bot processes, and a restart does not post
 * again) and hands each to the adapter to post. A post that fails is tried again at the next
 * rounds (ten times at most); nothing blocks the rest.
 */
import type { Platform } from '../../game/model.js';
import type { Logger } from '../../game/service.js';
import type { DuePost, PuzzleService } from '../../game/puzzles.js';

export interface DailyPosterOptions {
  readonly puzzles: PuzzleService;
  readonly platform: Platform;
  /** Posts the puzzle in the chat; false or a throw means it did not get there. */
  readonly post: (due: DuePost) => Promise<boolean>;
  readonly logger: Logger;
  /** How often to look (a minute: posts go out within a minute of their time). */
  readonly intervalMs?: number;
  /** How many times a failed post is tried again before the day is given up. */
  readonly retries?: number;
}

export class DailyPoster {
  private readonly options: DailyPosterOptions;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> = Promise.resolve();
  /** Claimed posts that failed, with the tries left. */
  private failed: { due: DuePost; tries: number }[] = [];

  constructor(options: DailyPosterOptions) {
    this.options = options;
  }

  /** Looks now and then every interval. */
  start(): void {
    if (this.timer !== undefined) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs ?? 60_000);
    this.timer.unref();
  }

  /** Stops looking, after the round in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }

  /** One round (rounds never overlap): the posts due now, and the failed ones again. */
  tick(): Promise<void> {
    this.round = this.round.then(() => this.postDue());
    return this.round;
  }

  private async postDue(): Promise<void> {
    const { puzzles, platform, logger } = this.options;
    let due: DuePost[] = [];
    try {
      due = await puzzles.duePosts(platform);
    } catch (error) {
      logger.warn('daily puzzle: could not look for due posts', { platform, err: error });
    }
    const retry = this.failed;
    this.failed = [];
    const attempts = [
      ...due.map((post) => ({ due: post, tries: this.options.retries ?? 10 })),
      ...retry,
    ];
    await Promise.all(attempts.map((attempt) => this.post(attempt)));
  }

  private async post(attempt: { due: DuePost; tries: number }): Promise<void> {
    const { chatKey, day } = attempt.due;
    let posted = false;
    try {
      posted = await this.options.post(attempt.due);
    } catch (error) {
      this.options.logger.warn('daily puzzle: post failed', { chatKey, day, err: error });
    }
    if (posted) return;
    if (attempt.tries > 0) this.failed.push({ due: attempt.due, tries: attempt.tries - 1 });
    else this.options.logger.warn('daily puzzle: gave up posting', { chatKey, day });
  }
}
