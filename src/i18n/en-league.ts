import { leagueFormats } from './league-formats.js';
import type { LeagueMessages } from './messages.js';
import { textLines } from './text-lines.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Ratings, leaderboards and tournaments in English. */
export const enLeague: LeagueMessages = {
  ...leagueFormats,
  ratedHeader: '📈 Ratings',
  ratedWord: 'rated',
  statsNone: (name) =>
    `${name} has no rated games yet. Rated challenges and games against the bot ({/play}) count.`,
  statsBlock: (s) =>
    textLines([
      `<b>${s.variant}</b>${s.againstBot ? ' (against the bot)' : ''}: ${s.rating} ±${s.deviation}`,
      `${plural(s.games, 'game')}: ${s.wins} won, ${s.draws} drawn, ${s.losses} lost`,
      s.streak > 1
        ? `🔥 ${s.streak} wins in a row`
        : s.streak < -1
          ? `${-s.streak} losses in a row`
          : undefined,
      s.bestWinStreak > 1 ? `Best run: ${s.bestWinStreak} wins` : undefined,
    ]),
  recentHeader: 'Last results:',
  graphFooter: (games) =>
    games === 1 ? 'rating after the last game' : `rating after each of the last ${games} games`,
  statsWho:
    'I don’t know that player here. Reply to their message with /stats, or name someone who has played a rated game in this chat.',
  topChat: (variant) => `🏆 <b>${variant}</b> — this chat`,
  topGlobal: (variant) => `🌍 <b>${variant}</b> — everywhere`,
  topLine: (place, f, games) =>
    `${place}. ${f.name} — ${f.rating}${f.provisional ? '?' : ''} (${plural(games, 'game')})`,
  topNobody: 'Nobody yet.',
  topGlobalNobody:
    'No established ratings yet: a rating joins this table once it is no longer provisional (?).',
  topHint: '? — provisional (few games). Puzzles: {puzzleTop}',
  tournament: {
    format: (format) => (format === 'swiss' ? 'Swiss' : 'round robin'),
    card: (c) =>
      [
        `🏆 <b>Tournament</b> by ${c.organiser}: <b>${c.variant}</b>, ${c.format}, ${c.rounds}, ${c.clock}${c.rated ? ', rated' : ', casual'}.`,
        `Players (${c.entrants.length}):`,
        ...c.entrants.map((name, i) => `${i + 1}. ${name}`),
        c.open
          ? `Join below; the organiser starts it (at least ${c.min} players).`
          : '▶️ The tournament has started; sign-up is closed. The table: /standings',
      ].join('\n'),
    rounds: (format, rounds) =>
      format === 'swiss'
        ? rounds === 0
          ? 'rounds by the number of players'
          : plural(rounds, 'round')
        : rounds === 1
          ? 'single'
          : rounds === 2
            ? 'double'
            : `${rounds} cycles`,
    join: '✋ Join',
    leave: '🚶 Leave',
    start: '▶️ Start',
    cancel: '✖️ Cancel',
    joined: 'You are in.',
    left: 'You have left the tournament.',
    cancelled: (organiser) => `✖️ ${organiser} cancelled the tournament.`,
    round: (number, of, lines) => [`🏁 <b>Round ${number} of ${of}</b>`, ...lines].join('\n'),
    pairing: (board, white, black) => `${board}. ⚪ ${white} — ⚫ ${black}`,
    bye: (name) => `${name}: bye (1 point)`,
    forfeit: (winner, loser) => `${winner} wins by forfeit against ${loser}`,
    withdrawn: (name, why) =>
      why === 'left-chat'
        ? `🚪 ${name} left the chat and is out of the tournament; their remaining games are forfeited.`
        : `🚶 ${name} withdrew from the tournament; their remaining games are forfeited.`,
    winner: (names, title) =>
      names.length === 1
        ? `🥇 ${names[0]} wins the ${title}! Congratulations!`
        : `🥇 ${names.join(' and ')} share first place in the ${title}! Congratulations!`,
    title: (variant, format) => `${variant} ${format} tournament`,
    afterRound: (round, of) => `after round ${round} of ${of}`,
    noRoundsYet: (title, entrants) =>
      [
        `🏆 <b>${title}</b>: no rounds played yet.`,
        `Players (${entrants.length}):`,
        ...entrants.map((name, i) => `${i + 1}. ${name}`),
      ].join('\n'),
    final: 'final standings',
    headers: {
      place: '#',
      player: 'Player',
      points: 'Pts',
      buchholz: 'Buch',
      sonnebornBerger: 'SB',
    },
    legend: (swiss) =>
      [
        swiss ? 'Buch: Buchholz, the sum of the opponents’ points' : undefined,
        'SB: Sonneborn–Berger, the points of the opponents beaten plus half of those drawn with',
      ]
        .filter((part) => part !== undefined)
        .join(' · '),
    usage:
      'Tournaments:\n/tournament new [round-robin|swiss] [variant] [days per move] [rounds] [casual] — open the sign-up (chat admins)\n/tournament bot 4 — enter the bot at a level (the organiser)\n/tournament leave — leave or withdraw\n/standings — the table',
    none: 'No tournament in {here}: {aManager} can open one with {openTournament}',
    adminsOnly: 'Only the chat’s admins can open a tournament here.',
    errors: {
      notFound: 'That tournament no longer exists.',
      live: 'A tournament is already on in {here}: {/standings}',
      started: 'The tournament has already started.',
      over: 'This tournament is over.',
      alreadyEntered: 'You are already in.',
      notEntered: 'You are not in this tournament.',
      full: 'The tournament is full.',
      tooFew: (min) => `A tournament needs at least ${min} players.`,
      notOrganiser: 'Only the organiser or {aManager} can do that.',
    },
  },
};
