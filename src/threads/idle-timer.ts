/**
 * The pause after which a pool's idle worker thread is stopped, so that a quiet process gives
 * back what the thread holds (its heap, its caches, the canvas library's native memory, the
 * search's transposition table); the next request starts a thread again. Used by the AI and
 * render pools.
 */
export class IdleTimer {
  private timer: NodeJS.Timeout | undefined;

  /** `stop` runs once `ms` pass after `arm` without `disarm`; undefined ms: never. */
  constructor(
    private readonly ms: number | undefined,
    private readonly stop: () => void,
  ) {}

  /** Starts (or restarts) the pause: the thread has just become idle. */
  arm(): void {
    this.disarm();
    if (this.ms === undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.stop();
    }, this.ms);
    // A pending stop must not keep the process alive.
    this.timer.unref();
  }

  /** The thread has work again, or is gone. */
  disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
