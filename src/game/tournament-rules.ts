import { roundRobinSchedule } from './pairing/berger.js';
import type { BoardPairing } from './pairing/board-pairing.js';
import { tournamentStandings, type PlayedBoard, type StandingRow } from './pairing/standings.js';
import { swissPairings, type SwissEntrant } from './pairing/swiss.js';
import type { Game } from './model.js';
import type {
  Entrant,
  Tournament,
  TournamentBoard,
  TournamentRound,
  WithdrawalReason,
} from './tournament-model.js';
import { tournamentGameId } from './tournament-model.js';

/**
 * A tournament's rules as pure changes of its record: how many rounds, the next round's boards
 * (pairings, byes, forfeits of entrants who are out), results, withdrawals, the end. The use
 * case (tournaments.ts) saves what these return by compare-and-set and starts the games.
 */

/** Fewest entrants a tournament starts with. */
export const MIN_ENTRANTS = 3;
/** Most entrants: a round robin of more would take a year of correspondence rounds. */
export const MAX_ENTRANTS = { 'round-robin': 16, swiss: 64 } as const;
/** Most Swiss rounds, and round-robin cycles. */
export const MAX_SWISS_ROUNDS = 15;
export const MAX_CYCLES = 2;

/** Rounds a Swiss event plays when not told: enough to single out a winner, plus one. */
export function defaultSwissRounds(entrants: number): number {
  return Math.min(MAX_SWISS_ROUNDS, Math.max(1, Math.ceil(Math.log2(Math.max(entrants, 2))) + 1));
}

/** The rounds of the whole event (a round robin's follow from its field and cycles). */
export function roundCount(tournament: Tournament): number {
  if (tournament.format === 'swiss') return tournament.rounds;
  const n = tournament.entrants.length;
  return tournament.rounds * (n % 2 === 0 ? n - 1 : n);
}

/** The round being played (the last paired), or undefined before the first. */
export function currentRound(tournament: Tournament): TournamentRound | undefined {
  return tournament.played.at(-1);
}

/** Whether an entrant still plays in round `round`. */
export function playsIn(entrant: Entrant, round: number): boolean {
  return entrant.outFrom === undefined || round < entrant.outFrom;
}

/**
 * Every board so far, as the standings read them. A board decided as it was paired (a bye, a
 * forfeit of an entrant who is out) counts once its round is over: the standings "after round
 * N" shown with round N + 1's pairings hold round N's results only.
 */
export function playedBoards(tournament: Tournament): PlayedBoard[] {
  return tournament.played.flatMap((round) =>
    round.boards
      .flatMap((board) =>
        round.finishedAt === undefined && board.gameId === undefined ? [] : [board],
      )
      .map((board) => ({
        round: round.number,
        white: board.white,
        black: board.black,
        ...(board.whiteScore === undefined ? {} : { whiteScore: board.whiteScore }),
        ...(board.forfeit === true ? { forfeit: true } : {}),
      })),
  );
}

/** The standings now: finished boards count, unfinished ones not yet. */
export function standingsOf(tournament: Tournament): StandingRow[] {
  return tournamentStandings(
    tournament.entrants.length,
    playedBoards(tournament),
    tournament.format,
  );
}

function roundRobinBoards(tournament: Tournament, number: number): BoardPairing[] {
  const schedule = roundRobinSchedule(tournament.entrants.length);
  const cycle = Math.floor((number - 1) / schedule.length);
  const boards = schedule[(number - 1) % schedule.length]!;
  // The second cycle repeats the first with the colours reversed.
  return boards.map((board) =>
    cycle % 2 === 1 && board.black !== null ? { white: board.black, black: board.white } : board,
  );
}

function swissBoards(tournament: Tournament, number: number): BoardPairing[] | undefined {
  const entrants: SwissEntrant[] = tournament.entrants.flatMap((entrant, index) => {
    if (!playsIn(entrant, number)) return [];
    const colours: ('white' | 'black' | null)[] = [];
    const opponents: number[] = [];
    let score = 0;
    let hadBye = false;
    for (const round of tournament.played) {
      const board = round.boards.find((b) => b.white === index || b.black === index);
      if (board === undefined) {
        colours.push(null);
        continue;
      }
      if (board.black === null) {
        colours.push(null);
        hadBye = true;
        score += 1;
        continue;
      }
      const white = board.white === index;
      colours.push(board.forfeit === true ? null : white ? 'white' : 'black');
      opponents.push(white ? board.black : board.white);
      if (board.whiteScore !== undefined) score += white ? board.whiteScore : 1 - board.whiteScore;
    }
    return [{ index, rank: index, score, colours, opponents, hadBye }];
  });
  return swissPairings(entrants, number);
}

/**
 * The next round's boards: pairings by the format, then decided at once where nobody plays — a
 * bye (a point), an entrant who is out (their opponent wins by forfeit). Real games get their
 * ids. Undefined when a Swiss round cannot be paired (everyone has met).
 */
export function pairNextRound(tournament: Tournament, now: number): TournamentRound | undefined {
  const number = tournament.played.length + 1;
  const pairings =
    tournament.format === 'round-robin'
      ? roundRobinBoards(tournament, number)
      : swissBoards(tournament, number);
  if (pairings === undefined) return undefined;
  const boards = pairings.map((pairing, board): TournamentBoard => {
    const { white, black } = pairing;
    if (black === null) return { white, black, whiteScore: 1 };
    const whitePlays = playsIn(tournament.entrants[white]!, number);
    const blackPlays = playsIn(tournament.entrants[black]!, number);
    if (!whitePlays || !blackPlays) {
      const whiteScore = whitePlays ? 1 : blackPlays ? 0 : 0;
      return { white, black, whiteScore, forfeit: true };
    }
    return { white, black, gameId: tournamentGameId({ id: tournament.id, round: number, board }) };
  });
  return { number, boards, startedAt: now };
}

/** Whether every board of a round has its result. */
export function roundDone(round: TournamentRound): boolean {
  return round.boards.every((board) => board.whiteScore !== undefined);
}

/**
 * After a result: while the round is done, it closes and the next one is paired, or the event
 * finishes after its last round (or when no more pairings exist).
 */
export function advance(tournament: Tournament, now: number): Tournament {
  let next = tournament;
  for (;;) {
    const round = currentRound(next);
    if (next.status !== 'running' || round === undefined || !roundDone(round)) return next;
    const closed = next.played.map((r) =>
      r.number === round.number && r.finishedAt === undefined ? { ...r, finishedAt: now } : r,
    );
    next = { ...next, played: closed };
    const paired = round.number < roundCount(next) ? pairNextRound(next, now) : undefined;
    if (paired === undefined) return { ...next, status: 'finished', finishedAt: now };
    next = { ...next, played: [...next.played, paired] };
  }
}

/** White's score of a finished tournament game, and whether it was a forfeit on time. */
export function boardResult(game: Game): { whiteScore: 0 | 0.5 | 1; forfeit: boolean } {
  const winner = game.result?.winner ?? null;
  const whiteScore = winner === null ? 0.5 : winner === 'white' ? 1 : 0;
  // Lost on time without a single move of the loser's own: a forfeit, not a played game.
  const loserMoved = winner === 'white' ? game.moves.length >= 2 : game.moves.length >= 1;
  const forfeit = game.result?.reason === 'time' && winner !== null && !loserMoved;
  return { whiteScore, forfeit };
}

/** The tournament with a game's result on its board (the same object if already there). */
export function withGameResult(tournament: Tournament, game: Game): Tournament {
  const slot = game.tournament;
  if (slot === undefined || slot.id !== tournament.id) return tournament;
  const board = tournament.played.find((round) => round.number === slot.round)?.boards[slot.board];
  if (board === undefined || board.gameId !== game.id || board.whiteScore !== undefined)
    return tournament;
  const { whiteScore, forfeit } = boardResult(game);
  const played = tournament.played.map((round) =>
    round.number !== slot.round
      ? round
      : {
          ...round,
          boards: round.boards.map((b, index) =>
            index !== slot.board ? b : { ...b, whiteScore, ...(forfeit ? { forfeit: true } : {}) },
          ),
        },
  );
  return { ...tournament, played };
}

/**
 * An entrant leaves a running event: out from the next round (their game of this round, if
 * still on, is resigned by the caller and scored as it ends). Before the start, they just leave
 * the list.
 */
export function withdrawEntrant(
  tournament: Tournament,
  index: number,
  why: WithdrawalReason,
): Tournament {
  if (tournament.status === 'signup')
    return { ...tournament, entrants: tournament.entrants.filter((_, i) => i !== index) };
  const outFrom = tournament.played.length + 1;
  const entrants = tournament.entrants.map((entrant, i) =>
    i === index && entrant.outFrom === undefined ? { ...entrant, outFrom, outWhy: why } : entrant,
  );
  return { ...tournament, entrants };
}
