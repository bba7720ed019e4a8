import type { ServiceContext } from './context.js';
import { playerToMove } from './rules-strategy.js';
import type { Game, Player, PlayerId } from './model.js';
import type { BotMoves, TimerJob } from './ports.js';
import { refusal, success, type ServiceResult } from './results.js';
import type { Timers } from './timers.js';

/** The bot's levels, as BotMoves takes them: 1 (a beginner) to BOT_LEVELS (full strength). */
export const BOT_LEVELS = 8;
/** The level the bot plays when none is asked for. */
export const DEFAULT_BOT_LEVEL = 4;

export { botPlayer, botTable, seatedBot } from './bot-identity.js';

/** When the durable 'bot-move' job asks again for a bot move that has not come (see TimerJob). */
const BOT_RETRY_MS = 60_000;

/**
 * How one request for the bot's move ended: the move the AI chose and what playing it gave
 * (a refusal too: an illegal suggestion, or a game that moved on), or the AI's failure.
 */
export type BotMoveOutcome =
  | {
      readonly gameId: string;
      readonly ply: number;
      readonly move: string;
      readonly result: ServiceResult<Game>;
    }
  | { readonly gameId: string; readonly ply: number; readonly error: unknown };

/** Plays a move for a player (the moves use case). */
export type PlayMove = (
  gameId: string,
  player: PlayerId,
  move: string,
  options: { seenPly: number },
) => Promise<ServiceResult<Game>>;

/**
 * The bot as a player: when a game waits for a bot player's move, the AI (the BotMoves port) is
 * asked at once, with a durable timer job as the safety net that asks again if no move comes.
 */
export class BotPlayer {
  private readonly watchers = new Set<(outcome: BotMoveOutcome) => void>();
  /** Requests started by request() and not yet over, so that stop() can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Aborted by stop() when its time is up: the searches still running are handed back. */
  private readonly searches = new AbortController();
  private stopping = false;

  constructor(
    private readonly context: ServiceContext,
    private readonly timers: Timers,
    private readonly bot: BotMoves | undefined,
    private readonly play: PlayMove,
  ) {
    timers.on(['bot-move'], (job) => this.retry(job));
  }

  /** Whether bot players get moves here (the service was given an AI). */
  get available(): boolean {
    return this.bot !== undefined;
  }

  /**
   * Calls `listener` with the outcome of every request for a bot move from now on, until the
   * returned function is called. For adapters that wait for the bot's answer (the terminal).
   */
  watch(listener: (outcome: BotMoveOutcome) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /**
   * Asks for the bot's move now if the game waits for one, with the durable job as safety net.
   * Once stop() has begun only the durable job is set: the move is left to the next process.
   */
  request(game: Game): void {
    const bot = this.botToMove(game);
    if (bot === undefined) return;
    const running = (async () => {
      await this.timers.schedule({
        kind: 'bot-move',
        targetId: game.id,
        ply: game.moves.length,
        at: this.context.clock.now() + BOT_RETRY_MS,
      });
      if (this.stopping) return;
      try {
        const result = await this.playBotMove(game, bot);
        if (result.ok) await this.context.publish(result.events);
        else if (result.code !== 'stale-version') {
          this.context.logger.warn('bot move refused', { gameId: game.id, code: result.code });
        }
      } catch (error) {
        // A search cut short by stop() was handed back (and reported there), not failed.
        if (this.searches.signal.aborted) return;
        this.context.logger.error('bot move failed', { gameId: game.id, err: error });
      }
    })();
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }

  /**
   * Stops asking the AI: new requests only set their durable job; the moves being thought
   * about get `timeoutMs` to be played, then their searches are cancelled and handed back —
   * their 'bot-move' jobs (already durable) ask again after a restart.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, timeoutMs));
    });
    try {
      await Promise.race([Promise.allSettled([...this.inFlight]), timeUp]);
    } finally {
      clearTimeout(timer);
    }
    if (this.inFlight.size === 0) return;
    this.context.logger.warn('bot moves handed back to the next start', {
      count: this.inFlight.size,
    });
    this.searches.abort();
  }

  /** The safety net's job: plays the bot's move if the game still waits for it at that ply. */
  private async retry(job: TimerJob): Promise<ServiceResult<unknown>> {
    const loaded = await this.context.records.guard(async () => {
      const game = await this.context.store.getGame(job.targetId);
      return game === undefined ? refusal('not-found', 'No such game.') : success(game);
    });
    if (!loaded.ok) return loaded;
    // Thrown, so that the scheduler keeps the job for a process that is not stopping.
    if (this.stopping) throw new Error('the bot is stopping: the move is left to the next start');
    const game = loaded.value;
    const bot = this.botToMove(game);
    if (game.moves.length !== job.ply || bot === undefined) {
      return refusal('stale-version', 'the bot has moved');
    }
    this.context.logger.warn('bot move retried', { gameId: game.id, ply: job.ply });
    // A failing search throws: the scheduler tries the job again later.
    return this.playBotMove(game, bot);
  }

  /** The bot player whose turn it is, if any (and if there is an AI to ask). */
  private botToMove(game: Game): Player | undefined {
    if (game.status !== 'active' || this.bot === undefined) return undefined;
    const player = playerToMove(game);
    return player.botLevel === undefined ? undefined : player;
  }

  /**
   * Asks the AI for the bot's move in `game` and plays it (unless the game moved on); the
   * caller publishes the events, watchers hear the outcome. A failing search throws.
   */
  private async playBotMove(game: Game, bot: Player): Promise<ServiceResult<Game>> {
    const ply = game.moves.length;
    let move: string;
    try {
      move = await this.bot!.chooseMove(
        {
          gameId: game.id,
          variant: game.variant,
          fen: game.fen,
          level: bot.botLevel!,
          quietPlies: game.quietPlies,
        },
        { signal: this.searches.signal },
      );
    } catch (error) {
      this.tell({ gameId: game.id, ply, error });
      throw error;
    }
    const result = await this.play(game.id, bot, move, { seenPly: ply });
    this.tell({ gameId: game.id, ply, move, result });
    return result;
  }

  private tell(outcome: BotMoveOutcome): void {
    for (const watcher of this.watchers) watcher(outcome);
  }
}
