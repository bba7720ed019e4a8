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
 * goes, ZO open a puzzle (a posted puzzle's Solve button), ZN the next puzzle. Table lobbies:
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
  /** A puzzle for the presser now (by their rating). */
  | { readonly kind: 'puzzle-next' }
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

const COMMAND_LETTERS: Readonly<Record<GameCommand, string>> = {
  move: 'm',
  resign: 'r',
  draw: 'd',
  board: 'b',
  pdn: 'p',
};
/**
 * A typed move as a payload carries it: letters, digits and separators, at most what still fits
 * in 64 bytes beside the longest game id (a longer capture route is not carried).
 */
const TYPED_MOVE = /^[A-Za-z0-9:-]{1,34}$/;

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

const TOURNAMENT_LETTERS: Readonly<Record<TournamentAction, string>> = {
  'tournament-join': 'I',
  'tournament-leave': 'V',
  'tournament-start': 'F',
  'tournament-cancel': 'C',
};

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

const PICK_KINDS: ReadonlySet<string> = new Set<PickKind>([
  'select',
  'target',
  'route',
  'back',
  'stack-menu',
  'target-menu',
  'route-menu',
]);

/** Telegram's limit on callback data; Discord allows 100, so every payload keeps to this. */
export const MAX_PAYLOAD_BYTES = 64;
/**
 * One character per square: 0-9 a-v for the first 32 (every square of the 8x8 and 7x7 boards),
 * then A-R up to the 50 of the 10x10 board.
 */
const SQUARE_DIGITS = '0123456789abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQR';
const ID = /^[A-Za-z0-9_-]{1,24}$/;
const PLY = /^\d{1,5}$/;
const USER = /^\d{1,20}$/;
/** Menus per message (Discord allows five rows), so `part` is one digit. */
const PART = /^[0-4]$/;
/** The bot's levels, 1 to 8. */
const LEVEL = /^[1-8]$/;

function square(s: number): string {
  if (!Number.isInteger(s) || s < 0 || s >= SQUARE_DIGITS.length)
    throw new Error(`button payload: bad square ${s}`);
  return SQUARE_DIGITS.charAt(s);
}

function part(p: number | undefined): string {
  if (p === undefined || p === 0) return '';
  if (!PART.test(String(p))) throw new Error(`button payload: bad menu part ${p}`);
  return `|${p}`;
}

/** Encodes a payload; throws on values that cannot be made into a valid payload (a bug). */
export function encodePayload(payload: Payload): string {
  let data: string;
  if (payload.kind === 'puzzle-open') data = `ZO|${payload.puzzleId}`;
  else if (payload.kind === 'puzzle-next') data = 'ZN';
  else if (payload.kind === 'review') data = encodeReview(payload);
  else if (payload.kind === 'command-game') data = encodeCommandGame(payload);
  else if (payload.kind.startsWith('puzzle-'))
    data = `Z${encodeGamePayload(gamePick(payload as PuzzlePickPayload))}`;
  else data = encodeGamePayload(payload as GamePayload);
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

function encodeCommandGame(payload: Extract<Payload, { kind: 'command-game' }>): string {
  const { move } = payload;
  if (!ID.test(payload.gameId) || (move !== undefined && !TYPED_MOVE.test(move)))
    throw new Error(`button payload: bad command game ${payload.gameId} ${move}`);
  const letter = COMMAND_LETTERS[payload.command];
  return `CG|${letter}|${payload.gameId}${move === undefined ? '' : `|${move}`}`;
}

function decodeCommandGame(data: string): Payload | undefined {
  const [, letter, id, move, ...more] = data.split('|');
  const command = (Object.keys(COMMAND_LETTERS) as GameCommand[]).find(
    (name) => COMMAND_LETTERS[name] === letter,
  );
  if (command === undefined || more.length > 0 || !matches(ID, id)) return undefined;
  if (move === undefined) return { kind: 'command-game', command, gameId: id };
  return TYPED_MOVE.test(move) ? { kind: 'command-game', command, gameId: id, move } : undefined;
}

/** Most critical moments a review's buttons step through (the index is at most 3 digits). */
export const MAX_REVIEW_MOMENTS = 999;
const MOMENT = /^(g|\d{1,3})$/;

function encodeReview(payload: Extract<Payload, { kind: 'review' }>): string {
  const moment = payload.moment;
  if (
    moment !== undefined &&
    (!Number.isInteger(moment) || moment < 0 || moment > MAX_REVIEW_MOMENTS)
  )
    throw new Error(`button payload: bad review moment ${moment}`);
  return `RV|${payload.gameId}|${payload.ply}|${moment ?? 'g'}`;
}

function decodeReview(data: string): Payload | undefined {
  const [, id, plyText, moment, ...more] = data.split('|');
  if (more.length > 0 || !matches(ID, id) || !matches(PLY, plyText) || !matches(MOMENT, moment))
    return undefined;
  const ply = Number(plyText);
  return moment === 'g'
    ? { kind: 'review', gameId: id, ply }
    : { kind: 'review', gameId: id, ply, moment: Number(moment) };
}

/** A puzzle's step as the game's step it mirrors (the puzzle id where the game's goes). */
function gamePick(payload: PuzzlePickPayload): PickPayload {
  const { kind, puzzleId, ...fields } = payload;
  return { ...fields, kind: kind.slice('puzzle-'.length), gameId: puzzleId } as PickPayload;
}

/** A game's step as a puzzle's. */
function puzzlePick(payload: PickPayload): PuzzlePickPayload {
  const { kind, gameId, ...fields } = payload;
  return { ...fields, kind: `puzzle-${kind}`, puzzleId: gameId } as PuzzlePickPayload;
}

function encodeGamePayload(payload: GamePayload): string {
  let data: string;
  switch (payload.kind) {
    case 'accept':
      data = `A|${payload.challengeId}`;
      break;
    case 'decline':
      data = `D|${payload.challengeId}`;
      break;
    case 'sit':
      data = `J|${payload.challengeId}`;
      break;
    case 'stand':
      data = `K|${payload.challengeId}`;
      break;
    case 'seat-bot':
      if (!LEVEL.test(String(payload.level)))
        throw new Error(`button payload: bad level ${payload.level}`);
      data = `E|${payload.challengeId}|${payload.level}`;
      break;
    case 'table-start':
      data = `H|${payload.challengeId}`;
      break;
    case 'select':
      data = `S|${payload.gameId}|${payload.ply}|${square(payload.square)}`;
      break;
    case 'target':
      data = `T|${payload.gameId}|${payload.ply}|${square(payload.from)}${square(payload.to)}`;
      break;
    case 'route':
      data = `R|${payload.gameId}|${payload.ply}|${payload.squares.map(square).join('')}`;
      break;
    case 'back':
      data = `B|${payload.gameId}|${payload.ply}`;
      break;
    case 'resign':
      data = `Q|${payload.gameId}|${payload.ply}|${payload.userId}`;
      break;
    case 'keep-playing':
      data = `N|${payload.gameId}|${payload.userId}`;
      break;
    case 'draw-accept':
      data = `Y|${payload.gameId}`;
      break;
    case 'draw-decline':
      data = `X|${payload.gameId}`;
      break;
    case 'orientation':
      data = `O|${payload.value}`;
      break;
    case 'language':
      data = `L|${payload.value}`;
      break;
    case 'move':
      data = `M|${payload.gameId}|${payload.ply}`;
      break;
    case 'stack-menu':
      data = `P|${payload.gameId}|${payload.ply}${part(payload.part)}`;
      break;
    case 'target-menu':
      data = `G|${payload.gameId}|${payload.ply}|${square(payload.from)}${part(payload.part)}`;
      break;
    case 'route-menu':
      data = `U|${payload.gameId}|${payload.ply}${part(payload.part)}`;
      break;
    case 'draw-offer':
      data = `W|${payload.gameId}|${payload.ply}`;
      break;
    case 'tournament-join':
    case 'tournament-leave':
    case 'tournament-start':
    case 'tournament-cancel':
      data = `${TOURNAMENT_LETTERS[payload.kind]}|${payload.tournamentId}`;
      break;
    case 'resign-ask':
      data = `q|${payload.gameId}|${payload.ply}`;
      break;
    case 'inline-accept':
    case 'inline-cancel':
      data = `${payload.kind === 'inline-accept' ? 'iA' : 'iC'}|${inlineTermsText(payload)}|${payload.sig}`;
      break;
  }
  return data;
}

const VARIANT_ID = /^[a-z0-9-]{1,16}$/;
const DAYS = /^\d{1,2}$/;
const SIG = /^[A-Za-z0-9_-]{12}$/;

/** The signed part of an inline card's payload: `variant|days|rated|challengerId`. */
export function inlineTermsText(terms: Omit<InlineTerms, 'sig'>): string {
  if (
    !VARIANT_ID.test(terms.variant) ||
    !DAYS.test(String(terms.days)) ||
    !USER.test(terms.challengerId)
  )
    throw new Error(`button payload: bad inline terms ${JSON.stringify(terms)}`);
  return `${terms.variant}|${terms.days}|${terms.rated ? 1 : 0}|${terms.challengerId}`;
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

/** A menu's part from its optional last field: {} when absent, undefined when malformed. */
function menuPart(text: string | undefined): { part?: number } | undefined {
  if (text === undefined) return {};
  return PART.test(text) && text !== '0' ? { part: Number(text) } : undefined;
}

/** Decodes a button payload; anything malformed or unknown is undefined. */
export function decodePayload(data: string | undefined): Payload | undefined {
  if (data === undefined || data.length === 0 || Buffer.byteLength(data) > MAX_PAYLOAD_BYTES)
    return undefined;
  if (data === 'ZN') return { kind: 'puzzle-next' };
  if (data.startsWith('ZO|')) {
    const id = data.slice(3);
    return ID.test(id) ? { kind: 'puzzle-open', puzzleId: id } : undefined;
  }
  if (data.startsWith('RV|')) return decodeReview(data);
  if (data.startsWith('CG|')) return decodeCommandGame(data);
  if (data.startsWith('Z')) {
    const step = decodeGamePayload(data.slice(1));
    return step !== undefined && PICK_KINDS.has(step.kind)
      ? puzzlePick(step as PickPayload)
      : undefined;
  }
  return decodeGamePayload(data);
}

/** Whether a field is present and matches `pattern`. */
function matches(pattern: RegExp, field: string | undefined): field is string {
  return field !== undefined && pattern.test(field);
}

function decodeGamePayload(data: string): GamePayload | undefined {
  // split gives at least one piece.
  const [action, ...fields] = data.split('|') as [string, ...string[]];
  const [id, plyText, rest, extra] = fields;
  const gameFields = fields.length >= 2 && matches(ID, id) && matches(PLY, plyText);
  const ply = Number(plyText);
  switch (action) {
    case 'A':
    case 'D':
      if (fields.length !== 1 || !matches(ID, id)) return undefined;
      return { kind: action === 'A' ? 'accept' : 'decline', challengeId: id };
    case 'J':
    case 'K':
    case 'H':
      if (fields.length !== 1 || !matches(ID, id)) return undefined;
      return {
        kind: action === 'J' ? 'sit' : action === 'K' ? 'stand' : 'table-start',
        challengeId: id,
      };
    case 'I':
    case 'V':
    case 'F':
    case 'C': {
      if (fields.length !== 1 || !matches(ID, id)) return undefined;
      const kind = (Object.keys(TOURNAMENT_LETTERS) as TournamentAction[]).find(
        (action_) => TOURNAMENT_LETTERS[action_] === action,
      )!;
      return { kind, tournamentId: id };
    }
    case 'E':
      if (fields.length !== 2 || !matches(ID, id) || !matches(LEVEL, plyText)) return undefined;
      return { kind: 'seat-bot', challengeId: id, level: Number(plyText) };
    case 'Y':
    case 'X':
      if (fields.length !== 1 || !matches(ID, id)) return undefined;
      return { kind: action === 'Y' ? 'draw-accept' : 'draw-decline', gameId: id };
    case 'N':
      if (fields.length !== 2 || !matches(ID, id) || !matches(USER, plyText)) return undefined;
      return { kind: 'keep-playing', gameId: id, userId: plyText };
    case 'B':
    case 'M':
    case 'W':
      if (!gameFields || fields.length !== 2) return undefined;
      return {
        kind: action === 'B' ? 'back' : action === 'M' ? 'move' : 'draw-offer',
        gameId: id,
        ply,
      };
    case 'P':
    case 'U': {
      if (!gameFields || fields.length > 3) return undefined;
      const p = menuPart(rest);
      if (p === undefined) return undefined;
      return { kind: action === 'P' ? 'stack-menu' : 'route-menu', gameId: id, ply, ...p };
    }
    case 'G': {
      if (!gameFields || fields.length < 3 || fields.length > 4) return undefined;
      const [from, ...more] = squares(rest) ?? [];
      const p = menuPart(extra);
      if (from === undefined || more.length !== 0 || p === undefined) return undefined;
      return { kind: 'target-menu', gameId: id, ply, from, ...p };
    }
    case 'q':
      if (!gameFields || fields.length !== 2) return undefined;
      return { kind: 'resign-ask', gameId: id, ply };
    case 'iA':
    case 'iC': {
      const [variant, days, rated, challengerId, sig] = fields;
      if (
        fields.length !== 5 ||
        !matches(VARIANT_ID, variant) ||
        !matches(DAYS, days) ||
        (rated !== '0' && rated !== '1') ||
        !matches(USER, challengerId) ||
        !matches(SIG, sig)
      )
        return undefined;
      return {
        kind: action === 'iA' ? 'inline-accept' : 'inline-cancel',
        variant,
        days: Number(days),
        rated: rated === '1',
        challengerId,
        sig,
      };
    }
    case 'Q':
      if (!gameFields || fields.length !== 3 || !matches(USER, rest)) return undefined;
      return { kind: 'resign', gameId: id, ply, userId: rest };
    case 'S': {
      if (fields.length !== 3 || !gameFields) return undefined;
      const [picked, ...more] = squares(rest) ?? [];
      if (picked === undefined || more.length !== 0) return undefined;
      return { kind: 'select', gameId: id, ply, square: picked };
    }
    case 'T': {
      if (fields.length !== 3 || !gameFields) return undefined;
      const [from, to, ...more] = squares(rest) ?? [];
      if (from === undefined || to === undefined || more.length !== 0) return undefined;
      return { kind: 'target', gameId: id, ply, from, to };
    }
    case 'R': {
      if (fields.length !== 3 || !gameFields) return undefined;
      const sq = squares(rest);
      if (sq === undefined || sq.length < 2) return undefined;
      return { kind: 'route', gameId: id, ply, squares: sq };
    }
    case 'O':
      return fields.length === 1 && (id === 'mover' || id === 'white')
        ? { kind: 'orientation', value: id }
        : undefined;
    case 'L':
      return fields.length === 1 && (id === 'ru' || id === 'en')
        ? { kind: 'language', value: id }
        : undefined;
    default:
      return undefined;
  }
}

/** A select-menu option's value for a square (one character). */
export function encodeSquareValue(s: number): string {
  return square(s);
}

/** The square a select-menu value names; undefined for anything else. */
export function decodeSquareValue(value: string | undefined): number | undefined {
  const sq = value === undefined ? undefined : squares(value);
  return sq?.length === 1 ? sq[0] : undefined;
}

/** A select-menu option's value for a capture route: its squares, from first. */
export function encodeRouteValue(route: readonly number[]): string {
  if (route.length < 2) throw new Error(`button payload: a route needs two squares`);
  return route.map(square).join('');
}

/** The route a select-menu value names (two squares or more); undefined for anything else. */
export function decodeRouteValue(value: string | undefined): number[] | undefined {
  const sq = value === undefined ? undefined : squares(value);
  return sq !== undefined && sq.length >= 2 ? sq : undefined;
}
