/**
 * What every chat adapter writes under a board: the same facts in every chat, in the chat's
 * language; only how a player is named or mentioned is the platform's.
 */
import {
  halfCounts,
  parseFen,
  turnNumberAfter,
  VARIANTS,
  type Position,
} from '../../engine/index.js';
import { corruptGame, gamePosition, twoPlayerVariant } from '../../game/game-rules.js';
import { sideToMove } from '../../game/rules-strategy.js';
import {
  playerOf,
  sideOf,
  twoPlayerSide,
  type Challenge,
  type Game,
  type GameResult,
  type PlayerId,
} from '../../game/model.js';
import { rulesOf } from '../../game/rules-strategy.js';
import type { Messages } from '../../i18n/index.js';
import type { PlayerNames } from './player-label.js';
import { lobbyCaption, tableCaption, tableResultText } from './table-caption.js';

export type { PlayerNames } from './player-label.js';

/**
 * Move number as players count it: a move is a White ply and a Black ply. With two moves a
 * turn (bashni-double) every turn has its number, Black's too, as in the game record.
 */
export function moveNumber(game: Game): number {
  // At a table every ply is a move of its own.
  if (rulesOf(game.variant).kind === 'table') return game.moves.length + 1;
  if (VARIANTS[twoPlayerVariant(game)].doubleMove) {
    // The first turns may be shorter (one move at the 1+2 start, at the 1+1 start and in its
    // answer): the engine counts them from the start position.
    return turnNumberAfter(doubleMoveStart(game), game.moves.length);
  }
  const blackStarted = game.startFen.trim().toUpperCase().startsWith('B');
  return Math.floor((game.moves.length + (blackStarted ? 1 : 0)) / 2) + 1;
}

/** A game's start position; a start FEN that does not parse is a corrupt record (codec.ts). */
function doubleMoveStart(game: Game): Position {
  const parsed = parseFen(game.startFen, twoPlayerVariant(game));
  if (!parsed.ok) throw corruptGame(game, `start FEN does not parse: ${parsed.error.message}`);
  return parsed.value;
}

/** Whether the player to move has just made the first of the turn's two moves. */
function secondMove(game: Game): boolean {
  if (!VARIANTS[twoPlayerVariant(game)].doubleMove || game.moves.length === 0) return false;
  const start = doubleMoveStart(game);
  const plies = game.moves.length;
  return turnNumberAfter(start, plies) === turnNumberAfter(start, plies - 1);
}

/** The caption of a game's board at `now` (the clock shows the time left then). */
export function boardCaption(game: Game, t: Messages, now: number, names: PlayerNames): string {
  if (rulesOf(game.variant).kind === 'table') return tableCaption(game, t, now, names);
  const variantId = twoPlayerVariant(game);
  const variant = t.variant(variantId);
  const white = names.name(game.white);
  const black = names.name(game.black);
  const lastMove = game.moves.at(-1);
  if (game.status === 'finished' && game.result !== undefined) {
    return t.finalCaption({
      variant,
      white,
      black,
      lastMove,
      result: resultText(game, game.result, t, names),
    });
  }
  const toMove = sideToMove(game);
  // A variant decided by the half count (Adiyukh) shows the count so far.
  const halfCount =
    VARIANTS[variantId].outcome === 'half-count' ? halfCounts(gamePosition(game)) : undefined;
  return t.caption({
    variant,
    white,
    black,
    moveNumber: moveNumber(game),
    // Shared pieces (stavropol): the side to move is a player who may move any tower.
    toMove:
      VARIANTS[variantId].sharedPieces === true
        ? toMove === 'white'
          ? t.whiteAnyTower
          : t.blackAnyTower
        : toMove === 'white'
          ? t.white
          : t.black,
    toMoveName: names.mention(playerOf(game, toMove)),
    secondMove: secondMove(game) || undefined,
    halfCount,
    lastMove,
    timeLeft: game.deadline === null ? undefined : t.duration(game.deadline - now),
    drawOfferedBy: game.drawOffer === null ? undefined : names.name(playerOf(game, game.drawOffer)),
  });
}

/**
 * A game's result in words, as every chat shows it (a table's: see table-caption.ts); for one
 * of its players alone (`viewer`: their own chat or answer), a resignation is said to them.
 */
export function resultText(
  game: Game,
  result: GameResult,
  t: Messages,
  names: PlayerNames,
  viewer?: PlayerId,
): string {
  if (rulesOf(game.variant).kind === 'table') return tableResultText(game, result, t, names);
  const variant = twoPlayerVariant(game);
  const winner = result.winner === null ? null : twoPlayerSide(result.winner);
  const side = viewer === undefined ? undefined : sideOf(game, viewer);
  return t.result(winner, result.reason, {
    counts: result.counts,
    variant,
    ...(side === 'white' || side === 'black' ? { viewer: side } : {}),
  });
}

/**
 * The text of a challenge card: an open challenge, or one to `target` (the platform's way of
 * writing whom it is for; "White" when unknown).
 */
export function challengeCaption(
  challenge: Challenge,
  t: Messages,
  names: PlayerNames,
  target?: string,
): string {
  if (challenge.seats !== undefined) return lobbyCaption(challenge, t, names);
  const challenger = names.mention(challenge.challenger);
  const variant = t.variant(challenge.variant);
  const days = t.daysPerMove(challenge.daysPerMove);
  const clock = challenge.rated === true ? `${days}, ${t.league.ratedWord}` : days;
  return challenge.target.kind === 'open'
    ? t.challengeOpen(challenger, variant, clock)
    : t.challengeTo(challenger, target ?? t.white, variant, clock);
}
