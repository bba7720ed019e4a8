import type { ReviewMessages } from './review-messages.js';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The review of a finished game in English. */
export const enReview: ReviewMessages = {
  notOver:
    'The engine reviews a game once it is over: no engine help during play. Ask again after the game.',
  notForTables: 'Table games (more than two players) are not reviewed.',
  unavailable: 'The engine cannot review games here right now. Please try again later.',
  noGame: 'No finished game to review here. {reviewHow}.',
  queued: 'Another review is running; yours comes next.',
  working: 'The engine is going through the game…',
  mistake: 'mistake',
  blunder: 'blunder',
  header: (white, black, result) => `🔍 Review: ${white} – ${black}, ${result}`,
  sideLine: (side, name, mistakes, blunders, accuracy) =>
    `${side === 'white' ? '⚪' : '⚫'} ${name}: ${count(mistakes, 'mistake')}, ${count(blunders, 'blunder')}, accuracy ${accuracy} %`,
  noMoments: 'No mistakes or blunders: a clean game.',
  costliest: (shown, total) => `The ${shown} costliest of ${total} moments:`,
  moment: (label, verdict, before, after, best, line) =>
    `${label} — ${verdict}: White’s chances ${before} % → ${after} %. Better ${best}: ${line}`,
  momentOf: (index, total) => `Moment ${index} of ${total}`,
  boardTitle: (label, verdict) => `${label} — ${verdict}`,
  boardText: (best) => `Played: the marked move. Better: ${best} (arrow)`,
  graphTitle: (white, black) => `${white} – ${black}`,
  graphAxis: 'White’s chances',
  graphFooter: (mistakes, blunders) =>
    `orange: ${count(mistakes, 'mistake')} · red: ${count(blunders, 'blunder')}`,
  previous: '◀',
  next: '▶',
  toGraph: '📈 Graph',
  stale: 'This review no longer matches the game. Send {/review} again.',
};
