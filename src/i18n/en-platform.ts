import type { Messages } from './messages.js';

/** What the English texts say where Telegram and Discord differ. */
export const enPlatformWords: Messages['platformWords'] = {
  telegram: {
    pickGame: 'reply to the board of the one you mean',
    reviewHow: 'Reply to a game’s board with /review, or give its id (/review ID)',
    replayHow: 'Reply to a board with /replay, or give the game’s id (as in its PDN file name)',
    puzzleTop: '/top puzzles',
    dailyManagers: 'the chat’s admins',
    aManager: 'a chat admin',
    openTournament: '/tournament new',
    playLevel: '/play [level 1-8]',
    here: 'this chat',
  },
  discord: {
    pickGame: 'use the buttons under its game message (/games links to each)',
    reviewHow: 'Give its id: /review game:ID (as in its PDN file name)',
    replayHow: 'Give the game’s id: /replay game:ID (as in its PDN file name)',
    puzzleTop: '/top variant:Puzzles',
    dailyManagers: 'members who can manage this channel',
    aManager: 'a server manager',
    openTournament: '/tournament new',
    playLevel: '/play level:1-8',
    here: 'this channel',
  },
};
