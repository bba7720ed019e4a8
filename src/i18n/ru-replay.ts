import type { ReplayMessages } from './replay-messages.js';

/** Анимация партии по-русски. */
export const ruReplay: ReplayMessages = {
  frameTitle: (white, black) => `${white} — ${black}`,
  startText: 'Начальная позиция',
  plyWord: 'полуход',
  caption: (players, variant, result) =>
    `🎞 ${players} · ${variant}\n${result === undefined ? 'Партия продолжается.' : result}`,
  notFound: (what) =>
    `Партии «${what}» здесь нет. {/replay} без слов покажет последнюю партию здесь.`,
  noGame: 'В {here} ещё не было партий. {replayHow}.',
  tableGame: 'Анимация есть только у партий на двоих; у партии за столом её пока нет.',
  tooLong: (plies, max) =>
    `В этой партии ${plies} полуходов: слишком длинно для анимации (не больше ${max}). Запись партии — {/pdn}.`,
  failed: 'Не удалось нарисовать анимацию; попробуйте позже.',
};
