import type { Messages } from './messages.js';

/** Что говорят русские тексты там, где Telegram и Discord различаются. */
export const ruPlatformWords: Messages['platformWords'] = {
  telegram: {
    pickGame: 'ответьте на сообщение с нужной доской',
    reviewHow: 'Ответьте /review на доску партии или укажите её номер (/review НОМЕР)',
    replayHow: 'Ответьте /replay на доску или укажите номер партии (как в имени её PDN-файла)',
    puzzleTop: '/top задачи',
    dailyManagers: 'администраторы чата',
    aManager: 'админ чата',
    openTournament: '/tournament new',
    playLevel: '/play [уровень 1-8]',
    here: 'этом чате',
  },
  discord: {
    pickGame: 'воспользуйтесь кнопками под сообщением нужной партии (ссылки на них — в /партии)',
    reviewHow: 'Укажите номер: /разбор партия:НОМЕР (как в имени PDN-файла)',
    replayHow: 'Укажите номер партии: /повтор партия:НОМЕР (как в имени PDN-файла)',
    puzzleTop: '/таблица вариант:Задачи',
    dailyManagers: 'те, кто управляет каналом',
    aManager: 'управляющий сервером',
    openTournament: '/турнир новый',
    playLevel: '/играть уровень:1-8',
    here: 'этом канале',
  },
};
