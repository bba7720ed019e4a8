import type { ServiceContext } from './context.js';
import { finish } from './game-rules.js';
import {
  otherSide,
  sideOf,
  type Game,
  type GameResult,
  type PlayerId,
  type Side,
} from './model.js';
import type { Mutation } from './record-updates.js';
import { refusal, type Refusal, type ServiceResult } from './results.js';

/** Ending a game by the players' word: resignation, and draw offers with their answers. */
export class DrawsAndResignation {
  constructor(private readonly context: ServiceContext) {}

  async resign(gameId: string, player: PlayerId, seenPly?: number): Promise<ServiceResult<Game>> {
    return this.context.records.game(
      gameId,
      (game, now) => {
        const side = activeSide(game, player);
        if (typeof side !== 'string') return side;
        return ending(game, { winner: otherSide(side), reason: 'resignation' }, now);
      },
      { seenPly },
    );
  }

  /** Offers a draw; if the opponent has already offered one, the game is drawn. */
  async offerDraw(gameId: string, player: PlayerId): Promise<ServiceResult<Game>> {
    return this.context.records.game(gameId, (game, now) => {
      const side = activeSide(game, player);
      if (typeof side !== 'string') return side;
      if (game.drawOffer === side)
        return refusal('draw-already-offered', 'You have already offered a draw.');
      if (game.drawOffer === otherSide(side)) return agreedDraw(game, now);
      const next: Game = { ...game, drawOffer: side };
      return { ok: true, next, events: [{ type: 'draw-offered', game: next, by: side }] };
    });
  }

  /** Accepts (a draw) or declines the opponent's draw offer; refused when there is none. */
  async answerDraw(
    gameId: string,
    player: PlayerId,
    answer: 'accept' | 'decline',
  ): Promise<ServiceResult<Game>> {
    return this.context.records.game(gameId, (game, now) => {
      const side = activeSide(game, player);
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

/** The player's side in an active game, or why they cannot act in it. */
function activeSide(game: Game, player: PlayerId): Side | Refusal {
  if (game.status === 'finished') return refusal('game-over', 'This game is over.');
  return sideOf(game, player) ?? refusal('not-a-player', 'You are not playing in this game.');
}

function agreedDraw(game: Game, now: number): Mutation<Game> {
  return ending(game, { winner: null, reason: 'agreement' }, now);
}

function ending(game: Game, result: GameResult, now: number): Mutation<Game> {
  const next = finish(game, result, now);
  return { ok: true, next, events: [{ type: 'game-over', game: next, result }] };
}
