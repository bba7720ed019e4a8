/** The pictures drawn from one checked value and a theme: standings and both graphs. */
import { checkTheme } from '../options.js';
import type { PictureRenderOptions } from '../standings-options.js';
import type { ThemeId } from '../themes.js';
import type { PictureKind } from './kind.js';

export interface ThemedJob<Picture> {
  readonly picture: Picture;
  readonly theme: ThemeId;
}

/**
 * A kind whose `prepare` checks a picture and its theme (options.ts preparedPicture) and whose
 * worker checks the picture again with `normalise`.
 */
export function themedPicture<Input, Picture>(
  id: string,
  prepare: (picture: Input, options?: PictureRenderOptions) => ThemedJob<Picture> & { key: string },
  normalise: (picture: Picture) => Picture,
  paint: (picture: Picture, theme: ThemeId) => Buffer,
): PictureKind<[picture: Input, options?: PictureRenderOptions], ThemedJob<Picture>> {
  return {
    id,
    prepare(picture, options = {}) {
      const { key, picture: checked, theme } = prepare(picture, options);
      return { key, job: { picture: checked, theme } };
    },
    paint: (job) => paint(job.picture, job.theme),
    send: (job) => job,
    receive: (wire) => ({ picture: normalise(wire.picture), theme: checkTheme(wire.theme) }),
  };
}
