/** The league's and the review's pictures: tournament standings, rating graphs, review graphs. */
import { paintEvalGraph } from '../eval-graph-canvas.js';
import { normaliseEvalGraph } from '../eval-graph-options.js';
import { paintRatingGraph } from '../rating-graph-canvas.js';
import { normaliseRatingGraph } from '../rating-graph-options.js';
import { paintStandingsPicture } from '../standings-canvas.js';
import { normaliseStandings } from '../standings-options.js';
import { themedPicture } from './themed.js';

/** A tournament's standings table (720 to 1000 px wide, as tall as its rows). */
export const standings = themedPicture('standings', normaliseStandings, paintStandingsPicture);

/** A player's rating graph, 640 x 320 px; an empty one is refused. */
export const ratingGraph = themedPicture('rating-graph', normaliseRatingGraph, paintRatingGraph);

/** A review's evaluation graph, 640 x 320 px. */
export const evalGraph = themedPicture('eval-graph', normaliseEvalGraph, paintEvalGraph);
