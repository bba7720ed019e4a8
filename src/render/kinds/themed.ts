/** The pictures drawn from one checked value and a theme: standings and both graphs. */
import { checkTheme, type Unchecked } from '../options.js';
import type { ThemeId } from '../themes.js';
import type { PictureKind } from './kind.js';

/** How a league or review picture (standings, a rating or evaluation graph) is drawn. */
export interface PictureRenderOptions {
  /** Default 'wood'. */
  readonly theme?: ThemeId;
}

export interface ThemedJob<Picture> {
  readonly picture: Picture;
  readonly theme: ThemeId;
}

/**
 * A kind whose `prepare` checks a picture with `normalise` and its theme, and whose worker
 * checks them again. The cache key is `id|theme|the checked picture`, so two kinds never share
 * a key. `normalise` throws RenderError on what cannot be drawn.
 */
export function themedPicture<Input, Picture extends Input>(
  id: string,
  normalise: (picture: Input) => Picture,
  paint: (picture: Picture, theme: ThemeId) => Buffer,
): PictureKind<[picture: Input, options?: PictureRenderOptions], ThemedJob<Picture>> {
  return {
    id,
    prepare(picture, options = {}) {
      const checked = normalise(picture);
      const theme = checkTheme((options as Unchecked<PictureRenderOptions>)?.theme);
      return { key: `${id}|${theme}|${JSON.stringify(checked)}`, job: { picture: checked, theme } };
    },
    paint: (job) => paint(job.picture, job.theme),
    send: (job) => job,
    receive: (wire) => ({ picture: normalise(wire.picture), theme: checkTheme(wire.theme) }),
  };
}
