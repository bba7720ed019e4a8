import { clockJobs, clockStep } from './clocks.js';
import type { ServiceContext } from './context.js';
import type { Game } from './model.js';
import type { Scheduler, TimerJob } from './ports.js';
import { playerToMove } from './game-rules.js';
import { NUDGE_AFTER_MS } from './notify.js';
import { refusal, success, type ServiceResult } from './results.js';

/** The use cases that own a kind of timer job besides the clock's own. */
export interface TimerRoutes {
  readonly expireChallenge: (job: TimerJob) => Promise<ServiceResult<unknown>>;
  readonly retryBotMove: (job: TimerJob) => Promise<ServiceResult<unknown>>;
}

/**
 * Timed work: puts jobs on the scheduler and runs them when due. The correspondence clock
 * (reminders and time-outs) is handled here; challenge expiry and the bot's safety net are
 * routed to their use cases.
 */
export class Timers {
  constructor(
    private readonly context: ServiceContext,
    private readonly scheduler: Scheduler,
    private readonly routes: TimerRoutes,
  ) {}

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
      this.context.logger.error('could not schedule a timer', { job, error: String(error) });
    }
  }

  /** The clock's timers for a game as it now stands (none without a clock or once over). */
  async scheduleClock(game: Game): Promise<void> {
    for (const job of clockJobs(game, this.context.dayMs, this.context.reminderAt)) {
      await this.schedule(job);
    }
  }

  /**
   * A turn that no ping announced is announced later, if it is still open then (notify.ts).
   * Not for the bot's turns, and not for a game that is over.
   */
  async scheduleNudge(game: Game): Promise<void> {
    if (game.status !== 'active') return;
    const player = playerToMove(game);
    if (player.botLevel !== undefined) return;
    await this.schedule({
      kind: 'turn-nudge',
      targetId: game.id,
      ply: game.moves.length,
      at: (game.turnStartedAt ?? this.context.clock.now()) + NUDGE_AFTER_MS,
    });
  }

  /** The nudge's job: the turn is still open, so it is announced now (no change to record). */
  private async nudge(job: TimerJob): Promise<ServiceResult<Game>> {
    const game = await this.context.store.getGame(job.targetId).catch(() => undefined);
    if (game === undefined || game.status !== 'active' || game.moves.length !== job.ply)
      return refusal('stale-version', 'the turn is over');
    return success(game, [{ type: 'turn-nudge', game }]);
  }

  /** Runs a due timer job. Idempotent: stale or repeated jobs change nothing. */
  async handle(job: TimerJob): Promise<void> {
    let result: ServiceResult<unknown>;
    if (job.kind === 'challenge-expiry') result = await this.routes.expireChallenge(job);
    else if (job.kind === 'bot-move') result = await this.routes.retryBotMove(job);
    else if (job.kind === 'turn-nudge') result = await this.nudge(job);
    else {
      result = await this.context.records.game(job.targetId, (game, now) =>
        clockStep(game, job, now),
      );
      if (!result.ok && result.message === 'not yet') await this.schedule(job);
    }
    if (result.ok && result.events.length > 0) await this.context.publish(result.events);
    if (
      !result.ok &&
      (result.code === 'store-unavailable' || result.code === 'busy') &&
      result.message !== 'not yet'
    ) {
      // Let the scheduler retry the job later.
      throw new Error(`timer ${job.kind} for ${job.targetId}: ${result.message}`);
    }
  }
}
