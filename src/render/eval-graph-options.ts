/**
 * The evaluation graph of a game review: White's chances over the plies, what a caller gives
 * and its validation (its cache key is kinds/themed.ts's). Pure: no canvas here.
 */
import { RenderError } from './errors.js';
import {
  checkArray,
  checkGraphText,
  checkLine,
  checkNumber,
  checkRecord,
} from './picture-checks.js';

/** A marked move: the dot at the position after it, orange for a mistake, red for a blunder. */
export interface EvalGraphMark {
  /** Index into `chances` (the position after the move). */
  readonly at: number;
  readonly kind: 'mistake' | 'blunder';
}

/** A labelled tick of the x axis (a move number at its position). */
export interface EvalGraphTick {
  readonly at: number;
  readonly label: string;
}

/** Everything the evaluation graph shows; all text is already translated by the caller. */
export interface EvalGraphPicture {
  /** e.g. "Alice – Bob" */
  readonly title: string;
  /** The y axis's name, e.g. "White's chances". */
  readonly axis: string;
  /** White's chances (0 to 1) at each position, the start first. */
  readonly chances: readonly number[];
  readonly marks?: readonly EvalGraphMark[];
  readonly ticks?: readonly EvalGraphTick[];
  readonly footer?: string;
}

export interface NormalisedEvalGraph {
  readonly title: string;
  readonly axis: string;
  readonly chances: readonly number[];
  readonly marks: readonly EvalGraphMark[];
  readonly ticks: readonly EvalGraphTick[];
  readonly footer: string;
}

/** Most positions drawn (a game longer than this is a bug here: reviews are of games). */
export const MAX_EVAL_POINTS = 2000;
const CODE = 'bad-eval-graph';

/** Checks an evaluation graph; throws RenderError 'bad-eval-graph' on what it cannot draw. */
export function normaliseEvalGraph(picture: EvalGraphPicture): NormalisedEvalGraph {
  const input = checkRecord(CODE, picture, 'the evaluation graph');
  const chances = checkArray(CODE, input.chances, 'chances', MAX_EVAL_POINTS).map((value, i) =>
    checkNumber(CODE, value, `chances[${i}]`, 0, 1),
  );
  if (chances.length === 0)
    throw new RenderError(CODE, 'chances is empty: a graph needs a position', { what: 'chances' });
  const index = (value: unknown, what: string) => {
    const at = checkNumber(CODE, value, what, 0, chances.length - 1);
    if (!Number.isInteger(at)) throw new RenderError(CODE, `${what} must be whole`, { what });
    return at;
  };
  const marks = checkArray(CODE, input.marks ?? [], 'marks', MAX_EVAL_POINTS).map(
    (value, i): EvalGraphMark => {
      const mark = checkRecord(CODE, value, `marks[${i}]`);
      if (mark.kind !== 'mistake' && mark.kind !== 'blunder')
        throw new RenderError(CODE, `marks[${i}].kind must be mistake or blunder`, {
          what: 'kind',
        });
      return { at: index(mark.at, `marks[${i}].at`), kind: mark.kind };
    },
  );
  const ticks = checkArray(CODE, input.ticks ?? [], 'ticks', 100).map((value, i) => {
    const tick = checkRecord(CODE, value, `ticks[${i}]`);
    return { at: index(tick.at, `ticks[${i}].at`), label: checkLine(CODE, tick.label, 'label', 8) };
  });
  return {
    ...checkGraphText(CODE, input),
    axis: checkLine(CODE, input.axis, 'axis', 40),
    chances,
    marks,
    ticks,
  };
}
