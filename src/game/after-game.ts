import type { ServiceContext } from './context.js';
import type { LeagueStore } from './league-ports.js';
import type { Game } from './model.js';
import type { FinishingHooks } from './record-updates.js';
import type { GameEvent } from './results.js';
import type { Ratings } from './ratings.js';
import type { Tournaments } from './tournaments.js';

/** How long a to-do of a still-active game is kept: its finishing save may be in flight. */
const IN_FLIGHT_MS = 60_000;

/**
 * What a game's end sets off, once and durably: its ratings, and its tournament's result (which
 * may pair the next round). Noted in the store before the save that ends the game, done after
 * it, and finished at the next start if a crash came between.
 */
export class AfterGame implements FinishingHooks {
  constructor(
    private readonly context: ServiceContext,
    private readonly league: LeagueStore,
    private readonly ratings: Ratings,
    private readonly tournaments: Tournaments,
  ) {}

  before(gameId: string): Promise<void> {
    return this.league.markFinishing(gameId);
  }

  /** Accounts for a finished game; failures are logged and left to the next sweep. */
  async after(game: Game): Promise<GameEvent[]> {
    const events: GameEvent[] = [];
    try {
      const rated = await this.ratings.rate(game, await this.tournaments.chatKeysOf(game));
      if (rated.length > 0) events.push({ type: 'game-rated', game, ratings: rated });
      events.push(...(await this.tournaments.gameFinished(game)));
      await this.league.finishingDone(game.id);
    } catch (error) {
      this.context.logger.error('could not account for a finished game', {
        gameId: game.id,
        err: error,
      });
    }
    return events;
  }

  /**
   * Finishes the accounting a crash interrupted, then lets live tournaments catch up (games of
   * a paired round not yet created). The events are published.
   */
  async sweep(): Promise<void> {
    try {
      for (const id of await this.league.finishingGames()) {
        const game = await this.context.store.getGame(id);
        if (game?.status === 'finished') {
          await this.context.publish(await this.after(game));
        } else if (game === undefined || this.context.clock.now() - game.updatedAt > IN_FLIGHT_MS) {
          // The save that was to end it failed (or the game is gone): nothing to account for.
          await this.league.finishingDone(id);
        }
      }
      await this.context.publish(await this.tournaments.resume());
    } catch (error) {
      this.context.logger.error('could not sweep finished games and tournaments', { err: error });
    }
  }
}
