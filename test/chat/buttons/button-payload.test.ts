import { describe, expect, it } from 'vitest';
import {
  decodePayload,
  decodeRouteValue,
  decodeSquareValue,
  encodePayload,
  encodePayloadIfFits,
  encodeRouteValue,
  encodeSquareValue,
  MAX_PAYLOAD_BYTES,
  type Payload,
} from '../../../src/chat/buttons/button-payload.js';
import { pick, seededRandom } from '../../support/random.js';

/** Encodings already sent in chats: these must never change. */
const SENT: readonly (readonly [Payload, string])[] = [
  [{ kind: 'accept', challengeId: 'Ab3_-x' }, 'A|Ab3_-x'],
  [{ kind: 'decline', challengeId: 'Ab3_-x' }, 'D|Ab3_-x'],
  [{ kind: 'select', gameId: 'g1', ply: 0, square: 9 }, 'S|g1|0|9'],
  [{ kind: 'select', gameId: 'g1', ply: 12, square: 31 }, 'S|g1|12|v'],
  [{ kind: 'target', gameId: 'g1', ply: 3, from: 9, to: 13 }, 'T|g1|3|9d'],
  [{ kind: 'route', gameId: 'g1', ply: 4, squares: [9, 18, 9] }, 'R|g1|4|9i9'],
  [{ kind: 'back', gameId: 'g1', ply: 5 }, 'B|g1|5'],
  [{ kind: 'resign', gameId: 'g1', ply: 6, userId: '1001' }, 'Q|g1|6|1001'],
  [{ kind: 'keep-playing', gameId: 'g1', userId: '1001' }, 'N|g1|1001'],
  [{ kind: 'draw-accept', gameId: 'g1' }, 'Y|g1'],
  [{ kind: 'draw-decline', gameId: 'g1' }, 'X|g1'],
  [{ kind: 'orientation', value: 'mover' }, 'O|mover'],
  [{ kind: 'orientation', value: 'white' }, 'O|white'],
  [{ kind: 'language', value: 'ru' }, 'L|ru'],
  [{ kind: 'language', value: 'en' }, 'L|en'],
];

const NEW: readonly (readonly [Payload, string])[] = [
  [{ kind: 'move', gameId: 'g1', ply: 7 }, 'M|g1|7'],
  [{ kind: 'command-game', command: 'resign', gameId: 'g1' }, 'CG|r|g1'],
  [{ kind: 'command-game', command: 'pdn', gameId: 'g1' }, 'CG|p|g1'],
  [{ kind: 'command-game', command: 'move', gameId: 'g1', move: 'c3:e5:g3' }, 'CG|m|g1|c3:e5:g3'],
  [{ kind: 'stack-menu', gameId: 'g1', ply: 7 }, 'P|g1|7'],
  [{ kind: 'stack-menu', gameId: 'g1', ply: 7, part: 1 }, 'P|g1|7|1'],
  [{ kind: 'target-menu', gameId: 'g1', ply: 7, from: 9 }, 'G|g1|7|9'],
  [{ kind: 'target-menu', gameId: 'g1', ply: 7, from: 31, part: 3 }, 'G|g1|7|v|3'],
  [{ kind: 'route-menu', gameId: 'g1', ply: 7 }, 'U|g1|7'],
  [{ kind: 'route-menu', gameId: 'g1', ply: 7, part: 2 }, 'U|g1|7|2'],
  [{ kind: 'draw-offer', gameId: 'g1', ply: 7 }, 'W|g1|7'],
  [{ kind: 'sit', challengeId: 't1' }, 'J|t1'],
  [{ kind: 'stand', challengeId: 't1' }, 'K|t1'],
  [{ kind: 'seat-bot', challengeId: 't1', level: 4 }, 'E|t1|4'],
  [{ kind: 'table-start', challengeId: 't1' }, 'H|t1'],
  [{ kind: 'tournament-join', tournamentId: 'tAb_9' }, 'I|tAb_9'],
  [{ kind: 'tournament-leave', tournamentId: 'tAb_9' }, 'V|tAb_9'],
  [{ kind: 'tournament-start', tournamentId: 'tAb_9' }, 'F|tAb_9'],
  [{ kind: 'tournament-cancel', tournamentId: 'tAb_9' }, 'C|tAb_9'],
];

const PUZZLE = 'bashni-0123456789ab';
const PUZZLES: readonly (readonly [Payload, string])[] = [
  [{ kind: 'puzzle-select', puzzleId: PUZZLE, ply: 0, square: 9 }, `ZS|${PUZZLE}|0|9`],
  [{ kind: 'puzzle-target', puzzleId: PUZZLE, ply: 2, from: 9, to: 13 }, `ZT|${PUZZLE}|2|9d`],
  [{ kind: 'puzzle-route', puzzleId: PUZZLE, ply: 4, squares: [9, 18, 9] }, `ZR|${PUZZLE}|4|9i9`],
  [{ kind: 'puzzle-back', puzzleId: PUZZLE, ply: 4 }, `ZB|${PUZZLE}|4`],
  [{ kind: 'puzzle-stack-menu', puzzleId: PUZZLE, ply: 0, part: 1 }, `ZP|${PUZZLE}|0|1`],
  [{ kind: 'puzzle-target-menu', puzzleId: PUZZLE, ply: 0, from: 9 }, `ZG|${PUZZLE}|0|9`],
  [{ kind: 'puzzle-route-menu', puzzleId: PUZZLE, ply: 6 }, `ZU|${PUZZLE}|6`],
  [{ kind: 'puzzle-open', puzzleId: PUZZLE }, `ZO|${PUZZLE}`],
  [{ kind: 'puzzle-next' }, 'ZN'],
  [{ kind: 'puzzle-next', follows: 'bashni-6b60d0593601' }, 'ZN|bashni-6b60d0593601'],
  [{ kind: 'puzzle-vote', puzzleId: 'bashni-6b60d0593601', vote: 'd' }, 'ZV|bashni-6b60d0593601|d'],
  [{ kind: 'review', gameId: 'g1', ply: 80, moment: 3 }, 'RV|g1|80|3'],
  [{ kind: 'review', gameId: 'g1', ply: 80 }, 'RV|g1|80|g'],
  [{ kind: 'resign-ask', gameId: 'g1', ply: 7 }, 'q|g1|7'],
  [
    {
      kind: 'inline-accept',
      variant: 'laska',
      days: 5,
      rated: true,
      challengerId: '11',
      sig: 'abcdefghijk_',
    },
    'iA|laska|5|1|11|abcdefghijk_',
  ],
  [
    {
      kind: 'inline-cancel',
      variant: 'bashni',
      days: 0,
      rated: false,
      challengerId: '11',
      sig: 'abcdefghijk-',
    },
    'iC|bashni|0|0|11|abcdefghijk-',
  ],
];

const LONG_ID = 'x'.repeat(24);
const LONG_PLY = 99_999;
const LONG_USER = '9'.repeat(20);

/** One payload of every kind, each field as long as it may be. */
const LONGEST: Record<Payload['kind'], Payload> = {
  accept: { kind: 'accept', challengeId: LONG_ID },
  decline: { kind: 'decline', challengeId: LONG_ID },
  sit: { kind: 'sit', challengeId: LONG_ID },
  stand: { kind: 'stand', challengeId: LONG_ID },
  'seat-bot': { kind: 'seat-bot', challengeId: LONG_ID, level: 8 },
  'table-start': { kind: 'table-start', challengeId: LONG_ID },
  'tournament-join': { kind: 'tournament-join', tournamentId: LONG_ID },
  'tournament-leave': { kind: 'tournament-leave', tournamentId: LONG_ID },
  'tournament-start': { kind: 'tournament-start', tournamentId: LONG_ID },
  'tournament-cancel': { kind: 'tournament-cancel', tournamentId: LONG_ID },
  select: { kind: 'select', gameId: LONG_ID, ply: LONG_PLY, square: 31 },
  target: { kind: 'target', gameId: LONG_ID, ply: LONG_PLY, from: 31, to: 30 },
  // A route of 31 squares: longer than any capture on these boards (at most 12 pieces to take).
  route: {
    kind: 'route',
    gameId: LONG_ID,
    ply: LONG_PLY,
    squares: Array.from({ length: 31 }, (_, i) => i),
  },
  back: { kind: 'back', gameId: LONG_ID, ply: LONG_PLY },
  resign: { kind: 'resign', gameId: LONG_ID, ply: LONG_PLY, userId: LONG_USER },
  'keep-playing': { kind: 'keep-playing', gameId: LONG_ID, userId: LONG_USER },
  'draw-accept': { kind: 'draw-accept', gameId: LONG_ID },
  'draw-decline': { kind: 'draw-decline', gameId: LONG_ID },
  orientation: { kind: 'orientation', value: 'mover' },
  language: { kind: 'language', value: 'en' },
  move: { kind: 'move', gameId: LONG_ID, ply: LONG_PLY },
  'board-link': { kind: 'board-link', gameId: LONG_ID },
  'stack-menu': { kind: 'stack-menu', gameId: LONG_ID, ply: LONG_PLY, part: 4 },
  'target-menu': { kind: 'target-menu', gameId: LONG_ID, ply: LONG_PLY, from: 31, part: 4 },
  'route-menu': { kind: 'route-menu', gameId: LONG_ID, ply: LONG_PLY, part: 4 },
  'draw-offer': { kind: 'draw-offer', gameId: LONG_ID, ply: LONG_PLY },
  'resign-ask': { kind: 'resign-ask', gameId: LONG_ID, ply: LONG_PLY },
  'inline-accept': {
    kind: 'inline-accept',
    variant: 'bashni-double-11',
    days: 14,
    rated: true,
    challengerId: LONG_USER,
    sig: 'A'.repeat(12),
  },
  'inline-cancel': {
    kind: 'inline-cancel',
    variant: 'bashni-double-11',
    days: 14,
    rated: false,
    challengerId: LONG_USER,
    sig: 'A'.repeat(12),
  },
  'puzzle-select': { kind: 'puzzle-select', puzzleId: LONG_ID, ply: LONG_PLY, square: 31 },
  'puzzle-target': { kind: 'puzzle-target', puzzleId: LONG_ID, ply: LONG_PLY, from: 31, to: 30 },
  // Puzzle routes are shorter than games' by the Z; 29 squares is still more than any capture.
  'puzzle-route': {
    kind: 'puzzle-route',
    puzzleId: LONG_ID,
    ply: LONG_PLY,
    squares: Array.from({ length: 29 }, (_, i) => i),
  },
  'puzzle-back': { kind: 'puzzle-back', puzzleId: LONG_ID, ply: LONG_PLY },
  'puzzle-stack-menu': { kind: 'puzzle-stack-menu', puzzleId: LONG_ID, ply: LONG_PLY, part: 4 },
  'puzzle-target-menu': {
    kind: 'puzzle-target-menu',
    puzzleId: LONG_ID,
    ply: LONG_PLY,
    from: 31,
    part: 4,
  },
  'puzzle-route-menu': { kind: 'puzzle-route-menu', puzzleId: LONG_ID, ply: LONG_PLY, part: 4 },
  review: { kind: 'review', gameId: LONG_ID, ply: LONG_PLY, moment: 999 },
  'puzzle-open': { kind: 'puzzle-open', puzzleId: LONG_ID },
  'puzzle-next': { kind: 'puzzle-next' },
  'puzzle-vote': { kind: 'puzzle-vote', puzzleId: LONG_ID, vote: 'u' },
  'command-game': { kind: 'command-game', command: 'move', gameId: LONG_ID, move: 'a'.repeat(34) },
};

describe('button payloads', () => {
  it.each(SENT)('keeps the encoding of buttons already sent: %j', (payload, data) => {
    expect(encodePayload(payload)).toBe(data);
    expect(decodePayload(data)).toEqual(payload);
  });

  it.each(NEW)('encodes and decodes the Discord picker payloads: %j', (payload, data) => {
    expect(encodePayload(payload)).toBe(data);
    expect(decodePayload(data)).toEqual(payload);
  });

  it.each(PUZZLES)('encodes and decodes the puzzle payloads: %j', (payload, data) => {
    expect(encodePayload(payload)).toBe(data);
    expect(decodePayload(data)).toEqual(payload);
  });

  it.each(Object.values(LONGEST))(
    'stays within 64 bytes (Telegram) with the longest fields: %j',
    (payload) => {
      const data = encodePayload(payload);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      expect(MAX_PAYLOAD_BYTES).toBeLessThanOrEqual(100); // Discord's custom_id limit
      expect(decodePayload(data)).toEqual(payload);
    },
  );

  it('refuses to encode what would not fit or is not a square', () => {
    const route = LONGEST.route as Extract<Payload, { kind: 'route' }>;
    expect(() => encodePayload({ ...route, squares: [...route.squares, 0] })).toThrow(/too long/);
    expect(() => encodePayload({ kind: 'select', gameId: 'g', ply: 0, square: 50 })).toThrow();
    expect(() => encodePayload({ kind: 'select', gameId: 'g', ply: 0, square: 1.5 })).toThrow();
    expect(() => encodePayload({ kind: 'stack-menu', gameId: 'g', ply: 0, part: 5 })).toThrow();
    expect(() =>
      encodePayload({ kind: 'command-game', command: 'move', gameId: 'g', move: 'c3|d4' }),
    ).toThrow();
    expect(
      encodePayloadIfFits({
        kind: 'command-game',
        command: 'move',
        gameId: 'g',
        move: 'a'.repeat(35),
      }),
    ).toBeUndefined();
    // The first menu's part may be written out: the same payload.
    expect(encodePayload({ kind: 'stack-menu', gameId: 'g', ply: 0, part: 0 })).toBe('P|g|0');
  });

  it.each([
    undefined,
    '',
    '|',
    'S',
    'S|g1|0',
    'S|g1|0|99',
    'S|g1|0|w',
    'S|g1|x|9',
    'S|g 1|0|9',
    'S|g1|123456|9',
    'T|g1|0|9',
    'R|g1|0|9',
    'B|g1',
    'B|g1|0|9',
    'Q|g1|0|abc',
    'N|g1',
    'O|black',
    'L|de',
    'M|g1',
    'M|g1|0|0',
    'W|g1|-1',
    'P|g1|0|0',
    'P|g1|0|5',
    'P|g1|0|1|1',
    'P|g1|0|',
    'G|g1|0',
    'G|g1|0|9|0',
    'G|g1|0|9d',
    'G|g1|0|9|1|1',
    'U|g1|0|x',
    'Z|g1|0',
    'ZA|g1',
    'ZQ|g1|0|1001',
    'ZM|g1|0',
    'ZN|',
    'ZO|',
    'ZO|g 1',
    'ZS|g1|0',
    'ZZS|g1|0|9',
    `S|${'x'.repeat(25)}|0|9`,
    `B|${'x'.repeat(70)}|0`,
    'S|g1|0|9\n',
    'J|',
    'J|t1|0',
    'K|t 1',
    'E|t1',
    'E|t1|0',
    'E|t1|9',
    'E|t1|4|4',
    'H|t1|1',
    'ZJ|t1',
    'RV|g1|80',
    'CG|x|g1',
    'CG|r',
    'CG|r|g 1',
    'CG|m|g1|c3 d4',
    'CG|m|g1|',
    'CG|r|g1|c3-d4|1',
    'RV|g1|80|x',
    'RV|g1|80|1000',
    'RV|g1|80|-1',
    'RV|g1|80|1|2',
    'RV|g 1|80|1',
  ])('decodes forged or garbled data %j to undefined', (data) => {
    expect(decodePayload(data)).toBeUndefined();
  });

  it('decodes random junk to nothing, or to a payload that encodes back the same', () => {
    const random = seededRandom(20_250);
    const alphabet = [
      '|',
      'S',
      'T',
      'R',
      'B',
      'M',
      'P',
      'G',
      'U',
      'W',
      'Q',
      'Z',
      'O',
      'N',
      '0',
      '1',
      '9',
      'v',
      'g',
    ];
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + Math.floor(random() * 14);
      const data = Array.from({ length }, () => pick(alphabet, random)).join('');
      const payload = decodePayload(data);
      if (payload !== undefined) expect(decodePayload(encodePayload(payload))).toEqual(payload);
    }
  });

  it('writes squares and routes as select-menu values', () => {
    // Every square of the largest board (10x10: 50).
    for (let s = 0; s < 50; s++) expect(decodeSquareValue(encodeSquareValue(s))).toBe(s);
    expect(encodeSquareValue(9)).toBe('9');
    expect(encodeSquareValue(31)).toBe('v');
    expect(encodeSquareValue(49)).toBe('R');
    expect(decodeRouteValue(encodeRouteValue([9, 18, 27, 9]))).toEqual([9, 18, 27, 9]);
    for (const bad of [undefined, '', '99', 'w', ' 9', '-'])
      expect(decodeSquareValue(bad)).toBeUndefined();
    for (const bad of [undefined, '', '9', '9w', '9 9'])
      expect(decodeRouteValue(bad)).toBeUndefined();
    expect(() => encodeRouteValue([9])).toThrow();
    expect(() => encodeSquareValue(50)).toThrow();
  });
});
