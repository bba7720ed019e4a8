import type { VariantId } from '../engine/index.js';
import type { ServiceContext } from './context.js';
import type { LeagueStore } from './league-ports.js';
import {
  chatKey,
  playerKey,
  samePlayer,
  type ChatView,
  type DaysPerMove,
  type Game,
  type Player,
  type PlayerId,
} from './model.js';
import type { GameRequest } from './moves.js';
import { StoreError } from './ports.js';
import { botPlayer } from './bot-player.js';
import { botRating } from './rating-model.js';
import { ratingAt } from './ratings.js';
import { requestedId } from './request-ids.js';
import {
  refusal,
  repeated,
  success,
  type GameEvent,
  type Refusal,
  type ServiceResult,
} from './results.js';
import {
  MAX_ENTRANTS,
  MIN_ENTRANTS,
  advance,
  currentRound,
  defaultSwissRounds,
  pairNextRound,
  withGameResult,
  withdrawEntrant,
} from './tournament-rules.js';
import {
  type Tournament,
  type TournamentChat,
  type TournamentFormat,
  type WithdrawalReason,
} from './tournament-model.js';

/** A new tournament as the organiser's command gives it. */
export interface TournamentRequest {
  readonly organiser: Player;
  readonly chat: TournamentChat;
  readonly format: TournamentFormat;
  readonly variant: VariantId;
  readonly daysPerMove: DaysPerMove;
  /** Swiss rounds (0: by the field, at the start), or round-robin cycles. */
  readonly rounds: number;
  readonly rated: boolean;
  /**
   * The request that opens it (a chat update's key): its id is derived from it, so the same
   * request delivered twice, or to two processes, opens one tournament (the second gets it
   * back, `repeated`).
   */
  readonly requestKey?: string;
}

/** What the tournaments need of the rest of the service. */
export interface TournamentDeps {
  /** Starts one of its games (see Moves.start). */
  startGame(request: GameRequest): Promise<ServiceResult<Game>>;
  /** Resigns a withdrawn entrant's game in progress. */
  resign(gameId: string, player: PlayerId): Promise<ServiceResult<Game>>;
}

/** Card messages a tournament remembers (the newest). */
const MAX_VIEWS = 8;

/** Tries of a compare-and-set that lost races. */
const CAS_ATTEMPTS = 5;

type Change = { ok: true; next: Tournament; events: GameEvent[] } | Refusal;

/**
 * Tournaments in a chat: sign-up, start, rounds paired when the last game of the previous one
 * ends, withdrawals, the end. Every change is a compare-and-set on the tournament's version, and
 * a round's pairing is part of the change that records its previous round's last result: two
 * processes can never pair a round twice. Games get ids from their board, so starting them again
 * (after a crash) creates nothing twice.
 */
export class Tournaments {
  constructor(
    private readonly context: ServiceContext,
    private readonly league: LeagueStore,
    private readonly deps: TournamentDeps,
  ) {}

  /** Opens a tournament's sign-up; refused while the chat has one signing up or running. */
  create(
    input: TournamentRequest,
    views: readonly ChatView[] = [],
  ): Promise<ServiceResult<Tournament>> {
    const { requestKey, ...fields } = input;
    const id =
      requestKey === undefined ? `t${this.context.newId()}` : requestedId('tournament', requestKey);
    return this.context.records.guard(async () => {
      // The request's own tournament, opened by its first delivery, is the chat's live one.
      const made = async () =>
        requestKey === undefined ? undefined : this.league.getTournament(id);
      const before = await made();
      if (before !== undefined) return repeated(before);
      const live = await this.liveInChat(input.chat);
      if (live !== undefined)
        return refusal('tournament-live', 'This chat already has a tournament on.');
      const now = this.context.clock.now();
      const tournament: Tournament = {
        ...fields,
        id,
        version: 1,
        status: 'signup',
        entrants: [{ player: input.organiser }],
        played: [],
        views,
        createdAt: now,
        updatedAt: now,
      };
      if (!(await this.league.createTournament(tournament))) {
        // Another delivery of the same request made it meanwhile (another process).
        const meanwhile = await made();
        return meanwhile === undefined ? refusal('busy', 'Please try again.') : repeated(meanwhile);
      }
      return success(tournament);
    });
  }

  /** The chat's tournament in sign-up or running, if any. */
  async liveInChat(chat: TournamentChat): Promise<Tournament | undefined> {
    const latest = await this.latest(chatKey(chat));
    return latest !== undefined && (latest.status === 'signup' || latest.status === 'running')
      ? latest
      : undefined;
  }

  /** The chat's newest tournament (for `/standings`). */
  async latest(chatKey: string): Promise<Tournament | undefined> {
    const [id] = await this.league.chatTournaments(chatKey, 1);
    return id === undefined ? undefined : this.league.getTournament(id);
  }

  get(id: string): Promise<ServiceResult<Tournament>> {
    return this.context.records.guard(async () => {
      const tournament = await this.league.getTournament(id);
      return tournament === undefined
        ? refusal('tournament-not-found', 'No such tournament.')
        : success(tournament);
    });
  }

  /** Records that a chat message shows the tournament's card (edited as it changes). */
  addView(id: string, view: ChatView): Promise<ServiceResult<Tournament>> {
    return this.change(id, (tournament) => {
      const next = { ...tournament, views: [...tournament.views, view].slice(-MAX_VIEWS) };
      return { ok: true, next, events: [] };
    });
  }

  /** Signs a player up. */
  join(id: string, player: Player): Promise<ServiceResult<Tournament>> {
    return this.change(id, (tournament) => {
      if (tournament.status !== 'signup') return notInSignup(tournament);
      if (tournament.entrants.some((entrant) => samePlayer(entrant.player, player)))
        return refusal('already-entered', 'You are already signed up.');
      if (tournament.entrants.length >= MAX_ENTRANTS[tournament.format])
        return refusal('tournament-full', 'The tournament is full.');
      const next = { ...tournament, entrants: [...tournament.entrants, { player }] };
      return { ok: true, next, events: [{ type: 'tournament-updated', tournament: next }] };
    });
  }

  /**
   * The organiser (or an admin) enters the bot at a level: it plays its games itself, at once.
   * Each bot entrant has its own id (`bot-t<n>`), so the bot may be entered more than once.
   */
  addBot(
    id: string,
    player: PlayerId,
    isAdmin: boolean,
    level: number,
    displayName: string,
  ): Promise<ServiceResult<Tournament>> {
    return this.change(id, (tournament) => {
      if (tournament.status !== 'signup') return notInSignup(tournament);
      if (!isAdmin && !samePlayer(tournament.organiser, player))
        return refusal('not-organiser', 'Only the organiser can enter the bot.');
      if (tournament.entrants.length >= MAX_ENTRANTS[tournament.format])
        return refusal('tournament-full', 'The tournament is full.');
      const bots = tournament.entrants.filter((entrant) => entrant.player.botLevel !== undefined);
      const bot = {
        ...botPlayer(tournament.chat.platform, level, displayName),
        userId: `bot-t${bots.length + 1}`,
      };
      const next = { ...tournament, entrants: [...tournament.entrants, { player: bot }] };
      return { ok: true, next, events: [{ type: 'tournament-updated', tournament: next }] };
    });
  }

  /**
   * A player leaves: before the start they are off the list (the organiser leaving cancels the
   * tournament); once it runs they withdraw — out of later rounds, their game in progress
   * resigned.
   */
  async leave(
    id: string,
    player: PlayerId,
    why: WithdrawalReason = 'withdrew',
  ): Promise<ServiceResult<Tournament>> {
    const result = await this.change(id, (tournament) => {
      const index = tournament.entrants.findIndex((entrant) => samePlayer(entrant.player, player));
      if (tournament.status === 'finished' || tournament.status === 'cancelled')
        return refusal('tournament-over', 'This tournament is over.');
      const entrant = tournament.entrants[index];
      if (entrant === undefined || entrant.outFrom !== undefined)
        return refusal('not-entered', 'You are not in this tournament.');
      if (tournament.status === 'signup') {
        if (samePlayer(tournament.organiser, player) && why === 'withdrew')
          return cancelled(tournament);
        const next = withdrawEntrant(tournament, index, why);
        return { ok: true, next, events: [{ type: 'tournament-updated', tournament: next }] };
      }
      const next = withdrawEntrant(tournament, index, why);
      return {
        ok: true,
        next,
        events: [{ type: 'tournament-withdrawal', tournament: next, entrant: index }],
      };
    });
    if (!result.ok || result.value.status !== 'running') return result;
    // Their game of the round, if still on, ends now (its result reaches the tournament).
    const events = [...result.events];
    const board = currentRound(result.value)?.boards.find(
      (b) =>
        b.gameId !== undefined && b.whiteScore === undefined && involves(result.value, b, player),
    );
    if (board?.gameId !== undefined) {
      const resigned = await this.deps.resign(board.gameId, player);
      if (resigned.ok) events.push(...resigned.events);
      else
        this.context.logger.warn('could not resign a withdrawn entrant’s game', {
          gameId: board.gameId,
          code: resigned.code,
        });
    }
    const latest = await this.get(id);
    return latest.ok ? success(latest.value, events) : result;
  }

  /** The organiser (or, as the adapter judges, a chat admin) cancels a tournament in sign-up. */
  cancel(id: string, player: PlayerId, isAdmin: boolean): Promise<ServiceResult<Tournament>> {
    return this.change(id, (tournament) => {
      if (tournament.status !== 'signup') return notInSignup(tournament);
      if (!isAdmin && !samePlayer(tournament.organiser, player))
        return refusal('not-organiser', 'Only the organiser can do that.');
      return cancelled(tournament);
    });
  }

  /**
   * Starts a tournament: the organiser's or an admin's word, with enough entrants. Entrants are
   * seeded by their rating in the variant (newcomers by sign-up order), round 1 is paired and
   * its games start.
   */
  async start(id: string, player: PlayerId, isAdmin: boolean): Promise<ServiceResult<Tournament>> {
    const seeds = await this.context.records.guard(async () => {
      const tournament = await this.league.getTournament(id);
      if (tournament === undefined) return refusal('tournament-not-found', 'No such tournament.');
      return success(await this.ratingsOf(tournament));
    });
    if (!seeds.ok) return seeds;
    const result = await this.change(id, (tournament, now) => {
      if (tournament.status !== 'signup') return notInSignup(tournament);
      if (!isAdmin && !samePlayer(tournament.organiser, player))
        return refusal('not-organiser', 'Only the organiser can start it.');
      if (tournament.entrants.length < MIN_ENTRANTS)
        return refusal('too-few-entrants', `A tournament needs ${MIN_ENTRANTS} players.`);
      const entrants = tournament.entrants
        .map((entrant, order) => ({
          entrant: { ...entrant, rating: seeds.value.get(playerKey(entrant.player)) ?? 1500 },
          order,
        }))
        .sort((a, b) => b.entrant.rating - a.entrant.rating || a.order - b.order)
        .map(({ entrant }) => entrant);
      const rounds =
        tournament.format === 'swiss' && tournament.rounds === 0
          ? defaultSwissRounds(entrants.length)
          : tournament.rounds;
      const seeded: Tournament = {
        ...tournament,
        entrants,
        rounds,
        status: 'running',
        startedAt: now,
      };
      const round = pairNextRound(seeded, now);
      if (round === undefined) return refusal('too-few-entrants', 'No pairing is possible.');
      const next = advance({ ...seeded, played: [round] }, now);
      return { ok: true, next, events: roundEvents(next, 0) };
    });
    if (!result.ok) return result;
    return success(result.value, [...result.events, ...(await this.startGames(result.value))]);
  }

  /**
   * A tournament game ended: its board gets the result and, if that was the round's last, the
   * next round is paired (or the event ends) in the same compare-and-set; then the new round's
   * games start. Idempotent: a result already recorded changes nothing.
   */
  async gameFinished(game: Game): Promise<GameEvent[]> {
    const slot = game.tournament;
    if (slot === undefined) return [];
    const result = await this.change(slot.id, (tournament, now) => {
      const rounds = tournament.played.length;
      const scored = withGameResult(tournament, game);
      if (scored === tournament) return refusal('stale-version', 'already recorded');
      const next = advance(scored, now);
      return { ok: true, next, events: roundEvents(next, rounds) };
    });
    if (!result.ok) {
      if (result.code !== 'stale-version')
        this.context.logger.warn('could not record a tournament result', {
          gameId: game.id,
          code: result.code,
        });
      return [];
    }
    return [...result.events, ...(await this.startGames(result.value))];
  }

  /** The chat of a tournament game's event, as a leaderboard key (none for other games). */
  async chatKeysOf(game: Game): Promise<string[]> {
    if (game.tournament === undefined) return [];
    const tournament = await this.league.getTournament(game.tournament.id);
    return tournament === undefined ? [] : [chatKey(tournament.chat)];
  }

  /** A player left a chat: they withdraw from its running (or signing-up) tournament. */
  async memberLeft(chat: TournamentChat, player: PlayerId): Promise<GameEvent[]> {
    const live = await this.context.records.guard(async () => success(await this.liveInChat(chat)));
    if (!live.ok || live.value === undefined) return [];
    const left = await this.leave(live.value.id, player, 'left-chat');
    return left.ok ? [...left.events] : [];
  }

  /**
   * After a restart: every live tournament's current round gets the games it lacks, and results
   * of games that ended unrecorded are recorded. Returns the events that causes.
   */
  async resume(): Promise<GameEvent[]> {
    const events: GameEvent[] = [];
    for (const id of await this.league.liveTournaments()) {
      const tournament = await this.league.getTournament(id).catch((error: unknown) => {
        if (error instanceof StoreError && error.code === 'corrupt-record') return undefined;
        throw error;
      });
      if (tournament?.status !== 'running') continue;
      events.push(...(await this.startGames(tournament)));
      for (const board of currentRound(tournament)?.boards ?? []) {
        if (board.gameId === undefined || board.whiteScore !== undefined) continue;
        const game = await this.context.store.getGame(board.gameId);
        if (game?.status === 'finished') events.push(...(await this.gameFinished(game)));
      }
    }
    return events;
  }

  /** Starts the current round's games not yet created (each id once, whoever tries). */
  private async startGames(tournament: Tournament): Promise<GameEvent[]> {
    const round = currentRound(tournament);
    if (tournament.status !== 'running' || round === undefined) return [];
    const events: GameEvent[] = [];
    for (const [board, pairing] of round.boards.entries()) {
      if (pairing.gameId === undefined || pairing.black === null) continue;
      if ((await this.context.store.getGame(pairing.gameId)) !== undefined) continue;
      const started = await this.deps.startGame({
        white: tournament.entrants[pairing.white]!.player,
        black: tournament.entrants[pairing.black]!.player,
        variant: tournament.variant,
        daysPerMove: tournament.daysPerMove,
        rated: tournament.rated,
        tournament: { id: tournament.id, round: round.number, board },
        announced: true,
        startedIn: tournament.chat,
      });
      if (started.ok) events.push(...started.events);
      else if (started.code !== 'busy')
        this.context.logger.warn('could not start a tournament game', {
          gameId: pairing.gameId,
          code: started.code,
        });
    }
    return events;
  }

  /** The entrants' current ratings in the variant (people's pool), by player key. */
  private async ratingsOf(tournament: Tournament): Promise<Map<string, number>> {
    const now = this.context.clock.now();
    // Read at once, not one round trip after another: a field may be dozens of players.
    const seeds = await Promise.all(
      tournament.entrants.map(async ({ player }): Promise<[string, number] | []> => {
        if (player.botLevel !== undefined)
          return [playerKey(player), botRating(player.botLevel).rating];
        const record = await this.league.playerRating(player, tournament.variant, 'people');
        return record === undefined
          ? []
          : [playerKey(player), ratingAt(record, now, this.context.dayMs).rating];
      }),
    );
    return new Map(seeds.filter((seed) => seed.length === 2));
  }

  /** Load, change, compare-and-set, retried on a lost race; store failures become refusals. */
  private change(
    id: string,
    change: (tournament: Tournament, now: number) => Change,
  ): Promise<ServiceResult<Tournament>> {
    return this.context.records.guard(async () => {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const tournament = await this.league.getTournament(id);
        if (tournament === undefined) return refusal('tournament-not-found', 'No such tournament.');
        const now = this.context.clock.now();
        const changed = change(tournament, now);
        if (!changed.ok) return changed;
        const next = { ...changed.next, version: tournament.version + 1, updatedAt: now };
        if (await this.league.saveTournament(next, tournament.version)) {
          return success(
            next,
            changed.events.map((event) => withTournament(event, next)),
          );
        }
      }
      return refusal('busy', 'Too many changes at once; please try again.');
    });
  }
}

function involves(
  tournament: Tournament,
  board: { white: number; black: number | null },
  player: PlayerId,
) {
  const at = (index: number | null) =>
    index !== null && samePlayer(tournament.entrants[index]!.player, player);
  return at(board.white) || at(board.black);
}

function notInSignup(tournament: Tournament): Refusal {
  return tournament.status === 'running'
    ? refusal('tournament-started', 'The tournament has started.')
    : refusal('tournament-over', 'This tournament is over.');
}

function cancelled(tournament: Tournament): Change {
  const next: Tournament = { ...tournament, status: 'cancelled' };
  return { ok: true, next, events: [{ type: 'tournament-cancelled', tournament: next }] };
}

/** The events of rounds paired since `roundsBefore`, and of the end. */
function roundEvents(next: Tournament, roundsBefore: number): GameEvent[] {
  const events: GameEvent[] = next.played
    .slice(roundsBefore)
    .map((round) => ({ type: 'tournament-round', tournament: next, round: round.number }));
  if (next.status === 'finished') events.push({ type: 'tournament-finished', tournament: next });
  return events;
}

/** The event with the saved tournament in it. */
function withTournament(event: GameEvent, saved: Tournament): GameEvent {
  return 'tournament' in event ? { ...event, tournament: saved } : event;
}
