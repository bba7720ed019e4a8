import type { ServiceContext } from './context.js';
import { drawInviteCode, normalizeInviteCode } from './invite-codes.js';
import { requestedId } from './request-ids.js';
import { rulesOf } from './rules-strategy.js';
import {
  samePlayer,
  type Challenge,
  type ChallengeTarget,
  type ChatView,
  type DaysPerMove,
  type Game,
  type GameVariantId,
  type Player,
  type PlayerId,
  type Side,
} from './model.js';
import { draftGame, startedFromChallenge, type GameFollowUp } from './moves.js';
import { shouldPingAtStart } from './notify.js';
import type { TimerJob } from './ports.js';
import type { Acceptance } from './record-updates.js';
import {
  refusal,
  success,
  type AcceptedIn,
  type GameEvent,
  type Refusal,
  type ServiceResult,
} from './results.js';
import { Tables } from './tables.js';
import type { Timers } from './timers.js';

/** A challenge as a player makes it. */
export interface ChallengeRequest {
  readonly challenger: Player;
  readonly target: ChallengeTarget;
  readonly variant?: GameVariantId;
  readonly daysPerMove?: DaysPerMove | null;
  readonly side?: Side | 'random';
  readonly views?: readonly ChatView[];
  /** Whether the game counts for ratings (two-player games only). */
  readonly rated?: boolean;
  /**
   * The challenge's id, when the caller derives it (Telegram's inline cards: from the inline
   * message, so that two processes make one record). Made once: a second create with it gets
   * the stored challenge back, `repeated`.
   */
  readonly id?: string;
  /**
   * The request that makes it (a chat update's key): its id is derived from it, so the same
   * request delivered twice, or to two processes, makes one challenge (the second gets it back,
   * `repeated`).
   */
  readonly requestKey?: string;
}

/** How an acceptance names its game, when the caller derives it (see AcceptOptions). */
export interface AcceptOptions {
  /** The new game's id (an inline card's game: derived from the inline message). */
  readonly gameId?: string;
  /** Where the game is shown from its start (an inline card becomes its board). */
  readonly views?: readonly ChatView[];
  /**
   * The request that accepts (a chat update's key): the same request again gets the game it
   * started back, `repeated`, instead of a refusal.
   */
  readonly requestKey?: string;
}

/**
 * Tries at a new challenge whose id or invite code is taken: each with a new code, and a new id
 * unless the id is given or derived from the request (then a taken id is the request's own).
 */
const CREATE_ATTEMPTS = 5;

/** Challenges: made, accepted (which starts a game), declined, cancelled, expired. */
export class Challenges {
  constructor(
    private readonly context: ServiceContext,
    private readonly timers: Timers,
    private readonly gameStarted: GameFollowUp,
  ) {
    timers.on(['challenge-expiry'], (job) => this.expire(job));
  }

  /**
   * Makes a challenge. A table game's (Zhernov's) is a lobby open to anyone: its maker sits at
   * White and the others sit down (see tables.ts); a target is not asked for there.
   */
  async create(input: ChallengeRequest): Promise<ServiceResult<Challenge>> {
    const { challenger } = input;
    const table = rulesOf(input.variant ?? 'bashni').joining === 'sit-down';
    const target: ChallengeTarget = table ? { kind: 'open' } : input.target;
    if (target.kind === 'user' && samePlayer(target.player, challenger)) {
      return refusal('own-challenge', 'You cannot challenge yourself.', { making: true });
    }
    if (
      target.kind === 'username' &&
      target.username.toLowerCase() === challenger.username?.toLowerCase()
    ) {
      return refusal('own-challenge', 'You cannot challenge yourself.', { making: true });
    }
    const id =
      input.id ??
      (input.requestKey === undefined ? undefined : requestedId('challenge', input.requestKey));
    const created = await this.context.records.createChallenge(
      (now) => ({
        id: id ?? this.context.newId(),
        challenger,
        target:
          target.kind === 'username'
            ? { kind: 'username', username: target.username.replace(/^@/, '').toLowerCase() }
            : target,
        variant: input.variant ?? 'bashni',
        daysPerMove: input.daysPerMove ?? null,
        challengerSide: table ? 'white' : (input.side ?? 'random'),
        status: 'open',
        expiresAt: now + this.context.challengeTtlMs,
        views: input.views ?? [],
        ...(target.kind === 'open' ? { inviteCode: drawInviteCode(this.context.random) } : {}),
        ...(table ? { seats: Tables.seatsFor(challenger) } : {}),
        ...(input.rated === true && !table ? { rated: true } : {}),
      }),
      { attempts: CREATE_ATTEMPTS, once: id !== undefined },
    );
    if (!created.ok) return created;
    const challenge = created.value;
    // Again for a repeated request: its first delivery may have died before (same job, one).
    await this.timers.schedule({
      kind: 'challenge-expiry',
      targetId: challenge.id,
      ply: 0,
      at: challenge.expiresAt,
    });
    const withdrawn = await this.withdrawTwins(challenge);
    if (created.repeated === true) return { ...created, events: withdrawn };
    return success(challenge, [{ type: 'challenge-created', challenge }, ...withdrawn]);
  }

  /**
   * A challenge replaces the challenger's open ones to the same opponent on the same terms (a
   * second `/newgame @bob`, the first card scrolled away): those are withdrawn — their cards
   * say so and their Accept no longer works — so that the opponent has one challenge to take.
   * Open challenges (anyone may take them, by their own codes) are never twins. Only twins made
   * before (or in the same millisecond) go, and only while this one is open: a late second
   * delivery of the first request never withdraws the challenge that replaced it. Returns the
   * events of the withdrawals; a store failure leaves the earlier ones open (logged).
   */
  private async withdrawTwins(challenge: Challenge): Promise<GameEvent[]> {
    if (challenge.target.kind === 'open' || challenge.status !== 'open') return [];
    const { records, store } = this.context;
    const ids = await records.guard(async () =>
      success(await store.openChallengeIds(challenge.challenger)),
    );
    if (!ids.ok) return [];
    const events: GameEvent[] = [];
    for (const id of ids.value) {
      if (id === challenge.id) continue;
      const earlier = await records.guard(async () => success(await store.getChallenge(id)));
      const twin = earlier.ok ? earlier.value : undefined;
      if (twin === undefined || !sameTerms(twin, challenge) || twin.createdAt > challenge.createdAt)
        continue;
      const cancelled = await this.cancel(id, challenge.challenger);
      if (cancelled.ok) events.push(...cancelled.events);
    }
    return events;
  }

  /**
   * Accepts a two-player challenge; `chat` is where the acceptor did it (the board goes there
   * too). A table's lobby is joined by sitting down instead (tables.ts).
   */
  async accept(
    id: string,
    acceptor: Player,
    chat?: AcceptedIn,
    options: AcceptOptions = {},
  ): Promise<ServiceResult<Game>> {
    const result = await this.context.records.acceptChallenge(
      id,
      (challenge, now) => this.acceptance(challenge, acceptor, now, options),
      options.requestKey,
    );
    return startedFromChallenge(result, this.gameStarted, chat);
  }

  /** The id of the open challenge with this invite code, as typed (see normalizeInviteCode). */
  async findByCode(text: string): Promise<ServiceResult<string>> {
    const code = normalizeInviteCode(text);
    const notFound = refusal('challenge-not-found', 'No challenge has this code.');
    if (code === undefined) return notFound;
    const found = await this.context.records.guard(async () =>
      success(await this.context.store.findChallengeByCode(code)),
    );
    if (!found.ok) return found;
    return found.value === undefined ? notFound : success(found.value);
  }

  /** The challenged player says no. Open challenges cannot be declined, only left to expire. */
  async decline(id: string, player: Player): Promise<ServiceResult<Challenge>> {
    return this.context.records.challenge(id, (challenge) => {
      if (challenge.status !== 'open')
        return refusal('challenge-closed', 'This challenge is no longer open.');
      if (challenge.target.kind === 'open' || !isTarget(challenge.target, player)) {
        return refusal('not-for-you', 'Only the challenged player can decline.', {
          only: 'challenged',
          ...targetName(challenge.target),
        });
      }
      const next: Challenge = { ...challenge, status: 'declined' };
      return { ok: true, next, events: [{ type: 'challenge-declined', challenge: next }] };
    });
  }

  async cancel(id: string, player: PlayerId): Promise<ServiceResult<Challenge>> {
    return this.context.records.challenge(id, (challenge) => {
      if (challenge.status !== 'open')
        return refusal('challenge-closed', 'This challenge is no longer open.');
      if (!samePlayer(challenge.challenger, player))
        return refusal('not-for-you', 'Only the challenger can cancel.', { only: 'challenger' });
      const next: Challenge = { ...challenge, status: 'cancelled' };
      return { ok: true, next, events: [{ type: 'challenge-cancelled', challenge: next }] };
    });
  }

  /** The challenge-expiry timer: closes a challenge nobody took; early, it waits again. */
  private async expire(job: TimerJob): Promise<ServiceResult<Challenge>> {
    const result = await this.context.records.challenge(job.targetId, (challenge, now) => {
      if (challenge.status !== 'open') return refusal('challenge-closed', 'already closed');
      if (now < challenge.expiresAt)
        return refusal('not-due', 'not yet', { at: challenge.expiresAt });
      const next: Challenge = { ...challenge, status: 'expired' };
      return { ok: true, next, events: [{ type: 'challenge-expired', challenge: next }] };
    });
    if (!result.ok && result.code === 'not-due')
      await this.timers.schedule({ ...job, at: result.at });
    return result;
  }

  /** The game an acceptance starts, or why the challenge cannot be accepted. */
  private acceptance(
    challenge: Challenge,
    acceptor: Player,
    now: number,
    options: AcceptOptions = {},
  ): Acceptance {
    const refused = this.refusalToAccept(challenge, acceptor, now);
    if (refused !== undefined) return refused;
    const rules = rulesOf(challenge.variant);
    if (rules.joining === 'sit-down')
      return refusal('challenge-closed', 'A table is joined by sitting down, not accepted.');
    const challengerSide =
      challenge.challengerSide === 'random'
        ? this.context.random() < 0.5
          ? 'white'
          : 'black'
        : challenge.challengerSide;
    const [white, black] =
      challengerSide === 'white'
        ? [challenge.challenger, acceptor]
        : [acceptor, challenge.challenger];
    const opening = rules.opening({ white, black });
    if (!opening.ok) throw new Error(`the start of ${challenge.variant} does not replay`);
    let game = draftGame(
      this.context,
      {
        variant: challenge.variant,
        white,
        black,
        daysPerMove: challenge.daysPerMove,
        views: options.views ?? [],
        opening: opening.opening,
        challengeId: challenge.id,
        rated: challenge.rated === true,
        // The challenger may have left long ago: then White, if it is them, is pinged.
        announced: shouldPingAtStart(
          samePlayer(white, challenge.challenger),
          now - challenge.createdAt,
        ),
      },
      now,
    );
    if (options.gameId !== undefined) game = { ...game, id: options.gameId };
    return { ok: true, next: { ...challenge, status: 'accepted', gameId: game.id }, game };
  }

  private refusalToAccept(
    challenge: Challenge,
    acceptor: Player,
    now: number,
  ): Refusal | undefined {
    if (
      challenge.status === 'expired' ||
      (challenge.status === 'open' && now > challenge.expiresAt)
    ) {
      return refusal('challenge-expired', 'This challenge has expired.');
    }
    if (challenge.status !== 'open')
      return refusal('challenge-closed', 'This challenge is no longer open.');
    if (samePlayer(challenge.challenger, acceptor))
      return refusal('own-challenge', 'This is your own challenge.', { making: false });
    if (!isTarget(challenge.target, acceptor))
      return refusal('not-for-you', 'This challenge is for someone else.', {
        only: 'challenged',
        ...targetName(challenge.target),
      });
    return undefined;
  }
}

/** The challenged player's name where the challenge has one ("@name"), for a refusal to say. */
function targetName(target: ChallengeTarget): { target?: string } {
  return target.kind === 'username' ? { target: `@${target.username}` } : {};
}

function isTarget(target: ChallengeTarget, player: Player): boolean {
  switch (target.kind) {
    case 'open':
      return true;
    case 'user':
      return samePlayer(target.player, player);
    case 'username':
      return player.username !== undefined && player.username.toLowerCase() === target.username;
  }
}

/** Two challenges by one challenger that ask the same opponent for the same game. */
function sameTerms(a: Challenge, b: Challenge): boolean {
  const sameTarget =
    a.target.kind === 'user' && b.target.kind === 'user'
      ? samePlayer(a.target.player, b.target.player)
      : a.target.kind === 'username' && b.target.kind === 'username'
        ? a.target.username === b.target.username
        : false;
  return (
    sameTarget &&
    samePlayer(a.challenger, b.challenger) &&
    a.variant === b.variant &&
    a.daysPerMove === b.daysPerMove &&
    a.challengerSide === b.challengerSide &&
    (a.rated === true) === (b.rated === true)
  );
}
