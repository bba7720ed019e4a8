import { ruReplay } from './ru-replay.js';
import { ruInline } from './ru-inline.js';
import {
  durationText,
  rulesOverview,
  rulesReply,
  type Messages,
  type VariantRules,
  VARIANT_CHOICE,
} from './messages.js';
import { ruLeague } from './ru-league.js';
import { ruReview } from './ru-review.js';
import { ruTable } from './ru-table.js';
import { ruPlatformWords } from './ru-platform.js';
import { signedChange } from './signed-change.js';

export { pluralRu } from './plural-ru.js';
import { pluralRu } from './plural-ru.js';
import { captionTitle, resultText } from './result-words.js';
import { textLines } from './text-lines.js';

const VARIANTS = {
  bashni: 'Башни',
  stolby: 'Столбы',
  laska: 'Ласка',
  giveaway: 'Столбовые поддавки',
  adiyukh: 'Адиюх',
  'adiyukh-8x10': 'Адиюх 10×8',
  'adiyukh-10x10': 'Адиюх 10×10',
  multistorey: 'Многоэтажные шашки',
  'bashni-double': 'Двухходовые башни',
  'bashni-double-2': 'Двухходовые башни (2 с первого хода)',
  'bashni-double-11': 'Двухходовые башни (1+1)',
  borovikov: 'Боровицкие шашки',
  stavropol: 'Ставропольские шашки Адиюх',
  zhernov: 'Шашки Жернова на четверых',
};
const days = (n: number) => pluralRu(n, 'день', 'дня', 'дней');
const hours = (n: number) => pluralRu(n, 'час', 'часа', 'часов');

/**
 * Each variant's rules, a paragraph each (Bashni's in full, the others by what they change),
 * in the order /rules gives them.
 */
const RULES_RU: VariantRules = {
  bashni:
    '<b>Башни</b> (столбовые шашки) — русские шашки, в которых побитые шашки не снимаются, а забираются <i>под</i> бьющую, и получаются башни. Башня принадлежит цвету верхней шашки и ходит как она (простая или дамка). При взятии снимается только верхняя шашка башни — остальное остаётся на месте и может освободиться. Бить обязательно, простые бьют и назад, дамки дальнобойные. Проигрывает тот, кому некуда ходить.',
  stolby:
    'Столбы: каждую башню можно бить один раз за ход (турецкий удар), побитая дамка становится простой.',
  laska: 'Ласка: доска 7×7, простые ходят и бьют только вперёд, дамки ходят на одно поле.',
  giveaway: 'Поддавки: выигрывает тот, у кого первым не осталось ходов.',
  adiyukh:
    'Адиюх: дамки только бьют и после взятия снова становятся простыми; когда ходить некуда, побеждают белые, если на 5–8-й горизонталях больше шашек (обоих цветов), чёрные — если больше на 1–4-й.',
  'adiyukh-8x10':
    'Адиюх 10×8 и 10×10 (adiyukh-8x10, adiyukh-10x10): та же игра на доске шириной 10 полей и высотой 8 или 10, по 15 или 20 шашек; половины доски — горизонтали 1–4 и 5–8 или 1–5 и 6–10.',
  multistorey:
    'Многоэтажные: русские шашки с двухэтажными башнями, побитые шашки снимаются с доски, за один удар снимается один этаж.',
  'bashni-double':
    'Двухходовые башни: за очередь делают два хода подряд (первая очередь белых — один ход), бить обязательно в каждом; кто не может сделать первый или второй ход, проигрывает; в варианте «2 с первого хода» и первая очередь белых из двух ходов, в варианте «1+1» один ход у белых, один ответный у чёрных, дальше по два.',
  borovikov:
    'Боровицкие: если бить нечего, башня может встать на занятое поле (простая — на одно поле вперёд, дамка — на первую башню по диагонали) и накрыть её; шашки противника, зажатые между вашими, снимаются с доски.',
  stavropol:
    'Ставропольские Адиюх: Адиюх с общими шашками — в свой ход можно сходить любой башней, с белым или чёрным верхом; башня ходит, бьёт и проходит в дамки как цвет её верхней шашки; бить обязательно любой башней, которая может бить; партия кончается, когда ходящему некуда ходить или все верхние шашки одного цвета, и решает подсчёт на половинах доски, как в Адиюх (игрок за белых побеждает, если на 5–8-й горизонталях больше шашек).',
  zhernov:
    'Шашки Жернова на четверых (zhernov): белые, красные, чёрные и зелёные сидят у четырёх краёв доски и ходят по кругу по часовой стрелке, каждый к противоположному краю; столб всегда одного цвета, побитый столб теряет одну шашку (она уходит с доски), а бьющий вырастает на одну свою шашку за каждую, взятую у игрока, который ещё в игре. Первый, у кого столб из шести шашек или выше, становится графом и выходит из игры с лучшим свободным местом; кому некуда ходить, выбывает с худшим. Места дают 3, 2, 1 и 0 очков, граф — на одно больше.',
};

export const ru: Messages = {
  variant: (id) => VARIANTS[id],
  white: 'Белые',
  black: 'Чёрные',
  whiteAnyTower: 'Белые (любой башней)',
  blackAnyTower: 'Чёрные (любой башней)',
  duration: (ms) =>
    durationText(ms, {
      days,
      hours,
      minutes: (n) => pluralRu(n, 'минута', 'минуты', 'минут'),
    }),
  daysPerMove: (n) => (n === null ? 'без контроля времени' : `${days(n)} на ход`),

  challengeTo: (challenger, target, variant, clock) =>
    `♟ Вызов на партию: ${challenger} → ${target}, <b>${variant}</b> (${clock}).`,
  challengeOpen: (challenger, variant, clock) =>
    `♟ ${challenger} ищет соперника: <b>${variant}</b> (${clock}). Принять может любой.`,
  challengePrivate: (challenger, variant, clock) =>
    `♟ ${challenger} приглашает вас сыграть: <b>${variant}</b> (${clock}).`,
  challengeAccepted: (white, black) => `✅ Партия началась: ⚪ ${white} — ⚫ ${black}.`,
  challengeDeclined: (challenger) => `✖️ ${challenger}: вызов отклонён.`,
  challengeCancelled: (challenger) => `✖️ ${challenger}: вызов отозван.`,
  challengeExpired: (challenger) => `⌛ ${challenger}: вызов никто не принял вовремя.`,
  challengeYours:
    'Это ваше собственное приглашение: отправьте ссылку другу, и он сможет его принять.',
  playAgainstMe: 'Чтобы сыграть со мной, напишите {playLevel} (1 — новичок, 8 — в полную силу).',
  accept: '✅ Принять',
  decline: '✖️ Отклонить',
  cancel: '✖️ Отозвать',
  share: '📨 Отправить другу',
  shareText: 'Сыграем в башни!',
  newGameUsage: `Как вызвать: /newgame [@друг] [${VARIANT_CHOICE}] [дней на ход: 1, 2, 3, 5, 7, 14 или 0 — без часов]. Можно ответить командой /newgame на сообщение соперника.`,

  inviteCode: (code) => `Код <b>${code}</b>: <code>/join ${code}</code> в Telegram или Discord.`,
  joinUsage:
    'Как присоединиться: /join КОД — код открытого вызова из Telegram или Discord (например, /join ABC234).',
  joinUnknown: (code) =>
    `Открытого вызова с кодом «${code}» нет. Проверьте код и попробуйте ещё раз.`,

  caption: (c) =>
    textLines([
      captionTitle(c),
      `Ход ${c.moveNumber} · ходят ${c.toMove.toLowerCase()}${c.secondMove === true ? ' (второй ход)' : ''}: ${c.toMoveName}`,
      c.halfCount === undefined
        ? undefined
        : `Счёт на половинах доски ⚪ ${c.halfCount[0]}:${c.halfCount[1]} ⚫`,
      c.lastMove === undefined ? undefined : `Последний ход: ${c.lastMove}`,
      c.timeLeft === undefined ? undefined : `⏳ осталось ${c.timeLeft}`,
      c.drawOfferedBy === undefined ? undefined : `🤝 ${c.drawOfferedBy} предлагает ничью`,
    ]),
  finalCaption: (c) =>
    textLines([
      captionTitle(c),
      c.lastMove === undefined ? undefined : `Последний ход: ${c.lastMove}`,
      `🏁 ${c.result}`,
    ]),
  result: resultText({
    side: { white: 'белые', black: 'чёрные' },
    resigned: (won, lost) => `Победили ${won} (${lost} сдались).`,
    opponentResigned: (won) => `Соперник сдался: вы победили (${won}).`,
    youResigned: (won) => `Вы сдались: победили ${won}.`,
    halfCountDraw: (white, black) => `Ничья ${white}:${black} по подсчёту на половинах доски.`,
    halfCountWin: (won, winner, loser) =>
      `Победили ${won} ${winner}:${loser} по подсчёту на половинах доски.`,
    why: {
      'no-legal-move': 'у соперника нет ходов',
      'half-count': 'подсчёт на половинах доски',
      'threefold-repetition': 'троекратное повторение',
      'fifteen-move-rule': '15 ходов без изменения числа башен',
      resignation: 'сдача',
      agreement: 'по соглашению',
      time: 'время вышло',
      abandoned: 'слишком долго никто не ходил',
      'last-player': 'остался один игрок',
      'no-capture-limit': 'двадцать кругов без взятий',
      'ply-limit': 'предел числа ходов',
    },
    whyFifteenMultistorey: '15 ходов без взятий',
    abandoned: (why) => `Партия прекращена (${why}).`,
    draw: (why, reason) => (reason === 'agreement' ? 'Ничья по соглашению.' : `Ничья (${why}).`),
    wins: (won, why) => `Победили ${won} (${why}).`,
  }),
  yourMove: (mention, lastMove) =>
    lastMove === undefined ? `${mention}, ваш ход.` : `${mention}, ваш ход (${lastMove}).`,
  reminder: (mention, timeLeft) => `⏰ ${mention}, на ваш ход осталось ${timeLeft}.`,
  gameOverNotice: (result) => `🏁 ${result}`,

  back: '⬅️ Назад',
  openBoard: '📲 Открыть доску',
  chooseStack: 'Выберите башню для хода.',
  chooseTarget: (square) => `${square}: куда?`,
  chooseRoute: 'Туда ведут несколько путей взятия — выберите один.',
  busyChat: {
    pick: (seconds) =>
      `Чат занят (лимит Telegram на правки): ходы появятся примерно через ${seconds} ${pluralRu(seconds, 'секунду', 'секунды', 'секунд')}. Ход текстом работает сразу: /move c3-d4.`,
    move: (seconds) =>
      `Ход сделан. Чат занят (лимит Telegram на правки): доска покажет его примерно через ${seconds} ${pluralRu(seconds, 'секунду', 'секунды', 'секунд')}.`,
  },
  stackInfo: (square, pieces, height) =>
    height === 1
      ? `${square}: ${pieces}`
      : `${square}: ${pieces} (${pluralRu(height, 'шашка', 'шашки', 'шашек')}, сверху вниз)`,

  gameVs: (opponents, variant, move) => `против ${opponents} (${variant}, ход ${move})`,
  resignQuestion: (game) => `Сдаться в партии ${game}?`,
  resignYes: '🏳️ Да, сдаюсь',
  resignNo: 'Нет, играем',
  resignKept: 'Отлично, играем дальше!',
  drawOffer: (by) => `🤝 ${by} предлагает ничью.`,
  drawAccept: '🤝 Согласиться',
  drawDecline: '✖️ Отказаться',
  drawDeclined: (by) => `✖️ ${by}: ничья отклонена.`,

  errors: {
    notYourTurn: 'Сейчас не ваш ход.',
    notAPlayer: 'Вы не участвуете в этой партии.',
    stale: 'Эта доска устарела — вот актуальная.',
    unknownButton: 'Эта кнопка больше не работает.',
    gameOver: 'Партия окончена.',
    notForYou: 'Эти кнопки — для игрока, который спросил: ответить может только он.',
    challengeFor: (target) =>
      `Этот вызов адресован ${target === undefined ? 'другому игроку' : `игроку ${target}`}: принять или отклонить его может только адресат.`,
    onlyChallenger: 'Отозвать вызов может только тот, кто его сделал.',
    challengeSelf:
      'Нельзя вызвать самого себя: назовите другого игрока или сделайте открытый вызов.',
    ownChallenge: 'Это ваш собственный вызов: принять его должен кто-то другой.',
    challengeClosed: 'Этот вызов уже закрыт.',
    challengeExpired: 'Срок вызова истёк.',
    noDrawOffer: 'Предложения ничьей нет.',
    ownDrawOffer: 'Это ваше предложение ничьей: ответить на него должен соперник.',
    challengeNotFound: 'Этого вызова больше нет.',
    notAMove: (quoted) => `«${quoted}» — это не ход. Запишите его так: /move c3-d4 или c3:e5:g3.`,
    drawAlreadyOffered: 'Вы уже предложили ничью.',
    storeUnavailable: 'Хранилище партий сейчас недоступно. Попробуйте через минуту.',
    corruptRecord: 'Запись партии повреждена и не может быть загружена.',
    busy: 'Слишком много изменений одновременно — попробуйте ещё раз.',
    notFound: 'Этой партии больше нет.',
    puzzleNotFound: 'Этой задачи больше нет.',
    noPuzzleLeft: 'Вы попробовали все наши задачи — отлично! Новые появятся с обновлениями.',
    badDailyTime: 'Время указывается как ЧЧ:ММ, например 09:00.',
    unknownTimeZone: 'Неизвестный часовой пояс: укажите, например, Europe/Moscow или UTC.',
    illegalMove: (text) => `Ход ${text} здесь невозможен.`,
    badPosition: 'Такую позицию нельзя расставить по её записи (FEN).',
    noGameHere: 'У вас нет партии в {here}. Начните её командой {/newgame}.',
    severalGames: 'У вас здесь несколько партий: {pickGame}.',
    moveUsage: 'Запишите ход так: /move c3-d4 или /move c3:e5:g3.',
    internal: 'Что-то пошло не так. Попробуйте ещё раз.',
  },

  gamesHeader: 'Ваши партии:',
  noGames: 'У вас нет текущих партий. Начните новую командой {/newgame}.',
  gameLine: (opponent, variant, yourTurn, link) =>
    `• ${variant} против ${opponent}${yourTurn ? ' — <b>ваш ход</b>' : ''}${link === undefined ? '' : ` — <a href="${link}">доска</a>`}`,
  pdnCaption: 'Запись партии (PDN).',
  rules: rulesOverview(RULES_RU),
  variantRules: RULES_RU,
  variantRulesReply: rulesReply((base) => `Остальное — как в игре «${base}».`),
  rulesUsage:
    'Наберите {/rules} — правила всех игр, или с названием игры: {/rules} ласка, {/rules} жернов…',
  help: 'Играем в башни:\n/newgame @друг — вызвать друга (или ответьте на его сообщение)\n/newgame — открытый вызов (с кодом, по которому можно войти из Telegram или Discord)\n/newgame zhernov — стол на четверых (шашки Жернова; места может занять бот)\n/join ABC234 — войти в партию по коду\n/play 4 — сыграть с ботом (уровни 1–8)\n/move c3-d4 — записать ход (или ответьте на доску)\n/board — показать доску ещё раз внизу\n/games — ваши партии\n/draw — предложить ничью · /resign — сдаться\n/pdn — запись партии · /replay — анимация партии\n/puzzle — задача (решается в личном чате) · /top задачи — таблица задач чата\n/stats — ваш рейтинг · /top — рейтинг игроков чата\n/tournament new — турнир в этом чате (админы) · /standings — его таблица\n/review — разбор оконченной партии движком\n/daily on 09:00 Europe/Moscow — задача дня в этом чате · /daily off\n/settings — ориентация доски · /lang — язык\n/rules — правила · /rules ласка — правила одной игры',
  langChanged: 'Язык: русский.',
  langUsage: 'Напишите /lang ru или /lang en.',
  settingsAdminsOnly: 'Язык и доску группы могут менять только её администраторы.',
  settings: (orientation) =>
    `Доска: ${orientation === 'mover' ? 'внизу тот, чей ход' : orientation === 'mine' ? 'внизу ваш цвет' : 'внизу белые'}.`,
  orientationMover: 'Внизу тот, чей ход',
  orientationWhite: 'Внизу белые',
  startPrivate:
    'Привет! Добавьте меня в группу и напишите /newgame @друг или отправьте /newgame здесь, чтобы пригласить кого-нибудь.',
  botName: (level) => `Бот (уровень ${level})`,
  playUsage: `Как играть с ботом: /play [уровень 1-8] [${VARIANT_CHOICE}]. Уровень 1 — новичок, 8 — в полную силу.`,
  commands: {
    newgame: 'Вызвать на партию',
    join: 'Войти в партию по коду: /join ABC234',
    play: 'Играть с ботом: /play [уровень 1-8]',
    move: 'Записать ход, например /move c3-d4',
    board: 'Показать доску ещё раз',
    games: 'Ваши текущие партии',
    resign: 'Сдаться',
    draw: 'Предложить ничью',
    pdn: 'Скачать запись партии',
    settings: 'Ориентация доски',
    lang: 'Язык: /lang ru или /lang en',
    rules: 'Правила игры в башни',
    help: 'Как здесь играть',
    puzzle: 'Задача — решить сейчас',
    daily: 'Задача дня: /daily on 09:00 Europe/Moscow, /daily off',
    top: 'Рейтинги: /top [вариант], /top задачи',
    stats: 'Рейтинг и результаты: /stats [@игрок]',
    tournament: 'Турниры: /tournament new (админы), /tournament leave',
    standings: 'Таблица турнира этого чата',
    review: 'Разбор оконченной партии движком: /review [партия]',
    replay: 'Анимация партии: /replay (последней в чате)',
  },
  table: ruTable,
  league: ruLeague,
  review: ruReview,
  replay: ruReplay,
  inline: ruInline,
  platformWords: ruPlatformWords,
  puzzles: {
    task: (side, goal) => {
      const who = side === 'white' ? 'Ход белых' : 'Ход чёрных';
      const other = side === 'white' ? 'чёрных' : 'белых';
      if (goal === 'block') return `${who}: запереть ${other}, оставить без хода.`;
      if (goal === 'win') return `${who}: выигрыш.`;
      return `${who}: выиграть материал.`;
    },
    mistake: (side, move) => `${side === 'white' ? 'Белые' : 'Чёрные'} сыграли ${move}?`,
    title: (variant, difficulty) =>
      `🧩 <b>Задача</b> · ${variant}${difficulty === undefined ? '' : ` · ${'★'.repeat(difficulty)}${'☆'.repeat(5 - difficulty)}`}`,
    dailyTitle: (day) => `🧩 <b>Задача дня</b>, ${day}`,
    yourMove: 'Ваш ход: выберите башню.',
    replyHint: (example) =>
      `Можно и ответить на это сообщение ходом${example === undefined ? ' (поле, дефис, поле)' : `, например ${example}`}.`,
    stale: 'Эта задача ушла дальше: решайте в её последнем сообщении (или попросите {/puzzle}).',
    nextStale:
      'Эта кнопка «Следующая задача» уже не действует: у вас есть задача новее (или попросите {/puzzle}).',
    correct: (move, reply) =>
      reply === undefined ? `✅ ${move}` : `✅ ${move} — ответ: ${reply}.`,
    solved: (move) => `✅ ${move} — решено! 🎉`,
    wrong: (move, expected) =>
      move === undefined
        ? `❌ Такого хода здесь нет. Ключевой ход: ${expected}.`
        : `❌ ${move} — не то. Ключевой ход: ${expected}.`,
    solution: (line) => `Решение: ${line}`,
    rating: (rating, change, provisional) =>
      `Рейтинг в задачах: ${Math.round(rating)}${provisional ? '?' : ''} (${signedChange(change)})`,
    notCounted: 'Засчитывается только первая попытка: рейтинг не изменился.',
    countedForDaily: 'Засчитано в таблице задач: {puzzleTop}',
    solveButton: '🧩 Решать',
    voteUpButton: '👍 Хорошая задача',
    voteDownButton: '👎 Плохая задача',
    voted: (up, retired) =>
      retired
        ? 'Спасибо: многим эта задача не понравилась, больше мы её не предлагаем.'
        : up
          ? 'Спасибо за 👍!'
          : 'Спасибо: задача с достаточным числом 👎 выходит из оборота.',
    voteUntried: 'Сначала попробуйте решить задачу, потом оцените её.',
    nextButton: '➡️ Следующая задача',
    solveInPrivate: 'Нажмите «Решать»: задача решается в личном чате со мной, без спешки.',
    dailyOn: (time, zone) => `🧩 Задача будет приходить сюда каждый день в ${time} (${zone}).`,
    dailyOff: 'Задача дня в этом чате выключена.',
    dailyUsage:
      'Как пользоваться: /daily on [ЧЧ:ММ] [часовой пояс, например Europe/Moscow] — или /daily off. По умолчанию 09:00 UTC.',
    adminsOnly: 'Это могут менять только {dailyManagers}.',
    topHeader: (day) => `🏆 <b>Задачи</b> · ${day}`,
    topToday: '<b>Сегодня</b>',
    topWeek: '<b>За неделю</b>',
    topStreaks: '<b>Серии</b>',
    topNobody: 'Задачу дня ещё никто не решал.',
    topTodayLine: (place, name, solved) => `${place}. ${name} ${solved ? '✅' : '❌'}`,
    topWeekLine: (place, name, solved, tried) => `${place}. ${name} — ${solved}/${tried}`,
    topStreakLine: (name, n) => `🔥 ${name} — ${days(n)}`,
  },
  discord: {
    moveButton: '♟ Сделать ход',
    boardLinkReady: (minutes) =>
      `Ваша личная ссылка на живую доску, действует ${minutes} мин.: по ней вход под вашим именем, не передавайте её.`,
    played: (move) => `✅ Ход сделан: ${move}.`,
    gameElsewhere: (game, place, link) =>
      `↪ Ваша партия ${game} идёт в ${place}: <a href="${link}">её доска</a>.`,
    drawPostedThere: (game, place, link) =>
      `Предложение опубликовано в ${place}, под <a href="${link}">вашей партией ${game}</a>.`,
    boardElsewhere: (game, place, link) =>
      `Ваша партия ${game} сейчас — это видите только вы. Она идёт в ${place}, и её живая доска остаётся там: <a href="${link}">перейти</a>.`,
    otherChat: 'другом чате',
    gameOptionDescription: 'Какая из ваших партий (если их здесь несколько)',
    chooseGame: (option) =>
      `У вас здесь несколько партий. Какая? Нажмите её ниже или в следующий раз выберите её параметром \`${option}:\`.`,
    unknownGameOption: (option) =>
      `Это не ваша идущая партия. Выберите партию из списка параметра \`${option}:\`.`,
    severalGamesOption: (command, option) =>
      `У вас здесь несколько партий: наберите \`/${command}\` снова и выберите партию параметром \`${option}:\`.`,
    help: [
      'Играйте в башни здесь:',
      '`/новая-игра соперник:@друг` — вызвать друга; просто `/новая-игра` — открытый вызов с кодом, по которому можно войти в Discord или Telegram',
      '`/новая-игра вариант:zhernov` — стол на четверых (шашки Жернова; места может занять бот)',
      '`/принять код:ABC234` — войти в партию по коду',
      '`/играть уровень:4` — сыграть с ботом (уровни 1–8)',
      'Нажмите **♟ Сделать ход** под доской и выберите ход (выбор видите только вы), или наберите `/ход ход:c3-d4`',
      '`/доска` — показать партию снова · `/партии` — ваши партии',
      '`/ничья` — предложить или принять ничью · `/сдаться` — сдаться · `/запись` — запись партии (PDN)',
      '`/повтор` — анимация партии ход за ходом',
      '`/задача` — задача, чтобы решить (видите только вы) · `/таблица вариант:Задачи` — таблица решателей канала',
      '`/статистика` — ваш рейтинг (`игрок:@кто-то` — чужой) · `/таблица` — рейтинги игроков; `/новая-игра на-рейтинг:False` — товарищеская партия',
      '`/турнир новый` — турнир в этом канале (управляющие сервером; запись кнопками) · `/турнир бот уровень:4` — записать бота · `/турнир выйти` · `/турнирная-таблица` — его таблица',
      '`/задача-дня режим:вкл время:09:00 часовой-пояс:Europe/Moscow` — задача дня в этом канале (для управляющих каналом)',
      '`/разбор` — разбор движком последней оконченной партии канала',
      '`/настройки` — язык и ориентация доски в канале · `/правила` — правила',
    ].join('\n'),
    settingsSaved: 'Настройки канала сохранены.',
    settingsManagersOnly:
      'Язык и доску канала могут менять только участники, которые управляют каналом.',
    commandFailed: 'Что-то пошло не так, попробуйте ещё раз.',
    stackPlaceholder: 'Выберите башню',
    targetPlaceholder: 'Выберите поле',
    routePlaceholder: 'Выберите путь взятия',
    commandNames: {
      newgame: 'новая-игра',
      play: 'играть',
      move: 'ход',
      resign: 'сдаться',
      draw: 'ничья',
      games: 'партии',
      board: 'доска',
      pdn: 'запись',
      rules: 'правила',
      help: 'помощь',
      settings: 'настройки',
      join: 'принять',
      puzzle: 'задача',
      daily: 'задача-дня',
      top: 'таблица',
      stats: 'статистика',
      tournament: 'турнир',
      standings: 'турнирная-таблица',
      review: 'разбор',
      replay: 'повтор',
    },
    optionNames: {
      opponent: 'соперник',
      variant: 'вариант',
      days: 'дней-на-ход',
      level: 'уровень',
      notation: 'ход',
      language: 'язык',
      orientation: 'ориентация',
      code: 'код',
      state: 'режим',
      time: 'время',
      timezone: 'часовой-пояс',
      rated: 'на-рейтинг',
      player: 'игрок',
      format: 'формат',
      rounds: 'туры',
      new: 'новый',
      bot: 'бот',
      leave: 'выйти',
      game: 'партия',
    },
    commandDescriptions: {
      newgame: 'Вызвать на партию (без соперника — открытый вызов)',
      play: 'Играть с ботом',
      move: 'Записать ход, например c3-d4 или c3:e5:g3',
      resign: 'Сдаться',
      draw: 'Предложить ничью или принять предложенную',
      games: 'Ваши текущие партии',
      board: 'Показать доску ещё раз',
      pdn: 'Скачать запись партии (PDN)',
      rules: 'Правила игры в башни',
      help: 'Как здесь играть',
      settings: 'Язык и ориентация доски',
      join: 'Принять вызов по его коду',
      puzzle: 'Задача, чтобы решить сейчас (видите только вы)',
      daily: 'Каждый день присылать задачу в этот канал (для управляющих каналом)',
      top: 'Рейтинг игроков канала и общий (или таблица задач)',
      stats: 'Рейтинг и результаты игрока (по умолчанию ваши)',
      tournament: 'Турниры канала: открыть (управляющие), выйти',
      standings: 'Таблица турнира этого канала',
      review: 'Разбор движком последней оконченной партии канала (или вашей)',
      replay: 'Анимация партии ход за ходом (по умолчанию последней в канале)',
    },
    optionDescriptions: {
      opponent: 'Кого вызвать (без соперника — открытый вызов)',
      variant: 'Какая игра (по умолчанию — башни)',
      days: 'Дней на ход',
      notation: 'Ход, например c3-d4 или c3:e5:g3',
      language: 'На каком языке пишет бот',
      orientation: 'Какая сторона внизу доски',
      code: 'Код вызова',
      state: 'Включить или выключить',
      time: 'Когда присылать, ЧЧ:ММ (по умолчанию 09:00)',
      timezone: 'Часовой пояс, например Europe/Moscow (по умолчанию UTC)',
      rated: 'Меняют ли партии рейтинг (по умолчанию да)',
      player: 'Чей рейтинг (по умолчанию ваш)',
      format: 'Круговой (каждый с каждым) или швейцарская система (по умолчанию круговой)',
      rounds: 'Швейцарская система: число туров; круговой: 1 или 2 круга',
      new: 'Открыть запись на турнир в этом канале (управляющие сервером)',
      bot: 'Записать бота на уровне в турнир (организатор или управляющие)',
      leave: 'Выйти из турнира канала или сняться с идущего',
      game: 'Номер партии, как в имени её PDN-файла (по умолчанию последняя здесь)',
    },
    levelDescription: (max, fallback) =>
      `Уровень бота: 1 — новичок, ${max} — в полную силу (по умолчанию ${fallback})`,
    dailyStates: { on: 'вкл', off: 'выкл' },
    puzzleLeaderboard: 'Задачи',
    tournamentManagersOnly: 'Открыть турнир здесь могут только те, кто управляет сервером.',
    tournamentBotEntered: (name) => `${name} — в турнире.`,
    tournamentCycles: (max) =>
      `Круговой турнир играют в 1–${max} круга: туры 1 (один круг) или 2 (два круга).`,
  },
};
