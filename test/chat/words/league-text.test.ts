import { describe, expect, it } from 'vitest';
import {
  findByUsername,
  leaderboardText,
  ratedText,
  ratingGraph,
  statsText,
} from '../../../src/chat/words/league-text.js';
import type { Player } from '../../../src/game/model.js';
import { newPlayerRating, type PlayerRating } from '../../../src/game/rating-model.js';
import { withOutcome } from '../../../src/game/ratings.js';
import { DEFAULT_RATING } from '../../../src/ratings/glicko2.js';
import { messagesOn } from '../../../src/i18n/index.js';
import { ALICE, BORIS, makeGame } from '../../support/game-fixtures.js';
import { inlinePainter } from '../../support/painter.js';

const en = messagesOn('telegram', 'en');
const ru = messagesOn('telegram', 'ru');
const NAMES = { name: (p: Player) => p.displayName, mention: (p: Player) => `@${p.displayName}` };

/** A record after these scores against 1500-rated opponents. */
function recordOf(player: Player, scores: readonly (0 | 0.5 | 1)[], games = 0): PlayerRating {
  let record = newPlayerRating(player, 'bashni', 'people', 0);
  for (const score of scores)
    record = withOutcome(record, player, {
      gameId: `g${games++}`,
      at: games,
      opponent: 'Борис',
      opponentRating: { ...DEFAULT_RATING, deviation: 50 },
      score,
      before: record.rating,
    });
  return record;
}

describe('/stats', () => {
  it('gives the rating (provisional or not), the record, the streaks and the last results', () => {
    const alice = recordOf(ALICE, [1, 1, 0.5, 1, 1, 1, 0, 1, 1, 1, 1, 1]);
    const text = statsText('Alice', [alice], en);
    expect(text).toMatch(
      /^📊 <b>Alice<\/b>\n\n<b>Bashni<\/b>: \d{4}\? ±\d+\n12 games: 10 won, 1 drawn, 1 lost\n🔥 5 wins in a row\nBest run: 5 wins\n\nLast results:\n✅ Борис \(1500\) \+\d+/,
    );
    // Five last results, newest first.
    expect(text.split('Last results:\n')[1]!.split('\n')).toHaveLength(5);
    const newcomer = statsText('Boris', [recordOf(BORIS, [0])], ru);
    expect(newcomer).toMatch(/<b>Башни<\/b>: \d+\? ±\d+\n1 партия: побед 0, ничьих 0, поражений 1/);
    expect(statsText('Boris', [], en)).toContain('has no rated games yet');
  });
});

describe('the rating graph', () => {
  it('titles a long name cut to fit, so the picture is drawn', async () => {
    const long = { ...ALICE, displayName: `${'Ж'.repeat(199)}!` };
    const graph = ratingGraph(recordOf(long, [1]), en)!;
    // One game: the line starts at the rating before it, not a lone dot.
    const only = recordOf(long, [1]).recent[0]!;
    expect(graph.points).toEqual([{ rating: only.rating - only.change }, { rating: only.rating }]);
    expect(graph.footer).toBe('rating after the last game');
    expect(graph.title).toMatch(/^Ж{63}… — Bashni$/);
    await expect(inlinePainter.paintRatingGraph(graph)).resolves.toBeInstanceOf(Buffer);
  });
});

/** The record with an established rating (deviation 60), or as it is. */
function settled(record: PlayerRating, established: boolean): PlayerRating {
  return established ? { ...record, rating: { ...record.rating, deviation: 60 } } : record;
}

describe('/top', () => {
  it('lists the chat and the world, ten at most each, provisional ratings marked', () => {
    // In leaderboard order (the service sorts): the established ones first.
    const chat = Array.from({ length: 12 }, (_, i) =>
      settled(
        recordOf(
          { ...ALICE, userId: String(i), displayName: `P${i}` },
          i < 6 ? [1, 1, 1, 1, 1, 1, 1, 1] : [1],
        ),
        i < 6,
      ),
    );
    const text = leaderboardText('Bashni', chat, [], en);
    const [chatPart, globalPart, hint] = text.split('\n\n');
    expect(chatPart!.split('\n')).toHaveLength(11);
    expect(chatPart).toMatch(/^🏆 <b>Bashni<\/b> — this chat\n1\. P0 — \d+ \(8 games\)/);
    expect(chatPart).toMatch(/\n10\. P9 — \d+\? \(1 game\)$/);
    expect(globalPart).toBe(`🌍 <b>Bashni</b> — everywhere\n${en.league.topGlobalNobody}`);
    expect(hint).toContain('/top puzzles');
  });
});

describe('after a rated game', () => {
  it('gives each player’s new rating and its change, in seat order', () => {
    const alice = recordOf(ALICE, [1]);
    const boris = recordOf(BORIS, [0]);
    const game = makeGame('g1');
    const text = ratedText(game, [boris, alice], en, NAMES);
    const [header, first, second] = text.split('\n');
    expect(header).toBe('📈 Ratings');
    expect(first).toBe(`Alice: ${Math.round(alice.rating.rating)}? (+${alice.recent[0]!.change})`);
    expect(second).toBe(
      `Борис: ${Math.round(boris.rating.rating)}? (−${-boris.recent[0]!.change})`,
    );
  });
});

describe('/stats @name', () => {
  it('finds a player on the chat’s boards by username, any case, with or without @', () => {
    const records = [recordOf(ALICE, [1]), recordOf(BORIS, [0])];
    expect(findByUsername(records, '@alice_plays')?.userId).toBe(ALICE.userId);
    expect(findByUsername(records, 'BORIS')?.userId).toBe(BORIS.userId);
    expect(findByUsername(records, 'nobody')).toBeUndefined();
  });
});
