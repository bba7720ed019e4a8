/** What main.ts hands each chat platform's start function, and what it gets back. */
import { DailyPoster } from '../chat/tasks/daily-poster.js';
import type { EventHandler } from '../game/event-routing.js';
import type { Logger } from '../game/logger.js';
import type { Platform } from '../game/model.js';
import type { KeyValueStore } from '../game/ports.js';
import type { DuePost, PuzzleService } from '../game/puzzles.js';
import type { GameEvent } from '../game/results.js';
import type { GameService } from '../game/service.js';
import type { AppMetrics } from './metrics.js';
import type { HealthCheck } from './ops-server.js';
import type { Painters } from './painters.js';
import type { BoardWeb } from '../web/board-web.js';

/** The parts of a bot process every platform shares, built once in main.ts. */
export interface PlatformDeps {
  readonly service: GameService;
  readonly puzzles: PuzzleService;
  readonly kv: KeyValueStore;
  readonly logger: Logger;
  readonly metrics: AppMetrics;
  readonly painters: Painters;
  /** Where the events of this process's requests go: counted, then to every platform's presenter. */
  readonly dispatch: (events: readonly GameEvent[]) => Promise<void>;
  /** The live board page, when WEB_URL is set. */
  readonly web?: BoardWeb;
}

/**
 * A platform's adapter, made before the game service starts (its presenter receives the
 * service's events); it takes updates or interactions once started.
 */
export interface PlatformBot {
  readonly platform: Platform;
  /** Shows this process's events on the platform. */
  readonly present: EventHandler;
  /** Registers the commands, starts taking updates or interactions and posting daily puzzles. */
  start(): Promise<PlatformRun>;
}

/** A platform's part of a running bot process, stopped in two steps at shutdown. */
export interface PlatformRun {
  /** How the start-up line names it. */
  readonly running: string;
  /** Whether it is connected and receiving (its /healthz check). */
  readonly receiving: HealthCheck;
  /** Stops taking updates or interactions (and the platform's own timers). */
  stopIntake(): Promise<void>;
  /** Finishes the work in flight within `timeoutMs`, then disconnects. */
  close(timeoutMs: number): Promise<void>;
}

/** Each platform's process posts its chats' daily puzzles (claimed once across processes). */
export function startDailyPoster(
  deps: PlatformDeps,
  platform: Platform,
  post: (due: DuePost) => Promise<boolean>,
): DailyPoster {
  const poster = new DailyPoster({ puzzles: deps.puzzles, platform, post, logger: deps.logger });
  poster.start();
  return poster;
}
