import type { ReplayMessages } from './replay-messages.js';

/** The game animation in English. */
export const enReplay: ReplayMessages = {
  frameTitle: (white, black) => `${white} — ${black}`,
  startText: 'Start position',
  plyWord: 'ply',
  caption: (players, variant, result) =>
    `🎞 ${players} · ${variant}\n${result === undefined ? 'The game goes on.' : result}`,
  notFound: (what) =>
    `No game “${what}” here. {/replay} alone shows the last game shown in {here}.`,
  noGame: 'No game has been shown in {here} yet. {replayHow}.',
  tableGame: 'Replay is for two-player games; a table game has no animation yet.',
  tooLong: (plies, max) =>
    `This game has ${plies} plies: too long for an animation (at most ${max}). {/pdn} gives its record.`,
  failed: 'Could not draw the animation just now; please try again later.',
};
