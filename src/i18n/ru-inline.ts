import type { InlineMessages } from './messages.js';

/** Инлайн-режим Telegram по-русски. */
export const ruInline: InlineMessages = {
  cardTitle: (variant) => `♟ Вызов: ${variant}`,
  cardDescription: (clock) => `${clock} · играет тот, кто первым нажмёт «Принять»`,
  card: (challenger, variant, clock) =>
    `♟ ${challenger} ищет соперника: <b>${variant}</b> (${clock}). Играет тот, кто первым нажмёт «Принять».`,
  puzzleTitle: '🧩 Задача дня',
  puzzleDescription: (task) => task,
  positionTitle: (variant) => `🖼 Позиция (${variant})`,
  badFenTitle: '⚠️ Это не позиция',
  usageTitle: 'Как пользоваться мной здесь',
  usage:
    'Наберите моё имя, а за ним: ничего или вариант и дни на ход (ласка 5, товарищеская) — для вызова, «задача» — для задачи дня, или FEN (W:Wc3,e3:Bf6) — чтобы показать позицию.',
  tableNotInline: 'Жернов на четверых открывают в группе: /newgame zhernov.',
  playInPrivate: '♟ Играть в личном чате',
  offerDraw: '🤝 Предложить ничью',
  resign: '🏳️ Сдаться',
  taken: 'Эту партию уже взял кто-то другой.',
  ownCard: 'Это ваш собственный вызов: принять его должен кто-то другой.',
  onlyChallenger: 'Отозвать вызов может только его автор.',
};
