import type { StandingsPicture } from '../../render/index.js';
import type { Player } from '../../game/model.js';
import { MIN_ENTRANTS, roundCount, standingsOf } from '../../game/tournament-rules.js';
import type { Tournament } from '../../game/tournament-model.js';
import type { Messages } from '../../i18n/index.js';
import type { PlayerNames } from './player-label.js';

/** The sign-up card's text (once the tournament has started, it says so instead of "join"). */
export function tournamentCard(tournament: Tournament, t: Messages, names: PlayerNames): string {
  const words = t.league.tournament;
  return words.card({
    organiser: names.mention(tournament.organiser),
    format: words.format(tournament.format),
    variant: t.variant(tournament.variant),
    clock: t.daysPerMove(tournament.daysPerMove),
    rounds: words.rounds(tournament.format, tournament.rounds),
    rated: tournament.rated,
    entrants: tournament.entrants.map((entrant) => names.name(entrant.player)),
    min: MIN_ENTRANTS,
    open: tournament.status === 'signup',
  });
}

/** A round's post: its boards, byes and forfeits, with the players mentioned. */
export function roundText(
  tournament: Tournament,
  number: number,
  t: Messages,
  names: PlayerNames,
): string {
  const words = t.league.tournament;
  const round = tournament.played.find((r) => r.number === number);
  const player = (index: number): Player => tournament.entrants[index]!.player;
  const lines = (round?.boards ?? []).map((board, index) => {
    if (board.black === null) return words.bye(names.mention(player(board.white)));
    if (board.forfeit === true && board.gameId === undefined) {
      const [winner, loser] =
        board.whiteScore === 1 ? [board.white, board.black] : [board.black, board.white];
      return words.forfeit(names.name(player(winner)), names.name(player(loser)));
    }
    return words.pairing(
      index + 1,
      names.mention(player(board.white)),
      names.mention(player(board.black)),
    );
  });
  return words.round(number, roundCount(tournament), lines);
}

/** The tournament's title: variant and format. */
export function tournamentTitle(tournament: Tournament, t: Messages): string {
  return t.league.tournament.title(
    t.variant(tournament.variant),
    t.league.tournament.format(tournament.format),
  );
}

/** The winner's announcement: everyone sharing first place. */
export function winnerText(tournament: Tournament, t: Messages, names: PlayerNames): string {
  const rows = standingsOf(tournament);
  const winners = rows
    .filter((row) => row.rank === 1)
    .map((row) => names.mention(tournament.entrants[row.index]!.player));
  return t.league.tournament.winner(winners, tournamentTitle(tournament, t));
}

/**
 * The standings as text while there is no table to draw (no round over yet: "after round 0"
 * would say nothing): the tournament and its players. Undefined once a round is over.
 */
export function noStandingsYet(
  tournament: Tournament,
  t: Messages,
  names: PlayerNames,
): string | undefined {
  const over = tournament.played.some((round) => round.finishedAt !== undefined);
  if (over || tournament.status === 'finished') return undefined;
  const entrants = tournament.entrants.map((entrant) => names.name(entrant.player));
  return t.league.tournament.noRoundsYet(tournamentTitle(tournament, t), entrants);
}

/** The words `½` style points: 2½, ½, 3. */
export function pointsText(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  if (!half) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

/** What the standings picture shows (the renderer's StandingsPicture). */
export type StandingsData = StandingsPicture;

/** The line under the standings that says what their tie-break columns' abbreviations mean. */
export function standingsLegend(tournament: Tournament, t: Messages): string {
  return t.league.tournament.legend(tournament.format === 'swiss');
}

/** A board's mark for one player: 1, ½, 0, + / − for forfeits, = for a bye, '' unplayed. */
function cellMark(score: number | undefined, forfeit: boolean): string {
  if (score === undefined) return '';
  if (forfeit) return score === 1 ? '+' : '−';
  return score === 1 ? '1' : score === 0 ? '0' : '½';
}

/**
 * The standings as the picture shows them: place (shared places as "2–3"), name, points,
 * tie-breaks, and the grid — a round robin's crosstable by seed number, a Swiss event's rounds
 * ("5w1": opponent's seed, colour, result).
 */
export function standingsData(tournament: Tournament, t: Messages): StandingsData {
  const words = t.league.tournament;
  const rows = standingsOf(tournament);
  const swiss = tournament.format === 'swiss';
  const rounds = roundCount(tournament);
  const done = tournament.played.filter((round) => round.finishedAt !== undefined).length;
  const rankCount = new Map<number, number>();
  for (const row of rows) rankCount.set(row.rank, (rankCount.get(row.rank) ?? 0) + 1);
  const placeOf = (rank: number) => {
    const shared = rankCount.get(rank) ?? 1;
    return shared > 1 ? `${rank}–${rank + shared - 1}` : String(rank);
  };
  const n = tournament.entrants.length;
  const grid = (index: number): string[] => {
    if (!swiss) {
      const cells = Array.from({ length: n }, (_, opponent): string =>
        opponent === index ? '×' : '',
      );
      for (const round of tournament.played)
        for (const board of round.boards) {
          if (board.black === null) continue;
          const mine = board.white === index ? 'white' : board.black === index ? 'black' : null;
          if (mine === null) continue;
          const opponent = mine === 'white' ? board.black : board.white;
          const score =
            board.whiteScore === undefined
              ? undefined
              : mine === 'white'
                ? board.whiteScore
                : 1 - board.whiteScore;
          const mark = cellMark(score, board.forfeit === true);
          cells[opponent] = cells[opponent] === '' ? mark : `${cells[opponent]} ${mark}`.trim();
        }
      return cells;
    }
    return Array.from({ length: rounds }, (_, r) => {
      const round = tournament.played[r];
      const board = round?.boards.find((b) => b.white === index || b.black === index);
      if (board === undefined) return '';
      if (board.black === null) return '=';
      const white = board.white === index;
      const opponent = white ? board.black : board.white;
      const score =
        board.whiteScore === undefined
          ? undefined
          : white
            ? board.whiteScore
            : 1 - board.whiteScore;
      return `${opponent + 1}${white ? 'w' : 'b'}${cellMark(score, board.forfeit === true)}`;
    });
  };
  const finished = tournament.status === 'finished';
  return {
    title: tournamentTitle(tournament, t),
    subtitle: finished ? words.final : words.afterRound(done, rounds),
    headers: {
      place: words.headers.place,
      player: words.headers.player,
      points: words.headers.points,
      tieBreaks: swiss
        ? [words.headers.buchholz, words.headers.sonnebornBerger]
        : [words.headers.sonnebornBerger],
    },
    gridHeaders: swiss
      ? Array.from({ length: rounds }, (_, r) => String(r + 1))
      : Array.from({ length: n }, (_, i) => String(i + 1)),
    rows: rows.map((row) => {
      const entrant = tournament.entrants[row.index]!;
      return {
        place: placeOf(row.rank),
        name: `${row.index + 1}. ${entrant.player.displayName}`,
        points: pointsText(row.points),
        tieBreaks: swiss
          ? [pointsText(row.buchholz), pointsText(row.sonnebornBerger)]
          : [pointsText(row.sonnebornBerger)],
        cells: grid(row.index),
        ...(entrant.outFrom === undefined ? {} : { withdrawn: true }),
        ...(finished && row.rank === 1 ? { highlight: true } : {}),
      };
    }),
  };
}
