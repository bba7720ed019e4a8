/**
 * A table game's lobby (Zhernov's four-player game): a challenge with seats. Whoever makes it
 * sits at White; others sit down (by the card's button or the invite code) or stand up; a seated
 * player may seat the bot, at a level, in the next free seat. The game starts by itself when
 * the last seat is taken: that is one compare-and-set of the lobby with the new game
 * (RecordUpdates.acceptChallenge), so two processes never start a table twice.
 */
import { SEAT_COLORS, type Seat } from '../engine/multi/index.js';
import { seatedBot } from './bot-player.js';
import type { ServiceContext } from './context.js';
import { rulesOf } from './rules-strategy.js';
import { samePlayer, type Challenge, type Game, type Player, type PlayerId } from './model.js';
import { shouldPingAtStart } from './notify.js';
import { draftGame, startedFromChallenge, type GameFollowUp } from './moves.js';
import type { Acceptance, Mutation } from './record-updates.js';
import {
  refusal,
  repeated,
  success,
  type AcceptedIn,
  type Refusal,
  type ServiceResult,
} from './results.js';
import { tableOpening } from './table-rules.js';

/** Seats at a table game, in turn order. */
export const TABLE_SEATS = 4;

/** What sitting down gave: the lobby as it now is, and the game if that filled the table. */
export interface Seating {
  readonly challenge: Challenge;
  readonly game?: Game;
}

type Seats = readonly (Player | null)[];

/** The seats of a lobby, or why it is not an open table that can still change. */
function openSeats(challenge: Challenge, now: number): { ok: true; seats: Seats } | Refusal {
  if (rulesOf(challenge.variant).joining !== 'sit-down' || challenge.seats === undefined)
    return refusal('challenge-closed', 'This is not a table game.');
  if (challenge.status === 'expired' || (challenge.status === 'open' && now > challenge.expiresAt))
    return refusal('challenge-expired', 'This table has expired.');
  if (challenge.status !== 'open')
    return refusal('challenge-closed', 'This table is no longer open.');
  return { ok: true, seats: challenge.seats };
}

function seatedAt(seats: Seats, player: PlayerId): number {
  return seats.findIndex((seated) => seated !== null && samePlayer(seated, player));
}

/** The lobby with `player` in the first free seat, or why they cannot sit. */
function sitDown(challenge: Challenge, player: Player, now: number): Mutation<Challenge> {
  const open = openSeats(challenge, now);
  if (!open.ok) return open;
  const { seats } = open;
  if (seatedAt(seats, player) >= 0)
    return refusal('already-seated', 'You already sit at this table.');
  const free = seats.indexOf(null);
  if (free < 0) return refusal('table-full', 'This table is full.');
  const seated = seats.map((s, i) => (i === free ? player : s));
  const next: Challenge = { ...challenge, seats: seated };
  return { ok: true, next, events: [{ type: 'challenge-updated', challenge: next }] };
}

/** Lobbies and the start of table games. */
export class Tables {
  constructor(
    private readonly context: ServiceContext,
    private readonly gameStarted: GameFollowUp,
  ) {}

  /** The seats a new table starts with: its maker at White, the rest free. */
  static seatsFor(challenger: Player): (Player | null)[] {
    return [challenger, ...Array.from({ length: TABLE_SEATS - 1 }, () => null)];
  }

  /**
   * Sits a player down at the first free seat; the last seat taken starts the game.
   * `requestKey`: the request that asks (a chat update's key); the same request again gets what
   * it did back, `repeated`.
   */
  async sit(
    id: string,
    player: Player,
    chat?: AcceptedIn,
    requestKey?: string,
  ): Promise<ServiceResult<Seating>> {
    const seated = await this.context.records.challenge(
      id,
      (challenge, now) => sitDown(challenge, player, now),
      requestKey,
    );
    return this.afterSeating(seated, player, chat, requestKey);
  }

  /**
   * Seats the bot (at `level`, named `displayName`) in the next free seat, for a player who
   * sits at the table; the last seat taken starts the game.
   */
  async seatBot(
    id: string,
    player: PlayerId,
    level: number,
    displayName: string,
    chat?: AcceptedIn,
    requestKey?: string,
  ): Promise<ServiceResult<Seating>> {
    const seated = await this.context.records.challenge(
      id,
      (challenge, now) => {
        const open = openSeats(challenge, now);
        if (!open.ok) return open;
        const { seats } = open;
        if (seatedAt(seats, player) < 0)
          return refusal('not-seated', 'Only players at this table can seat the bot.');
        const free = seats.indexOf(null);
        if (free < 0) return refusal('table-full', 'This table is full.');
        const bot = seatedBot(player.platform, level, displayName, SEAT_COLORS[free]!);
        return sitDown(challenge, bot, now);
      },
      requestKey,
    );
    const actor = seated.ok ? seatedAt(seated.value.seats ?? [], player) : -1;
    const by = seated.ok && actor >= 0 ? seated.value.seats![actor]! : undefined;
    return this.afterSeating(seated, by, chat, requestKey);
  }

  /**
   * A player stands up. The table's maker standing up closes it (cancelled): a table is theirs.
   */
  async stand(id: string, player: PlayerId): Promise<ServiceResult<Challenge>> {
    return this.context.records.challenge(id, (challenge, now) => {
      const open = openSeats(challenge, now);
      if (!open.ok) return open;
      const { seats } = open;
      const at = seatedAt(seats, player);
      if (at < 0) return refusal('not-seated', 'You do not sit at this table.');
      if (samePlayer(challenge.challenger, player)) {
        const next: Challenge = { ...challenge, status: 'cancelled' };
        return { ok: true, next, events: [{ type: 'challenge-cancelled', challenge: next }] };
      }
      const next: Challenge = { ...challenge, seats: seats.map((s, i) => (i === at ? null : s)) };
      return { ok: true, next, events: [{ type: 'challenge-updated', challenge: next }] };
    });
  }

  /**
   * Starts the game of a full table (the sit that filled it does this; a player at the table
   * may ask again if that start failed). Refused while a seat is free.
   */
  async start(
    id: string,
    by?: Player,
    chat?: AcceptedIn,
    requestKey?: string,
  ): Promise<ServiceResult<Game>> {
    const result = await this.context.records.acceptChallenge(
      id,
      (challenge, now) => this.gameOf(challenge, by, now),
      requestKey,
    );
    return startedFromChallenge(result, this.gameStarted, chat);
  }

  /**
   * After a seat was taken: the lobby, or the game the last seat starts. A repeated sit (the
   * same request again) gets what it did back — the game too, started now if its first
   * delivery died before the start.
   */
  private async afterSeating(
    seated: ServiceResult<Challenge>,
    actor: Player | undefined,
    chat: AcceptedIn | undefined,
    requestKey: string | undefined,
  ): Promise<ServiceResult<Seating>> {
    if (!seated.ok) return seated;
    const challenge = seated.value;
    const lobby = () =>
      seated.repeated === true ? repeated({ challenge }) : success({ challenge }, seated.events);
    if (challenge.seats?.includes(null) !== false) return lobby();
    const started = await this.start(challenge.id, actor, chat, requestKey);
    if (!started.ok) {
      // The table is full and saved; its start can be asked for again (Start on the card).
      this.context.logger.warn('a full table did not start', {
        id: challenge.id,
        code: started.code,
      });
      return lobby();
    }
    const game = started.value;
    const value = {
      challenge: { ...challenge, status: 'accepted' as const, gameId: game.id },
      game,
    };
    return started.repeated === true ? repeated(value) : success(value, [...started.events]);
  }

  /** The game a full table starts, or why it cannot start. */
  private gameOf(challenge: Challenge, by: Player | undefined, now: number): Acceptance {
    const open = openSeats(challenge, now);
    if (!open.ok) return open;
    const { seats } = open;
    if (seats.includes(null) || seats.length !== TABLE_SEATS)
      return refusal('table-not-full', 'The table is not full yet.');
    if (by !== undefined && seatedAt(seats, by) < 0)
      return refusal('not-seated', 'Only players at this table can start it.');
    const [white, red, black, green] = seats as Player[];
    const game = draftGame(
      this.context,
      {
        variant: challenge.variant,
        white: white!,
        black: black!,
        red: red!,
        green: green!,
        daysPerMove: challenge.daysPerMove,
        views: [],
        opening: tableOpening(SEAT_ORDER),
        challengeId: challenge.id,
        // White (the maker) is pinged only when the table waited long enough for them to have
        // left, and not when it was White who filled it just now (as a two-player start).
        announced:
          (by === undefined || !samePlayer(white!, by)) &&
          shouldPingAtStart(samePlayer(white!, challenge.challenger), now - challenge.createdAt),
      },
      now,
    );
    return { ok: true, next: { ...challenge, status: 'accepted', gameId: game.id }, game };
  }
}

const SEAT_ORDER: readonly Seat[] = [0, 1, 2, 3];
