import { describe, expect, it } from 'vitest';
import { leaderboardText } from '../../src/chat/words/league-text.js';
import { exampleMove, stepText } from '../../src/chat/words/puzzle-text.js';
import { refusalText } from '../../src/chat/words/refusal-text.js';
import { standingsLegend } from '../../src/chat/words/tournament-text.js';
import { refusal } from '../../src/game/results.js';
import { messagesOn } from '../../src/i18n/index.js';
import { makeTournament } from '../support/league-fixtures.js';
import { testCatalog } from '../support/puzzles.js';

const en = messagesOn('telegram', 'en');
const ru = messagesOn('telegram', 'ru');
const figure = { name: 'Anna', rating: 1480, provisional: false };

describe('the catalogue’s words', () => {
  it('confirms the mover’s own move in Russian as made, not as "your turn"', () => {
    expect(messagesOn('discord', 'ru').discord.played('c3-d4')).toBe('✅ Ход сделан: c3-d4.');
  });

  it('never inflects a name in Russian: the name stands apart from the sentence', () => {
    expect(ru.league.statsNone('Иван')).toMatch(/^Игрок Иван: /);
    expect(ru.challengeCancelled('Alice')).toBe('✖️ Alice: вызов отозван.');
    expect(ru.challengeDeclined('Alice')).toBe('✖️ Alice: вызов отклонён.');
    expect(ru.drawDeclined('Alice')).toBe('✖️ Alice: ничья отклонена.');
    expect(ru.league.tournament.cancelled('Alice')).toBe('✖️ Alice: турнир отменён.');
    expect(ru.table.closed('Alice')).toBe('✖️ Alice: стол закрыт.');
    const texts = [
      ru.league.statsNone('Иван'),
      ru.challengeTo('Alice', 'Иван', 'Башни', '3 дня на ход'),
      ru.challengeExpired('Alice'),
      ru.league.tournament.forfeit('Alice', 'Иван'),
      ru.league.tournament.withdrawn('Иван', 'withdrew'),
      ru.league.tournament.withdrawn('Иван', 'left-chat'),
      ru.table.expired('Alice'),
      ru.table.becameCount('Иван'),
      ru.table.seatOut('Иван', 'resign'),
      ru.table.seatOut('Иван', 'time'),
    ].join('\n');
    expect(texts).not.toMatch(
      /(^|\s)(У|от) (Иван|Alice)|\bего\b|\bему\b|\(а\)|\(ась\)|отменил |снялся|покинул/,
    );
  });

  it('writes every rating change with one minus sign (U+2212)', () => {
    expect(en.league.ratedLine(figure, -165)).toBe('Anna: 1480 (−165)');
    expect(ru.league.recentLine(0, 'Anna', 1480, -12)).toBe('❌ Anna (1480) −12');
    expect(en.puzzles.rating(1500, -162.4, false)).toBe('Puzzle rating: 1500 (−162)');
    expect(ru.puzzles.rating(1500, 7.6, true)).toBe('Рейтинг в задачах: 1500? (+8)');
    expect(en.puzzles.rating(1500, 0.2, false)).toBe('Puzzle rating: 1500 (±0)');
  });

  it('says "the last game" for one game, with the plural helpers for more', () => {
    expect(en.league.graphFooter(1)).toBe('rating after the last game');
    expect(en.league.graphFooter(5)).toBe('rating after each of the last 5 games');
    expect(ru.league.graphFooter(1)).toBe('рейтинг после последней партии');
    expect(ru.league.graphFooter(5)).toBe('рейтинг после каждой из последних: 5 партий');
  });

  it('says why a challenge is not for you, and that you cannot challenge yourself', () => {
    const forBoris = refusal('not-for-you', 'x', { only: 'challenged', target: '@boris' });
    expect(refusalText(en, forBoris)).toBe(
      'This challenge is for @boris: only they can accept or decline it.',
    );
    expect(refusalText(ru, forBoris)).toContain('адресован игроку @boris');
    const withdraw = refusal('not-for-you', 'x', { only: 'challenger' });
    expect(refusalText(en, withdraw)).toBe('Only the challenger can withdraw this challenge.');
    const self = refusal('own-challenge', 'x', { making: true });
    expect(refusalText(en, self)).toMatch(/^You can’t challenge yourself/);
    expect(refusalText(ru, self)).toMatch(/^Нельзя вызвать самого себя/);
    expect(en.errors.notForYou).not.toBe('This is not for you.');
  });

  it('explains an empty global table beside provisional ratings instead of "Nobody yet"', () => {
    const text = leaderboardText('Bashni', [], [], en).split('\n\n');
    expect(text[1]).toBe(
      '🌍 <b>Bashni</b> — everywhere\nNo established ratings yet: a rating joins this table once it is no longer provisional (?).',
    );
    expect(text[0]).toContain('Nobody yet.');
  });

  it('explains the standings’ tie-break abbreviations', () => {
    const swiss = makeTournament('t1', { format: 'swiss' });
    const roundRobin = makeTournament('t2', { format: 'round-robin' });
    expect(standingsLegend(swiss, ru)).toBe(
      'Бух — коэффициент Бухгольца: сумма очков соперников · КБ — коэффициент Бергера: очки побеждённых соперников и половина очков тех, с кем ничья',
    );
    expect(standingsLegend(roundRobin, en)).toMatch(/^SB: Sonneborn–Berger/);
  });

  it('says "your move" once in a puzzle, and its example move is one the side to move has', () => {
    const blackToMove = testCatalog()
      .list('bashni')
      .find((puzzle) => puzzle.fen.startsWith('B'));
    expect(blackToMove).toBeDefined();
    const example = exampleMove(blackToMove!, 0);
    expect(example).toBeDefined();
    expect(example).not.toBe(blackToMove!.solution[0]);
    expect(ru.puzzles.replyHint(example)).toBe(
      `Можно и ответить на это сообщение ходом, например ${example}.`,
    );
    expect(en.puzzles.replyHint(example)).not.toContain('c3-d4');
    const step = stepText(
      blackToMove!,
      { kind: 'correct', move: 'a', reply: 'b', solved: false, ply: 2 },
      undefined,
      ru,
    );
    expect(`${step}\n${ru.puzzles.yourMove}`.match(/Ваш ход/g)).toHaveLength(1);
  });
});
