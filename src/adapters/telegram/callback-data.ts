/**
 * The typed codec of inline-button payloads. Telegram allows 1-64 bytes of callback data; ours
 * are short ASCII strings `<action>|<fields>` carrying the game (or challenge) id and the
 * board they were made for (the number of moves played), so a stale, repeated or forged tap is
 * recognised and refused politely instead of acting. Buttons made before a restart keep
 * working: the payload holds everything needed, nothing lives in process memory.
 */
export type Payload =
  | { readonly kind: 'accept'; readonly challengeId: string }
  | { readonly kind: 'decline'; readonly challengeId: string }
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
  | { readonly kind: 'language'; readonly value: 'ru' | 'en' };

export const MAX_CALLBACK_BYTES = 64;
const SQUARE_DIGITS = '0123456789abcdefghijklmnopqrstuv'; // one character per square (< 32)
const ID = /^[A-Za-z0-9_-]{1,24}$/;
const PLY = /^\d{1,5}$/;
const USER = /^\d{1,20}$/;

function square(s: number): string {
  if (!Number.isInteger(s) || s < 0 || s >= SQUARE_DIGITS.length)
    throw new Error(`callback data: bad square ${s}`);
  return SQUARE_DIGITS[s];
}

/** Encodes a payload; throws on values that cannot be made into valid callback data (a bug). */
export function encodePayload(payload: Payload): string {
  let data: string;
  switch (payload.kind) {
    case 'accept':
      data = `A|${payload.challengeId}`;
      break;
    case 'decline':
      data = `D|${payload.challengeId}`;
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
  }
  if (Buffer.byteLength(data) > MAX_CALLBACK_BYTES)
    throw new Error(`callback data too long: ${data}`);
  return data;
}

function squares(text: string): number[] | undefined {
  const result: number[] = [];
  for (const ch of text) {
    const index = SQUARE_DIGITS.indexOf(ch);
    if (index < 0) return undefined;
    result.push(index);
  }
  return result;
}

/** Decodes callback data from Telegram; anything malformed or unknown is undefined. */
export function decodePayload(data: string | undefined): Payload | undefined {
  if (data === undefined || data.length === 0 || Buffer.byteLength(data) > MAX_CALLBACK_BYTES)
    return undefined;
  const [action, ...fields] = data.split('|');
  const [id, plyText, rest] = fields;
  const gameFields = fields.length >= 2 && ID.test(id) && PLY.test(plyText);
  const ply = Number(plyText);
  switch (action) {
    case 'A':
    case 'D':
      if (fields.length !== 1 || !ID.test(id)) return undefined;
      return { kind: action === 'A' ? 'accept' : 'decline', challengeId: id };
    case 'Y':
    case 'X':
      if (fields.length !== 1 || !ID.test(id)) return undefined;
      return { kind: action === 'Y' ? 'draw-accept' : 'draw-decline', gameId: id };
    case 'N':
      if (fields.length !== 2 || !ID.test(id) || !USER.test(plyText)) return undefined;
      return { kind: 'keep-playing', gameId: id, userId: plyText };
    case 'B':
      if (!gameFields || fields.length !== 2) return undefined;
      return { kind: 'back', gameId: id, ply };
    case 'Q':
      if (!gameFields || fields.length !== 3 || !USER.test(rest)) return undefined;
      return { kind: 'resign', gameId: id, ply, userId: rest };
    case 'S': {
      const sq = fields.length === 3 && gameFields ? squares(rest) : undefined;
      if (sq === undefined || sq.length !== 1) return undefined;
      return { kind: 'select', gameId: id, ply, square: sq[0] };
    }
    case 'T': {
      const sq = fields.length === 3 && gameFields ? squares(rest) : undefined;
      if (sq === undefined || sq.length !== 2) return undefined;
      return { kind: 'target', gameId: id, ply, from: sq[0], to: sq[1] };
    }
    case 'R': {
      const sq = fields.length === 3 && gameFields ? squares(rest) : undefined;
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
