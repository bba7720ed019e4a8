import { describe, expect, it } from 'vitest';
import { LANGS, messages, messagesOn, type Messages } from '../../src/i18n/index.js';
import { unknownPlaceholders } from '../../src/i18n/platform-words.js';

/**
 * Every string of a catalogue (texts that take arguments are functions and not among them),
 * but the table picture's words, whose `{place}` and `{points}` the picture fills.
 */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      key === 'picture' && 'seat' in value ? [] : strings(item),
    );
  return [];
}

/** The texts both platforms show that once gave Telegram's advice on Discord. */
const shared = (t: Messages) => [
  t.errors.severalGames,
  t.errors.noGameHere,
  t.review.noGame,
  t.review.stale,
  t.replay.noGame,
  t.replay.notFound('x'),
  t.league.topHint,
  t.puzzles.countedForDaily,
  t.puzzles.adminsOnly,
  t.puzzles.stale,
  t.league.tournament.none,
  t.league.tournament.errors.notOrganiser,
  t.league.tournament.errors.live,
  t.playAgainstMe,
  t.league.statsNone('Anna'),
];

describe('texts filled by the platform', () => {
  it.each(LANGS)('%s: every placeholder of the catalogue is known', (lang) => {
    expect(unknownPlaceholders(messages(lang))).toEqual(['place', 'points']);
  });

  it.each(LANGS)('%s: no placeholder is left once a platform has filled them', (lang) => {
    for (const platform of ['telegram', 'discord'] as const) {
      const t = messagesOn(platform, lang);
      const left = [...strings(t), ...shared(t)].filter((text) => /\{\/?[a-zA-Z]+\}/.test(text));
      expect(left).toEqual([]);
    }
  });

  it('Discord is given no Telegram advice: no replies to boards, no /top puzzles, no chat admins', () => {
    const telegramOnly =
      /reply to|ответьте|\/top puzzles|\/top задачи|chat’s admins|chat admin|админ|\[level|\[уровень/i;
    for (const lang of LANGS)
      expect(shared(messagesOn('discord', lang)).filter((text) => telegramOnly.test(text))).toEqual(
        [],
      );
    const en = messagesOn('discord', 'en');
    expect(en.league.topHint).toContain('/top variant:Puzzles');
    expect(en.review.noGame).toContain('/review game:ID');
    expect(messagesOn('discord', 'ru').review.stale).toContain('/разбор');
    expect(messagesOn('discord', 'ru').errors.noGameHere).toContain('/новая-игра');
  });

  it('Telegram keeps its own words and its English command names', () => {
    const ru = messagesOn('telegram', 'ru');
    expect(ru.errors.severalGames).toBe(
      'У вас здесь несколько партий: ответьте на сообщение с нужной доской.',
    );
    expect(ru.league.topHint).toContain('/top задачи');
    expect(ru.errors.noGameHere).toBe(
      'У вас нет партии в этом чате. Начните её командой /newgame.',
    );
    expect(messagesOn('telegram', 'en').puzzles.countedForDaily).toContain('/top puzzles');
  });
});
