import type { Refusal } from '../game/results.js';
import type { Messages } from '../i18n/index.js';

/** The words for a refusal of the game service. */
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
      return t.errors.notForYou;
    case 'own-challenge':
      return t.errors.ownChallenge;
    case 'challenge-closed':
      return t.errors.challengeClosed;
    case 'challenge-expired':
      return t.errors.challengeExpired;
    case 'challenge-not-found':
      return t.errors.challengeNotFound;
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
    case 'busy':
      return t.errors.busy;
    case 'not-found':
      return t.errors.notFound;
    case 'puzzle-not-found':
      return t.errors.puzzleNotFound;
    case 'no-puzzle-left':
      return t.errors.noPuzzleLeft;
    case 'bad-daily-time':
      return t.errors.badDailyTime;
    case 'unknown-time-zone':
      return t.errors.unknownTimeZone;
    case 'illegal-move':
      return t.errors.illegalMove(refusal.message);
  }
}
