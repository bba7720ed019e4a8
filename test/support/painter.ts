import { PNG } from 'pngjs';
import { renderBoard, renderTable } from '../../src/render/index.js';
import type { Position } from '../../src/engine/index.js';
import type { TablePosition } from '../../src/engine/multi/index.js';
import type { RenderOptions, TableRenderOptions } from '../../src/render/index.js';
import type { RatingGraphData } from '../../src/chat/league-text.js';
import type { StandingsData } from '../../src/chat/tournament-text.js';

/**
 * A stand-in for the league pictures (standings, rating graph) until tests want the real ones:
 * a small one-colour PNG, sized by what it shows so that two different pictures differ.
 */
function standIn(width: number, height: number, red: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([red, 64, 128, 255], i);
  return PNG.sync.write(png);
}

/** Draws boards on the calling thread (tests and scripts): the painters' interface, no pool. */
export const inlinePainter = {
  paint: (position: Position, options: RenderOptions) =>
    Promise.resolve(renderBoard(position, options)),
  paintTable: (position: TablePosition, options: TableRenderOptions) =>
    Promise.resolve(renderTable(position, options)),
  paintStandings: (picture: StandingsData) =>
    Promise.resolve(standIn(picture.gridHeaders.length + 2, picture.rows.length + 1, 200)),
  paintRatingGraph: (picture: RatingGraphData) =>
    Promise.resolve(standIn(picture.points.length + 1, 8, 40)),
};
