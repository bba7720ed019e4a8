/**
 * What every kind of picture (a board, a table game, standings, a rating graph, a review's
 * graph, a game's animation) tells the renderer, the render pool and its workers: they iterate
 * over the registry (kinds/index.ts) and know no kind by name.
 */

/** A request checked and normalised on the calling thread: its cache key and what paint takes. */
export interface Prepared<Job> {
  /** Canonical: equal for requests that draw the same picture; starts with the kind. */
  readonly key: string;
  readonly job: Job;
}

export interface PictureKind<Input extends readonly unknown[], Job, Wire = Job> {
  /** Its name in the registry and in a worker's messages. */
  readonly id: string;
  /** Checks and normalises a request. Throws RenderError on what it cannot draw. */
  prepare(...input: Input): Prepared<Job>;
  /** Paints a prepared job on this thread: a PNG (a GIF for the animation). */
  paint(job: Job): Buffer;
  /**
   * The job as plain data for a render worker (structured clone), made on a cache miss only.
   * Throws RenderError on a job that would not survive the trip instead of letting a worker
   * draw something else.
   */
  send(job: Job): Wire;
  /**
   * In the worker: the job checked again, so that one that got there without the main thread's
   * checks fails as a RenderError instead of crashing the worker.
   */
  receive(wire: Wire): Job;
}
