import { leagueFormats } from './league-formats.js';
import type { LeagueMessages } from './messages.js';
import { pluralRu } from './plural-ru.js';
import { textLines } from './text-lines.js';

const games = (n: number) => pluralRu(n, 'партия', 'партии', 'партий');

/** Ratings, leaderboards and tournaments in Russian. */
export const ruLeague: LeagueMessages = {
  ...leagueFormats,
  ratedHeader: '📈 Рейтинг',
  ratedWord: 'на рейтинг',
  statsNone: (name) =>
    `Игрок ${name}: рейтинговых партий пока нет. Считаются рейтинговые вызовы и игры с ботом ({/play}).`,
  statsBlock: (s) =>
    textLines([
      `<b>${s.variant}</b>${s.againstBot ? ' (с ботом)' : ''}: ${s.rating} ±${s.deviation}`,
      `${games(s.games)}: побед ${s.wins}, ничьих ${s.draws}, поражений ${s.losses}`,
      s.streak > 1
        ? `🔥 ${pluralRu(s.streak, 'победа', 'победы', 'побед')} подряд`
        : s.streak < -1
          ? `${pluralRu(-s.streak, 'поражение', 'поражения', 'поражений')} подряд`
          : undefined,
      s.bestWinStreak > 1
        ? `Лучшая серия: ${pluralRu(s.bestWinStreak, 'победа', 'победы', 'побед')}`
        : undefined,
    ]),
  recentHeader: 'Последние партии:',
  graphFooter: (n) =>
    n === 1 ? 'рейтинг после последней партии' : `рейтинг после каждой из последних: ${games(n)}`,
  statsWho:
    'Не знаю такого игрока здесь. Ответьте на его сообщение командой /stats или назовите того, кто играл рейтинговую партию в этом чате.',
  topChat: (variant) => `🏆 <b>${variant}</b> — этот чат`,
  topGlobal: (variant) => `🌍 <b>${variant}</b> — везде`,
  topLine: (place, f, n) =>
    `${place}. ${f.name} — ${f.rating}${f.provisional ? '?' : ''} (${games(n)})`,
  topNobody: 'Пока никого.',
  topGlobalNobody:
    'Устоявшихся рейтингов пока нет: рейтинг попадает сюда, когда перестаёт быть предварительным (?).',
  topHint: '? — предварительный рейтинг (мало партий). Задачи: {puzzleTop}',
  tournament: {
    format: (format) => (format === 'swiss' ? 'швейцарская система' : 'круговой'),
    card: (c) =>
      [
        `🏆 <b>Турнир</b>, организатор ${c.organiser}: <b>${c.variant}</b>, ${c.format}, ${c.rounds}, ${c.clock}${c.rated ? ', на рейтинг' : ', без рейтинга'}.`,
        `Участники (${c.entrants.length}):`,
        ...c.entrants.map((name, i) => `${i + 1}. ${name}`),
        c.open
          ? `Записывайтесь кнопкой ниже; начинает организатор (нужно не меньше ${c.min} игроков).`
          : '▶️ Турнир начался, запись закрыта. Таблица: /standings',
      ].join('\n'),
    rounds: (format, rounds) =>
      format === 'swiss'
        ? rounds === 0
          ? 'число туров — по числу участников'
          : pluralRu(rounds, 'тур', 'тура', 'туров')
        : rounds === 1
          ? 'в один круг'
          : rounds === 2
            ? 'в два круга'
            : `${rounds} круга`,
    join: '✋ Участвую',
    leave: '🚶 Выйти',
    start: '▶️ Начать',
    cancel: '✖️ Отменить',
    joined: 'Вы в турнире.',
    left: 'Вы вышли из турнира.',
    cancelled: (organiser) => `✖️ ${organiser}: турнир отменён.`,
    round: (number, of, lines) => [`🏁 <b>Тур ${number} из ${of}</b>`, ...lines].join('\n'),
    pairing: (board, white, black) => `${board}. ⚪ ${white} — ⚫ ${black}`,
    bye: (name) => `${name}: свободен (1 очко)`,
    forfeit: (winner, loser) => `${winner}: победа без игры (соперник — ${loser})`,
    withdrawn: (name, why) =>
      why === 'left-chat'
        ? `🚪 ${name}: выход из чата — и из турнира; оставшиеся партии засчитаны как поражения.`
        : `🚶 ${name}: снятие с турнира; оставшиеся партии засчитаны как поражения.`,
    winner: (names, title) =>
      names.length === 1
        ? `🥇 ${names[0]} — победитель турнира (${title})! Поздравляем!`
        : `🥇 ${names.join(' и ')} делят первое место в турнире (${title})! Поздравляем!`,
    title: (variant, format) => `${variant}, ${format}`,
    afterRound: (round, of) => `после ${round}-го тура из ${of}`,
    noRoundsYet: (title, entrants) =>
      [
        `🏆 <b>${title}</b>: ещё не сыгран ни один тур.`,
        `Участники (${entrants.length}):`,
        ...entrants.map((name, i) => `${i + 1}. ${name}`),
      ].join('\n'),
    final: 'итоговая таблица',
    headers: {
      place: '№',
      player: 'Игрок',
      points: 'Очки',
      buchholz: 'Бух',
      sonnebornBerger: 'КБ',
    },
    legend: (swiss) =>
      [
        swiss ? 'Бух — коэффициент Бухгольца: сумма очков соперников' : undefined,
        'КБ — коэффициент Бергера: очки побеждённых соперников и половина очков тех, с кем ничья',
      ]
        .filter((part) => part !== undefined)
        .join(' · '),
    usage:
      'Турниры:\n/tournament new [round-robin|swiss] [вариант] [дней на ход] [туров] [casual] — открыть запись (админы чата)\n/tournament bot 4 — добавить бота нужного уровня (организатор)\n/tournament leave — выйти или сняться\n/standings — таблица',
    none: 'В {here} нет турнира: открыть запись может {aManager} — {openTournament}',
    adminsOnly: 'Открыть турнир здесь могут только админы чата.',
    errors: {
      notFound: 'Этого турнира больше нет.',
      live: 'В {here} уже идёт турнир: {/standings}',
      started: 'Турнир уже начался.',
      over: 'Турнир окончен.',
      alreadyEntered: 'Вы уже записаны.',
      notEntered: 'Вы не участвуете в этом турнире.',
      full: 'Мест больше нет.',
      tooFew: (min) => `Для турнира нужно не меньше ${min} игроков.`,
      notOrganiser: 'Это может только организатор или {aManager}.',
    },
  },
};
