/**
 * What every chat shows of an engine review (/review): the summary caption, each critical
 * moment's line, the evaluation graph's data and a moment's board. Plain text (no markup), so
 * Telegram captions and Discord messages take it alike.
 */
import type { EvalGraphPicture } from '../../render/index.js';
import { parseMove, type Position } from '../../engine/index.js';
import { momentPosition } from '../../game/review.js';
import type { Game } from '../../game/model.js';
import type { GameReview, ReviewedPly } from '../../game/service.js';
import type { Messages } from '../../i18n/index.js';
import { MAX_REVIEW_MOMENTS, type Payload } from '../buttons/button-payload.js';
import { cutName } from './player-label.js';

/** Telegram's limit on a photo's caption. */
export const MAX_CAPTION = 1024;
/** Moves of the engine's line shown after a moment. */
const LINE_MOVES = 6;

/** What the review's graph shows: the renderer's picture, every part of it given. */
export type EvalGraphData = Required<EvalGraphPicture>;

/** A move's squares as the renderer marks them. */
export interface MoveMarks {
  readonly from: number;
  readonly path: readonly number[];
  readonly captures: readonly number[];
}

/** A critical moment's board: the position before the move, the move played and the better one. */
export interface MomentBoard {
  readonly position: Position;
  readonly played: MoveMarks;
  readonly better: MoveMarks | null;
  readonly caption: { readonly title: string; readonly text: string };
}

/** Draws a review's pictures off the event loop (the render pool, in production). */
export interface ReviewPainter {
  paintEvalGraph(picture: EvalGraphData): Promise<Buffer>;
  paintMoment(board: MomentBoard): Promise<Buffer>;
}

const percent = (chances: number) => Math.round(chances * 100);

function resultMark(game: Game): string {
  const winner = game.result?.winner;
  return winner === 'white' ? '1-0' : winner === 'black' ? '0-1' : '½-½';
}

/** "14… f6:d4??": the move number, the move and its mark. */
export function momentLabel(ply: ReviewedPly): string {
  const mark = ply.verdict === 'blunder' ? '??' : ply.verdict === 'mistake' ? '?' : '';
  return `${ply.moveNumber}${ply.continues ? '…' : '.'} ${ply.move}${mark}`;
}

/** A moment in one line: "14… f6:d4?? — blunder: White's chances 62 % → 18 %. Better …". */
export function momentLine(t: Messages, ply: ReviewedPly): string {
  const verdict = ply.verdict === 'blunder' ? t.review.blunder : t.review.mistake;
  const line = ply.line.slice(0, LINE_MOVES).join(' ') + (ply.line.length > LINE_MOVES ? ' …' : '');
  return t.review.moment(
    momentLabel(ply),
    verdict,
    percent(ply.before),
    percent(ply.after),
    ply.best,
    line,
  );
}

function header(t: Messages, review: GameReview, game: Game): string[] {
  return [
    t.review.header(game.white.displayName, game.black.displayName, resultMark(game)),
    t.review.sideLine(
      'white',
      game.white.displayName,
      review.white.mistakes,
      review.white.blunders,
      review.white.accuracy,
    ),
    t.review.sideLine(
      'black',
      game.black.displayName,
      review.black.mistakes,
      review.black.blunders,
      review.black.accuracy,
    ),
  ];
}

/**
 * The summary under the graph, at most `limit` characters: the players, each side's count and
 * accuracy, then every moment in the order of the game — or, when they do not all fit, the
 * costliest first, as many as fit.
 */
export function reviewSummary(
  t: Messages,
  review: GameReview,
  game: Game,
  limit = MAX_CAPTION,
): string {
  const top = header(t, review, game);
  const moments = review.moments.map((i) => review.plies[i]!);
  if (moments.length === 0) return fit([...top, '', t.review.noMoments].join('\n'), limit);
  const all = [...top, '', ...moments.map((p) => momentLine(t, p))].join('\n');
  if (all.length <= limit) return all;
  const costliest = [...moments].sort((a, b) => b.drop - a.drop || a.ply - b.ply);
  let lines: string[] = [];
  for (let shown = costliest.length; shown >= 0; shown--) {
    lines = [
      ...top,
      '',
      t.review.costliest(shown, moments.length),
      ...costliest.slice(0, shown).map((p) => momentLine(t, p)),
    ];
    if (lines.join('\n').length <= limit) break;
  }
  return fit(lines.join('\n'), limit);
}

/** Cuts a text to `limit` characters (names can be long). */
function fit(text: string, limit: number): string {
  return text.length <= limit ? text : `${[...text].slice(0, limit - 1).join('')}…`;
}

/** The caption of critical moment `index` (0-based). */
export function momentCaption(
  t: Messages,
  review: GameReview,
  game: Game,
  index: number,
  limit = MAX_CAPTION,
): string {
  const ply = review.plies[review.moments[index]!]!;
  const lines = [
    t.review.header(game.white.displayName, game.black.displayName, resultMark(game)),
    t.review.momentOf(index + 1, review.moments.length),
    momentLine(t, ply),
  ];
  return fit(lines.join('\n'), limit);
}

/** The evaluation graph's data: White's chances, the marked moves and move-number ticks. */
export function evalGraphData(t: Messages, review: GameReview, game: Game): EvalGraphData {
  const marks = review.moments.map((i) => ({
    at: i + 1,
    kind: review.plies[i]!.verdict === 'blunder' ? ('blunder' as const) : ('mistake' as const),
  }));
  // Move 1, then a tick every 1, 2, 5, 10, 20... move numbers: about ten at most, each at the
  // first ply of its move.
  const last = review.plies.at(-1)?.moveNumber ?? 1;
  const step = [1, 2, 5, 10, 20, 50, 100, 200].find((s) => last / s <= 10) ?? 500;
  const ticks = review.plies
    .filter((p) => !p.continues && (p.moveNumber === 1 || p.moveNumber % step === 0))
    .map((p) => ({ at: p.ply, label: String(p.moveNumber) }));
  const mistakes = review.white.mistakes + review.black.mistakes;
  const blunders = review.white.blunders + review.black.blunders;
  return {
    title: t.review.graphTitle(cutName(game.white.displayName), cutName(game.black.displayName)),
    axis: t.review.graphAxis,
    chances: review.chances,
    marks,
    ticks,
    footer: t.review.graphFooter(mistakes, blunders),
  };
}

/** Critical moment `index`'s board: the position before, the move played, the better one. */
export function momentBoard(t: Messages, review: GameReview, index: number): MomentBoard {
  const ply = review.plies[review.moments[index]!]!;
  const position = momentPosition(review, ply.ply);
  const played = parseMove(position, ply.move);
  if (!played.ok) throw new Error(`review ${review.gameId}: ${ply.move} does not replay`);
  const better = ply.best === '' ? undefined : parseMove(position, ply.best);
  const verdict = ply.verdict === 'blunder' ? t.review.blunder : t.review.mistake;
  return {
    position,
    played: marksOf(played.value),
    better: better?.ok === true ? marksOf(better.value) : null,
    caption: {
      title: t.review.boardTitle(momentLabel(ply), verdict),
      text: t.review.boardText(ply.best),
    },
  };
}

function marksOf(move: MoveMarks): MoveMarks {
  return { from: move.from, path: [...move.path], captures: [...move.captures] };
}

/** A stepping button of a review: its label and payload. */
export interface ReviewButton {
  readonly label: string;
  readonly payload: Payload;
}

/**
 * The stepping buttons under the graph (`moment` undefined) or under critical moment `moment`:
 * ◀ the one before (the graph before the first), the graph, ▶ the next.
 */
export function reviewButtons(t: Messages, review: GameReview, moment?: number): ReviewButton[] {
  const at = (m: number | undefined): Payload => ({
    kind: 'review',
    gameId: review.gameId,
    ply: review.plyCount,
    ...(m === undefined ? {} : { moment: m }),
  });
  const count = Math.min(review.moments.length, MAX_REVIEW_MOMENTS + 1);
  const buttons: ReviewButton[] = [];
  if (moment !== undefined)
    buttons.push({ label: t.review.previous, payload: at(moment === 0 ? undefined : moment - 1) });
  if (moment !== undefined) buttons.push({ label: t.review.toGraph, payload: at(undefined) });
  const next = moment === undefined ? 0 : moment + 1;
  if (next < count) buttons.push({ label: t.review.next, payload: at(next) });
  return buttons;
}
