import * as v from 'valibot';
import { VARIANT_IDS } from '../engine/index.js';
import { SEAT_COLORS } from '../engine/multi/index.js';
import type { PlayerRating, RatingPool } from '../game/rating-model.js';
import type {
  Tournament,
  TournamentFormat,
  TournamentStatus,
  WithdrawalReason,
} from '../game/tournament-model.js';
import {
  DAYS_PER_MOVE,
  GAME_VARIANT_IDS,
  type Challenge,
  type ChallengeStatus,
  type EndReason,
  type Game,
  type Platform,
} from '../game/model.js';

/**
 * The stored records' shapes, checked at every depth when a record is read (codec.ts,
 * league-codec.ts): a record that does not match is corrupt, so no use case or presenter meets a
 * field of the wrong type.
 * Objects are loose: a field this version does not know (written by a newer one) is kept, not
 * dropped on the next save.
 * Each list below is keyed by its model type, so a new value there fails to compile here first.
 */
export const PLATFORMS: Record<Platform, true> = { telegram: true, discord: true, console: true };
const END_REASONS: Record<EndReason, true> = {
  'no-legal-move': true,
  'threefold-repetition': true,
  'fifteen-move-rule': true,
  'half-count': true,
  resignation: true,
  agreement: true,
  time: true,
  abandoned: true,
  'last-player': true,
  'no-capture-limit': true,
  'ply-limit': true,
};
const CHALLENGE_STATUSES: Record<ChallengeStatus, true> = {
  open: true,
  accepted: true,
  declined: true,
  cancelled: true,
  expired: true,
};

export const keysOf = <K extends string>(record: Record<K, true>) => Object.keys(record) as K[];

export const SIDE = v.picklist(['white', 'black']);
/** A seat's colour: White or Black, or Red or Green at a table game. */
export const SEAT_COLOR = v.picklist(SEAT_COLORS);
const VARIANT = v.picklist(GAME_VARIANT_IDS);
/** A two-player variant: what ratings and tournaments are kept for. */
const TWO_PLAYER_VARIANT = v.picklist(VARIANT_IDS);
export const TIME = v.number();
const COUNT = v.pipe(v.number(), v.integer(), v.minValue(0));
const SQUARES = v.array(COUNT);

export const PLAYER_ID = v.looseObject({
  platform: v.picklist(keysOf(PLATFORMS)),
  userId: v.string(),
});

const PLAYER = v.looseObject({
  ...PLAYER_ID.entries,
  displayName: v.string(),
  username: v.optional(v.string()),
  language: v.optional(v.string()),
  botLevel: v.optional(v.number()),
});

const CHAT_VIEW = v.looseObject({
  platform: v.picklist(keysOf(PLATFORMS)),
  chatId: v.string(),
  messageId: v.string(),
});

const DAYS = v.nullable(v.picklist(DAYS_PER_MOVE));

/** What an upgrade of an older game record replays: its variant, start and moves. */
export const REPLAYABLE = v.looseObject({
  variant: VARIANT,
  startFen: v.string(),
  moves: v.array(v.string()),
});

const SEAT = v.picklist([0, 1, 2, 3] as const);

export const GAME_RESULT = v.looseObject({
  winner: v.nullable(SEAT_COLOR),
  reason: v.picklist(keysOf(END_REASONS)),
  counts: v.optional(v.tuple([COUNT, COUNT])),
  standings: v.optional(
    v.array(
      v.looseObject({
        seat: SEAT,
        place: v.nullable(COUNT),
        points: v.nullable(v.number()),
        count: v.boolean(),
      }),
    ),
  ),
});

/** What finished at a table with a move: a seat, as count or out. */
export const FINISH = v.looseObject({ seat: SEAT, how: v.picklist(['count', 'out']) });

/** A tournament game's board (1-based round, 0-based board). */
const TOURNAMENT_SLOT = v.looseObject({
  id: v.string(),
  round: v.pipe(COUNT, v.minValue(1)),
  board: COUNT,
});

export const GAME: v.GenericSchema<unknown, Game> = v.looseObject({
  id: v.string(),
  version: COUNT,
  variant: VARIANT,
  white: PLAYER,
  black: PLAYER,
  red: v.optional(PLAYER),
  green: v.optional(PLAYER),
  startFen: v.string(),
  moves: v.array(v.string()),
  fen: v.string(),
  keys: v.array(v.string()),
  quietPlies: COUNT,
  lastMove: v.optional(v.looseObject({ from: COUNT, path: SQUARES, captures: SQUARES })),
  status: v.picklist(['active', 'finished']),
  result: v.optional(GAME_RESULT),
  daysPerMove: DAYS,
  deadline: v.nullable(TIME),
  reminderSent: v.boolean(),
  drawOffer: v.nullable(SIDE),
  views: v.array(CHAT_VIEW),
  createdAt: TIME,
  updatedAt: TIME,
  finishedAt: v.optional(TIME),
  turnStartedAt: v.optional(TIME),
  turnAnnounced: v.optional(v.boolean()),
  nudge: v.optional(v.looseObject({ at: TIME, ply: COUNT })),
  requestKeys: v.optional(v.array(v.string())),
  rated: v.optional(v.boolean()),
  challengeId: v.optional(v.string()),
  tournament: v.optional(TOURNAMENT_SLOT),
});

export const CHALLENGE: v.GenericSchema<unknown, Challenge> = v.looseObject({
  id: v.string(),
  version: COUNT,
  challenger: PLAYER,
  target: v.variant('kind', [
    v.looseObject({ kind: v.literal('user'), player: PLAYER_ID }),
    v.looseObject({ kind: v.literal('username'), username: v.string() }),
    v.looseObject({ kind: v.literal('open') }),
  ]),
  variant: VARIANT,
  daysPerMove: DAYS,
  challengerSide: v.picklist(['white', 'black', 'random']),
  status: v.picklist(keysOf(CHALLENGE_STATUSES)),
  createdAt: TIME,
  updatedAt: TIME,
  expiresAt: TIME,
  views: v.array(CHAT_VIEW),
  gameId: v.optional(v.string()),
  inviteCode: v.optional(v.string()),
  seats: v.optional(v.array(v.nullable(PLAYER))),
  rated: v.optional(v.boolean()),
  requestKeys: v.optional(v.array(v.string())),
});

const RATING_POOLS: Record<RatingPool, true> = { people: true, bot: true };
const TOURNAMENT_FORMATS: Record<TournamentFormat, true> = { 'round-robin': true, swiss: true };
const TOURNAMENT_STATUSES: Record<TournamentStatus, true> = {
  signup: true,
  running: true,
  finished: true,
  cancelled: true,
};
const WITHDRAWAL_REASONS: Record<WithdrawalReason, true> = { withdrew: true, 'left-chat': true };

const SCORE = v.picklist([0, 0.5, 1] as const);
const POSITIVE = v.pipe(v.number(), v.gtValue(0));

/** A Glicko-2 rating: a finite value, a positive deviation and volatility. */
export const GLICKO_RATING = v.looseObject({
  rating: v.pipe(v.number(), v.finite()),
  deviation: POSITIVE,
  volatility: POSITIVE,
});

/** A player's game rating in a variant and pool (rating-model.ts). */
export const PLAYER_RATING: v.GenericSchema<unknown, PlayerRating> = v.looseObject({
  player: v.looseObject({
    ...PLAYER_ID.entries,
    displayName: v.string(),
    username: v.optional(v.string()),
  }),
  variant: TWO_PLAYER_VARIANT,
  pool: v.picklist(keysOf(RATING_POOLS)),
  rating: GLICKO_RATING,
  games: COUNT,
  wins: COUNT,
  draws: COUNT,
  losses: COUNT,
  streak: v.pipe(v.number(), v.integer()),
  bestWinStreak: COUNT,
  recent: v.array(
    v.looseObject({
      gameId: v.string(),
      at: TIME,
      opponent: v.string(),
      opponentRating: v.number(),
      score: SCORE,
      rating: v.number(),
      change: v.number(),
    }),
  ),
  updatedAt: TIME,
});

const ENTRANT = v.looseObject({
  player: PLAYER,
  rating: v.optional(v.number()),
  outFrom: v.optional(COUNT),
  outWhy: v.optional(v.picklist(keysOf(WITHDRAWAL_REASONS))),
});

const TOURNAMENT_ROUND = v.looseObject({
  number: v.pipe(COUNT, v.minValue(1)),
  boards: v.array(
    v.looseObject({
      white: COUNT,
      black: v.nullable(COUNT),
      gameId: v.optional(v.string()),
      whiteScore: v.optional(SCORE),
      forfeit: v.optional(v.boolean()),
    }),
  ),
  startedAt: TIME,
  finishedAt: v.optional(TIME),
});

/** A tournament: its field, rounds and boards by entrant index (tournament-model.ts). */
export const TOURNAMENT: v.GenericSchema<unknown, Tournament> = v.looseObject({
  id: v.string(),
  version: COUNT,
  chat: v.looseObject({ platform: v.picklist(keysOf(PLATFORMS)), chatId: v.string() }),
  organiser: PLAYER,
  format: v.picklist(keysOf(TOURNAMENT_FORMATS)),
  variant: TWO_PLAYER_VARIANT,
  daysPerMove: v.picklist(DAYS_PER_MOVE),
  rounds: COUNT,
  rated: v.boolean(),
  status: v.picklist(keysOf(TOURNAMENT_STATUSES)),
  entrants: v.array(ENTRANT),
  played: v.array(TOURNAMENT_ROUND),
  views: v.array(CHAT_VIEW),
  createdAt: TIME,
  updatedAt: TIME,
  startedAt: v.optional(TIME),
  finishedAt: v.optional(TIME),
});
