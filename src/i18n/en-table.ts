import { TABLE_PLY_LIMIT } from '../engine/multi/index.js';
import type { TableMessages } from './messages.js';
import { textLines } from './text-lines.js';

const SEATS = { white: 'White', red: 'Red', black: 'Black', green: 'Green' };

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function points(n: number): string {
  const text = Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, '');
  return `${text} ${n === 1 ? 'point' : 'points'}`;
}

/** Table games in English. */
export const enTable: TableMessages = {
  seat: (color) => SEATS[color],
  lobby: (host, variant, clock, seats) =>
    [
      `♟ ${host} opens a table: <b>${variant}</b> (${clock}).`,
      ...seats,
      'Sit down to play; the game starts when all four seats are taken (the bot can take seats).',
    ].join('\n'),
  seatLine: (symbol, color, name) => `${symbol} ${SEATS[color]}: ${name ?? '<i>free</i>'}`,
  sit: '🪑 Sit down',
  stand: '🚶 Stand up',
  close: '✖️ Close the table',
  bot: (level) => `🤖 Bot ${level}`,
  start: '▶️ Start',
  closed: (host) => `✖️ ${host} closed the table.`,
  expired: (host) => `⌛ The table of ${host} did not fill up in time.`,
  started: (players) => `✅ Game on: ${players.join(', ')}.`,
  caption: (c) =>
    textLines([
      `<b>${c.variant}</b>`,
      ...c.seats,
      `Move ${c.moveNumber} · ${c.toMove} to play: ${c.toMoveName}`,
      c.lastMove === undefined ? undefined : `Last move: ${c.lastMove}`,
      c.lastEvent === undefined ? undefined : `🏳️ ${c.lastEvent}`,
      c.timeLeft === undefined ? undefined : `⏳ ${c.timeLeft} left`,
    ]),
  finalCaption: (c) =>
    textLines([
      `<b>${c.variant}</b>`,
      ...c.seats,
      c.lastMove === undefined ? undefined : `Last move: ${c.lastMove}`,
      c.lastEvent === undefined ? undefined : `🏳️ ${c.lastEvent}`,
      `🏁 ${c.result}`,
    ]),
  standing: (place, score, count) =>
    `${ordinal(place)}, ${points(score)}${count ? ', 👑 count' : ''}`,
  result: (reason, winner) => {
    const first = winner === undefined ? '' : ` ${winner} takes first place.`;
    if (reason === 'no-capture-limit')
      return `Twenty rounds without a capture: the players still in share the places left.${first}`;
    if (reason === 'threefold-repetition')
      return `The same position for the third time: the players still in share the places left.${first}`;
    if (reason === 'ply-limit')
      return `${TABLE_PLY_LIMIT} moves played, the longest a game may last: the players still in share the places left.${first}`;
    if (reason === 'abandoned') return 'Game abandoned (nobody moved for too long).';
    return `Game over.${first}`;
  },
  becameCount: (name) => `👑 ${name} has a column of six and becomes count!`,
  seatOut: (name, why) =>
    ({
      'no-move': `${name} has no move left and is out.`,
      resign: `${name} resigned and is out; their columns stay on the board.`,
      time: `${name} ran out of time and is out; their columns stay on the board.`,
    })[why],
  lobbyHint: 'A table for four: press Sit down, or seat the bot in a free seat.',
  seated: (color) => `🪑 You sit at ${SEATS[color]}. The game starts when the table is full.`,
  picture: {
    toMove: 'to move',
    count: 'count',
    out: 'out',
    place: '#{place}',
    points: '{points} pts',
  },
  errors: {
    alreadySeated: 'You already sit at this table.',
    tableFull: 'This table is full.',
    tableNotFull: 'The table is not full yet.',
    notSeated: 'Only players at this table can do that.',
    noDrawsAtTable: 'A four-player game has no draw offers: play on, or resign.',
  },
};
