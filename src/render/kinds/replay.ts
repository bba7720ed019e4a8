/** A two-player game's animation as an animated GIF (replay.ts): its moves replayed and drawn. */
import { paintReplay } from '../replay.js';
import {
  normaliseReplay,
  prepareReplayRender,
  type NormalisedReplay,
  type ReplayOptions,
  type ReplayPicture,
} from '../replay-options.js';
import type { PictureKind } from './kind.js';

export const replay: PictureKind<
  [picture: ReplayPicture, options?: ReplayOptions],
  NormalisedReplay
> = {
  id: 'replay',
  prepare(picture, options = {}) {
    const { key, replay: job } = prepareReplayRender(picture, options);
    return { key, job };
  },
  paint: paintReplay,
  send: (job) => job,
  receive: (wire) => normaliseReplay(wire, wire),
};
