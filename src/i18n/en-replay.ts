import type { ReplayMessages } from './replay-messages.js';

/** The game animation in English. */
export const enReplay: ReplayMessages = {
  frameTitle: (white, black) => `${white} — ${black}`,
  startText: 'Start position',
  plyWord: 'ply',
  caption: (players, variant, result) =>
    `🎞 ${players} · ${variant}\n${result === undefined ? 'The game goes on.' : result}`,
  notFound: (what) =>
    `No game “${what}” here. Use /replay alone for the last game shown in this chat, or reply to a board with /replay.`,
  noGame:
    'No game has been shown in this chat yet. Reply to a board with /replay, or give the game’s id (as in its PDN file name).',
  tableGame: 'Replay is for two-player games; a table game has no animation yet.',
  tooLong: (plies, max) =>
    `This game has ${plies} plies: too long for an animation (at most ${max}). /pdn gives its record.`,
  failed: 'Could not draw the animation just now; please try again later.',
};
