import type { ServiceContext } from './context.js';
import { gameOver } from './game-rules.js';
import {
  otherSide,
  sideOf,
  twoPlayerSide,
  type Game,
  type PlayerId,
  type SeatColor,
  type Side,
} from './model.js';
import type { GameFollowUp } from './moves.js';
import type { Mutation } from './record-updates.js';
import { refusal, type Refusal, type ServiceResult } from './results.js';
import { rulesOf } from './rules-strategy.js';

/** Ending a game by the players' word: resignation, and draw offers with their answers. */
/** The board a player acted on (its ply) and the request that acts, as for a move. */
export interface ChangeOptions {
  readonly seenPly?: number;
  readonly requestKey?: string;
}

export class DrawsAndResignation {
  constructor(
    private readonly context: ServiceContext,
    private readonly followUp: GameFollowUp,
  ) {}

  /**
   * Resigns: a two-player game is lost; at a table the player's seat is out (its columns stay)
   * and the others play on. `seenPly` and `requestKey` as for a move (Moves.play): a board the
   * player acted on that is out of date changes nothing, and the same request twice acts once.
   */
  async resign(
    gameId: string,
    player: PlayerId,
    options: ChangeOptions = {},
  ): Promise<ServiceResult<Game>> {
    const result = await this.context.records.game(
      gameId,
      (game, now) => {
        const side = activeSide(game, player);
        if (typeof side !== 'string') return side;
        return rulesOf(game.variant).dropOut(game, side, 'resign', now, this.context.dayMs);
      },
      options,
    );
    // At a table the game goes on: the next seat's clock, and the bot if it sits there.
    if (result.ok && result.value.status === 'active') await this.followUp(result.value);
    return result;
  }

  /**
   * Offers a draw; if the opponent has already offered one, the game is drawn. `seenPly` and
   * `requestKey` as for resign.
   */
  async offerDraw(
    gameId: string,
    player: PlayerId,
    options: ChangeOptions = {},
  ): Promise<ServiceResult<Game>> {
    return this.context.records.game(
      gameId,
      (game, now) => {
        const side = drawingSide(game, player);
        if (typeof side !== 'string') return side;
        if (game.drawOffer === side)
          return refusal('draw-already-offered', 'You have already offered a draw.');
        if (game.drawOffer === otherSide(side)) return agreedDraw(game, now);
        const next: Game = { ...game, drawOffer: side };
        return { ok: true, next, events: [{ type: 'draw-offered', game: next, by: side }] };
      },
      options,
    );
  }

  /** Accepts the opponent's draw offer (the game is drawn); refused when there is none. */
  acceptDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.answerDraw(gameId, player, 'accept');
  }

  /** Declines the opponent's draw offer; refused when there is none. */
  declineDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.answerDraw(gameId, player, 'decline');
  }

  private async answerDraw(
    gameId: string,
    player: PlayerId,
    answer: 'accept' | 'decline',
  ): Promise<ServiceResult<Game>> {
    return this.context.records.game(gameId, (game, now) => {
      const side = drawingSide(game, player);
      if (typeof side !== 'string') return side;
      if (game.drawOffer === side) return refusal('own-draw-offer', 'This draw offer is your own.');
      if (game.drawOffer !== otherSide(side))
        return refusal('no-draw-offer', `There is no draw offer to ${answer}.`);
      if (answer === 'accept') return agreedDraw(game, now);
      const next: Game = { ...game, drawOffer: null };
      return { ok: true, next, events: [{ type: 'draw-declined', game: next, by: side }] };
    });
  }
}

/**
 * The player's colour in an active game, or why they cannot act in it (at a table: a seat that
 * has already finished, as count or out, has nothing left to resign).
 */
function activeSide(game: Game, player: PlayerId): SeatColor | Refusal {
  if (game.status === 'finished') return refusal('game-over', 'This game is over.');
  const side = sideOf(game, player);
  if (side === undefined) return refusal('not-a-player', 'You are not playing in this game.');
  if (!rulesOf(game.variant).stillPlays(game, side))
    return refusal('game-over', 'Your game at this table is over.');
  return side;
}

/** The player's side for a draw offer: two-player games only (a table has no draws by word). */
function drawingSide(game: Game, player: PlayerId): Side | Refusal {
  const side = activeSide(game, player);
  if (typeof side !== 'string') return side;
  if (!rulesOf(game.variant).drawOffers)
    return refusal('no-draws-at-table', 'A table game has no draw offers.');
  return twoPlayerSide(side);
}

function agreedDraw(game: Game, now: number): Mutation<Game> {
  return gameOver(game, { winner: null, reason: 'agreement' }, now);
}
