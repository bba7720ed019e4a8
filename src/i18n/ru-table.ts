import { TABLE_PLY_LIMIT } from '../engine/multi/index.js';
import type { TableMessages } from './messages.js';
import { pluralRu } from './plural-ru.js';
import { textLines } from './text-lines.js';

const SEATS = { white: 'Белые', red: 'Красные', black: 'Чёрные', green: 'Зелёные' };
/** "За белых": the seat one plays. */
const SEATS_AT = { white: 'белых', red: 'красных', black: 'чёрных', green: 'зелёных' };

function points(n: number): string {
  if (!Number.isInteger(n)) return `${n.toFixed(2).replace(/0$/, '').replace('.', ',')} очка`;
  return pluralRu(n, 'очко', 'очка', 'очков');
}

/** Table games in Russian. */
export const ruTable: TableMessages = {
  seat: (color) => SEATS[color],
  lobby: (host, variant, clock, seats) =>
    [
      `♟ ${host} собирает стол: <b>${variant}</b> (${clock}).`,
      ...seats,
      'Садитесь играть; партия начнётся, когда займут все четыре места (места может занять и бот).',
    ].join('\n'),
  seatLine: (symbol, color, name) => `${symbol} ${SEATS[color]}: ${name ?? '<i>свободно</i>'}`,
  sit: '🪑 Сесть',
  stand: '🚶 Встать',
  close: '✖️ Закрыть стол',
  bot: (level) => `🤖 Бот ${level}`,
  start: '▶️ Начать',
  closed: (host) => `✖️ ${host}: стол закрыт.`,
  expired: (host) => `⌛ ${host}: стол не собрался вовремя.`,
  started: (players) => `✅ Партия началась: ${players.join(', ')}.`,
  caption: (c) =>
    textLines([
      `<b>${c.variant}</b>`,
      ...c.seats,
      `Ход ${c.moveNumber} · очередь: ${c.toMove} — ${c.toMoveName}`,
      c.lastMove === undefined ? undefined : `Последний ход: ${c.lastMove}`,
      c.lastEvent === undefined ? undefined : `🏳️ ${c.lastEvent}`,
      c.timeLeft === undefined ? undefined : `⏳ осталось ${c.timeLeft}`,
    ]),
  finalCaption: (c) =>
    textLines([
      `<b>${c.variant}</b>`,
      ...c.seats,
      c.lastMove === undefined ? undefined : `Последний ход: ${c.lastMove}`,
      c.lastEvent === undefined ? undefined : `🏳️ ${c.lastEvent}`,
      `🏁 ${c.result}`,
    ]),
  standing: (place, score, count) =>
    `${place}-е место, ${points(score)}${count ? ', 👑 граф' : ''}`,
  result: (reason, winner) => {
    const first = winner === undefined ? '' : ` Первое место — ${winner}.`;
    if (reason === 'no-capture-limit')
      return `Двадцать кругов без взятий: оставшиеся игроки делят свободные места.${first}`;
    if (reason === 'threefold-repetition')
      return `Позиция повторилась в третий раз: оставшиеся игроки делят свободные места.${first}`;
    if (reason === 'ply-limit')
      return `Сыграно ${TABLE_PLY_LIMIT} ходов — больше партия не длится: оставшиеся игроки делят свободные места.${first}`;
    if (reason === 'abandoned') return 'Партия брошена (слишком долго никто не ходил).';
    return `Партия окончена.${first}`;
  },
  becameCount: (name) => `👑 ${name}: столб из шести шашек — это граф!`,
  seatOut: (name, why) =>
    ({
      'no-move': `${name}: ходов не осталось — выбывает.`,
      resign: `${name}: сдача — выбывает; столбы остаются на доске.`,
      time: `${name}: время вышло — выбывает; столбы остаются на доске.`,
    })[why],
  lobbyHint: 'Стол на четверых: нажмите «Сесть» или посадите бота на свободное место.',
  seated: (color) => `🪑 Вы сидите за ${SEATS_AT[color]}. Партия начнётся, когда стол соберётся.`,
  picture: {
    toMove: 'ходят',
    count: 'граф',
    out: 'выбыл',
    place: '{place}-е',
    points: '{points} оч.',
  },
  errors: {
    alreadySeated: 'Вы уже сидите за этим столом.',
    tableFull: 'За этим столом нет свободных мест.',
    tableNotFull: 'Стол ещё не собрался.',
    notSeated: 'Это могут только игроки за этим столом.',
    noDrawsAtTable: 'В игре на четверых ничью не предлагают: играйте дальше или сдайтесь.',
  },
};
