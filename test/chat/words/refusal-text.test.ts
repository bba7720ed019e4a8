import { describe, expect, it } from 'vitest';
import { refusalText } from '../../../src/chat/words/refusal-text.js';
import { refusal, type Refusal, type ServiceErrorCode } from '../../../src/game/results.js';
import { messagesOn } from '../../../src/i18n/index.js';

/** An English sentence as the engine and the service write them, which no user may read. */
const ENGLISH = 'a1-b2 is not a legal move here.';

/** One refusal of every code (a new code fails to compile here until it has one). */
const SAMPLES: Record<ServiceErrorCode, Refusal> = {
  'not-found': refusal('not-found', ENGLISH),
  'not-a-player': refusal('not-a-player', ENGLISH),
  'not-your-turn': refusal('not-your-turn', ENGLISH),
  'illegal-move': refusal('illegal-move', ENGLISH, { move: 'a1-b2', legal: ['c3-d4', 'e3-f4'] }),
  'stale-version': refusal('stale-version', ENGLISH),
  'game-over': refusal('game-over', ENGLISH),
  'not-for-you': refusal('not-for-you', ENGLISH, { only: 'challenged', target: '@boris' }),
  'own-challenge': refusal('own-challenge', ENGLISH, { making: true }),
  'challenge-closed': refusal('challenge-closed', ENGLISH),
  'challenge-expired': refusal('challenge-expired', ENGLISH),
  'no-draw-offer': refusal('no-draw-offer', ENGLISH),
  'own-draw-offer': refusal('own-draw-offer', ENGLISH),
  'challenge-not-found': refusal('challenge-not-found', ENGLISH),
  'draw-already-offered': refusal('draw-already-offered', ENGLISH),
  busy: refusal('busy', ENGLISH),
  'puzzle-not-found': refusal('puzzle-not-found', ENGLISH),
  'no-puzzle-left': refusal('no-puzzle-left', ENGLISH),
  'puzzle-next-stale': refusal('puzzle-next-stale', ENGLISH),
  'puzzle-vote-untried': refusal('puzzle-vote-untried', ENGLISH),
  'bad-daily-time': refusal('bad-daily-time', ENGLISH),
  'unknown-time-zone': refusal('unknown-time-zone', ENGLISH),
  'store-unavailable': refusal('store-unavailable', ENGLISH),
  'corrupt-record': refusal('corrupt-record', ENGLISH),
  'bad-position': refusal('bad-position', ENGLISH, { fen: 'W:Wz9:B' }),
  'not-due': refusal('not-due', ENGLISH, { at: 5_000 }),
  'no-draws-at-table': refusal('no-draws-at-table', ENGLISH),
  'table-full': refusal('table-full', ENGLISH),
  'table-not-full': refusal('table-not-full', ENGLISH),
  'already-seated': refusal('already-seated', ENGLISH),
  'not-seated': refusal('not-seated', ENGLISH),
  'tournament-not-found': refusal('tournament-not-found', ENGLISH),
  'tournament-live': refusal('tournament-live', ENGLISH),
  'game-not-over': refusal('game-not-over', ENGLISH),
  'review-not-for-tables': refusal('review-not-for-tables', ENGLISH),
  'review-unavailable': refusal('review-unavailable', ENGLISH),
  'tournament-started': refusal('tournament-started', ENGLISH),
  'tournament-over': refusal('tournament-over', ENGLISH),
  'already-entered': refusal('already-entered', ENGLISH),
  'not-entered': refusal('not-entered', ENGLISH),
  'tournament-full': refusal('tournament-full', ENGLISH),
  'too-few-entrants': refusal('too-few-entrants', ENGLISH),
  'not-organiser': refusal('not-organiser', ENGLISH),
};

/** English words of the service's and the engine's sentences. */
const ENGLISH_WORDS = /\b(is|not|a|the|legal|move|here|game|record|this|you|your)\b/i;

describe('refusalText', () => {
  it('renders every refusal code in Russian from the catalogue, with no English sentence in it', () => {
    const ru = messagesOn('telegram', 'ru');
    for (const [code, sample] of Object.entries(SAMPLES)) {
      const text = refusalText(ru, sample);
      expect(text, code).not.toContain(ENGLISH);
      expect(text, code).toMatch(/[а-яё]/i);
      // Latin text left is notation, commands and zone names: no English words.
      expect(text, code).not.toMatch(ENGLISH_WORDS);
    }
  });

  it('never reads the refusal’s message: the same facts give the same words in both languages', () => {
    for (const lang of ['ru', 'en'] as const) {
      const t = messagesOn('telegram', lang);
      for (const [code, sample] of Object.entries(SAMPLES)) {
        const other = { ...sample, message: 'something else entirely' } as Refusal;
        expect(refusalText(t, other), `${lang} ${code}`).toBe(refusalText(t, sample));
      }
    }
  });

  it('quotes the move as given and lists the legal moves, escaped, in either language', () => {
    const illegal = refusal('illegal-move', ENGLISH, { move: 'a1<b>-b2', legal: ['c3-d4'] });
    expect(refusalText(messagesOn('telegram', 'ru'), illegal)).toBe(
      'Ход a1&lt;b&gt;-b2 здесь невозможен.\nc3-d4',
    );
    expect(refusalText(messagesOn('telegram', 'en'), illegal)).toBe(
      'a1&lt;b&gt;-b2 is not a legal move here.\nc3-d4',
    );
    const many = Array.from({ length: 45 }, (_, i) => `m${i}`);
    const long = refusalText(messagesOn('telegram', 'en'), { ...illegal, legal: many });
    expect(long.endsWith('m39  …')).toBe(true);
    expect(long).not.toContain('m40');
  });
});
