/**
 * What a caller may ask of a game's animation (an animated GIF of every ply), its checks and
 * its cache key. Pure: no canvas here. The positions are not computed here: the worker replays
 * the moves itself (replay.ts), so the request that crosses to it is a few strings.
 */
import { VARIANTS, type Side, type Variant, type VariantId } from '../engine/index.js';
import { RenderError } from './errors.js';
import { MAX_CAPTION_LENGTH, checkCoordinates, checkTheme, type Unchecked } from './options.js';
import type { ThemeId } from './themes.js';

/** A two-player game to animate: its start and its moves as the game record keeps them. */
export interface ReplayPicture {
  readonly variant: VariantId;
  /** The game's start position (the record's `startFen`). */
  readonly startFen: string;
  /** The moves in the record's notation (full capture paths), one per ply. */
  readonly moves: readonly string[];
  /** The first line of every frame's caption band (the players, say). */
  readonly title: string;
  /** The first line of the last frame instead of `title` (the result); default `title`. */
  readonly finalTitle?: string;
  /** The second line of the first frame, before the ply counter ("Start position"). */
  readonly startText: string;
  /** The word before the ply counter: "ply" gives "ply 23/80". */
  readonly plyWord: string;
}

export interface ReplayOptions {
  /** Width of the frames in px. Default REPLAY_SIZE; REPLAY_MIN_SIZE to REPLAY_MAX_SIZE. */
  readonly size?: number;
  /** Which side is at the bottom. Default 'white'. */
  readonly orientation?: Side;
  readonly theme?: ThemeId;
  /** File letters and rank numbers in the frame. Default true. */
  readonly coordinates?: boolean;
}

/** Frame width: small enough that 80 plies stay well under 2 MB, big enough to read stacks. */
export const REPLAY_SIZE = 440;
export const REPLAY_MIN_SIZE = 240;
export const REPLAY_MAX_SIZE = 720;
/** The longest game animated: beyond it the GIF grows past what chats take quickly (~5 MB). */
export const MAX_REPLAY_PLIES = 400;
/** The longest move text taken (a long capture route is about 30 squares). */
const MAX_MOVE_LENGTH = 200;
const MAX_FEN_LENGTH = 1_000;

/** How long each frame shows, in ms (GIF keeps hundredths of a second). */
export const REPLAY_DELAYS = {
  /** The start position. */
  start: 1_500,
  /** Every ply but the last. */
  ply: 900,
  /** The final position (also the only frame of a game without moves). */
  final: 4_000,
} as const;

/** A request checked and made canonical. */
export interface NormalisedReplay {
  readonly variant: VariantId;
  readonly startFen: string;
  readonly moves: readonly string[];
  readonly title: string;
  readonly finalTitle: string;
  readonly startText: string;
  readonly plyWord: string;
  readonly size: number;
  readonly orientation: Side;
  readonly theme: ThemeId;
  readonly coordinates: boolean;
}

function line(value: unknown, what: string): string {
  if (typeof value !== 'string') {
    throw new RenderError('bad-replay', `${what} must be a string, got ${typeof value}`, {
      [what]: typeof value,
    });
  }
  const single = value.replace(/\s+/g, ' ').trim();
  if (single.length > MAX_CAPTION_LENGTH) {
    throw new RenderError(
      'bad-replay',
      `${what} is ${single.length} characters; at most ${MAX_CAPTION_LENGTH}`,
      { length: single.length },
    );
  }
  return single;
}

/**
 * Checks a request: a known two-player variant, a FEN and moves that are strings of sensible
 * length, at most MAX_REPLAY_PLIES of them, and the options. Whether the moves replay is
 * found out where they are replayed (a RenderError 'bad-replay' naming the ply).
 */
export function normaliseReplay(
  picture: ReplayPicture,
  options: ReplayOptions = {},
): NormalisedReplay {
  const input = picture as Unchecked<ReplayPicture>;
  const variant = (VARIANTS as Record<string, Variant | undefined>)[input?.variant as string];
  if (variant === undefined) {
    throw new RenderError('unknown-variant', `unknown variant ${JSON.stringify(input?.variant)}`, {
      variant: input?.variant,
    });
  }
  const startFen = input?.startFen;
  if (typeof startFen !== 'string' || startFen.length === 0 || startFen.length > MAX_FEN_LENGTH) {
    throw new RenderError('bad-replay', 'startFen must be a FEN string', {
      startFen: typeof startFen === 'string' ? startFen.slice(0, 80) : typeof startFen,
    });
  }
  const moves: unknown = input?.moves;
  if (!Array.isArray(moves)) throw new RenderError('bad-replay', 'moves must be an array', {});
  if (moves.length > MAX_REPLAY_PLIES) {
    throw new RenderError(
      'bad-replay',
      `the game has ${moves.length} plies; at most ${MAX_REPLAY_PLIES} are animated`,
      { plies: moves.length, limit: MAX_REPLAY_PLIES },
    );
  }
  moves.forEach((move: unknown, ply) => {
    if (typeof move !== 'string' || move.length === 0 || move.length > MAX_MOVE_LENGTH) {
      throw new RenderError('bad-replay', `move ${ply + 1} is not a move text`, { ply: ply + 1 });
    }
  });
  const title = line(input?.title, 'title');
  const finalTitle = input?.finalTitle === undefined ? title : line(input.finalTitle, 'finalTitle');
  const opts = options as Unchecked<ReplayOptions>;
  const size = opts?.size ?? REPLAY_SIZE;
  if (
    !Number.isInteger(size) ||
    (size as number) < REPLAY_MIN_SIZE ||
    (size as number) > REPLAY_MAX_SIZE
  ) {
    throw new RenderError(
      'bad-size',
      `an animation is ${REPLAY_MIN_SIZE} to ${REPLAY_MAX_SIZE} px wide, got ${JSON.stringify(size)}`,
      { size },
    );
  }
  const orientation = opts?.orientation ?? 'white';
  if (orientation !== 'white' && orientation !== 'black') {
    throw new RenderError(
      'bad-orientation',
      `orientation must be "white" or "black", got ${JSON.stringify(orientation)}`,
      { orientation },
    );
  }
  return {
    variant: variant.id,
    startFen,
    moves: [...(moves as string[])],
    title,
    finalTitle,
    startText: line(input?.startText, 'startText'),
    plyWord: line(input?.plyWord, 'plyWord'),
    size: size as number,
    orientation,
    theme: checkTheme(opts?.theme),
    coordinates: checkCoordinates(opts?.coordinates),
  };
}

/**
 * The cache key: everything the animation depends on. A finished game's moves never change,
 * so the same game asked for twice (its end and a /replay) is drawn once.
 */
export function replayKey(replay: NormalisedReplay): string {
  return [
    'replay',
    replay.variant,
    replay.size,
    replay.orientation,
    replay.coordinates ? 'c' : 'n',
    replay.theme,
    JSON.stringify([
      replay.startFen,
      replay.moves,
      replay.title,
      replay.finalTitle,
      replay.startText,
      replay.plyWord,
    ]),
  ].join('|');
}

/** A request checked, and its key. Throws RenderError on what cannot be drawn. */
export function prepareReplayRender(
  picture: ReplayPicture,
  options: ReplayOptions = {},
): { key: string; replay: NormalisedReplay } {
  const replay = normaliseReplay(picture, options);
  return { key: replayKey(replay), replay };
}
