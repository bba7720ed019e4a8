/**
 * Why a render was refused. These inputs come from programs and operators (a position built in
 * code, a configured size or theme), never from players, so the renderer throws instead of
 * returning a result: a RenderError is a bug or a misconfiguration to fix, not a message to show.
 */
export type RenderErrorCode =
  | 'unknown-variant'
  | 'bad-position'
  | 'bad-stack'
  | 'bad-size'
  | 'unknown-theme'
  | 'bad-orientation'
  | 'bad-option'
  | 'bad-square'
  | 'bad-last-move'
  | 'bad-selection'
  | 'bad-caption'
  | 'bad-standings'
  | 'bad-rating-graph'
  | 'bad-eval-graph'
  | 'bad-replay'
  | 'font-missing';

/** A refused render: a stable `code` for programs, a sentence and the offending values. */
export class RenderError extends Error {
  override readonly name = 'RenderError';

  constructor(
    readonly code: RenderErrorCode,
    message: string,
    readonly context: Readonly<Record<string, unknown>> = {},
  ) {
    super(`render: ${message}`);
  }
}

/**
 * A board the render pool could not deliver: the pool was closed, or the worker drawing it
 * failed. Unlike a RenderError, the request itself may be fine.
 */
export class RenderPoolError extends Error {
  override readonly name = 'RenderPoolError';
}
