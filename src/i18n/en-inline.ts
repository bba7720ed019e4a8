import type { InlineMessages } from './messages.js';

/** Telegram's inline mode in English. */
export const enInline: InlineMessages = {
  cardTitle: (variant) => `♟ Challenge: ${variant}`,
  cardDescription: (clock) => `${clock} · the first to press Accept plays`,
  card: (challenger, variant, clock) =>
    `♟ ${challenger} is looking for an opponent: <b>${variant}</b> (${clock}). The first to press Accept plays.`,
  puzzleTitle: '🧩 The puzzle of the day',
  puzzleDescription: (task) => task,
  positionTitle: (variant) => `🖼 The position (${variant})`,
  badFenTitle: '⚠️ Not a position',
  usageTitle: 'How to use me here',
  usage:
    'Type my name, then: nothing or a variant and days per move (laska 5, casual) for a challenge, “puzzle” for the day’s puzzle, or a FEN (W:Wc3,e3:Bf6) to show a position.',
  tableNotInline: 'Zhernov’s game for four is opened in a group: /newgame zhernov.',
  playInPrivate: '♟ Play in the private chat',
  offerDraw: '🤝 Offer a draw',
  resign: '🏳️ Resign',
  taken: 'Someone else has taken this game already.',
  ownCard: 'This is your own challenge: someone else must accept it.',
  onlyChallenger: 'Only the challenger can withdraw it.',
};
