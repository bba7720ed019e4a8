/**
 * What every chat adapter writes about a table game (Zhernov's): its lobby card, the caption
 * under its board with a line per seat (the player and, once the seat has finished, its place,
 * points and count title), and its result.
 */
import { SEAT_COLORS, standings, type Seat, type Standing } from '../../engine/multi/index.js';
import { tablePosition } from '../../game/game-rules.js';
import { seatPlayer, type Challenge, type Game, type GameResult } from '../../game/model.js';
import { rulesOf } from '../../game/rules-strategy.js';
import { parseDropOut } from '../../game/table-rules.js';
import type { Messages } from '../../i18n/index.js';
import type { PlayerNames } from './player-label.js';
import { SEAT_SYMBOLS } from '../buttons/move-picking.js';

/** The standing of each seat: final once over, else the places of the seats finished so far. */
function currentStandings(game: Game): readonly Standing[] {
  return game.result?.standings ?? standings(tablePosition(game));
}

/** A line per seat taken: symbol, player and, once finished, the standing. */
export function seatLines(game: Game, t: Messages, names: PlayerNames): string[] {
  return currentStandings(game).map((line) => {
    const color = SEAT_COLORS[line.seat]!;
    const player = seatPlayer(game, color);
    const name = player === undefined ? t.table.seat(color) : names.name(player);
    let standing = '';
    if (line.place !== null && line.points !== null)
      standing = ` · ${t.table.standing(line.place, line.points, line.count)}`;
    return `${SEAT_SYMBOLS[color]} ${name}${standing}`;
  });
}

/** The caption of a table game's board at `now`. */
export function tableCaption(game: Game, t: Messages, now: number, names: PlayerNames): string {
  const variant = t.variant(game.variant);
  const seats = seatLines(game, t, names);
  // The last entry: a move, or a seat going out (said on its own line, not as a move).
  const last = game.moves.at(-1);
  const lastMove = quotableMove(last);
  const lastEvent =
    last === undefined || lastMove !== undefined ? undefined : entryText(game, last, t, names);
  if (game.status === 'finished' && game.result !== undefined) {
    return t.table.finalCaption({
      variant,
      seats,
      lastMove,
      lastEvent,
      result: tableResultText(game, game.result, t, names),
    });
  }
  const color = SEAT_COLORS[tablePosition(game).turn]!;
  const player = seatPlayer(game, color);
  return t.table.caption({
    variant,
    seats,
    moveNumber: game.moves.length + 1,
    toMove: `${SEAT_SYMBOLS[color]} ${t.table.seat(color)}`,
    toMoveName: player === undefined ? '' : names.mention(player),
    lastMove,
    lastEvent,
    timeLeft: game.deadline === null ? undefined : t.duration(game.deadline - now),
  });
}

/** A table game's result in words: how it ended, and who took first place (if one seat did). */
export function tableResultText(
  game: Game,
  result: GameResult,
  t: Messages,
  names: PlayerNames,
): string {
  const winner = result.winner === null ? undefined : seatPlayer(game, result.winner);
  return t.table.result(result.reason, winner === undefined ? undefined : names.name(winner));
}

/**
 * What the board picture of a table game says, in the chat's language: the players' names by
 * seat (plain text: the picture is no HTML), the words of its standings, and how it ended.
 * Plain data shaped as the renderer's table options take it.
 */
export function tablePictureText(game: Game, t: Messages) {
  const names: Partial<Record<Seat, string>> = {};
  for (const [seat, color] of SEAT_COLORS.entries()) {
    const player = seatPlayer(game, color);
    if (player !== undefined) names[seat as Seat] = player.displayName;
  }
  const colors = [
    t.table.seat('white'),
    t.table.seat('red'),
    t.table.seat('black'),
    t.table.seat('green'),
  ] as const;
  const reason = game.result?.reason;
  // The picture needs only how the free places went: to the last seat in, or shared by the
  // seats still in (at a repetition and at either limit alike).
  const shared = reason === 'threefold-repetition' || reason === 'ply-limit';
  const end =
    reason === 'last-player' || reason === 'no-capture-limit'
      ? reason
      : shared
        ? 'no-capture-limit'
        : null;
  return { names, labels: { colors, ...t.table.picture }, end };
}

/** The words of a game's start on its challenge's cards: who plays which colour. */
export function startedText(game: Game, t: Messages, names: PlayerNames): string {
  if (rulesOf(game.variant).kind !== 'table')
    return t.challengeAccepted(names.name(game.white), names.name(game.black));
  const players = SEAT_COLORS.flatMap((color) => {
    const player = seatPlayer(game, color);
    return player === undefined ? [] : [`${SEAT_SYMBOLS[color]} ${names.name(player)}`];
  });
  return t.table.started(players);
}

/** A history entry as a move to quote in a ping: none for a table's drop-out (`resign:red`). */
export function quotableMove(entry: string | undefined): string | undefined {
  return entry === undefined || parseDropOut(entry) !== undefined ? undefined : entry;
}

/** A table's history entry as the caption shows it: a move, or who dropped out and why. */
function entryText(game: Game, entry: string, t: Messages, names: PlayerNames): string {
  const dropOut = parseDropOut(entry);
  if (dropOut === undefined) return entry;
  const player = seatPlayer(game, dropOut.color);
  return t.table.seatOut(
    player === undefined ? t.table.seat(dropOut.color) : names.name(player),
    dropOut.why,
  );
}

/** The lobby card's text: the maker, the game, the clock and every seat. */
export function lobbyCaption(challenge: Challenge, t: Messages, names: PlayerNames): string {
  const seats = (challenge.seats ?? []).map((player, seat) => {
    const color = SEAT_COLORS[seat]!;
    return t.table.seatLine(
      SEAT_SYMBOLS[color],
      color,
      player === null ? undefined : names.name(player),
    );
  });
  // The maker's name, not a mention: the card would only ping the maker themselves.
  return t.table.lobby(
    names.name(challenge.challenger),
    t.variant(challenge.variant),
    t.daysPerMove(challenge.daysPerMove),
    seats,
  );
}
