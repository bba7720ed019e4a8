import {
  renderBoard,
  renderRatingGraph,
  renderReplay,
  renderStandings,
  renderTable,
  type RatingGraphPicture,
  type ReplayPicture,
  type StandingsPicture,
} from '../../src/render/index.js';
import type { Position } from '../../src/engine/index.js';
import type { TablePosition } from '../../src/engine/multi/index.js';
import type { RenderOptions, TableRenderOptions } from '../../src/render/index.js';

/** Draws boards on the calling thread (tests and scripts): the painters' interface, no pool. */
export const inlinePainter = {
  paint: (position: Position, options: RenderOptions) =>
    Promise.resolve(renderBoard(position, options)),
  paintTable: (position: TablePosition, options: TableRenderOptions) =>
    Promise.resolve(renderTable(position, options)),
  paintStandings: (picture: StandingsPicture) => Promise.resolve(renderStandings(picture)),
  paintRatingGraph: (picture: RatingGraphPicture) => Promise.resolve(renderRatingGraph(picture)),
  // A failed drawing rejects, as the pool's does.
  paintReplay: (picture: ReplayPicture) => Promise.resolve().then(() => renderReplay(picture)),
};
