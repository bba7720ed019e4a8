import type { Refusal, RefusalOf, ServiceErrorCode } from '../../game/results.js';
import { quoteBack } from '../../game/move-input.js';
import type { Messages } from '../../i18n/index.js';
import { MIN_ENTRANTS } from '../../game/tournament-rules.js';
import { escapeHtml } from './escape-html.js';

/** Legal moves listed after an illegal one: enough to help, never a wall of text. */
const LEGAL_HINT_MOVES = 40;

/**
 * The words for each refusal of the game service: from the catalogue and the refusal's typed
 * facts only. Its `message` is English for logs and never shown here.
 */
const REFUSAL_TEXTS: {
  readonly [C in ServiceErrorCode]: (t: Messages, refusal: RefusalOf<C>) => string;
} = {
  'not-your-turn': (t) => t.errors.notYourTurn,
  'not-a-player': (t) => t.errors.notAPlayer,
  'stale-version': (t) => t.errors.stale,
  'game-over': (t) => t.errors.gameOver,
  'not-for-you': (t, refusal) => {
    if (refusal.only === 'challenger') return t.errors.onlyChallenger;
    return t.errors.challengeFor(
      refusal.target === undefined ? undefined : escapeHtml(refusal.target),
    );
  },
  'own-challenge': (t, refusal) =>
    refusal.making ? t.errors.challengeSelf : t.errors.ownChallenge,
  'challenge-closed': (t) => t.errors.challengeClosed,
  'challenge-expired': (t) => t.errors.challengeExpired,
  'challenge-not-found': (t) => t.errors.challengeNotFound,
  'already-seated': (t) => t.table.errors.alreadySeated,
  'table-full': (t) => t.table.errors.tableFull,
  'table-not-full': (t) => t.table.errors.tableNotFull,
  'not-seated': (t) => t.table.errors.notSeated,
  'no-draws-at-table': (t) => t.table.errors.noDrawsAtTable,
  'no-draw-offer': (t) => t.errors.noDrawOffer,
  'own-draw-offer': (t) => t.errors.ownDrawOffer,
  'draw-already-offered': (t) => t.errors.drawAlreadyOffered,
  'store-unavailable': (t) => t.errors.storeUnavailable,
  'corrupt-record': (t) => t.errors.corruptRecord,
  // A timer that came early is the service's own affair; were one shown, it is "try again".
  busy: (t) => t.errors.busy,
  'not-due': (t) => t.errors.busy,
  'not-found': (t) => t.errors.notFound,
  'puzzle-not-found': (t) => t.errors.puzzleNotFound,
  'no-puzzle-left': (t) => t.errors.noPuzzleLeft,
  'puzzle-next-stale': (t) => t.puzzles.nextStale,
  'puzzle-vote-untried': (t) => t.puzzles.voteUntried,
  'bad-daily-time': (t) => t.errors.badDailyTime,
  'unknown-time-zone': (t) => t.errors.unknownTimeZone,
  'bad-position': (t) => t.errors.badPosition,
  'illegal-move': illegalMoveText,
  'game-not-over': (t) => t.review.notOver,
  'review-not-for-tables': (t) => t.review.notForTables,
  'review-unavailable': (t) => t.review.unavailable,
  'tournament-not-found': (t) => t.league.tournament.errors.notFound,
  'tournament-live': (t) => t.league.tournament.errors.live,
  'tournament-started': (t) => t.league.tournament.errors.started,
  'tournament-over': (t) => t.league.tournament.errors.over,
  'already-entered': (t) => t.league.tournament.errors.alreadyEntered,
  'not-entered': (t) => t.league.tournament.errors.notEntered,
  'tournament-full': (t) => t.league.tournament.errors.full,
  'too-few-entrants': (t) => t.league.tournament.errors.tooFew(MIN_ENTRANTS),
  'not-organiser': (t) => t.league.tournament.errors.notOrganiser,
};

/** The words for a refusal of the game service (see REFUSAL_TEXTS). */
export function refusalText(t: Messages, refusal: Refusal): string {
  const text = REFUSAL_TEXTS[refusal.code] as (t: Messages, refusal: Refusal) => string;
  return text(t, refusal);
}

/** The move quoted back as given, then the legal moves (notation, the same in every language). */
function illegalMoveText(t: Messages, refusal: RefusalOf<'illegal-move'>): string {
  const { legal } = refusal;
  const shown = legal.slice(0, LEGAL_HINT_MOVES).join('  ');
  const more = legal.length > LEGAL_HINT_MOVES ? '  …' : '';
  const hint = legal.length === 0 ? '' : `\n${escapeHtml(shown)}${more}`;
  return t.errors.illegalMove(escapeHtml(quoteBack(refusal.move))) + hint;
}
