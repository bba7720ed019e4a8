import type { ServiceContext } from './context.js';
import { type MoveInput, type OpeningFields } from './game-rules.js';
import { playerToMove, sideToMove } from './rules-strategy.js';
import {
  sideOf,
  type Challenge,
  type ChatView,
  type DaysPerMove,
  type Game,
  type GameVariantId,
  type Player,
  type PlayerId,
  type TournamentSlot,
} from './model.js';
import { tournamentGameId } from './tournament-model.js';
import { normaliseMoveText } from './move-input.js';
import { newTurn, shouldPing } from './notify.js';
import { passTurn } from './turns.js';
import type { Draft } from './record-updates.js';
import { requestedId } from './request-ids.js';
import {
  refusal,
  repeated,
  success,
  type AcceptedIn,
  type GameEvent,
  type ServiceResult,
} from './results.js';
import { rulesOf, type PlayedMove } from './rules-strategy.js';

/** A game to start directly (against the bot, or set up by an adapter), without a challenge. */
export interface GameRequest {
  readonly white: Player;
  readonly black: Player;
  /** A table game's Red and Green players, if their seats are taken. */
  readonly red?: Player;
  readonly green?: Player;
  readonly variant?: GameVariantId;
  readonly daysPerMove?: DaysPerMove | null;
  /** The start position; the variant's own by default. */
  readonly fen?: string;
  /** Moves already played from the start, in notation (a game resumed, or taken back). */
  readonly moves?: readonly string[];
  readonly views?: readonly ChatView[];
  /** Whether the game counts for ratings (two-player games from the variant's start only). */
  readonly rated?: boolean;
  /** The tournament board this game is: its id follows from it (see tournamentGameId). */
  readonly tournament?: TournamentSlot;
  /** Whether its start pings the player to move (they were not the one who started it). */
  readonly announced?: boolean;
  /** The chat where the game was started (its board is posted there). */
  readonly startedIn?: AcceptedIn;
  /**
   * The request that starts it (a chat update's key): its id is derived from it, so the same
   * request delivered twice, or to two processes, starts one game (the second gets it back,
   * `repeated`).
   */
  readonly requestKey?: string;
}

/**
 * Runs after a game starts or a move is saved: its clock's timers, the nudge job the record
 * asks for (see notify.ts), and the bot's move.
 */
export type GameFollowUp = (game: Game) => Promise<void>;

/** A new game record between two players, at `now`, before RecordUpdates stamps it. */
export function draftGame(
  context: ServiceContext,
  input: {
    variant: GameVariantId;
    white: Player;
    black: Player;
    /** A table game's Red and Green players. */
    red?: Player;
    green?: Player;
    daysPerMove: DaysPerMove | null;
    views: readonly ChatView[];
    opening: OpeningFields;
    /** Whether the game's start pings the player to move. */
    announced: boolean;
    rated?: boolean;
    tournament?: TournamentSlot;
    /** The request that starts it: the game's id is derived from it. */
    requestKey?: string;
    /** The challenge it is started from. */
    challengeId?: string;
  },
  now: number,
): Draft<Game> {
  const draft = {
    id: gameId(context, input),
    variant: input.variant,
    white: input.white,
    black: input.black,
    ...(input.red === undefined ? {} : { red: input.red }),
    ...(input.green === undefined ? {} : { green: input.green }),
    ...input.opening,
    status: 'active',
    daysPerMove: input.daysPerMove,
    deadline: input.daysPerMove === null ? null : now + input.daysPerMove * context.dayMs,
    reminderSent: false,
    drawOffer: null,
    views: input.views,
    ...(input.rated === true ? { rated: true } : {}),
    ...(input.tournament === undefined ? {} : { tournament: input.tournament }),
    ...(input.challengeId === undefined ? {} : { challengeId: input.challengeId }),
  } satisfies Draft<Game>;
  const humanToMove = playerToMove(draft as Game).botLevel === undefined;
  return {
    ...draft,
    ...newTurn({}, now, draft.moves.length, input.announced, humanToMove),
  };
}

/** A new game's id: a tournament board's, a request's (derived from them), or a new one. */
function gameId(
  context: ServiceContext,
  input: { tournament?: TournamentSlot; requestKey?: string },
): string {
  if (input.tournament !== undefined) return tournamentGameId(input.tournament);
  if (input.requestKey !== undefined) return requestedId('game', input.requestKey);
  return context.newId();
}

/**
 * A game started from a challenge (accepted, or a full table): its follow-up (clock, bot), and
 * the 'game-started' event with the chat where it was done, if any (the board goes there too).
 */
export async function startedFromChallenge(
  accepted: ServiceResult<{ challenge: Challenge; game: Game }>,
  followUp: GameFollowUp,
  chat: AcceptedIn | undefined,
): Promise<ServiceResult<Game>> {
  if (!accepted.ok) return accepted;
  const { challenge, game } = accepted.value;
  // Again for a repeated request: its first delivery may have died before (idempotent).
  await followUp(game);
  if (accepted.repeated === true) return repeated(game);
  const ping = game.turnAnnounced === true;
  const acceptedIn = chat === undefined ? {} : { acceptedIn: chat };
  return success(game, [{ type: 'game-started', game, challenge, ping, ...acceptedIn }]);
}

/** Starting games and playing moves. */
export class Moves {
  constructor(
    private readonly context: ServiceContext,
    private readonly followUp: GameFollowUp,
  ) {}

  /** Starts a game directly, from the start position or a given one, and any moves played. */
  async start(input: GameRequest): Promise<ServiceResult<Game>> {
    const variant = input.variant ?? 'bashni';
    const opening = rulesOf(variant).opening(input);
    if (!opening.ok) return opening;
    const created = await this.context.records.createGame(
      (now) =>
        draftGame(
          this.context,
          {
            ...input,
            variant,
            daysPerMove: input.daysPerMove ?? null,
            views: input.views ?? [],
            opening: opening.opening,
            // Started by a player's own command: they are here (and nudged later if not).
            announced: input.announced ?? false,
          },
          now,
        ),
      { once: input.requestKey !== undefined && input.tournament === undefined },
    );
    if (!created.ok) return created;
    const game = created.value;
    // Again for a repeated request: its first delivery may have died before (idempotent).
    await this.followUp(game);
    if (created.repeated === true) return created;
    // A tournament round's pairings message mentions both players: no ping of its own.
    const ping = game.turnAnnounced === true && input.tournament === undefined;
    const startedIn = input.startedIn === undefined ? {} : { acceptedIn: input.startedIn };
    return success(game, [{ type: 'game-started', game, ping, ...startedIn }]);
  }

  /**
   * Plays a move for `player`: notation text (as people type it: see move-input.ts) or a Move
   * from the legal list. `seenPly` is the board the player acted on (the number of moves
   * played, carried by their buttons): if a move has been made since, the action is stale and
   * changes nothing. Other changes to the record (a draw offer, a new chat showing the game) do
   * not make a board stale. `requestKey` names the request (a chat update): the same request
   * again succeeds without playing anything, and without events.
   */
  async play(
    gameId: string,
    player: PlayerId,
    input: MoveInput,
    options: { seenPly?: number; requestKey?: string } = {},
  ): Promise<ServiceResult<Game>> {
    const result = await this.context.records.game(
      gameId,
      (game, now) => {
        const side = sideOf(game, player);
        if (game.status === 'finished') return refusal('game-over', 'This game is over.');
        if (side === undefined) return refusal('not-a-player', 'You are not playing in this game.');
        if (sideToMove(game) !== side) return refusal('not-your-turn', 'It is not your turn.');
        const played = playedMove(game, input, now);
        if (!played.ok) return played;
        // The first of two moves (bashni-double): the same player moves again, now. Nobody
        // needs a ping, and the clock runs on: it is per turn.
        const sameTurn = played.game.status === 'active' && sideToMove(played.game) === side;
        // A quick answer means live play: the opponent is watching (notify.ts). At a table, a
        // ping owed to a bot's turn (a player before it dropped out, or thought long) passes on.
        const owed =
          rulesOf(game.variant).owedPingPassesOn &&
          game.turnAnnounced === true &&
          playerToMove(game).botLevel !== undefined;
        const ping =
          !sameTurn && (owed || shouldPing(now - (game.turnStartedAt ?? game.updatedAt)));
        const next = passTurn(game, played.game, now, this.context.dayMs, {
          announced: ping,
          sameTurn,
          toMove: playerToMove(played.game),
        });
        const events: GameEvent[] = [
          {
            type: 'move-played',
            game: next,
            move: played.text,
            by: side,
            ping,
            ...(played.finished === undefined ? {} : { finished: played.finished }),
          },
        ];
        if (played.result !== undefined)
          events.push({ type: 'game-over', game: next, result: played.result });
        return { ok: true, next, events };
      },
      options,
    );
    if (result.ok && result.events.length > 0) await this.followUp(result.value);
    return result;
  }
}

/**
 * The record after the move a player means (text as typed, or a Move from the legal list), or
 * why it is not legal; a table game also says which seats finished with it.
 */
function playedMove(game: Game, input: MoveInput, now: number): PlayedMove {
  const given = typeof input === 'string' ? normaliseMoveText(input) : input;
  return rulesOf(game.variant).play(game, given, now);
}
