import type { ReplayMessages } from './replay-messages.js';
import type { Side, VariantId } from '../engine/index.js';
import {
  GAME_VARIANT_IDS,
  type DropOut,
  type EndReason,
  type GameVariantId,
  type SeatColor,
} from '../game/model.js';
import type { ReviewMessages } from './review-messages.js';

/** The variants a usage text offers, as typed: `bashni|stolby|…`. */
export const VARIANT_CHOICE = GAME_VARIANT_IDS.join('|');

export type Lang = 'ru' | 'en';
export const LANGS: readonly Lang[] = ['ru', 'en'];

/** Every text the bots show, per language. Names come in already escaped for HTML. */
export interface Messages {
  readonly variant: (id: GameVariantId) => string;
  readonly white: string;
  readonly black: string;
  /**
   * The player to move in a shared-pieces game (stavropol), where either player may move any
   * tower: the caption names a player, not a piece colour.
   */
  readonly whiteAnyTower: string;
  readonly blackAnyTower: string;
  /** "3 days 4 hours" / "3 дня 4 часа", for the time left on a clock. */
  readonly duration: (ms: number) => string;
  readonly daysPerMove: (days: number | null) => string;

  readonly challengeTo: (
    challenger: string,
    target: string,
    variant: string,
    clock: string,
  ) => string;
  readonly challengeOpen: (challenger: string, variant: string, clock: string) => string;
  readonly challengePrivate: (challenger: string, variant: string, clock: string) => string;
  readonly challengeAccepted: (white: string, black: string) => string;
  readonly challengeDeclined: (challenger: string) => string;
  readonly challengeCancelled: (challenger: string) => string;
  readonly challengeExpired: (challenger: string) => string;
  /** The challenger opened their own invitation link. */
  readonly challengeYours: string;
  /** `/newgame @<the bot>`: games against the bot start with /play. */
  readonly playAgainstMe: string;
  readonly accept: string;
  readonly decline: string;
  readonly cancel: string;
  readonly share: string;
  readonly shareText: string;
  readonly newGameUsage: string;
  /** An open challenge's invite code and how to use it, on every platform. */
  readonly inviteCode: (code: string) => string;
  readonly joinUsage: string;
  /** /join with a code that no open challenge has (`code` as typed, escaped). */
  readonly joinUnknown: (code: string) => string;

  readonly caption: (input: {
    variant: string;
    white: string;
    black: string;
    moveNumber: number;
    toMove: string;
    toMoveName: string;
    /** The player to move has made the first of the turn's two moves (bashni-double). */
    secondMove?: boolean;
    /** The half count so far, [White's score, Black's score], in a variant it decides (Adiyukh). */
    halfCount?: readonly [number, number];
    lastMove?: string;
    timeLeft?: string;
    drawOfferedBy?: string;
  }) => string;
  readonly finalCaption: (input: {
    variant: string;
    white: string;
    black: string;
    result: string;
    lastMove?: string;
  }) => string;
  /**
   * `details.counts`: the half count's [White, Black] scores, for a game it decided (Adiyukh);
   * `details.variant` words the 15-move rule as that variant counts it (Multistorey);
   * `details.viewer`: the side of the one player the text is for (their own chat, their own
   * answer), who is told "you resigned" or "your opponent resigned".
   */
  readonly result: (
    winner: Side | null,
    reason: EndReason,
    details?: {
      readonly counts?: readonly [number, number];
      readonly variant?: VariantId;
      readonly viewer?: Side;
    },
  ) => string;
  readonly yourMove: (mention: string, lastMove?: string) => string;
  readonly reminder: (mention: string, timeLeft: string) => string;
  readonly gameOverNotice: (result: string) => string;

  readonly back: string;
  /** The button that opens the live board page (Mini App, or a link on Discord). */
  readonly openBoard: string;
  readonly chooseStack: string;
  readonly chooseTarget: (square: string) => string;
  readonly chooseRoute: string;
  readonly stackInfo: (square: string, pieces: string, height: number) => string;
  /**
   * A tap's answer while the chat's budget of edits is spent (Telegram's limit): when its
   * targets (`pick`) or its move (`move`) will show, in about `seconds`.
   */
  readonly busyChat: {
    readonly pick: (seconds: number) => string;
    readonly move: (seconds: number) => string;
  };

  /**
   * What follows "game" where an answer names one of the player's games: the opponents, the
   * variant and the move number ("vs Boris (Bashni, move 12)").
   */
  readonly gameVs: (opponents: string, variant: string, move: number) => string;
  /** /resign's question; `game` is `gameVs`'s words. */
  readonly resignQuestion: (game: string) => string;
  readonly resignYes: string;
  readonly resignNo: string;
  readonly resignKept: string;
  readonly drawOffer: (by: string) => string;
  readonly drawAccept: string;
  readonly drawDecline: string;
  readonly drawDeclined: (by: string) => string;

  readonly errors: {
    readonly notYourTurn: string;
    readonly notAPlayer: string;
    readonly stale: string;
    readonly unknownButton: string;
    readonly gameOver: string;
    /** A button of someone else's question (their /resign's): only they answer it. */
    readonly notForYou: string;
    /** A challenge for someone else (`target`: "@name", escaped, when the challenge names one). */
    readonly challengeFor: (target: string | undefined) => string;
    /** Withdrawing someone else's challenge. */
    readonly onlyChallenger: string;
    /** A challenge made at oneself. */
    readonly challengeSelf: string;
    readonly ownChallenge: string;
    readonly challengeClosed: string;
    readonly challengeExpired: string;
    readonly noDrawOffer: string;
    readonly ownDrawOffer: string;
    readonly challengeNotFound: string;
    /** Typed text that is not a move; `quoted` is a short, safe quote of it. */
    readonly notAMove: (quoted: string) => string;
    readonly drawAlreadyOffered: string;
    readonly storeUnavailable: string;
    readonly corruptRecord: string;
    readonly busy: string;
    readonly notFound: string;
    readonly puzzleNotFound: string;
    readonly noPuzzleLeft: string;
    readonly badDailyTime: string;
    readonly unknownTimeZone: string;
    /** A move that cannot be played; `text` is a short, escaped quote of it. */
    readonly illegalMove: (text: string) => string;
    /**
     * A position (FEN) refused: it does not parse, or the engine cannot hold it. Where the
     * reason is shown (inline mode), the engine's sentence follows on the next line.
     */
    readonly badPosition: string;
    readonly noGameHere: string;
    readonly severalGames: string;
    readonly moveUsage: string;
    readonly internal: string;
  };

  readonly gamesHeader: string;
  readonly noGames: string;
  readonly gameLine: (
    opponent: string,
    variant: string,
    yourTurn: boolean,
    link?: string,
  ) => string;
  readonly pdnCaption: string;
  /** /rules: every variant's rules (rulesOverview of variantRules). */
  readonly rules: string;
  /** /rules <variant>: one variant's paragraph. */
  readonly variantRules: VariantRules;
  /** /rules <variant>'s answer: its name, paragraph, and the variant it changes, if any. */
  readonly variantRulesReply: (name: string, rules: string, base?: string) => string;
  /** /rules with a word that names no variant. */
  readonly rulesUsage: string;
  readonly help: string;
  readonly langChanged: string;
  readonly langUsage: string;
  /** /lang or /settings in a group by someone who is not its admin (Telegram). */
  readonly settingsAdminsOnly: string;
  /** The board setting: 'mine' is a private chat's default (the owner's side at the bottom). */
  readonly settings: (orientation: 'mover' | 'white' | 'mine') => string;
  readonly orientationMover: string;
  readonly orientationWhite: string;
  readonly startPrivate: string;
  readonly botName: (level: number) => string;
  readonly playUsage: string;
  readonly commands: Readonly<Record<CommandName, string>>;
  /** Puzzles: solving, the daily post and the leaderboard, on every platform. */
  readonly puzzles: PuzzleMessages;
  /** Table games (Zhernov's four-player game): the lobby, the captions, the standings. */
  readonly table: TableMessages;
  /** Ratings, leaderboards and tournaments, on every platform. */
  readonly league: LeagueMessages;
  /** The engine's review of a finished game (/review). */
  readonly review: ReviewMessages;
  /** The game animation: /replay and the end of a game. */
  readonly replay: ReplayMessages;
  /** Telegram's inline mode: the results, the challenge card, the inline board's buttons. */
  readonly inline: InlineMessages;
  /** What only the Discord adapter shows. */
  readonly discord: DiscordMessages;
  /** The words each platform fills into the texts' placeholders (`{key}`). */
  readonly platformWords: Readonly<Record<Platform, PlatformWords>>;
}

/** What Telegram's inline mode says (results of `@bot …`, the cards, the inline boards). */
export interface InlineMessages {
  readonly cardTitle: (variant: string, clock: string) => string;
  readonly cardDescription: (clock: string) => string;
  /** The challenge card's caption (HTML). */
  readonly card: (challenger: string, variant: string, clock: string) => string;
  readonly puzzleTitle: string;
  readonly puzzleDescription: (task: string) => string;
  readonly positionTitle: (variant: string) => string;
  /** The title of the answer to a refused FEN (its text is errors.badPosition and the reason). */
  readonly badFenTitle: string;
  readonly usageTitle: string;
  readonly usage: string;
  readonly tableNotInline: string;
  /** The button shown instead of results when the bot serves no pictures. */
  readonly playInPrivate: string;
  readonly offerDraw: string;
  readonly resign: string;
  readonly taken: string;
  readonly ownCard: string;
  readonly onlyChallenger: string;
}

/** A rated player's line: name, rating (rounded), provisional or not. */
export interface RatingFigure {
  readonly name: string;
  readonly rating: number;
  readonly provisional: boolean;
}

/** What ratings, leaderboards and tournaments say. */
export interface LeagueMessages {
  /** "1512?" — a rating, with the provisional marker while it is uncertain. */
  readonly rating: (rating: number, provisional: boolean) => string;
  /** After a rated game: "Rating: Anna 1512 (+12)". */
  readonly ratedLine: (figure: RatingFigure, change: number) => string;
  readonly ratedHeader: string;
  /** On a rated challenge's card, after the clock: "rated". */
  readonly ratedWord: string;
  /** /stats: a player's header, and one block per variant and pool. */
  readonly statsHeader: (name: string) => string;
  readonly statsNone: (name: string) => string;
  readonly statsBlock: (input: {
    variant: string;
    againstBot: boolean;
    rating: string;
    deviation: number;
    games: number;
    wins: number;
    draws: number;
    losses: number;
    streak: number;
    bestWinStreak: number;
  }) => string;
  readonly recentHeader: string;
  /** One of the last results: "✅ Boris (1480) +12". */
  readonly recentLine: (
    score: 0 | 0.5 | 1,
    opponent: string,
    opponentRating: number,
    change: number,
  ) => string;
  /** The graph's title and footer. */
  readonly graphTitle: (name: string, variant: string) => string;
  readonly graphFooter: (games: number) => string;
  /** /stats @name of someone unknown here. */
  readonly statsWho: string;
  /** /top: the chat's table and the global one. */
  readonly topChat: (variant: string) => string;
  readonly topGlobal: (variant: string) => string;
  readonly topLine: (place: number, figure: RatingFigure, games: number) => string;
  readonly topNobody: string;
  /** The global table is empty: it lists established ratings only (no provisional ones). */
  readonly topGlobalNobody: string;
  readonly topHint: string;
  /** Tournaments. */
  readonly tournament: TournamentMessages;
}

export interface TournamentMessages {
  readonly format: (format: 'round-robin' | 'swiss') => string;
  /** The sign-up card. */
  readonly card: (input: {
    organiser: string;
    format: string;
    variant: string;
    clock: string;
    rounds: string;
    rated: boolean;
    entrants: readonly string[];
    min: number;
    /** Sign-up is open; false once the tournament has started (the card then says so). */
    open: boolean;
  }) => string;
  /** "5 rounds", "single round robin", "double round robin". */
  readonly rounds: (format: 'round-robin' | 'swiss', rounds: number) => string;
  readonly join: string;
  readonly leave: string;
  readonly start: string;
  readonly cancel: string;
  readonly joined: string;
  readonly left: string;
  readonly cancelled: (organiser: string) => string;
  /** A round's pairings (lines already written). */
  readonly round: (number: number, of: number, lines: readonly string[]) => string;
  readonly pairing: (board: number, white: string, black: string) => string;
  readonly bye: (name: string) => string;
  readonly forfeit: (winner: string, loser: string) => string;
  readonly withdrawn: (name: string, why: 'withdrew' | 'left-chat') => string;
  /** The end: the winners (more than one on a full tie). */
  readonly winner: (names: readonly string[], title: string) => string;
  readonly title: (variant: string, format: string) => string;
  readonly afterRound: (round: number, of: number) => string;
  /** /standings before any round is over: the tournament and its players (names written). */
  readonly noRoundsYet: (title: string, entrants: readonly string[]) => string;
  readonly final: string;
  readonly headers: {
    readonly place: string;
    readonly player: string;
    readonly points: string;
    readonly buchholz: string;
    readonly sonnebornBerger: string;
  };
  /** What the tie-break headers stand for (Buchholz is shown in a Swiss event only). */
  readonly legend: (swiss: boolean) => string;
  readonly usage: string;
  readonly none: string;
  readonly adminsOnly: string;
  readonly errors: {
    readonly notFound: string;
    readonly live: string;
    readonly started: string;
    readonly over: string;
    readonly alreadyEntered: string;
    readonly notEntered: string;
    readonly full: string;
    readonly tooFew: (min: number) => string;
    readonly notOrganiser: string;
  };
}

/** What a table game (2–4 players at one board) says, on every platform. */
export interface TableMessages {
  /** A seat's colour: "Red". */
  readonly seat: (color: SeatColor) => string;
  /** The lobby card: who made it, the game, the clock, a line per seat (already written). */
  readonly lobby: (
    host: string,
    variant: string,
    clock: string,
    seats: readonly string[],
  ) => string;
  /** A seat line of the lobby: "🔴 Red: Anna" or "🔴 Red: free". */
  readonly seatLine: (symbol: string, color: SeatColor, name?: string) => string;
  readonly sit: string;
  readonly stand: string;
  /** The maker's button: standing up closes the table. */
  readonly close: string;
  readonly bot: (level: number) => string;
  readonly start: string;
  readonly closed: (host: string) => string;
  readonly expired: (host: string) => string;
  /** The game has begun: the players in seat order, already written with their symbols. */
  readonly started: (players: readonly string[]) => string;
  /** A board's caption: `seats` are the seat lines (name and, once finished, standing). */
  readonly caption: (input: {
    variant: string;
    seats: readonly string[];
    moveNumber: number;
    toMove: string;
    toMoveName: string;
    lastMove?: string;
    /** A seat that went out by the last entry (resigned, out of time): not a move. */
    lastEvent?: string;
    timeLeft?: string;
  }) => string;
  readonly finalCaption: (input: {
    variant: string;
    seats: readonly string[];
    result: string;
    lastMove?: string;
    /** A seat that went out by the last entry (resigned, out of time): not a move. */
    lastEvent?: string;
  }) => string;
  /** A seat's standing: "1st, 4 points, count" (points may be fractional). */
  readonly standing: (place: number, points: number, count: boolean) => string;
  /** A seat that has finished without a place yet can't be; one still playing shows nothing. */
  readonly result: (reason: EndReason, winner?: string) => string;
  /** A new count (the first to own a column of six). */
  readonly becameCount: (name: string) => string;
  /** A seat is out: no legal move left, resigned, or out of time. */
  readonly seatOut: (name: string, why: DropOut | 'no-move') => string;
  /** `/newgame zhernov`'s hint on a card: how the table fills. */
  readonly lobbyHint: string;
  /** A player who sat down (by /join): at which seat. */
  readonly seated: (color: SeatColor) => string;
  /**
   * The words in the board picture's standings: `place` and `points` hold `{place}` and
   * `{points}` where the number goes.
   */
  readonly picture: {
    readonly toMove: string;
    readonly count: string;
    readonly out: string;
    readonly place: string;
    readonly points: string;
  };
  readonly errors: {
    readonly alreadySeated: string;
    readonly tableFull: string;
    readonly tableNotFull: string;
    readonly notSeated: string;
    readonly noDrawsAtTable: string;
  };
}

/** What a puzzle asks of the solver. */
export type PuzzleGoal = 'win' | 'block' | 'material';

export interface PuzzleMessages {
  /** The task: "White to move and win", "… and leave Black without a move", "… and win material". */
  readonly task: (side: Side, goal: PuzzleGoal) => string;
  /** The move that made the puzzle, before the task: "Black played e5-d4?" */
  readonly mistake: (side: Side, move: string) => string;
  /** "Puzzle · Bashni · ★★★☆☆" (difficulty 1-5, when known). */
  readonly title: (variant: string, difficulty?: number) => string;
  /** "Puzzle of the day, 2026-11-30". */
  readonly dailyTitle: (day: string) => string;
  /** Under the board of an attempt: pick the move with the buttons. */
  readonly yourMove: string;
  /** Telegram adds: a move may also be typed as a reply (`example`: a legal move, not the key). */
  readonly replyHint: (example: string | undefined) => string;
  /** A press or a typed move for a point of the attempt it has moved past, or after its end. */
  readonly stale: string;
  /** A Next for an older puzzle than the player's latest (pressed twice, or an old one). */
  readonly nextStale: string;
  /** A right move, and the defender's answer (`reply`) when the line goes on. */
  readonly correct: (move: string, reply?: string) => string;
  readonly solved: (move: string) => string;
  /** A wrong move (`move` undefined when it was not legal at all) and the key move. */
  readonly wrong: (move: string | undefined, expected: string) => string;
  /** The whole line, numbered (`line` already written out). */
  readonly solution: (line: string) => string;
  /** The solver's rating after a counted attempt. */
  readonly rating: (rating: number, change: number, provisional: boolean) => string;
  /** A repeated attempt: nothing rated. */
  readonly notCounted: string;
  /** The attempt counted on a chat's daily leaderboard. */
  readonly countedForDaily: string;
  readonly solveButton: string;
  /** Under a finished attempt: was it a good puzzle? */
  readonly voteUpButton: string;
  readonly voteDownButton: string;
  /** The answer to a vote: thanks, and whether the puzzle left the rotation. */
  readonly voted: (up: boolean, retired: boolean) => string;
  /** A vote from someone who has not tried the puzzle. */
  readonly voteUntried: string;
  readonly nextButton: string;
  /** Under a puzzle posted in a group (Telegram): solving happens in a private chat. */
  readonly solveInPrivate: string;
  readonly dailyOn: (time: string, timeZone: string) => string;
  readonly dailyOff: string;
  readonly dailyUsage: string;
  /** /daily by someone who may not change the chat's settings. */
  readonly adminsOnly: string;
  readonly topHeader: (day: string) => string;
  readonly topToday: string;
  readonly topWeek: string;
  readonly topStreaks: string;
  readonly topNobody: string;
  /** A line of today's board: solved or not. */
  readonly topTodayLine: (place: number, name: string, solved: boolean) => string;
  readonly topWeekLine: (place: number, name: string, solved: number, tried: number) => string;
  readonly topStreakLine: (name: string, days: number) => string;
}

/** Discord's slash commands (their English names, which interactions carry). */
export type SlashCommandName =
  | 'newgame'
  | 'play'
  | 'move'
  | 'resign'
  | 'draw'
  | 'games'
  | 'board'
  | 'pdn'
  | 'rules'
  | 'help'
  | 'settings'
  | 'join'
  | 'puzzle'
  | 'daily'
  | 'top'
  | 'stats'
  | 'tournament'
  | 'standings'
  | 'review'
  | 'replay';

/** The options of Discord's slash commands (their English names). */
export type SlashOptionName =
  | 'opponent'
  | 'variant'
  | 'days'
  | 'level'
  | 'notation'
  | 'language'
  | 'orientation'
  | 'code'
  | 'state'
  | 'time'
  | 'timezone'
  | 'rated'
  | 'player'
  | 'format'
  | 'rounds'
  | 'new'
  | 'bot'
  | 'leave'
  | 'game';

export interface DiscordMessages {
  /** The public game message's button that opens the mover's picker. */
  readonly moveButton: string;
  /** The answer to Open the board: a link for this user alone, good for `minutes`. */
  readonly boardLinkReady: (minutes: number) => string;
  /** The picker's last word, once the move is played. */
  readonly played: (move: string) => string;
  /**
   * A command's game lives in another channel (`place`: a channel mention, or `otherChat`):
   * where, with a link to its game message. `game` is `gameVs`'s words.
   */
  readonly gameElsewhere: (game: string, place: string, link: string) => string;
  /** /draw's answer when the game is elsewhere: the offer is posted under its game message. */
  readonly drawPostedThere: (game: string, place: string, link: string) => string;
  /** /board's answer when the game is elsewhere: the board as it is now, for the user only. */
  readonly boardElsewhere: (game: string, place: string, link: string) => string;
  /** Where a game is when its channel's server is not known here (a direct message). */
  readonly otherChat: string;
  /** The description of the `game` option of /move, /resign, /draw, /board, /pdn (1-100). */
  readonly gameOptionDescription: string;
  /**
   * A command about a game from a user with several here and no `game` option: which one, with
   * a button per game below. `option` is the option's name in this language.
   */
  readonly chooseGame: (option: string) => string;
  /** A `game` option that is none of the user's games in play (or a stale choice). */
  readonly unknownGameOption: (option: string) => string;
  /**
   * Several games here and the command cannot offer buttons (its move is too long to carry, or
   * /replay): type `/command` again with the `game` option. Names in this language.
   */
  readonly severalGamesOption: (command: string, option: string) => string;
  readonly settingsSaved: string;
  /** /settings with a change, by a member who does not manage the channel. */
  readonly settingsManagersOnly: string;
  /** /help on Discord (its commands take options, not words). */
  readonly help: string;
  /** An interaction whose handler failed unexpectedly. */
  readonly commandFailed: string;
  /** Placeholders of the picker's select menus. */
  readonly stackPlaceholder: string;
  readonly targetPlaceholder: string;
  readonly routePlaceholder: string;
  /**
   * Command and option names as this language shows them in the command menu: Discord's rules
   * (lower case, letters, digits, - and _, at most 32).
   */
  readonly commandNames: Readonly<Record<SlashCommandName, string>>;
  readonly optionNames: Readonly<Record<SlashOptionName, string>>;
  /** Descriptions, 1-100 characters each. */
  readonly commandDescriptions: Readonly<Record<SlashCommandName, string>>;
  readonly optionDescriptions: Readonly<Record<Exclude<SlashOptionName, 'level'>, string>>;
  readonly levelDescription: (maxLevel: number, defaultLevel: number) => string;
  /** The choices of /daily's `state` option (1-100 characters). */
  readonly dailyStates: { readonly on: string; readonly off: string };
  /** The choice of /top's `variant` option that shows the puzzle leaderboard. */
  readonly puzzleLeaderboard: string;
  /** /tournament new by someone who may not manage the server. */
  readonly tournamentManagersOnly: string;
  /** /tournament bot: the bot (by its name) is signed up. */
  readonly tournamentBotEntered: (name: string) => string;
  /** A round robin asked for more cycles than it plays (`max`). */
  readonly tournamentCycles: (max: number) => string;
}

export type CommandName =
  | 'newgame'
  | 'join'
  | 'play'
  | 'move'
  | 'board'
  | 'games'
  | 'resign'
  | 'draw'
  | 'pdn'
  | 'settings'
  | 'lang'
  | 'rules'
  | 'help'
  | 'puzzle'
  | 'daily'
  | 'top'
  | 'stats'
  | 'tournament'
  | 'standings'
  | 'review'
  | 'replay';

/**
 * A time left, split for display: whole days and hours when an hour or more is left (rounded to
 * the nearest hour, so a fresh 3-day clock reads "3 days", not "2 days 23 hours"), else minutes
 * (at least one).
 */
function durationParts(ms: number): { days: number; hours: number; minutes: number } {
  const totalMinutes = Math.max(1, Math.round(ms / 60_000));
  if (totalMinutes < 60) return { days: 0, hours: 0, minutes: totalMinutes };
  const totalHours = Math.round(ms / 3_600_000);
  return { days: Math.floor(totalHours / 24), hours: totalHours % 24, minutes: 0 };
}

/** How a language counts each unit of a duration: "3 days", "1 hour". */
export interface DurationUnits {
  readonly days: (n: number) => string;
  readonly hours: (n: number) => string;
  readonly minutes: (n: number) => string;
}

/** A time left in words (see durationParts): "2 days 3 hours", "5 hours", "12 minutes". */
export function durationText(ms: number, units: DurationUnits): string {
  const { days, hours, minutes } = durationParts(ms);
  if (days > 0 && hours > 0) return `${units.days(days)} ${units.hours(hours)}`;
  if (days > 0) return units.days(days);
  if (hours > 0) return units.hours(hours);
  return units.minutes(minutes);
}

/** The chat platforms the bot speaks on. */
export type Platform = 'telegram' | 'discord';

/** Variants whose rules are another's words (the larger Adiyukh boards, double-move options). */
const SAME_RULES = {
  'adiyukh-10x10': 'adiyukh-8x10',
  'bashni-double-2': 'bashni-double',
  'bashni-double-11': 'bashni-double',
} as const satisfies Partial<Record<GameVariantId, GameVariantId>>;

type SharingRules = keyof typeof SAME_RULES;

/**
 * Each variant's rules, a paragraph each: Bashni's in full, the others by what they change; the
 * variants of SAME_RULES have none of their own.
 */
export type VariantRules = Readonly<Record<Exclude<GameVariantId, SharingRules>, string>>;

/** The paragraph of a variant's rules. */
export function rulesOf(rules: VariantRules, variant: GameVariantId): string {
  return variant in SAME_RULES
    ? rules[SAME_RULES[variant as SharingRules]]
    : rules[variant as Exclude<GameVariantId, SharingRules>];
}

/** /rules <variant>'s answer: its name and paragraph, then `restAsIn` the variant it changes. */
export function rulesReply(
  restAsIn: (base: string) => string,
): (name: string, rules: string, base?: string) => string {
  return (name, rules, base) =>
    `📖 <b>${name}</b>\n${rules}${base === undefined ? '' : `\n\n${restAsIn(base)}`}`;
}

/** Every variant's rules in one text: Bashni's paragraph, then each other paragraph once. */
export function rulesOverview(rules: VariantRules): string {
  const [first, ...rest] = Object.values(rules);
  return `${first}\n\n${rest.join(' ')}`;
}

/**
 * What a text shared by both platforms says where the platforms differ: how to point at a game,
 * where a leaderboard is, who may change a setting. A catalogue text holds `{key}` where the
 * platform's words go, and `{/command}` where a command is named (Telegram's English name, or
 * Discord's name in the language).
 */
export interface PlatformWords {
  /** How to say which of several games: "reply to the board of the one you mean". */
  readonly pickGame: string;
  /** How to name a finished game for /review. */
  readonly reviewHow: string;
  /** How to name a game for /replay. */
  readonly replayHow: string;
  /** The command that shows the puzzle leaderboard. */
  readonly puzzleTop: string;
  /** Who may switch the daily puzzle on or off. */
  readonly dailyManagers: string;
  /** One who may run a tournament here besides its organiser: "a chat admin". */
  readonly aManager: string;
  /** The command that opens a tournament's sign-up. */
  readonly openTournament: string;
  /** The command that starts a game against the bot, with its level. */
  readonly playLevel: string;
  /** "this chat" or "this channel", after a preposition ("in this chat"). */
  readonly here: string;
}
