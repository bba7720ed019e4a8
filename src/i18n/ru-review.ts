import { pluralRu } from './plural-ru.js';
import type { ReviewMessages } from './review-messages.js';

const mistakes = (n: number) => pluralRu(n, 'ошибка', 'ошибки', 'ошибок');
const blunders = (n: number) => pluralRu(n, 'зевок', 'зевка', 'зевков');

/** Разбор сыгранной партии движком, по-русски. */
export const ruReview: ReviewMessages = {
  notOver:
    'Движок разбирает партию, когда она окончена: во время игры подсказок нет. Спросите после партии.',
  notForTables: 'Партии за столом (больше двух игроков) не разбираются.',
  unavailable: 'Сейчас движок не может разобрать партию. Попробуйте позже.',
  noGame: 'Здесь нет оконченной партии для разбора. {reviewHow}.',
  queued: 'Идёт другой разбор; ваш следующий.',
  working: 'Движок разбирает партию…',
  mistake: 'ошибка',
  blunder: 'зевок',
  header: (white, black, result) => `🔍 Разбор: ${white} – ${black}, ${result}`,
  sideLine: (side, name, m, b, accuracy) =>
    `${side === 'white' ? '⚪' : '⚫'} ${name}: ${mistakes(m)}, ${blunders(b)}, точность ${accuracy} %`,
  noMoments: 'Ни ошибок, ни зевков: чистая партия.',
  costliest: (shown, total) => `${shown} самых дорогих моментов из ${total}:`,
  moment: (label, verdict, before, after, best, line) =>
    `${label} — ${verdict}: шансы белых ${before} % → ${after} %. Лучше ${best}: ${line}`,
  momentOf: (index, total) => `Момент ${index} из ${total}`,
  boardTitle: (label, verdict) => `${label} — ${verdict}`,
  boardText: (best) => `Сыграно: отмеченный ход. Лучше: ${best} (стрелка)`,
  graphTitle: (white, black) => `${white} – ${black}`,
  graphAxis: 'Шансы белых',
  graphFooter: (m, b) => `оранжевые: ${mistakes(m)} · красные: ${blunders(b)}`,
  previous: '◀',
  next: '▶',
  toGraph: '📈 График',
  stale: 'Этот разбор больше не соответствует партии. Отправьте {/review} снова.',
};
