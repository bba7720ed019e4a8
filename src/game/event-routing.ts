import { gamePlayers, type Challenge, type Game, type Platform } from './model.js';
import type { EventRelay } from './ports.js';
import type { Logger } from './logger.js';
import type { GameEvent } from './results.js';

/** The games a batch of events changed (for the game change feed). */
export function changedGames(events: readonly GameEvent[]): string[] {
  return [...new Set(events.flatMap((event) => ('game' in event ? [event.game.id] : [])))];
}

/** Shows a batch of events in one platform's chats (an adapter's presenter). */
export type EventHandler = (events: readonly GameEvent[]) => Promise<void>;

function challengePlatforms(challenge: Challenge, into: Set<Platform>): void {
  into.add(challenge.challenger.platform);
  for (const seated of challenge.seats ?? []) if (seated !== null) into.add(seated.platform);
  if (challenge.target.kind === 'user') into.add(challenge.target.player.platform);
  for (const view of challenge.views) into.add(view.platform);
}

function gamePlatforms(game: Game, into: Set<Platform>): void {
  for (const player of gamePlayers(game)) into.add(player.platform);
  for (const view of game.views) into.add(view.platform);
}

/**
 * The platforms an event concerns: those of the chats that show its game or challenge, of its
 * players, of the chat where a challenge was accepted, and of a tournament's chat.
 */
export function platformsOf(event: GameEvent): Set<Platform> {
  const platforms = new Set<Platform>();
  if ('challenge' in event && event.challenge !== undefined)
    challengePlatforms(event.challenge, platforms);
  if ('game' in event) gamePlatforms(event.game, platforms);
  if (event.type === 'game-started' && event.acceptedIn !== undefined)
    platforms.add(event.acceptedIn.platform);
  // A tournament is shown in the chat that runs it (its card, rounds and standings).
  if ('tournament' in event) platforms.add(event.tournament.chat.platform);
  return platforms;
}

export interface EventDispatcherOptions {
  /** The presenters of the platforms this process shows. */
  readonly local: Partial<Record<Platform, EventHandler>>;
  /** Carries events to other processes; without one, other platforms' events are dropped. */
  readonly relay?: EventRelay;
  readonly logger: Logger;
  /** Tries of a publish to the relay; default 3. */
  readonly publishAttempts?: number;
  /** Pause before the second try, doubled for each further one; default 200 ms. */
  readonly publishRetryMs?: number;
}

/**
 * Where the game service's events go: straight to this process's presenters for the platforms
 * it shows, and through the relay to the processes that show the other platforms. Nothing is
 * thrown back into the service: a failing presenter or relay is logged.
 */
export class EventDispatcher {
  private readonly attempts: number;
  private readonly retryMs: number;

  constructor(private readonly options: EventDispatcherOptions) {
    this.attempts = Math.max(1, options.publishAttempts ?? 3);
    this.retryMs = options.publishRetryMs ?? 200;
  }

  /** The platforms shown by this process. */
  get localPlatforms(): Platform[] {
    return (Object.keys(this.options.local) as Platform[]).filter(
      (platform) => this.options.local[platform] !== undefined,
    );
  }

  /** Hands each event to every platform it concerns: one batch per platform, in order. */
  async dispatch(events: readonly GameEvent[]): Promise<void> {
    const batches = new Map<Platform, GameEvent[]>();
    for (const event of events) {
      for (const platform of platformsOf(event)) {
        const batch = batches.get(platform) ?? [];
        batch.push(event);
        batches.set(platform, batch);
      }
    }
    const work: Promise<void>[] = [];
    for (const [platform, batch] of batches) {
      const local = this.options.local[platform];
      if (local !== undefined) work.push(this.present(platform, local, batch));
      else if (this.options.relay !== undefined)
        work.push(this.publish(this.options.relay, platform, batch));
    }
    await Promise.all(work);
  }

  /** Starts taking the local platforms' events from the relay (other processes' events). */
  async start(): Promise<void> {
    const relay = this.options.relay;
    if (relay === undefined) return;
    for (const platform of this.localPlatforms)
      await relay.subscribe(platform, this.options.local[platform]!);
  }

  async stop(): Promise<void> {
    await this.options.relay?.stop();
  }

  private async present(
    platform: Platform,
    handler: EventHandler,
    events: GameEvent[],
  ): Promise<void> {
    try {
      await handler(events);
    } catch (error) {
      this.options.logger.error('events: a presenter failed', { platform, err: error });
    }
  }

  private async publish(relay: EventRelay, platform: Platform, events: GameEvent[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await relay.publish(platform, events);
        return;
      } catch (error) {
        if (attempt >= this.attempts) {
          this.options.logger.error('events: could not relay events', {
            platform,
            types: events.map((event) => event.type),
            err: error,
          });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.retryMs * 2 ** (attempt - 1)));
      }
    }
  }
}
