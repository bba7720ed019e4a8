/**
 * What a caller may ask of the renderer, its validation and the canonical cache key. Pure: no
 * canvas here.
 */
import {
  VARIANTS,
  maxPiecesPerSide,
  type Move,
  type Position,
  type Side,
  type Stack,
  type Variant,
} from '../engine/index.js';
import { RenderError } from './errors.js';
import { MAX_SIZE, MIN_SIZE } from './layout.js';
import { isThemeId, THEME_IDS, type ThemeId } from './themes.js';

/** The last move to mark: an engine Move fits (its `promotes` flag is not drawn). */
export type LastMove = Pick<Move, 'from' | 'path' | 'captures'>;

/** A stack picked for tap-to-move, and the squares it may move to. */
export interface Selection {
  readonly square: number;
  readonly targets: readonly number[];
}

export interface RenderOptions {
  /** Width (and, for a plain board, height) of the image in px, 200 to 2000. Default 720. */
  readonly size?: number;
  /** Which side is at the bottom. Default 'white'. */
  readonly orientation?: Side;
  /** Marks the origin, every landing square and every jumped square of this move. */
  readonly lastMove?: LastMove | null;
  readonly selected?: Selection | null;
  /**
   * A suggested move, drawn as an arrow over the stacks along its path (a review's better
   * move beside the played one marked as `lastMove`).
   */
  readonly hint?: LastMove | null;
  /** File letters and rank numbers in the frame. Default true. */
  readonly coordinates?: boolean;
  /** Default 'wood'. */
  readonly theme?: ThemeId;
}

/** The band under a captioned board: a bold title line and one line of text. */
export interface Caption {
  readonly title: string;
  readonly text: string;
}

/**
 * A value as it may arrive from a caller the type checker cannot vouch for (plain JavaScript, data
 * from outside): every field is checked before it is used.
 */
export type Unchecked<T> = { readonly [K in keyof T]?: unknown } | null | undefined;

/** Options with every default filled in and every square list in a canonical order. */
export interface NormalisedOptions {
  readonly size: number;
  readonly orientation: Side;
  readonly lastMove: LastMove | null;
  readonly selected: Selection | null;
  readonly hint: LastMove | null;
  readonly coordinates: boolean;
  readonly theme: ThemeId;
}

export const DEFAULT_SIZE = 720;
/** Longest caption line accepted; longer text is a programming error, not something to draw. */
export const MAX_CAPTION_LENGTH = 300;

/** Checks that the renderer can draw `position`, and returns its variant. */
export function validatePosition(position: Position): Variant {
  const input = position as Unchecked<Position>;
  const variant = (VARIANTS as Record<string, Variant | undefined>)[input?.variant as string];
  if (variant === undefined) {
    throw new RenderError('unknown-variant', `unknown variant ${JSON.stringify(input?.variant)}`, {
      variant: input?.variant,
    });
  }
  const squares = variant.geometry.squareCount;
  if (!Array.isArray(position.stacks) || position.stacks.length !== squares) {
    throw new RenderError(
      'bad-position',
      `a ${variant.id} position has ${squares} squares, got ${
        Array.isArray(position.stacks) ? position.stacks.length : typeof position.stacks
      }`,
      {
        variant: variant.id,
        squares: Array.isArray(position.stacks) ? position.stacks.length : null,
      },
    );
  }
  // All of both sides' pieces; without prisoners (Multistorey), one side's.
  const maxHeight = (variant.capturedPiecesLeave === true ? 1 : 2) * maxPiecesPerSide(variant);
  position.stacks.forEach((stack: Unchecked<Stack>, square) => {
    if (stack === null) return;
    const name = variant.geometry.names[square];
    const height = stack?.height;
    if (!Number.isInteger(height) || (height as number) < 1 || (height as number) > maxHeight) {
      throw new RenderError(
        'bad-stack',
        `the stack on ${name} has height ${String(height)}; expected 1 to ${maxHeight}`,
        { square: name, height },
      );
    }
    const limit = 2 ** (height as number);
    for (const field of ['colors', 'kings'] as const) {
      const bits = stack?.[field];
      if (!Number.isInteger(bits) || (bits as number) < 0 || (bits as number) >= limit) {
        throw new RenderError(
          'bad-stack',
          `the stack on ${name} has ${field} ${String(bits)}, which does not fit its height ${String(height)}`,
          { square: name, height, [field]: bits },
        );
      }
    }
  });
  return variant;
}

function checkSquare(
  squareCount: number,
  value: unknown,
  code: 'bad-last-move' | 'bad-selection',
  what: string,
): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= squareCount) {
    throw new RenderError(
      code,
      `${what} is ${JSON.stringify(value)}; expected a square number 0 to ${squareCount - 1}`,
      { value },
    );
  }
  return value as number;
}

function checkSquares(
  squareCount: number,
  values: unknown,
  code: 'bad-last-move' | 'bad-selection',
  what: string,
): number[] {
  if (!Array.isArray(values))
    throw new RenderError(code, `${what} must be an array of squares`, { value: values });
  return values.map((value, i) => checkSquare(squareCount, value, code, `${what}[${i}]`));
}

/** The image width, checked; the default when absent. */
export function checkSize(value: unknown): number {
  const size = value ?? DEFAULT_SIZE;
  if (!Number.isInteger(size) || (size as number) < MIN_SIZE || (size as number) > MAX_SIZE) {
    const shown = typeof size === 'number' ? String(size) : JSON.stringify(size);
    throw new RenderError(
      'bad-size',
      `size must be a whole number of px from ${MIN_SIZE} to ${MAX_SIZE}, got ${shown}`,
      {
        size,
      },
    );
  }
  return size as number;
}

/** The theme, checked; 'wood' when absent. */
export function checkTheme(value: unknown): ThemeId {
  const theme = value ?? 'wood';
  if (!isThemeId(theme)) {
    throw new RenderError(
      'unknown-theme',
      `unknown theme ${JSON.stringify(theme)}; expected one of ${THEME_IDS.join(', ')}`,
      {
        theme,
      },
    );
  }
  return theme;
}

/** Whether to print coordinates, checked; true when absent. */
export function checkCoordinates(value: unknown): boolean {
  const coordinates = value ?? true;
  if (typeof coordinates !== 'boolean') {
    throw new RenderError(
      'bad-option',
      `coordinates must be true or false, got ${JSON.stringify(coordinates)}`,
      {
        coordinates,
      },
    );
  }
  return coordinates;
}

/**
 * The last move and the selection on a board of `squareCount` squares, checked, the
 * selection's targets sorted without repeats (one picture, one cache key).
 */
export function normaliseMarks(
  squareCount: number,
  lastMoveInput: LastMove | null | undefined,
  selectedInput: Selection | null | undefined,
): { lastMove: LastMove | null; selected: Selection | null } {
  let lastMove: LastMove | null = null;
  if (lastMoveInput !== undefined && lastMoveInput !== null) {
    const move: NonNullable<Unchecked<LastMove>> = lastMoveInput;
    const from = checkSquare(squareCount, move.from, 'bad-last-move', 'lastMove.from');
    const path = checkSquares(squareCount, move.path, 'bad-last-move', 'lastMove.path');
    if (path.length === 0)
      throw new RenderError('bad-last-move', 'lastMove.path needs at least one square', {});
    const captures = checkSquares(
      squareCount,
      move.captures ?? [],
      'bad-last-move',
      'lastMove.captures',
    );
    lastMove = { from, path, captures };
  }
  let selected: Selection | null = null;
  if (selectedInput !== undefined && selectedInput !== null) {
    const selection: NonNullable<Unchecked<Selection>> = selectedInput;
    const square = checkSquare(squareCount, selection.square, 'bad-selection', 'selected.square');
    const targets = checkSquares(
      squareCount,
      selection.targets ?? [],
      'bad-selection',
      'selected.targets',
    );
    selected = { square, targets: [...new Set(targets)].sort((a, b) => a - b) };
  }
  return { lastMove, selected };
}

/** Fills in defaults and refuses anything the renderer cannot draw. */
export function normaliseOptions(variant: Variant, options: RenderOptions = {}): NormalisedOptions {
  const size = checkSize(options.size);
  const orientation: unknown = options.orientation ?? 'white';
  if (orientation !== 'white' && orientation !== 'black') {
    throw new RenderError(
      'bad-orientation',
      `orientation must be "white" or "black", got ${JSON.stringify(orientation)}`,
      {
        orientation,
      },
    );
  }
  const theme = checkTheme(options.theme);
  const { lastMove, selected } = normaliseMarks(
    variant.geometry.squareCount,
    options.lastMove,
    options.selected,
  );
  const coordinates = checkCoordinates(options.coordinates);
  const hint =
    options.hint === undefined || options.hint === null
      ? null
      : normaliseMarks(variant.geometry.squareCount, options.hint, null).lastMove;
  return { size, orientation, lastMove, selected, hint, coordinates, theme };
}

/** Turns caption lines into single lines, refusing what is not text. */
export function normaliseCaption(caption: Caption): Caption {
  const line = (value: unknown, what: string): string => {
    if (typeof value !== 'string') {
      throw new RenderError(
        'bad-caption',
        `caption ${what} must be a string, got ${typeof value}`,
        { [what]: value },
      );
    }
    const single = value.replace(/\s+/g, ' ').trim();
    if (single.length > MAX_CAPTION_LENGTH) {
      throw new RenderError(
        'bad-caption',
        `caption ${what} is ${single.length} characters; at most ${MAX_CAPTION_LENGTH}`,
        {
          length: single.length,
        },
      );
    }
    return single;
  };
  const input = caption as Unchecked<Caption>;
  return { title: line(input?.title, 'title'), text: line(input?.text, 'text') };
}

/**
 * The part of a cache key for the options a two-player board and a table board share: the
 * coordinates, the theme, the last move and the selection ('' where there is none).
 */
export function sharedOptionsKey(options: {
  readonly coordinates: boolean;
  readonly theme: ThemeId;
  readonly lastMove: LastMove | null;
  readonly selected: Selection | null;
}): string[] {
  const last = options.lastMove;
  const selected = options.selected;
  return [
    options.coordinates ? 'c' : 'n',
    options.theme,
    last === null ? '' : `${last.from}>${last.path.join('.')}x${last.captures.join('.')}`,
    selected === null ? '' : `${selected.square}>${selected.targets.join('.')}`,
  ];
}

/**
 * The cache key: everything the picture depends on and nothing else. The side to move is not
 * drawn, so two positions that differ only in it share an image.
 */
export function renderKey(
  position: Position,
  options: NormalisedOptions,
  caption?: Caption,
): string {
  const stacks = position.stacks
    .map((stack) => (stack === null ? '' : `${stack.height}.${stack.colors}.${stack.kings}`))
    .join(',');
  const hint = options.hint;
  return [
    caption === undefined ? 'board' : 'captioned',
    position.variant,
    stacks,
    options.size,
    options.orientation,
    ...sharedOptionsKey(options),
    caption === undefined ? '' : JSON.stringify([caption.title, caption.text]),
    // Last, so that keys of boards without a hint keep their old form.
    ...(hint === null ? [] : [`hint:${hint.from}>${hint.path.join('.')}`]),
  ].join('|');
}

/**
 * A render request checked and made canonical: its variant, its normalised options and its
 * cache key. Throws RenderError on a position or options that cannot be drawn. `caption` must
 * be normalised already.
 */
export function prepareRender(
  position: Position,
  options: RenderOptions,
  caption?: Caption,
): { variant: Variant; options: NormalisedOptions; key: string } {
  const variant = validatePosition(position);
  const normalised = normaliseOptions(variant, options);
  return { variant, options: normalised, key: renderKey(position, normalised, caption) };
}
