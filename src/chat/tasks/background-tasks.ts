/**
 * Work the adapter starts and does not wait for (deliveries, presentations): tracked, so that
 * a shutdown — and a test — can wait until it is all done, and a failure is logged, never lost.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Runs `work` in the background; its failure is reported, never thrown. */
  track(work: Promise<unknown>): void {
    const task: Promise<unknown> = work
      .catch((error: unknown) => this.onError(error))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves when nothing is running (including work started while waiting). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
