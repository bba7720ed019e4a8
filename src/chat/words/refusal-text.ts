import type { Refusal, RefusalOf } from '../../game/results.js';
import { quoteBack } from '../../game/move-input.js';
import type { Messages } from '../../i18n/index.js';
import { MIN_ENTRANTS } from '../../game/tournament-rules.js';
import { escapeHtml } from './escape-html.js';

/** Legal moves listed after an illegal one: enough to help, never a wall of text. */
const LEGAL_HINT_MOVES = 40;

/**
 * The words for a refusal of the game service: from the catalogue and the refusal's typed
 * facts only. Its `message` is English for logs and never shown here.
 */
export function refusalText(t: Messages, refusal: Refusal): string {
  switch (refusal.code) {
    case 'not-your-turn':
      return t.errors.notYourTurn;
    case 'not-a-player':
      return t.errors.notAPlayer;
    case 'stale-version':
      return t.errors.stale;
    case 'game-over':
      return t.errors.gameOver;
    case 'not-for-you':
      if (refusal.only === 'challenger') return t.errors.onlyChallenger;
      return t.errors.challengeFor(
        refusal.target === undefined ? undefined : escapeHtml(refusal.target),
      );
    case 'own-challenge':
      return refusal.making ? t.errors.challengeSelf : t.errors.ownChallenge;
    case 'challenge-closed':
      return t.errors.challengeClosed;
    case 'challenge-expired':
      return t.errors.challengeExpired;
    case 'challenge-not-found':
      return t.errors.challengeNotFound;
    case 'already-seated':
      return t.table.errors.alreadySeated;
    case 'table-full':
      return t.table.errors.tableFull;
    case 'table-not-full':
      return t.table.errors.tableNotFull;
    case 'not-seated':
      return t.table.errors.notSeated;
    case 'no-draws-at-table':
      return t.table.errors.noDrawsAtTable;
    case 'no-draw-offer':
      return t.errors.noDrawOffer;
    case 'own-draw-offer':
      return t.errors.ownDrawOffer;
    case 'draw-already-offered':
      return t.errors.drawAlreadyOffered;
    case 'store-unavailable':
      return t.errors.storeUnavailable;
    case 'corrupt-record':
      return t.errors.corruptRecord;
    // A timer that came early is the service's own affair; were one shown, it is "try again".
    case 'busy':
    case 'not-due':
      return t.errors.busy;
    case 'not-found':
      return t.errors.notFound;
    case 'puzzle-not-found':
      return t.errors.puzzleNotFound;
    case 'no-puzzle-left':
      return t.errors.noPuzzleLeft;
    case 'puzzle-next-stale':
      return t.puzzles.nextStale;
    case 'bad-daily-time':
      return t.errors.badDailyTime;
    case 'unknown-time-zone':
      return t.errors.unknownTimeZone;
    case 'bad-position':
      return t.errors.badPosition;
    case 'illegal-move':
      return illegalMoveText(t, refusal);
    case 'game-not-over':
      return t.review.notOver;
    case 'review-not-for-tables':
      return t.review.notForTables;
    case 'review-unavailable':
      return t.review.unavailable;
    case 'tournament-not-found':
      return t.league.tournament.errors.notFound;
    case 'tournament-live':
      return t.league.tournament.errors.live;
    case 'tournament-started':
      return t.league.tournament.errors.started;
    case 'tournament-over':
      return t.league.tournament.errors.over;
    case 'already-entered':
      return t.league.tournament.errors.alreadyEntered;
    case 'not-entered':
      return t.league.tournament.errors.notEntered;
    case 'tournament-full':
      return t.league.tournament.errors.full;
    case 'too-few-entrants':
      return t.league.tournament.errors.tooFew(MIN_ENTRANTS);
    case 'not-organiser':
      return t.league.tournament.errors.notOrganiser;
  }
}

/** The move quoted back as given, then the legal moves (notation, the same in every language). */
function illegalMoveText(t: Messages, refusal: RefusalOf<'illegal-move'>): string {
  const { legal } = refusal;
  const shown = legal.slice(0, LEGAL_HINT_MOVES).join('  ');
  const more = legal.length > LEGAL_HINT_MOVES ? '  …' : '';
  const hint = legal.length === 0 ? '' : `\n${escapeHtml(shown)}${more}`;
  return t.errors.illegalMove(escapeHtml(quoteBack(refusal.move))) + hint;
}
