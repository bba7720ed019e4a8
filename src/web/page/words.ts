/**
 * Everything the board page says, in Russian and English, both first-class. The page carries
 * its own words (the bot's message catalogue is server code): a few hundred bytes each.
 */
import type { SeatColor } from '../../engine/multi/index.js';

/** The page's two languages. */
export type Language = 'ru' | 'en';

/** A stack as a label describes it: who owns it, a king on top, how many pieces. */
export interface PieceLook {
  readonly owner: SeatColor;
  readonly king: boolean;
  readonly height: number;
}

/** Days, hours and minutes left on a clock. */
export interface TimeLeft {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
}

/** The page's words in one language. */
export interface Words {
  readonly language: Language;
  /** A stack without its square: "white man", "black tower of 3, top a king". */
  piece(look: PieceLook): string;
  readonly empty: string;
  readonly canMoveHere: string;
  readonly canMove: string;
  readonly selected: string;
  /** A side as a player: "White", "Black". */
  side(color: SeatColor): string;
  /** Announced when a move arrives: "Black played e5:c3". */
  played(color: SeatColor, move: string): string;
  toMove(color: SeatColor): string;
  readonly yourMove: string;
  /** A puzzle's task: "White to move and win". */
  puzzleTask(color: SeatColor, goal: 'win' | 'block' | 'material' | undefined): string;
  readonly puzzleSolved: string;
  /** A wrong move ended the attempt; `expected` is the line's move. */
  puzzleWrong(expected: string): string;
  readonly watching: string;
  readonly you: string;
  bot(level: number): string;
  won(color: SeatColor): string;
  readonly draw: string;
  /** Why a game ended (an EndReason), or undefined for a reason the page does not know. */
  reason(code: string): string | undefined;
  readonly board: string;
  readonly moves: string;
  readonly flip: string;
  readonly offerDraw: string;
  readonly acceptDraw: string;
  readonly drawOffered: string;
  /** Shown to the opponent of whoever offered. */
  drawOfferedBy(color: SeatColor): string;
  readonly resign: string;
  readonly resignQuestion: string;
  readonly cancel: string;
  readonly chooseRoute: string;
  readonly sending: string;
  readonly loading: string;
  readonly reconnecting: string;
  /** The page's own words for an action's refusal code, or undefined. */
  refusal(code: string): string | undefined;
  readonly stale: string;
  readonly offline: string;
  /** A full-page message (title and what to do) for a sign-in refusal or a missing game. */
  fatal(code: string): { title: string; text: string };
  timeLeft(time: TimeLeft): string;
  readonly lessThanAMinute: string;
  readonly timeUp: string;
  perMove(days: number): string;
}

/** Russian plural: one, few (2–4), many. */
function plural(n: number, one: string, few: string, many: string): string {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

const EN_COLORS: Record<SeatColor, string> = {
  white: 'white',
  red: 'red',
  black: 'black',
  green: 'green',
};

const EN_SIDES: Record<SeatColor, string> = {
  white: 'White',
  red: 'Red',
  black: 'Black',
  green: 'Green',
};

const EN_REASONS: Record<string, string> = {
  'no-legal-move': 'no moves left',
  'threefold-repetition': 'threefold repetition',
  'fifteen-move-rule': 'the 15-move rule',
  'half-count': 'the half count',
  resignation: 'by resignation',
  agreement: 'by agreement',
  time: 'on time',
  abandoned: 'abandoned',
  'last-player': 'one player left',
  'no-capture-limit': '20 rounds without a capture',
  'ply-limit': 'the move limit',
};

const EN_REFUSALS: Record<string, string> = {
  'not-your-turn': 'It is not your turn.',
  'game-over': 'The game is over.',
  'not-a-player': 'You do not play in this game.',
  'illegal-move': 'That move is not legal here.',
  unauthorized: 'Your session has ended: reopen the board from the chat.',
  'draw-already-offered': 'A draw is already offered.',
};

const EN_FATAL: Record<string, { title: string; text: string }> = {
  'init-data-forged': {
    title: 'Telegram could not vouch for you',
    text: 'Reopen the board from the chat.',
  },
  'init-data-stale': {
    title: 'This board was opened too long ago',
    text: 'Reopen the board from the chat.',
  },
  'init-data-bad': {
    title: 'Telegram sent no usable sign-in',
    text: 'Reopen the board from the chat.',
  },
  'board-link-forged': {
    title: 'This board link is not valid',
    text: 'Ask the bot for a new link.',
  },
  'board-link-expired': {
    title: 'This board link has expired',
    text: 'Ask the bot for a new link.',
  },
  'not-found': {
    title: 'Game not found',
    text: 'It may have been deleted. Open the board from the chat.',
  },
  'no-game': { title: 'No game to show', text: 'Open the board from the chat.' },
  offline: { title: 'No connection', text: 'Check the connection and open the board again.' },
  unauthorized: { title: 'Your session has ended', text: 'Reopen the board from the chat.' },
  'telegram-unavailable': {
    title: 'Telegram did not answer',
    text: 'Close the board and open it again.',
  },
};

const EN: Words = {
  language: 'en',
  piece({ owner, king, height }) {
    const color = EN_COLORS[owner];
    if (height === 1) return `${color} ${king ? 'king' : 'man'}`;
    return `${color} tower of ${height}${king ? ', top a king' : ''}`;
  },
  empty: 'empty',
  canMoveHere: 'can move here',
  canMove: 'can move',
  selected: 'selected',
  side: (color) => EN_SIDES[color],
  played: (color, move) => `${EN_SIDES[color]} played ${move}`,
  toMove: (color) => `${EN_SIDES[color]} to move`,
  yourMove: 'Your move',
  puzzleTask: (color, goal) =>
    `${EN_SIDES[color]} to move and ${goal === 'block' ? 'block' : goal === 'material' ? 'win material' : 'win'}`,
  puzzleSolved: 'Solved!',
  puzzleWrong: (expected) => `Not this one: the move was ${expected}`,
  watching: 'Watching',
  you: 'you',
  bot: (level) => `bot, level ${level}`,
  won: (color) => `${EN_SIDES[color]} won`,
  draw: 'Draw',
  reason: (code) => EN_REASONS[code],
  board: 'Board',
  moves: 'Moves',
  flip: 'Flip the board',
  offerDraw: 'Offer a draw',
  acceptDraw: 'Accept the draw',
  drawOffered: 'Draw offered',
  drawOfferedBy: (color) => `${EN_SIDES[color]} offers a draw`,
  resign: 'Resign',
  resignQuestion: 'Resign this game?',
  cancel: 'Cancel',
  chooseRoute: 'Which way?',
  sending: 'Sending…',
  loading: 'Loading the board…',
  reconnecting: 'Connection lost, reconnecting…',
  refusal: (code) => EN_REFUSALS[code],
  stale: 'The board changed meanwhile.',
  offline: 'No connection. Try again.',
  fatal: (code) =>
    EN_FATAL[code] ?? { title: 'Something went wrong', text: 'Reopen the board from the chat.' },
  timeLeft({ days, hours, minutes }) {
    if (days > 0) return `${days} d ${hours} h left`;
    if (hours > 0) return `${hours} h ${minutes} min left`;
    return `${minutes} min left`;
  },
  lessThanAMinute: 'under a minute left',
  timeUp: 'time is up',
  perMove: (days) => `${days} ${days === 1 ? 'day' : 'days'} a move`,
};

/** Feminine adjectives: шашка, дамка and башня are all feminine. */
const RU_COLORS: Record<SeatColor, string> = {
  white: 'белая',
  red: 'красная',
  black: 'чёрная',
  green: 'зелёная',
};

const RU_SIDES: Record<SeatColor, string> = {
  white: 'Белые',
  red: 'Красные',
  black: 'Чёрные',
  green: 'Зелёные',
};

const RU_SIDES_OF: Record<SeatColor, string> = {
  white: 'белых',
  red: 'красных',
  black: 'чёрных',
  green: 'зелёных',
};

const RU_REASONS: Record<string, string> = {
  'no-legal-move': 'не осталось ходов',
  'threefold-repetition': 'троекратное повторение',
  'fifteen-move-rule': 'правило 15 ходов',
  'half-count': 'подсчёт по половинам доски',
  resignation: 'сдача',
  agreement: 'по согласию',
  time: 'время вышло',
  abandoned: 'партия брошена',
  'last-player': 'остался один игрок',
  'no-capture-limit': '20 кругов без взятий',
  'ply-limit': 'предел числа ходов',
};

const RU_REFUSALS: Record<string, string> = {
  'not-your-turn': 'Сейчас не ваш ход.',
  'game-over': 'Партия уже окончена.',
  'not-a-player': 'Вы не играете в этой партии.',
  'illegal-move': 'Так ходить нельзя.',
  unauthorized: 'Сеанс закончился: откройте доску из чата заново.',
  'draw-already-offered': 'Ничья уже предложена.',
};

const RU_FATAL: Record<string, { title: string; text: string }> = {
  'init-data-forged': {
    title: 'Telegram не подтвердил, кто вы',
    text: 'Откройте доску из чата заново.',
  },
  'init-data-stale': {
    title: 'Доска открыта слишком давно',
    text: 'Откройте доску из чата заново.',
  },
  'init-data-bad': {
    title: 'Telegram не передал данные для входа',
    text: 'Откройте доску из чата заново.',
  },
  'board-link-forged': {
    title: 'Эта ссылка на доску недействительна',
    text: 'Попросите у бота новую ссылку.',
  },
  'board-link-expired': {
    title: 'Срок действия ссылки истёк',
    text: 'Попросите у бота новую ссылку.',
  },
  'not-found': {
    title: 'Партия не найдена',
    text: 'Возможно, её удалили. Откройте доску из чата.',
  },
  'no-game': { title: 'Не указана партия', text: 'Откройте доску из чата.' },
  offline: { title: 'Нет связи', text: 'Проверьте соединение и откройте доску снова.' },
  unauthorized: { title: 'Сеанс закончился', text: 'Откройте доску из чата заново.' },
  'telegram-unavailable': {
    title: 'Telegram не ответил',
    text: 'Закройте доску и откройте её снова.',
  },
};

const RU: Words = {
  language: 'ru',
  piece({ owner, king, height }) {
    const color = RU_COLORS[owner];
    if (height === 1) return `${color} ${king ? 'дамка' : 'шашка'}`;
    return `${color} башня из ${height}${king ? ', сверху дамка' : ''}`;
  },
  empty: 'пусто',
  canMoveHere: 'можно пойти сюда',
  canMove: 'может ходить',
  selected: 'выбрана',
  side: (color) => RU_SIDES[color],
  played: (color, move) => `Ход ${RU_SIDES_OF[color]}: ${move}`,
  toMove: (color) => `Ход ${RU_SIDES_OF[color]}`,
  yourMove: 'Ваш ход',
  puzzleTask: (color, goal) =>
    `Ход ${RU_SIDES_OF[color]}: ${goal === 'block' ? 'запереть' : goal === 'material' ? 'выиграть материал' : 'выигрыш'}`,
  puzzleSolved: 'Решено!',
  puzzleWrong: (expected) => `Не то: нужно было ${expected}`,
  watching: 'Вы зритель',
  you: 'вы',
  bot: (level) => `бот, уровень ${level}`,
  won: (color) => `${RU_SIDES[color]} победили`,
  draw: 'Ничья',
  reason: (code) => RU_REASONS[code],
  board: 'Доска',
  moves: 'Ходы',
  flip: 'Повернуть доску',
  offerDraw: 'Предложить ничью',
  acceptDraw: 'Принять ничью',
  drawOffered: 'Ничья предложена',
  drawOfferedBy: (color) => `${RU_SIDES[color]} предлагают ничью`,
  resign: 'Сдаться',
  resignQuestion: 'Сдать партию?',
  cancel: 'Отмена',
  chooseRoute: 'Каким путём бить?',
  sending: 'Отправляю…',
  loading: 'Загружаю доску…',
  reconnecting: 'Связь потеряна, переподключаюсь…',
  refusal: (code) => RU_REFUSALS[code],
  stale: 'Пока вы думали, позиция изменилась.',
  offline: 'Нет связи. Попробуйте ещё раз.',
  fatal: (code) =>
    RU_FATAL[code] ?? { title: 'Что-то пошло не так', text: 'Откройте доску из чата заново.' },
  timeLeft({ days, hours, minutes }) {
    if (days > 0) return `осталось ${days} дн. ${hours} ч`;
    if (hours > 0) return `осталось ${hours} ч ${minutes} мин`;
    return `осталось ${minutes} мин`;
  },
  lessThanAMinute: 'осталось меньше минуты',
  timeUp: 'время вышло',
  perMove: (days) => `${days} ${plural(days, 'день', 'дня', 'дней')} на ход`,
};

/** The words of a language. */
export function wordsFor(language: Language): Words {
  return language === 'ru' ? RU : EN;
}

/**
 * The page's language: the session's (the bot's idea of the user), else the browser's (ru* is
 * Russian, anything else English).
 */
export function pageLanguage(session: Language | undefined, browser: string | undefined): Language {
  if (session !== undefined) return session;
  return browser?.toLowerCase().startsWith('ru') === true ? 'ru' : 'en';
}
