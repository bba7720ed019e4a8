import type { RatingGraphPicture } from '../../render/index.js';
import { isProvisional } from '../../ratings/glicko2.js';
import { gamePlayers, type Game, type Player } from '../../game/model.js';
import type { PlayerRating } from '../../game/rating-model.js';
import type { Messages, RatingFigure } from '../../i18n/index.js';
import { cutName, type PlayerNames } from './player-label.js';
import { escapeHtml } from './escape-html.js';

/** Lines of a leaderboard shown per scope. */
export const TOP_LINES = 10;

/** A record's figure for a line: rounded rating, provisional or not, the name as written. */
export function figureOf(record: PlayerRating, name = escapeHtml(record.player.displayName)) {
  return {
    name,
    rating: Math.round(record.rating.rating),
    provisional: isProvisional(record.rating),
  } satisfies RatingFigure;
}

/** "📈 Ratings\nAnna: 1512? (+12)\n…" after a rated game, in the order the game seats them. */
export function ratedText(
  game: Game,
  ratings: readonly PlayerRating[],
  t: Messages,
  names: PlayerNames,
): string {
  const lines = gamePlayers(game).flatMap((player: Player) => {
    const record = ratings.find(
      (r) => r.player.platform === player.platform && r.player.userId === player.userId,
    );
    const last = record?.recent.at(-1);
    if (record === undefined || last === undefined) return [];
    return [t.league.ratedLine(figureOf(record, names.name(player)), last.change)];
  });
  return [t.league.ratedHeader, ...lines].join('\n');
}

/** `/stats`: a block per variant and pool, then the last results of the most played one. */
export function statsText(name: string, records: readonly PlayerRating[], t: Messages): string {
  if (records.length === 0) return t.league.statsNone(name);
  const blocks = records.map((record) =>
    t.league.statsBlock({
      variant: t.variant(record.variant),
      againstBot: record.pool === 'bot',
      rating: t.league.rating(Math.round(record.rating.rating), isProvisional(record.rating)),
      deviation: Math.round(record.rating.deviation),
      games: record.games,
      wins: record.wins,
      draws: record.draws,
      losses: record.losses,
      streak: record.streak,
      bestWinStreak: record.bestWinStreak,
    }),
  );
  const recent = records[0]!.recent
    .slice(-5)
    .reverse()
    .map((outcome) =>
      t.league.recentLine(
        outcome.score,
        escapeHtml(outcome.opponent),
        outcome.opponentRating,
        outcome.change,
      ),
    );
  const last = [t.league.recentHeader, ...recent].join('\n');
  return [t.league.statsHeader(name), ...blocks, last].join('\n\n');
}

/** What the rating graph picture shows (the renderer's RatingGraphPicture). */
export type RatingGraphData = RatingGraphPicture;

/**
 * The graph of a record's recent games (undefined with none). A single game's graph starts at
 * the rating before it (the initial rating): a line, not a lone dot.
 */
export function ratingGraph(record: PlayerRating, t: Messages): RatingGraphData | undefined {
  const [first] = record.recent;
  if (first === undefined) return undefined;
  const start = record.recent.length === 1 ? [{ rating: first.rating - first.change }] : [];
  return {
    title: t.league.graphTitle(cutName(record.player.displayName), t.variant(record.variant)),
    points: [...start, ...record.recent.map((outcome) => ({ rating: outcome.rating }))],
    footer: t.league.graphFooter(record.recent.length),
  };
}

/** `/top`: the chat's table, then the global one. */
export function leaderboardText(
  variant: string,
  chat: readonly PlayerRating[],
  global: readonly PlayerRating[],
  t: Messages,
): string {
  const lines = (records: readonly PlayerRating[], nobody = t.league.topNobody) =>
    records.length === 0
      ? [nobody]
      : records
          .slice(0, TOP_LINES)
          .map((record, index) => t.league.topLine(index + 1, figureOf(record), record.games));
  return [
    [t.league.topChat(variant), ...lines(chat)].join('\n'),
    [t.league.topGlobal(variant), ...lines(global, t.league.topGlobalNobody)].join('\n'),
    t.league.topHint,
  ].join('\n\n');
}

/** The player a `/stats @name` means, among the records of a chat's leaderboards. */
export function findByUsername(
  records: readonly PlayerRating[],
  username: string,
): PlayerRating['player'] | undefined {
  const wanted = username.replace(/^@/, '').toLowerCase();
  return records.find((record) => record.player.username?.toLowerCase() === wanted)?.player;
}
