/**
 * A game's animation: every ply as a frame (its route marked as on the board pictures, stacks
 * in profile, a caption band with the move and the ply counter), encoded as an animated GIF
 * (gif.ts). Runs where the painting runs: on a render worker (or inline in tests and scripts).
 *
 * Frames: the start position, then one per ply — `moves.length + 1` in all. The start shows
 * for REPLAY_DELAYS.start, each ply for REPLAY_DELAYS.ply, the final position for
 * REPLAY_DELAYS.final; the GIF loops forever.
 */
import {
  applyMove,
  parseFen,
  parseMove,
  VARIANTS,
  type Move,
  type Position,
  type Stack,
} from '../engine/index.js';
import { paintBoardPixels } from './board-canvas.js';
import { RenderError } from './errors.js';
import { GifAnimation, paletteOf } from './gif.js';
import { validatePosition, type Caption, type NormalisedOptions } from './options.js';
import { REPLAY_DELAYS, type NormalisedReplay } from './replay-options.js';

/** One frame: a position, the move that led to it, and its caption. */
export interface ReplayFrame {
  readonly position: Position;
  readonly lastMove: Move | null;
  readonly caption: Caption;
}

/**
 * The frames of a game: its moves replayed from its start. Throws RenderError 'bad-replay'
 * naming the first move that does not replay.
 */
export function replayFrames(replay: NormalisedReplay): ReplayFrame[] {
  const parsed = parseFen(replay.startFen, replay.variant);
  if (!parsed.ok) {
    throw new RenderError('bad-replay', `the start FEN does not parse: ${parsed.error.message}`, {
      startFen: replay.startFen.slice(0, 80),
    });
  }
  const start = parsed.value;
  validatePosition(start);
  const variant = VARIANTS[replay.variant];
  const total = replay.moves.length;
  const counter = (ply: number) => `${replay.plyWord} ${ply}/${total}`;
  const titleAt = (ply: number) => (ply === total ? replay.finalTitle : replay.title);
  const frames: ReplayFrame[] = [
    {
      position: start,
      lastMove: null,
      caption: { title: titleAt(0), text: `${replay.startText} · ${counter(0)}` },
    },
  ];
  // Move numbers as in PDN (replayGame): a double-move variant numbers turns.
  let position = start;
  let turnNumber = 1;
  let sameTurn = false;
  replay.moves.forEach((text, ply) => {
    const turn = position.turn;
    const number = variant.doubleMove ? turnNumber : Math.floor((ply + start.turn) / 2) + 1;
    const continues = variant.doubleMove ? sameTurn : turn !== 0;
    const move = parseMove(position, text);
    if (!move.ok) {
      throw new RenderError(
        'bad-replay',
        `move ${ply + 1} (${text}) does not replay: ${move.error.message}`,
        { ply: ply + 1, move: text },
      );
    }
    position = applyMove(position, move.value);
    sameTurn = position.turn === turn;
    if (!sameTurn) turnNumber++;
    const label = `${number}${continues ? '...' : '.'} ${text}`;
    frames.push({
      position,
      lastMove: move.value,
      caption: { title: titleAt(ply + 1), text: `${label} · ${counter(ply + 1)}` },
    });
  });
  return frames;
}

/** How long frame `index` of `count` shows, in ms. */
export function frameDelay(index: number, count: number): number {
  if (index === count - 1) return REPLAY_DELAYS.final;
  return index === 0 ? REPLAY_DELAYS.start : REPLAY_DELAYS.ply;
}

/**
 * A picture with every colour an animation may show, for its palette: the start position
 * with its stacks turned into kings, two-colour and tall stacks (gold, both piece colours
 * side by side, height badges), and a capture's marks.
 */
function colourSample(start: Position): { position: Position; lastMove: Move } {
  const occupied: number[] = [];
  const stacks = start.stacks.map((stack, square): Stack | null => {
    if (stack === null) return null;
    occupied.push(square);
    const colour = stack.colors & 1;
    switch (occupied.length % 4) {
      case 0:
        return { height: 1, colors: colour, kings: 1 };
      case 1:
        return { height: 2, colors: colour === 0 ? 0b10 : 0b01, kings: 0b10 };
      case 2:
        return { height: 7, colors: colour === 0 ? 0b1010110 : 0b0101001, kings: 0b1000000 };
      default:
        return stack;
    }
  });
  const [from = 0, jumped = 1, landing = 2, next = 3] = occupied;
  const lastMove: Move = { from, path: [landing, next], captures: [jumped], promotes: false };
  return { position: { ...start, stacks }, lastMove };
}

/** The animation of a checked request as a GIF. Throws RenderError if its moves do not replay. */
export function paintReplay(replay: NormalisedReplay): Buffer {
  const frames = replayFrames(replay);
  const variant = VARIANTS[replay.variant];
  const options = (lastMove: Move | null): NormalisedOptions => ({
    size: replay.size,
    orientation: replay.orientation,
    lastMove,
    selected: null,
    hint: null,
    coordinates: replay.coordinates,
    theme: replay.theme,
  });
  const paint = (frame: ReplayFrame) =>
    paintBoardPixels(frame.position, variant, options(frame.lastMove), frame.caption);

  // The palette: the first and last frames and a sample of every piece and mark.
  const first = frames[0]!;
  const sample = colourSample(first.position);
  const samples = [
    first,
    frames[frames.length - 1]!,
    { position: sample.position, lastMove: sample.lastMove, caption: first.caption },
  ].map((frame) => Uint8Array.from(paint(frame).pixels));
  const { width, height } = paint(first);
  const gif = new GifAnimation(width, height, paletteOf(samples));
  frames.forEach((frame, index) => {
    gif.addFrame(paint(frame).pixels, frameDelay(index, frames.length));
  });
  return gif.finish();
}
