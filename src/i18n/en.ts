import { enReplay } from './en-replay.js';
import { enInline } from './en-inline.js';
import { enLeague } from './en-league.js';
import { enReview } from './en-review.js';
import { enTable } from './en-table.js';
import { enPlatformWords } from './en-platform.js';
import { signedChange } from './signed-change.js';
import {
  durationText,
  rulesOverview,
  rulesReply,
  type Messages,
  type VariantRules,
  VARIANT_CHOICE,
} from './messages.js';
import { captionTitle, resultText } from './result-words.js';
import { textLines } from './text-lines.js';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const VARIANTS = {
  bashni: 'Bashni',
  stolby: 'Stolby',
  laska: 'Laska',
  giveaway: 'Column giveaway',
  adiyukh: 'Adiyukh',
  'adiyukh-8x10': 'Adiyukh 10×8',
  'adiyukh-10x10': 'Adiyukh 10×10',
  multistorey: 'Multistorey draughts',
  'bashni-double': 'Double-move Bashni',
  'bashni-double-2': 'Double-move Bashni (2 from the start)',
  'bashni-double-11': 'Double-move Bashni (1+1)',
  borovikov: "Borovikov's checkers",
  stavropol: 'Stavropol Adiyukh',
  zhernov: "Zhernov's four-player game",
};

/**
 * Each variant's rules, a paragraph each (Bashni's in full, the others by what they change),
 * in the order /rules gives them.
 */
const RULES_EN: VariantRules = {
  bashni:
    '<b>Bashni</b> is Russian draughts where captured pieces are not removed: they go <i>under</i> the capturing piece, building towers. A tower belongs to the colour of its top piece and moves like it (man or king). Capturing a tower takes only its top piece — what is left stays and may be freed. Capture is mandatory, men capture backwards too, kings fly. You lose when you have no legal move.',
  stolby:
    'Stolby: each tower may be jumped once per move (Turkish strike) and captured kings become men.',
  laska: 'Laska: 7×7 board, men move and capture forward only, short kings.',
  giveaway: 'Giveaway: the first side without a move wins.',
  adiyukh:
    'Adiyukh: kings only capture and turn back into men after it; when a side cannot move, White wins with more pieces (both colours) on ranks 5–8, Black with more on ranks 1–4.',
  'adiyukh-8x10':
    'Adiyukh 10×8 and 10×10 (adiyukh-8x10, adiyukh-10x10): the same game on a board 10 squares wide and 8 or 10 high, with 15 or 20 men each; the halves are ranks 1–4 and 5–8, or 1–5 and 6–10.',
  multistorey:
    'Multistorey: Russian draughts with two-storey towers, captured pieces leave the board and a jump takes one storey.',
  'bashni-double':
    'Double-move Bashni: two moves in a row each turn (White’s first turn: one), capture obligatory on each; no first or no second move loses; the “2 from the start” option gives White two moves from the first turn, the “1+1” option gives White one move and Black’s answer one, then two each.',
  borovikov:
    'Borovikov: when there is no capture, a tower may also step onto an occupied square (a man one square forward, a king onto the first tower along a diagonal) and cover it; enemy pieces caught between two of yours leave the board.',
  stavropol:
    'Stavropol Adiyukh: Adiyukh with shared pieces — on your turn you may move any tower, white- or black-topped; each moves, jumps and is crowned as its top colour does; capture whatever can be captured; the game ends when the player to move cannot move or all tops are one colour, and the half count decides as in Adiyukh (the White player wins with more pieces on ranks 5–8).',
  zhernov:
    'Zhernov’s game for four (zhernov): White, Red, Black and Green sit at the four edges and move in turn clockwise, each toward the opposite edge; every column is one colour, and a jumped column loses one piece, which leaves the board, while the capturing column grows by one piece of its own for each piece taken from a player still in the game. Whoever first owns a column of six or more becomes the count and leaves the game with the best place still free; a player who cannot move is out with the worst. Places score 3, 2, 1 and 0, and a count scores one more.',
};

export const en: Messages = {
  variant: (id) => VARIANTS[id],
  white: 'White',
  black: 'Black',
  whiteAnyTower: 'White (any tower)',
  blackAnyTower: 'Black (any tower)',
  duration: (ms) =>
    durationText(ms, {
      days: (n) => plural(n, 'day', 'days'),
      hours: (n) => plural(n, 'hour', 'hours'),
      minutes: (n) => plural(n, 'minute', 'minutes'),
    }),
  daysPerMove: (days) => (days === null ? 'no clock' : `${plural(days, 'day', 'days')} per move`),

  challengeTo: (challenger, target, variant, clock) =>
    `♟ ${challenger} challenges ${target} to a game of <b>${variant}</b> (${clock}).`,
  challengeOpen: (challenger, variant, clock) =>
    `♟ ${challenger} is looking for an opponent: <b>${variant}</b> (${clock}). Anyone may accept.`,
  challengePrivate: (challenger, variant, clock) =>
    `♟ ${challenger} invites you to a game of <b>${variant}</b> (${clock}).`,
  challengeAccepted: (white, black) => `✅ Game on: ⚪ ${white} vs ⚫ ${black}.`,
  challengeDeclined: (challenger) => `✖️ The challenge from ${challenger} was declined.`,
  challengeCancelled: (challenger) => `✖️ ${challenger} withdrew the challenge.`,
  challengeExpired: (challenger) => `⌛ Nobody accepted the challenge from ${challenger} in time.`,
  challengeYours: 'This is your own invitation: send the link to a friend, who can accept it.',
  playAgainstMe: 'To play against me, use {playLevel} (1 is a beginner, 8 plays its best).',
  accept: '✅ Accept',
  decline: '✖️ Decline',
  cancel: '✖️ Withdraw',
  share: '📨 Send to a friend',
  shareText: 'Play Bashni with me!',
  newGameUsage: `Usage: /newgame [@friend] [${VARIANT_CHOICE}] [days per move: 1, 2, 3, 5, 7, 14 or 0 for no clock]. Reply to someone’s message with /newgame to challenge them.`,

  inviteCode: (code) => `Code <b>${code}</b>: <code>/join ${code}</code> in Telegram or Discord.`,
  joinUsage:
    'Usage: /join CODE — the code of an open challenge, made in Telegram or Discord (e.g. /join ABC234).',
  joinUnknown: (code) => `No open challenge has the code “${code}”. Check it and try again.`,

  caption: (c) =>
    textLines([
      captionTitle(c),
      `Move ${c.moveNumber} · ${c.toMove} to play${c.secondMove === true ? ' (second move)' : ''}: ${c.toMoveName}`,
      c.halfCount === undefined
        ? undefined
        : `Half count ⚪ ${c.halfCount[0]}:${c.halfCount[1]} ⚫`,
      c.lastMove === undefined ? undefined : `Last move: ${c.lastMove}`,
      c.timeLeft === undefined ? undefined : `⏳ ${c.timeLeft} left`,
      c.drawOfferedBy === undefined ? undefined : `🤝 ${c.drawOfferedBy} offers a draw`,
    ]),
  finalCaption: (c) =>
    textLines([
      captionTitle(c),
      c.lastMove === undefined ? undefined : `Last move: ${c.lastMove}`,
      `🏁 ${c.result}`,
    ]),
  result: resultText({
    side: { white: 'White', black: 'Black' },
    resigned: (won, lost) => `${won} wins (${lost} resigned).`,
    opponentResigned: (won) => `Your opponent resigned: you win (${won}).`,
    youResigned: (won) => `You resigned: ${won} wins.`,
    halfCountDraw: (white, black) => `Draw ${white}:${black} on the half count.`,
    halfCountWin: (won, winner, loser) => `${won} wins ${winner}:${loser} on the half count.`,
    why: {
      'no-legal-move': 'no legal move left',
      'half-count': 'the half count',
      'threefold-repetition': 'threefold repetition',
      'fifteen-move-rule': '15 moves without a change in the number of towers',
      resignation: 'resignation',
      agreement: 'agreement',
      time: 'time ran out',
      abandoned: 'nobody moved for too long',
      'last-player': 'one player left',
      'no-capture-limit': 'twenty rounds without a capture',
      'ply-limit': 'the move limit',
    },
    whyFifteenMultistorey: '15 moves without a capture',
    abandoned: (why) => `Game abandoned (${why}).`,
    draw: (why) => `Draw (${why}).`,
    wins: (won, why) => `${won} wins (${why}).`,
  }),
  yourMove: (mention, lastMove) =>
    lastMove === undefined ? `${mention}, your move.` : `${mention}, your move (${lastMove}).`,
  reminder: (mention, timeLeft) => `⏰ ${mention}, only ${timeLeft} left for your move.`,
  gameOverNotice: (result) => `🏁 ${result}`,

  back: '⬅️ Back',
  openBoard: '📲 Open the board',
  chooseStack: 'Choose a tower to move.',
  chooseTarget: (square) => `${square}: where to?`,
  chooseRoute: 'Several capture routes end there: choose one.',
  busyChat: {
    pick: (seconds) =>
      `This chat is busy (Telegram’s limit on edits): the targets show in about ${seconds} s. A typed move works at once: /move c3-d4.`,
    move: (seconds) =>
      `Move made. This chat is busy (Telegram’s limit on edits): the board shows it in about ${seconds} s.`,
  },
  stackInfo: (square, pieces, height) =>
    height === 1 ? `${square}: ${pieces}` : `${square}: ${pieces} (${height} pieces, top first)`,

  gameVs: (opponents, variant, move) => `vs ${opponents} (${variant}, move ${move})`,
  resignQuestion: (game) => `Resign your game ${game}?`,
  resignYes: '🏳️ Yes, resign',
  resignNo: 'No, play on',
  resignKept: 'Good — play on!',
  drawOffer: (by) => `🤝 ${by} offers a draw.`,
  drawAccept: '🤝 Accept draw',
  drawDecline: '✖️ Decline',
  drawDeclined: (by) => `✖️ ${by} declined the draw.`,

  errors: {
    notYourTurn: 'It is not your turn.',
    notAPlayer: 'You are not playing in this game.',
    stale: 'This board is out of date — here is the current one.',
    unknownButton: 'This button does not work any more.',
    gameOver: 'This game is over.',
    notForYou: 'These buttons are for the player who asked: only they can answer.',
    challengeFor: (target) =>
      `This challenge is for ${target ?? 'another player'}: only they can accept or decline it.`,
    onlyChallenger: 'Only the challenger can withdraw this challenge.',
    challengeSelf: 'You can’t challenge yourself: name someone else, or make an open challenge.',
    ownChallenge: 'That is your own challenge: someone else accepts it.',
    challengeClosed: 'This challenge is no longer open.',
    challengeExpired: 'This challenge has expired.',
    noDrawOffer: 'There is no draw offer to answer.',
    ownDrawOffer: 'That is your own draw offer: your opponent answers it.',
    challengeNotFound: 'This challenge no longer exists.',
    notAMove: (quoted) => `“${quoted}” is not a move. Write it like /move c3-d4 or c3:e5:g3.`,
    drawAlreadyOffered: 'You have already offered a draw.',
    storeUnavailable: 'The game store is unavailable right now. Please try again in a minute.',
    corruptRecord: 'This game’s record is damaged and cannot be loaded.',
    busy: 'Too many changes at once — please try again.',
    notFound: 'This game no longer exists.',
    puzzleNotFound: 'This puzzle no longer exists.',
    noPuzzleLeft: 'You have tried every puzzle we have — well done! New ones come with updates.',
    badDailyTime: 'The time must be HH:MM, for example 09:00.',
    unknownTimeZone: 'Unknown time zone: use a name like Europe/Moscow or UTC.',
    illegalMove: (text) => `${text} is not a legal move here.`,
    badPosition: 'This position cannot be set up from its FEN.',
    noGameHere: 'You have no game in {here}. Start one with {/newgame}.',
    severalGames: 'You have several games here: {pickGame}.',
    moveUsage: 'Write the move like /move c3-d4 or /move c3:e5:g3.',
    internal: 'Something went wrong. Please try again.',
  },

  gamesHeader: 'Your games:',
  noGames: 'You have no active games. Start one with {/newgame}.',
  gameLine: (opponent, variant, yourTurn, link) =>
    `• ${variant} vs ${opponent}${yourTurn ? ' — <b>your move</b>' : ''}${link === undefined ? '' : ` — <a href="${link}">board</a>`}`,
  pdnCaption: 'The game record (PDN).',
  rules: rulesOverview(RULES_EN),
  variantRules: RULES_EN,
  variantRulesReply: rulesReply((base) => `The rest as in ${base}.`),
  rulesUsage:
    'Use {/rules} alone for every variant, or with one: {/rules} laska, {/rules} zhernov…',
  help: 'Play Bashni here:\n/newgame @friend — challenge a friend (or reply to their message)\n/newgame — an open challenge (with a code to join it, in Telegram or Discord)\n/newgame zhernov — a table for four (Zhernov’s game; the bot can take seats)\n/join ABC234 — join a game by its code\n/play 4 — play the bot (levels 1–8)\n/move c3-d4 — type a move (or reply to the board)\n/board — show your game again at the bottom\n/games — your games\n/draw — offer a draw · /resign — resign\n/pdn — the game record · /replay — an animation of the game\n/puzzle — a puzzle (solved in our private chat) · /top puzzles — the chat’s puzzle leaderboard\n/stats — your ratings · /top — the chat’s rating leaderboard\n/tournament new — a tournament in this chat (admins) · /standings — its table\n/review — the engine’s review of a finished game\n/daily on 09:00 Europe/Moscow — a puzzle of the day in this chat · /daily off\n/settings — board orientation · /lang — language\n/rules — the rules · /rules laska — one variant’s',
  langChanged: 'Language: English.',
  langUsage: 'Use /lang ru or /lang en.',
  settingsAdminsOnly: 'Only the group’s admins can change its language and board.',
  settings: (orientation) =>
    `Board: ${orientation === 'mover' ? 'the player to move at the bottom' : orientation === 'mine' ? 'your side at the bottom' : 'White at the bottom'}.`,
  orientationMover: 'Player to move at the bottom',
  orientationWhite: 'White at the bottom',
  startPrivate:
    'Hi! Add me to a group and type /newgame @friend, or send /newgame here to invite someone.',
  botName: (level) => `Bashni Bot (level ${level})`,
  playUsage: `Usage: /play [level 1-8] [${VARIANT_CHOICE}]. Level 1 is a beginner, 8 plays its best.`,
  commands: {
    newgame: 'Challenge someone to a game',
    join: 'Join a game by its code: /join ABC234',
    play: 'Play against the bot: /play [level 1-8]',
    move: 'Type a move, e.g. /move c3-d4',
    board: 'Show the game board again',
    games: 'Your active games',
    resign: 'Resign the game',
    draw: 'Offer a draw',
    pdn: 'Download the game record',
    settings: 'Board orientation',
    lang: 'Language: /lang ru or /lang en',
    rules: 'The rules of Bashni',
    help: 'How to play here',
    puzzle: 'A puzzle to solve now',
    daily: 'Daily puzzle: /daily on 09:00 Europe/Moscow, /daily off',
    top: 'Leaderboards: /top [variant], /top puzzles',
    stats: 'Ratings and results: /stats [@player]',
    tournament: 'Tournaments: /tournament new (admins), /tournament leave',
    standings: 'The standings of this chat’s tournament',
    review: 'The engine’s review of a finished game: /review [game]',
    replay: 'An animation of a game: /replay (the last one here)',
  },
  table: enTable,
  league: enLeague,
  review: enReview,
  replay: enReplay,
  inline: enInline,
  platformWords: enPlatformWords,
  puzzles: {
    task: (side, goal) => {
      const who = side === 'white' ? 'White' : 'Black';
      const other = side === 'white' ? 'Black' : 'White';
      if (goal === 'block') return `${who} to move: leave ${other} without a move.`;
      if (goal === 'win') return `${who} to move and win.`;
      return `${who} to move and win material.`;
    },
    mistake: (side, move) => `${side === 'white' ? 'White' : 'Black'} played ${move}?`,
    title: (variant, difficulty) =>
      `🧩 <b>Puzzle</b> · ${variant}${difficulty === undefined ? '' : ` · ${'★'.repeat(difficulty)}${'☆'.repeat(5 - difficulty)}`}`,
    dailyTitle: (day) => `🧩 <b>Puzzle of the day</b>, ${day}`,
    yourMove: 'Your move: pick a tower.',
    replyHint: (example) =>
      `You may also reply to this message with the move${example === undefined ? ' (from square, dash, to square)' : `, e.g. ${example}`}.`,
    stale: 'This puzzle has moved on: use its latest message (or ask for {/puzzle}).',
    nextStale: 'This Next is no longer current: you have a newer puzzle (or ask for {/puzzle}).',
    correct: (move, reply) =>
      reply === undefined ? `✅ ${move}` : `✅ ${move} — the reply: ${reply}.`,
    solved: (move) => `✅ ${move} — solved! 🎉`,
    wrong: (move, expected) =>
      move === undefined
        ? `❌ That is not a move here. The key move was ${expected}.`
        : `❌ ${move} is not it. The key move was ${expected}.`,
    solution: (line) => `Solution: ${line}`,
    rating: (rating, change, provisional) =>
      `Puzzle rating: ${Math.round(rating)}${provisional ? '?' : ''} (${signedChange(change)})`,
    notCounted: 'Only the first attempt at a puzzle counts: your rating is unchanged.',
    countedForDaily: 'Counted on the puzzle leaderboard of {here}: {puzzleTop}',
    solveButton: '🧩 Solve',
    voteUpButton: '👍 Good puzzle',
    voteDownButton: '👎 Bad puzzle',
    voted: (up, retired) =>
      retired
        ? 'Thanks: enough players found this puzzle bad, so it is out of the rotation.'
        : up
          ? 'Thanks for the 👍!'
          : 'Thanks: with enough 👎 a puzzle leaves the rotation.',
    voteUntried: 'Try the puzzle first, then say what you think of it.',
    nextButton: '➡️ Next puzzle',
    solveInPrivate: 'Press Solve: you solve it in our private chat, at your own pace.',
    dailyOn: (time, zone) => `🧩 A puzzle will be posted here every day at ${time} (${zone}).`,
    dailyOff: 'The daily puzzle is off in this chat.',
    dailyUsage:
      'Usage: /daily on [HH:MM] [time zone, e.g. Europe/Moscow] — or /daily off. Default: 09:00 UTC.',
    adminsOnly: 'Only {dailyManagers} can change this.',
    topHeader: (day) => `🏆 <b>Puzzles</b> · ${day}`,
    topToday: '<b>Today</b>',
    topWeek: '<b>This week</b>',
    topStreaks: '<b>Streaks</b>',
    topNobody: 'Nobody has tried the daily puzzle yet.',
    topTodayLine: (place, name, solved) => `${place}. ${name} ${solved ? '✅' : '❌'}`,
    topWeekLine: (place, name, solved, tried) => `${place}. ${name} — ${solved}/${tried}`,
    topStreakLine: (name, days) => `🔥 ${name} — ${plural(days, 'day', 'days')}`,
  },
  discord: {
    moveButton: '♟ Move',
    boardLinkReady: (minutes) =>
      `Your own link to the live board, good for ${minutes} minutes: it signs you in, so keep it to yourself.`,
    played: (move) => `✅ You played ${move}.`,
    gameElsewhere: (game, place, link) =>
      `↪ Your game ${game} is in ${place}: <a href="${link}">its board</a>.`,
    drawPostedThere: (game, place, link) =>
      `The offer is posted in ${place}, under <a href="${link}">your game ${game}</a>.`,
    boardElsewhere: (game, place, link) =>
      `Your game ${game} as it is now, shown to you only. It is played in ${place}, where its live board stays: <a href="${link}">go there</a>.`,
    otherChat: 'another chat',
    gameOptionDescription: 'Which of your games (when you play several here)',
    chooseGame: (option) =>
      `You play several games here: which one? Press it below, or next time choose it with the \`${option}:\` option.`,
    unknownGameOption: (option) =>
      `That is not one of your games in play. Choose one from the list of the \`${option}:\` option.`,
    severalGamesOption: (command, option) =>
      `You play several games here: type \`/${command}\` again and choose the game with the \`${option}:\` option.`,
    help: [
      'Play Bashni here:',
      '`/newgame opponent:@friend` — challenge a friend; `/newgame` alone — an open challenge with a code anyone can join, in Discord or Telegram',
      '`/newgame variant:zhernov` — a table for four (Zhernov’s game; the bot can take seats)',
      '`/join code:ABC234` — join a game by its code',
      '`/play level:4` — play the bot (levels 1–8)',
      'Press **♟ Move** under the board to pick your move (only you see the picker), or type `/move notation:c3-d4`',
      '`/board` — show your game again · `/games` — your games',
      '`/draw` — offer or accept a draw · `/resign` — resign · `/pdn` — the game record',
      '`/replay` — an animation of the game, move by move',
      '`/puzzle` — a puzzle to solve (only you see it) · `/top variant:Puzzles` — the channel’s puzzle leaderboard',
      '`/stats` — your ratings (`player:@someone` — theirs) · `/top` — the rating leaderboards; `/newgame rated:False` — a casual game',
      '`/tournament new` — a tournament in this channel (server managers; join with its buttons) · `/tournament bot level:4` — enter the bot · `/tournament leave` · `/standings` — its table',
      '`/daily state:on time:09:00 timezone:Europe/Moscow` — a puzzle of the day in this channel (channel managers)',
      '`/review` — the engine’s review of the channel’s last finished game',
      '`/settings` — the channel’s language and board orientation · `/rules` — the rules',
    ].join('\n'),
    settingsSaved: 'Settings saved for this channel.',
    settingsManagersOnly:
      'Only members who can manage this channel can change its language and board.',
    commandFailed: 'Something went wrong; please try again.',
    stackPlaceholder: 'Choose a tower',
    targetPlaceholder: 'Choose a square',
    routePlaceholder: 'Choose a capture route',
    commandNames: {
      newgame: 'newgame',
      play: 'play',
      move: 'move',
      resign: 'resign',
      draw: 'draw',
      games: 'games',
      board: 'board',
      pdn: 'pdn',
      rules: 'rules',
      help: 'help',
      settings: 'settings',
      join: 'join',
      puzzle: 'puzzle',
      daily: 'daily',
      top: 'top',
      stats: 'stats',
      tournament: 'tournament',
      standings: 'standings',
      review: 'review',
      replay: 'replay',
    },
    optionNames: {
      opponent: 'opponent',
      variant: 'variant',
      days: 'days',
      level: 'level',
      notation: 'notation',
      language: 'language',
      orientation: 'orientation',
      code: 'code',
      state: 'state',
      time: 'time',
      timezone: 'timezone',
      rated: 'rated',
      player: 'player',
      format: 'format',
      rounds: 'rounds',
      new: 'new',
      bot: 'bot',
      leave: 'leave',
      game: 'game',
    },
    commandDescriptions: {
      newgame: 'Challenge someone to a game (no opponent: an open challenge)',
      play: 'Play against the bot',
      move: 'Type a move, e.g. c3-d4 or c3:e5:g3',
      resign: 'Resign the game',
      draw: 'Offer a draw, or accept the one offered',
      games: 'Your active games',
      board: 'Show the game board again',
      pdn: 'Download the game record (PDN)',
      rules: 'The rules of Bashni',
      help: 'How to play here',
      settings: 'Language and board orientation',
      join: 'Accept a challenge by its code',
      puzzle: 'A puzzle to solve now (only you see it)',
      daily: 'Post a puzzle in this channel every day (channel managers)',
      top: 'Rating leaderboards of this channel and everywhere (or the puzzle one)',
      stats: 'Ratings and results of a player (default: you)',
      tournament: 'Tournaments in this channel: open one (managers), leave one',
      standings: 'The standings of this channel’s tournament',
      review: 'The engine’s review of this channel’s last finished game (else yours)',
      replay: 'An animation of a game, move by move (default: the last one in this channel)',
    },
    optionDescriptions: {
      opponent: 'Who you challenge (leave out for an open challenge)',
      variant: 'Which game (default: Bashni)',
      days: 'Days per move',
      notation: 'The move, e.g. c3-d4 or c3:e5:g3',
      language: 'The language the bot writes in',
      orientation: 'Which side is at the bottom of the board',
      code: 'The challenge code',
      state: 'On or off',
      time: 'When to post, HH:MM (default 09:00)',
      timezone: 'Time zone, e.g. Europe/Moscow (default UTC)',
      rated: 'Whether the games change ratings (default: yes)',
      player: 'Whose ratings (default: yours)',
      format: 'Round robin (everyone plays everyone) or Swiss (default: round robin)',
      rounds: 'Swiss: the rounds; round robin: 1 (single) or 2 (double) cycles',
      new: 'Open a tournament’s sign-up in this channel (server managers)',
      bot: 'Enter the bot at a level into the sign-up (the organiser or managers)',
      leave: 'Leave this channel’s tournament, or withdraw once it runs',
      game: 'The game’s id, as in its PDN file name (default: the last game here)',
    },
    levelDescription: (max, fallback) =>
      `Bot level: 1 is a beginner, ${max} plays its best (default: ${fallback})`,
    dailyStates: { on: 'on', off: 'off' },
    puzzleLeaderboard: 'Puzzles',
    tournamentManagersOnly: 'Only members who can manage this server can open a tournament here.',
    tournamentBotEntered: (name) => `${name} is in the tournament.`,
    tournamentCycles: (max) =>
      `A round robin plays 1 to ${max} cycles: set rounds to 1 (single) or 2 (double).`,
  },
};
