import type { ServiceContext } from './context.js';
import { finish } from './game-rules.js';
import type { Game, GameResult } from './model.js';
import { refusal } from './results.js';

/** Idle games looked at per store call. */
const BATCH = 100;

/**
 * Games nobody plays end: a game against the bot its player walked away from, a game without a
 * clock where neither side moves. After `idleMs` without a change the game is over as
 * 'abandoned', with no winner, and leaves the active indexes (then, once past retention, the
 * store). A game with a clock times out long before (IDLE_GAME_DAYS is more than the longest
 * time per move), unless its time-out was lost: then this ends it too.
 */
export class IdleGames {
  constructor(private readonly context: ServiceContext) {}

  /** Ends every game idle for `idleMs` or longer; returns how many ended. */
  async end(idleMs: number): Promise<number> {
    const { store, records, clock, logger } = this.context;
    let ended = 0;
    for (;;) {
      // Idle for idleMs or longer: last changed before now - idleMs + 1.
      const ids = await store.idleGameIds(clock.now() - idleMs + 1, BATCH);
      let endedNow = 0;
      for (const id of ids) {
        const result = await records.game(id, (game, now) => abandon(game, now, idleMs));
        if (result.ok) {
          endedNow++;
          await this.context.publish(result.events);
        } else if (result.code !== 'stale-version') {
          logger.warn('could not end an idle game', { gameId: id, code: result.code });
        }
      }
      ended += endedNow;
      // A full batch of which none ended (all changed meanwhile, or unreadable): next time.
      if (ids.length < BATCH || endedNow === 0) return ended;
    }
  }
}

function abandon(game: Game, now: number, idleMs: number) {
  if (game.status !== 'active' || now - game.updatedAt < idleMs)
    return refusal('stale-version', 'not idle');
  const result: GameResult = { winner: null, reason: 'abandoned' };
  const next = finish(game, result, now);
  return { ok: true as const, next, events: [{ type: 'game-over' as const, game: next, result }] };
}
