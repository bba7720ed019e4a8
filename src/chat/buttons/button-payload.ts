/**
 * The typed codec of button payloads, shared by every chat adapter: Telegram's callback data
 * (1-64 bytes) and Discord's custom_id (1-100 characters). Ours are short ASCII strings
 * `<action>|<fields>` carrying the game (or challenge) id and the board they were made for (the
 * number of moves played), so a stale, repeated or forged press is recognised and refused
 * politely instead of acting. Buttons made before a restart keep working: the payload holds
 * everything needed, nothing lives in process memory. Every payload stays within Telegram's 64
 * bytes, so one codec serves both platforms; encodings already sent must never change.
 *
 * Actions: A accept, D decline, S select, T target, R route, B back, Q resign, N keep playing,
 * Y/X draw accept/decline, O orientation, L language; M move (opens the picker), P stack menu,
 * G target menu, U route menu, W draw offer. Puzzles: Z and the letter of the game step it mirrors
 * (ZS select, ZT target, ZR route, ZB back, ZP/ZG/ZU menus) with the puzzle id where a game's id
 * goes, ZO open a puzzle (a posted puzzle's Solve button), ZN the next puzzle (ZN|<id>: after that one), ZV a vote (ZV|<id>|u 👍, d 👎). Table lobbies:
 * J sit down, K stand up, E seat the bot (with its level), H start a full table. Tournaments'
 * sign-up cards: I join, V leave (or withdraw), F start, C cancel. Reviews: RV shows a moment
 * of a finished game's review (`g` for its graph), with the game's length as its ply. CG runs
 * a command about one of the presser's games (the answer to "which game?" when they play several
 * in a chat), with its letter (`COMMAND_LETTERS`) and, for /move, the move typed. Inline
 * messages (Telegram's inline mode): iA / iC accept / cancel a signed inline challenge card, q
 * ask to resign.
 */
export type Payload =
  | GamePayload
  | PuzzlePickPayload
  /** A posted puzzle's Solve button: opens the presser's own attempt. */
  | { readonly kind: 'puzzle-open'; readonly puzzleId: string }
  /**
   * A puzzle for the presser now (by their rating), after the puzzle `follows` (the one whose
   * message has the button; absent in buttons made before it was said): current only while
   * that is the presser's latest puzzle.
   */
  | { readonly kind: 'puzzle-next'; readonly follows?: string }
  /** A 👍 (`vote` 'u') or 👎 ('d') after an attempt. */
  | { readonly kind: 'puzzle-vote'; readonly puzzleId: string; readonly vote: 'u' | 'd' }
  /**
   * A review's stepping buttons: show critical moment `moment` (0-based), or the graph when
   * undefined, of the review of a finished game of `ply` plies.
   */
  | {
      readonly kind: 'review';
      readonly gameId: string;
      readonly ply: number;
      readonly moment?: number;
    }
  /** Run `command` on game `gameId` (the presser's choice among their games); /move's `move`. */
  | {
      readonly kind: 'command-game';
      readonly command: GameCommand;
      readonly gameId: string;
      readonly move?: string;
    };

/** The commands about one of the user's games, which may ask which game is meant. */
export type GameCommand = 'move' | 'resign' | 'draw' | 'board' | 'pdn';

/** The payloads of games and challenges (and settings). */
type GamePayload =
  | { readonly kind: 'accept'; readonly challengeId: string }
  | { readonly kind: 'decline'; readonly challengeId: string }
  /** A table game's lobby: sit down in the next free seat. */
  | { readonly kind: 'sit'; readonly challengeId: string }
  /** A table game's lobby: stand up (its maker: close the table). */
  | { readonly kind: 'stand'; readonly challengeId: string }
  /** A table game's lobby: seat the bot at `level` in the next free seat. */
  | { readonly kind: 'seat-bot'; readonly challengeId: string; readonly level: number }
  /** A table game's lobby: start the game of the full table. */
  | { readonly kind: 'table-start'; readonly challengeId: string }
  /** A tournament's sign-up card: join, leave, start, cancel. */
  | {
      [K in TournamentAction]: { readonly kind: K; readonly tournamentId: string };
    }[TournamentAction]
  | {
      readonly kind: 'select';
      readonly gameId: string;
      readonly ply: number;
      readonly square: number;
    }
  | {
      readonly kind: 'target';
      readonly gameId: string;
      readonly ply: number;
      readonly from: number;
      readonly to: number;
    }
  | {
      readonly kind: 'route';
      readonly gameId: string;
      readonly ply: number;
      readonly squares: readonly number[];
    }
  | { readonly kind: 'back'; readonly gameId: string; readonly ply: number }
  /** Resignation confirmed; only the player who asked (`userId`) may press it. */
  | {
      readonly kind: 'resign';
      readonly gameId: string;
      readonly ply: number;
      readonly userId: string;
    }
  | { readonly kind: 'keep-playing'; readonly gameId: string; readonly userId: string }
  | { readonly kind: 'draw-accept'; readonly gameId: string }
  | { readonly kind: 'draw-decline'; readonly gameId: string }
  | { readonly kind: 'orientation'; readonly value: 'mover' | 'white' }
  | { readonly kind: 'language'; readonly value: 'ru' | 'en' }
  /** The public game message's Move button: opens the mover's own picker. */
  | { readonly kind: 'move'; readonly gameId: string; readonly ply: number }
  /** Discord's Open the board: a signed link to the live board page for whoever presses. */
  | { readonly kind: 'board-link'; readonly gameId: string }
  /**
   * A select menu of stacks; the chosen value is a square (`decodeSquareValue`). `part` tells
   * apart the menus of one message when the options are split (1 to 4 for the second to the
   * fifth; absent for the first or only one).
   */
  | {
      readonly kind: 'stack-menu';
      readonly gameId: string;
      readonly ply: number;
      readonly part?: number;
    }
  /** A select menu of the targets of `from`; the chosen value is a square. */
  | {
      readonly kind: 'target-menu';
      readonly gameId: string;
      readonly ply: number;
      readonly from: number;
      readonly part?: number;
    }
  /** A select menu of capture routes; the chosen value is a route (`decodeRouteValue`). */
  | {
      readonly kind: 'route-menu';
      readonly gameId: string;
      readonly ply: number;
      readonly part?: number;
    }
  /** Offer a draw in this game at this board. */
  | { readonly kind: 'draw-offer'; readonly gameId: string; readonly ply: number }
  /** An inline board's Resign: asks the presser to confirm (then `resign` with their id). */
  | { readonly kind: 'resign-ask'; readonly gameId: string; readonly ply: number }
  /**
   * An inline challenge card's Accept and Cancel: the terms and the challenger, signed by the
   * bot (`sig`, checked by the adapter), so the card works even before its record exists.
   */
  | ({ readonly kind: 'inline-accept' | 'inline-cancel' } & InlineTerms);

/** An inline challenge card's terms as its buttons carry them (see 'inline-accept'). */
export interface InlineTerms {
  readonly variant: string;
  /** Days per move; 0 for none. */
  readonly days: number;
  readonly rated: boolean;
  readonly challengerId: string;
  /** The bot's signature of the fields above (base64url). */
  readonly sig: string;
}

/** The buttons of a tournament's sign-up card. */
export type TournamentAction =
  'tournament-join' | 'tournament-leave' | 'tournament-start' | 'tournament-cancel';

/** The steps of picking a move, shared by games and puzzles. */
type PickPayload = Extract<
  GamePayload,
  {
    kind: 'select' | 'target' | 'route' | 'back' | 'stack-menu' | 'target-menu' | 'route-menu';
  }
>;
type PickKind = PickPayload['kind'];

/** A step of picking a move in a puzzle: the game's step, on a puzzle's line at `ply`. */
export type PuzzlePickPayload = {
  [K in PickKind]: Omit<Extract<PickPayload, { kind: K }>, 'kind' | 'gameId'> & {
    readonly kind: `puzzle-${K}`;
    readonly puzzleId: string;
  };
}[PickKind];

/** Telegram's limit on callback data; Discord allows 100, so every payload keeps to this. */
export const MAX_PAYLOAD_BYTES = 64;
/**
 * One character per square: 0-9 a-v for the first 32 (every square of the 8x8 and 7x7 boards),
 * then A-R up to the 50 of the 10x10 board.
 */
const SQUARE_DIGITS = '0123456789abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQR';
/** Most critical moments a review's buttons step through (the index is at most 3 digits). */
export const MAX_REVIEW_MOMENTS = 999;

// ---- fields --------------------------------------------------------------------------------

type Fields = Record<string, unknown>;

/**
 * One `|`-separated field of a payload's wire form: what it writes of a payload (undefined: an
 * optional field left out; a value it cannot write throws, a bug) and the payload fields it
 * reads back from its text (undefined: malformed, so the whole payload is).
 */
interface Field {
  readonly write: (payload: Fields) => string | undefined;
  readonly read: (text: string | undefined) => Fields | undefined;
  /** May be left out (the last field only). */
  readonly optional?: boolean;
}

function bad(what: string, value: unknown): never {
  throw new Error(`button payload: bad ${what} ${JSON.stringify(value)}`);
}

/** A field whose text matches `pattern`, kept as a string or read as a number. */
function scalar(key: string, pattern: RegExp, as: 'string' | 'number' = 'string'): Field {
  return {
    write: (payload) => {
      const text = String(payload[key]);
      return pattern.test(text) ? text : bad(key, payload[key]);
    },
    read: (text) =>
      text !== undefined && pattern.test(text)
        ? { [key]: as === 'number' ? Number(text) : text }
        : undefined,
  };
}

function squareText(s: unknown): string {
  return typeof s === 'number' && Number.isInteger(s) && s >= 0 && s < SQUARE_DIGITS.length
    ? SQUARE_DIGITS.charAt(s)
    : bad('square', s);
}

/** The squares `text` spells; undefined when it is missing or not squares. */
function squares(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const result: number[] = [];
  for (const ch of text) {
    const index = SQUARE_DIGITS.indexOf(ch);
    if (index < 0) return undefined;
    result.push(index);
  }
  return result;
}

/** Squares in one field, a character each: `keys` one square each, or `list` a route. */
function squareField(...keys: string[]): Field {
  return {
    write: (payload) => keys.map((key) => squareText(payload[key])).join(''),
    read: (text) => {
      const read = squares(text);
      if (read?.length !== keys.length) return undefined;
      return Object.fromEntries(keys.map((key, i) => [key, read[i]]));
    },
  };
}

/** A capture route: two squares or more. */
const route: Field = {
  write: (payload) => (payload.squares as readonly number[]).map(squareText).join(''),
  read: (text) => {
    const read = squares(text);
    return read !== undefined && read.length >= 2 ? { squares: read } : undefined;
  },
};

/** Which of a message's menus (1 to 4; the first, 0, is left out). */
const part: Field = {
  optional: true,
  write: ({ part: p }) =>
    p === undefined || p === 0
      ? undefined
      : [1, 2, 3, 4].includes(p as number)
        ? `${p as number}`
        : bad('part', p),
  read: (text) =>
    text === undefined ? {} : /^[1-4]$/.test(text) ? { part: Number(text) } : undefined,
};

/** A review's moment: its index, or `g` for the graph (no moment). */
const moment: Field = {
  write: ({ moment: m }) =>
    m === undefined
      ? 'g'
      : typeof m === 'number' && Number.isInteger(m) && m >= 0 && m <= MAX_REVIEW_MOMENTS
        ? String(m)
        : bad('review moment', m),
  read: (text) =>
    text === 'g'
      ? {}
      : text !== undefined && /^\d{1,3}$/.test(text)
        ? { moment: Number(text) }
        : undefined,
};

/** `field`, left out when the payload has no `key`. */
function optional(key: string, field: Field): Field {
  return {
    optional: true,
    write: (payload) => (payload[key] === undefined ? undefined : field.write(payload)),
    read: (text) => (text === undefined ? {} : field.read(text)),
  };
}

const COMMAND_LETTERS: Readonly<Record<GameCommand, string>> = {
  move: 'm',
  resign: 'r',
  draw: 'd',
  board: 'b',
  pdn: 'p',
};

/** A command about a game, by its letter. */
const command: Field = {
  write: ({ command: name }) =>
    Object.hasOwn(COMMAND_LETTERS, name as string)
      ? COMMAND_LETTERS[name as GameCommand]
      : bad('command', name),
  read: (text) => {
    const name = (Object.keys(COMMAND_LETTERS) as GameCommand[]).find(
      (key) => COMMAND_LETTERS[key] === text,
    );
    return name === undefined ? undefined : { command: name };
  },
};

/**
 * A typed move as a payload carries it (optional): letters, digits and separators, at most what
 * still fits in 64 bytes beside the longest game id (a longer capture route is not carried).
 */
const typedMove = optional('move', scalar('move', /^[A-Za-z0-9:-]{1,34}$/));

/** A yes/no as 1/0. */
function flag(key: string): Field {
  return {
    write: (payload) => (payload[key] === true ? '1' : '0'),
    read: (text) => (text === '1' || text === '0' ? { [key]: text === '1' } : undefined),
  };
}

const ID = /^[A-Za-z0-9_-]{1,24}$/;
const USER = /^\d{1,20}$/;
const VARIANT_ID = /^[a-z0-9-]{1,16}$/;
const DAYS = /^\d{1,2}$/;

const id = (key: string) => scalar(key, ID);
const ply = scalar('ply', /^\d{1,5}$/, 'number');
const user = scalar('userId', USER);
/** The bot's levels, 1 to 8. */
const level = scalar('level', /^[1-8]$/, 'number');
/** An inline challenge card's terms, signed (see InlineTerms). */
const INLINE_TERMS: readonly Field[] = [
  scalar('variant', VARIANT_ID),
  scalar('days', DAYS, 'number'),
  flag('rated'),
  scalar('challengerId', USER),
  scalar('sig', /^[A-Za-z0-9_-]{12}$/),
];

// ---- the table of payloads -----------------------------------------------------------------

/** A kind's wire form: its action (the first field) and its fields in order. */
interface Layout {
  readonly action: string;
  readonly fields: readonly Field[];
}

/** The move picker's steps, on a game's board (`gameId`) or a puzzle's line (`puzzleId`). */
function pickLayouts(prefix: '' | 'Z', idKey: 'gameId' | 'puzzleId') {
  const at = [id(idKey), ply];
  return {
    select: { action: `${prefix}S`, fields: [...at, squareField('square')] },
    target: { action: `${prefix}T`, fields: [...at, squareField('from', 'to')] },
    route: { action: `${prefix}R`, fields: [...at, route] },
    back: { action: `${prefix}B`, fields: at },
    'stack-menu': { action: `${prefix}P`, fields: [...at, part] },
    'target-menu': { action: `${prefix}G`, fields: [...at, squareField('from'), part] },
    'route-menu': { action: `${prefix}U`, fields: [...at, part] },
  } satisfies Record<PickKind, Layout>;
}

const gamePicks = pickLayouts('', 'gameId');
const puzzlePicks = pickLayouts('Z', 'puzzleId');

/**
 * Every kind of payload and its wire form, the one place both directions read: encodings
 * already sent must never change (test/chat/button-payload.test.ts keeps them).
 */
const LAYOUTS: { readonly [K in Payload['kind']]: Layout } = {
  accept: { action: 'A', fields: [id('challengeId')] },
  decline: { action: 'D', fields: [id('challengeId')] },
  sit: { action: 'J', fields: [id('challengeId')] },
  stand: { action: 'K', fields: [id('challengeId')] },
  'seat-bot': { action: 'E', fields: [id('challengeId'), level] },
  'table-start': { action: 'H', fields: [id('challengeId')] },
  'tournament-join': { action: 'I', fields: [id('tournamentId')] },
  'tournament-leave': { action: 'V', fields: [id('tournamentId')] },
  'tournament-start': { action: 'F', fields: [id('tournamentId')] },
  'tournament-cancel': { action: 'C', fields: [id('tournamentId')] },
  ...gamePicks,
  resign: { action: 'Q', fields: [id('gameId'), ply, user] },
  'keep-playing': { action: 'N', fields: [id('gameId'), user] },
  'draw-accept': { action: 'Y', fields: [id('gameId')] },
  'draw-decline': { action: 'X', fields: [id('gameId')] },
  orientation: { action: 'O', fields: [scalar('value', /^(mover|white)$/)] },
  language: { action: 'L', fields: [scalar('value', /^(ru|en)$/)] },
  move: { action: 'M', fields: [id('gameId'), ply] },
  'board-link': { action: 'BL', fields: [id('gameId')] },
  'draw-offer': { action: 'W', fields: [id('gameId'), ply] },
  'resign-ask': { action: 'q', fields: [id('gameId'), ply] },
  'inline-accept': { action: 'iA', fields: INLINE_TERMS },
  'inline-cancel': { action: 'iC', fields: INLINE_TERMS },
  ...(Object.fromEntries(
    Object.entries(puzzlePicks).map(([kind, layout]) => [`puzzle-${kind}`, layout]),
  ) as unknown as Record<PuzzlePickPayload['kind'], Layout>),
  'puzzle-open': { action: 'ZO', fields: [id('puzzleId')] },
  'puzzle-next': { action: 'ZN', fields: [optional('follows', id('follows'))] },
  'puzzle-vote': { action: 'ZV', fields: [id('puzzleId'), scalar('vote', /^[ud]$/)] },
  review: { action: 'RV', fields: [id('gameId'), ply, moment] },
  'command-game': { action: 'CG', fields: [command, id('gameId'), typedMove] },
};

const BY_ACTION = new Map(
  Object.entries(LAYOUTS).map(([kind, layout]) => [layout.action, { kind, layout }]),
);

/** Encodes a payload; throws on values that cannot be made into a valid payload (a bug). */
export function encodePayload(payload: Payload): string {
  const { action, fields } = LAYOUTS[payload.kind];
  const written = fields.map((field) => field.write(payload as unknown as Fields));
  const data = [action, ...written.filter((text) => text !== undefined)].join('|');
  if (Buffer.byteLength(data) > MAX_PAYLOAD_BYTES) throw new Error(`payload too long: ${data}`);
  return data;
}

/** The payload's encoding, or undefined when it cannot be one (too long, a bad move text). */
export function encodePayloadIfFits(payload: Payload): string | undefined {
  try {
    return encodePayload(payload);
  } catch {
    return undefined;
  }
}

/** Decodes a button payload; anything malformed or unknown is undefined. */
export function decodePayload(data: string | undefined): Payload | undefined {
  if (data === undefined || data.length === 0 || Buffer.byteLength(data) > MAX_PAYLOAD_BYTES)
    return undefined;
  const [action, ...texts] = data.split('|') as [string, ...string[]];
  const known = BY_ACTION.get(action);
  if (known === undefined) return undefined;
  const { fields } = known.layout;
  const required = fields.filter((field) => field.optional !== true).length;
  if (texts.length < required || texts.length > fields.length) return undefined;
  const payload: Fields = { kind: known.kind };
  for (const [i, field] of fields.entries()) {
    const read = field.read(texts[i]);
    if (read === undefined) return undefined;
    Object.assign(payload, read);
  }
  return payload as Payload;
}

/** The signed part of an inline card's payload: `variant|days|rated|challengerId`. */
export function inlineTermsText(terms: Omit<InlineTerms, 'sig'>): string {
  return INLINE_TERMS.slice(0, 4)
    .map((field) => field.write(terms as unknown as Fields))
    .join('|');
}

/** A select-menu option's value for a square (one character). */
export function encodeSquareValue(s: number): string {
  return squareText(s);
}

/** The square a select-menu value names; undefined for anything else. */
export function decodeSquareValue(value: string | undefined): number | undefined {
  const sq = value === undefined ? undefined : squares(value);
  return sq?.length === 1 ? sq[0] : undefined;
}

/** A select-menu option's value for a capture route: its squares, from first. */
export function encodeRouteValue(route: readonly number[]): string {
  if (route.length < 2) throw new Error(`button payload: a route needs two squares`);
  return route.map(squareText).join('');
}

/** The route a select-menu value names (two squares or more); undefined for anything else. */
export function decodeRouteValue(value: string | undefined): number[] | undefined {
  const sq = value === undefined ? undefined : squares(value);
  return sq !== undefined && sq.length >= 2 ? sq : undefined;
}
