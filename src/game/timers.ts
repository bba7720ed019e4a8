import { clockJobs, clockStep } from './clocks.js';
import type { ServiceContext } from './context.js';
import type { Game, PendingNudge } from './model.js';
import type { Scheduler, TIMER_KINDS, TimerJob } from './ports.js';
import { playerToMove } from './rules-strategy.js';
import { NUDGE_AFTER_MS, nudgeToSchedule } from './notify.js';
import { refusal, type ServiceResult } from './results.js';

/** A kind of timer job. */
export type TimerKind = (typeof TIMER_KINDS)[number];

/** What runs a due job of one kind: the result's events are published. */
export type TimerHandler = (job: TimerJob) => Promise<ServiceResult<unknown>>;

/**
 * Timed work: puts jobs on the scheduler and runs them when due, each kind by the handler its
 * use case registered (`on`): the clock's reminders and time-outs (the clock, registered by the
 * service), challenge expiry (Challenges), the bot's safety net (BotPlayer) and the turn nudge
 * (here).
 */
export class Timers {
  private readonly handlers = new Map<TimerKind, TimerHandler>();

  constructor(
    private readonly context: ServiceContext,
    private readonly scheduler: Scheduler,
  ) {
    this.on(['turn-nudge'], (job) => this.nudge(job));
  }

  /** Makes `handler` the one that runs due jobs of these kinds. */
  on(kinds: readonly TimerKind[], handler: TimerHandler): void {
    for (const kind of kinds) {
      if (this.handlers.has(kind)) throw new Error(`timer kind ${kind} has a handler already`);
      this.handlers.set(kind, handler);
    }
  }

  /** Starts delivering due jobs. */
  start(): Promise<void> {
    return this.scheduler.start((job) => this.handle(job));
  }

  stop(): Promise<void> {
    return this.scheduler.stop();
  }

  /** Schedules a job; a failure is logged, never thrown (the change it follows is saved). */
  async schedule(job: TimerJob): Promise<void> {
    try {
      await this.scheduler.schedule(job);
    } catch (error) {
      // A missing timer only delays a reminder or a time-out.
      this.context.logger.error('could not schedule a timer', { job, err: error });
    }
  }

  /** The clock's timers for a game as it now stands (none without a clock or once over). */
  async scheduleClock(game: Game): Promise<void> {
    for (const job of clockJobs(game, this.context.dayMs, this.context.reminderAt)) {
      await this.schedule(job);
    }
  }

  /** The nudge job a record has just asked for (notify.ts: one per game at a time). */
  async scheduleNudge(game: Game): Promise<void> {
    const nudge = nudgeToSchedule(game);
    if (nudge !== undefined) await this.scheduleNudgeJob(game.id, nudge);
  }

  private scheduleNudgeJob(gameId: string, nudge: PendingNudge): Promise<void> {
    return this.schedule({ kind: 'turn-nudge', targetId: gameId, ply: nudge.ply, at: nudge.at });
  }

  /**
   * The nudge's job. The turn it finds may be a later one than it was set for: if that turn is
   * not due yet, the job sets itself again for it; when due (and still unannounced, and a
   * person's), it is announced. Neither changes the game: the record's version moves on, its
   * updatedAt does not.
   */
  private async nudge(job: TimerJob): Promise<ServiceResult<Game>> {
    const result = await this.context.records.game(job.targetId, (game, now) => {
      if (
        game.status !== 'active' ||
        game.turnAnnounced === true ||
        playerToMove(game).botLevel !== undefined
      )
        return refusal('stale-version', 'nothing to announce');
      const due = (game.turnStartedAt ?? game.updatedAt) + NUDGE_AFTER_MS;
      if (now < due) {
        const nudge = { at: due, ply: game.moves.length };
        return { ok: true, next: { ...game, nudge }, events: [], touch: false };
      }
      const next: Game = { ...game, turnAnnounced: true, nudge: undefined };
      return { ok: true, next, events: [{ type: 'turn-nudge', game: next }], touch: false };
    });
    if (result.ok && result.events.length === 0 && result.value.nudge !== undefined)
      await this.scheduleNudgeJob(result.value.id, result.value.nudge);
    return result;
  }

  /**
   * The clock's reminder or time-out; a time-out that leaves a table game going hands it to
   * `goesOn` (the next seat's clock and bot move).
   */
  async clock(job: TimerJob, goesOn: (game: Game) => Promise<void>): Promise<ServiceResult<Game>> {
    const stepped = await this.context.records.game(job.targetId, (game, now) =>
      clockStep(game, job, now, this.context.dayMs),
    );
    if (!stepped.ok && stepped.code === 'not-due') await this.schedule({ ...job, at: stepped.at });
    if (stepped.ok && stepped.events.length > 0 && stepped.value.status === 'active')
      await goesOn(stepped.value);
    return stepped;
  }

  /** Runs a due timer job. Idempotent: stale or repeated jobs change nothing. */
  async handle(job: TimerJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (handler === undefined) {
      this.context.logger.error('a timer job of a kind nothing handles', { job });
      return;
    }
    const result = await handler(job);
    if (result.ok && result.events.length > 0) await this.context.publish(result.events);
    if (!result.ok && (result.code === 'store-unavailable' || result.code === 'busy')) {
      // Let the scheduler retry the job later.
      throw new Error(`timer ${job.kind} for ${job.targetId}: ${result.message}`);
    }
  }
}
