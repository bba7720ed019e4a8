import type { LeagueMessages } from './messages.js';
import { signedChange as signed } from './signed-change.js';

const RESULT_MARK = { 1: '✅', 0.5: '➖', 0: '❌' } as const;

/** The league texts made of figures and marks only: every language writes them alike. */
export const leagueFormats: Pick<
  LeagueMessages,
  'rating' | 'ratedLine' | 'statsHeader' | 'recentLine' | 'graphTitle'
> = {
  rating: (rating, provisional) => `${rating}${provisional ? '?' : ''}`,
  ratedLine: (f, change) => `${f.name}: ${f.rating}${f.provisional ? '?' : ''} (${signed(change)})`,
  statsHeader: (name) => `📊 <b>${name}</b>`,
  recentLine: (score, opponent, opponentRating, change) =>
    `${RESULT_MARK[score]} ${opponent} (${opponentRating}) ${signed(change)}`,
  graphTitle: (name, variant) => `${name} — ${variant}`,
};
