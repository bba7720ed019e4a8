/** A game as a PDN file, the same from every chat adapter. */
import { makePdn } from '../../engine/index.js';
import { gameHistory } from '../../game/game-rules.js';
import { SEAT_COLORS } from '../../engine/multi/index.js';
import { seatPlayer, type Game } from '../../game/model.js';
import { rulesOf } from '../../game/rules-strategy.js';
import { parseDropOut } from '../../game/table-rules.js';

/** The PDN text of a game, with the players' names, its date and its result. */
export function gamePdn(game: Game): string {
  if (rulesOf(game.variant).kind === 'table') return tableRecord(game);
  const history = gameHistory(game);
  const result =
    game.result === undefined
      ? '*'
      : game.result.winner === null
        ? '1/2-1/2'
        : game.result.winner === 'white'
          ? '1-0'
          : '0-1';
  const date = pdnDate(game);
  return makePdn({
    start: history.start,
    moves: history.moves,
    result,
    event: 'Bashni Bot',
    date,
    white: game.white.displayName,
    black: game.black.displayName,
  });
}

function pdnDate(game: Game): string {
  return new Date(game.createdAt).toISOString().slice(0, 10).replace(/-/g, '.');
}

/** A PDN tag pair, its value quoted as PDN quotes (backslash before `"` and `\`). */
function tag(name: string, value: string): string {
  return `[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`;
}

/**
 * A table game's record in PDN's form (PDN itself knows two players): a tag per seat, the
 * start FEN, the standings as the result, and every ply numbered on its own, a drop-out as a
 * comment (`{green resigns}`).
 */
function tableRecord(game: Game): string {
  const tags = [
    tag('Event', 'Bashni Bot'),
    tag('Date', pdnDate(game)),
    tag('GameType', game.variant),
  ];
  for (const color of SEAT_COLORS) {
    const player = seatPlayer(game, color);
    if (player !== undefined)
      tags.push(tag(color[0]!.toUpperCase() + color.slice(1), player.displayName));
  }
  tags.push(tag('FEN', game.startFen));
  const standings = game.result?.standings;
  const result =
    standings === undefined
      ? '*'
      : standings.map((line) => `${SEAT_COLORS[line.seat]!}:${line.points ?? 0}`).join(' ');
  tags.push(tag('Result', result));
  const plies = game.moves.map((entry, i) => {
    const dropOut = parseDropOut(entry);
    const text =
      dropOut === undefined
        ? entry
        : `{${dropOut.color} ${dropOut.why === 'resign' ? 'resigns' : 'runs out of time'}}`;
    return `${i + 1}. ${text}`;
  });
  return `${tags.join('\n')}\n\n${[...plies, result].join(' ')}\n`;
}

/**
 * A game's files are named for its variant and id (`laska-g12`, `zhernov-g3`): what the player
 * played, and what /replay takes back (replayGameId).
 */
export function gameFileStem(game: Game): string {
  return `${game.variant}-${game.id}`;
}

/** The file name a game's PDN is sent under. */
export function pdnFileName(game: Game): string {
  return `${gameFileStem(game)}.pdn`;
}
