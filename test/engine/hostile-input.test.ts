/**
 * Input from people and files that used to break the engine: names that are Object's own
 * properties, results that are not results, megabytes of punctuation, a FEN with no lists.
 * Each case must answer with a failure (or a sane value), never a crash or a hang.
 */
import { describe, expect, it } from 'vitest';
import { Searcher, think } from '../../src/ai/index.js';
import {
  applyMove,
  GEOMETRY_8,
  legalMoves,
  makeFen,
  makePdn,
  MAX_STACK_HEIGHT,
  maxPiecesPerSide,
  parseFen,
  parseMove,
  parsePdn,
  parseVariant,
  perft,
  replayGame,
  stackAt,
  startPosition,
  VARIANT_IDS,
  VARIANTS,
  type VariantId,
} from '../../src/engine/index.js';
import {
  makeTableFen,
  MAX_COLUMN_HEIGHT,
  parseTableFen,
  tableMoves,
  tablePerft,
  tableStatus,
} from '../../src/engine/multi/index.js';
import { looksLikeMove, normaliseMoveText } from '../../src/game/move-input.js';
import { decodeLibrary } from '../../src/puzzles/index.js';
import {
  fen,
  fenAfter,
  moveTexts,
  UNHOLDABLE_FEN,
  UNHOLDABLE_REASON,
} from '../support/engine-helpers.js';
import { seededRandom } from '../support/random.js';
import { randomStackedPosition } from '../support/stacked-positions.js';

describe('hostile input', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', ' __PROTO__ '])(
    'is no variant: %j',
    (name) => {
      const parsed = parseVariant(name);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.error.code).toBe('unknown-variant');
    },
  );

  it('a puzzle library naming __proto__ as its variant is refused with a sentence', () => {
    const text = JSON.stringify({
      schemaVersion: 1,
      variant: '__proto__',
      generatedBy: { command: 'x', seed: 1 },
      puzzles: [],
    });
    const decoded = decodeLibrary(text);
    expect(decoded.ok).toBe(false);
  });

  it.each(['White wins', '2:0', '1-0 (time)', ''])(
    'ignores a Result tag that is not a result (%j): the record still round-trips',
    (tag) => {
      const text = `[Variant "bashni"]\n[Result "${tag}"]\n\n1. c3-d4 f6-g5`;
      const parsed = parsePdn(text);
      expect(parsed.ok && parsed.value.result).toBe('*');
      if (!parsed.ok) return;
      const replay = replayGame('bashni', undefined, parsed.value.moves);
      expect(replay.ok).toBe(true);
      if (!replay.ok) return;
      const again = parsePdn(
        makePdn({
          start: startPosition('bashni'),
          moves: replay.value.history.moves,
          result: parsed.value.result,
        }),
      );
      expect(again.ok && again.value.moves).toEqual(['c3-d4', 'f6-g5']);
      expect(again.ok && again.value.result).toBe('*');
    },
  );

  it('reads megabytes of marks or spaces in linear time, and refuses them', () => {
    const start = startPosition('bashni');
    for (const junk of [
      `c3-d4${'!'.repeat(1_000_000)}x`,
      `${'?'.repeat(1_000_000)}c3-d4`,
      `c3${' '.repeat(1_000_000)}-d4 x`,
      '!'.repeat(32_000) + 'a',
    ]) {
      const parsed = parseMove(start, junk);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.error.message.length).toBeLessThan(120);
      expect(looksLikeMove(junk)).toBe(false);
      expect(normaliseMoveText(junk).length).toBeLessThanOrEqual(junk.length);
    }
    // Marks at the end of a real move are still dropped.
    expect(parseMove(start, 'c3-d4?!').ok).toBe(true);
    expect(normaliseMoveText('c3-d4!!')).toBe('c3-d4');
  });

  it.each(['W', 'B', 'W:', 'W:W', 'B:Bc7', 'W:Wc3'])(
    'refuses a FEN without both lists: %j',
    (text) => {
      const parsed = parseFen(text, 'bashni');
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.error.code).toBe('fen-syntax');
    },
  );

  it('accepts both lists empty: the empty board is written that way', () => {
    const parsed = parseFen('W:W:B', 'bashni');
    expect(parsed.ok && parsed.value.stacks.every((s) => s === null)).toBe(true);
  });
});

describe('variant words typed in commands', () => {
  it('finds no variant in Object’s own property names', async () => {
    const { VARIANT_WORDS } = await import('../../src/chat/commands/variant-words.js');
    for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(VARIANT_WORDS[word]).toBeUndefined();
    expect(VARIANT_WORDS['башни']).toBe('bashni');
  });
});

const TALL_WHITE = `c3(${'0'.repeat(20)}/${'0'.repeat(12)})`;

describe('stacks at and past the engine’s limit of 32 pieces', () => {
  it('accepts a stack of 32 beside an enemy: the capture that would build 33 is not available', () => {
    const text = `W:W${TALL_WHITE}:Bd4,h8`;
    const parsed = parseFen(text, 'adiyukh-10x10');
    expect(parsed.ok && makeFen(parsed.value)).toBe(text);
    expect(moveTexts(fen(text, 'adiyukh-10x10'))).toEqual(['c3-b4']);
  });

  it('refuses a stack of more than 32 pieces, naming its square, in a short sentence', () => {
    expect(parseFen(`W:WA1(${'0'.repeat(17)}/${'0'.repeat(16)}):B`, 'adiyukh-10x10')).toEqual({
      ok: false,
      error: {
        code: 'fen-stack-height',
        message: 'a1: a stack of 33 pieces; the engine holds 32 pieces in a stack at most.',
      },
    });
    const huge = parseFen(`W:Wa1(${'0'.repeat(1_000_000)}):B`, 'adiyukh-10x10');
    expect(!huge.ok && huge.error.message).toBe(
      'a1: a stack of 1000000 pieces; the engine holds 32 pieces in a stack at most.',
    );
  });

  it('a puzzle library holding such a position is refused, naming the puzzle and the reason', () => {
    const text = JSON.stringify({
      schemaVersion: 1,
      variant: 'adiyukh-10x10',
      generatedBy: { command: 'x', seed: 1 },
      puzzles: [{ id: 'p1', variant: 'adiyukh-10x10', fen: UNHOLDABLE_FEN }],
    });
    expect(decodeLibrary(text)).toEqual({
      ok: false,
      error: {
        code: 'puzzle-fen',
        message: `puzzle 1: (p1) bad fen: ${UNHOLDABLE_REASON}`,
      },
    });
  });

  it('holds a stack of 32 that cannot capture, and a capture that ends at 32', () => {
    // Black to move: the tall white stack does not move now.
    expect(parseFen(`B:W${TALL_WHITE}:Bd4,h8`, 'adiyukh-10x10').ok).toBe(true);
    const to32 = fen(`W:Wc3(${'0'.repeat(19)}/${'0'.repeat(12)}):Bd4,h8`, 'adiyukh-10x10');
    expect(moveTexts(to32)).toContain('c3:e5');
    const after = fenAfter(to32, 'c3:e5');
    expect(stackAt(fen(after, 'adiyukh-10x10'), 'e5')?.height).toBe(32);
  });
});

/** A variant's squares of one rank (0 = White's edge). */
function rankSquares(id: VariantId, rank: number): string[] {
  const { names, rank: ranks } = VARIANTS[id].geometry;
  return names.filter((_, square) => ranks[square] === rank);
}

/** `square(owner pieces/prisoners)` with men only; the lone man as its bare square. */
function stackToken(square: string, own: number, prisoners: number): string {
  if (own === 1 && prisoners === 0) return square;
  return `${square}(${'0'.repeat(own)}${prisoners === 0 ? '' : '/' + '0'.repeat(prisoners)})`;
}

/**
 * FENs for one variant at and past every limit of the FEN and the engine: men on the far rank,
 * kings only, every square taken, one piece or stack more than the variant has, the tallest
 * stack with an enemy man beside it, a stack of 33, a side with nothing, prisoners where
 * captured pieces leave, moves left in a single-move variant, junk by the hundred thousand,
 * and random tall stacks.
 */
function hostileFens(id: VariantId): string[] {
  const variant = VARIANTS[id];
  const { names, step, ranks } = variant.geometry;
  const { white, black } = variant.start;
  const most = maxPiecesPerSide(variant);
  const prisoners =
    variant.capturedPiecesLeave === true ? 0 : Math.min(most, MAX_STACK_HEIGHT - most);
  const middle = Math.floor(names.length / 2);
  const beside = names[step[middle * 4]!]!; // north-east of the middle square
  const spare = names.find((name) => !white.includes(name) && !black.includes(name))!;
  const lists = [
    [rankSquares(id, ranks - 1), rankSquares(id, 0)],
    [white.map((s) => `K${s}`), black.map((s) => `K${s}`)],
    [names.filter((_, s) => s % 2 === 0), names.filter((_, s) => s % 2 === 1)],
    [[...white, spare], black],
    [[stackToken(names[middle]!, most, prisoners)], [beside]],
    [[stackToken(names[middle]!, most, Math.max(0, MAX_STACK_HEIGHT + 1 - most))], [beside]],
    [[], [black[0]!]],
    [[], []],
    [[`${white[0]}(0/0)`], black],
  ];
  const fens = lists.flatMap(([w, b]) =>
    ['W', 'B'].map((side) => `${side}:W${w!.join(',')}:B${b!.join(',')}`),
  );
  fens.push(`W1:W${white.join(',')}:B${black.join(',')}`, `B1:W${white.join(',')}:B`);
  fens.push(`W:W${'x'.repeat(100_000)}:B`, `W:W:B:${'Q'.repeat(100_000)}`, `W:WK${spare}(1):B`);
  const random = seededRandom(27);
  for (let i = 0; i < 12; i++) fens.push(makeFen(randomStackedPosition(id, random)));
  return fens;
}

describe('hostile FENs in every variant', () => {
  const searcher = new Searcher({ ttBits: 10 });

  /** Refused with a code and a short sentence, or usable: moves, perft 2, the AI, its own FEN. */
  function refusedOrUsable(text: string, id: VariantId): 'refused' | 'usable' {
    const parsed = parseFen(text, id);
    if (!parsed.ok) {
      expect(parsed.error.code, text).toMatch(/^(fen-|no-such-square)/);
      expect(parsed.error.message.length, text).toBeGreaterThan(10);
      expect(parsed.error.message.length, text).toBeLessThan(200);
      return 'refused';
    }
    const position = parsed.value;
    const moves = legalMoves(position);
    expect(parseFen(makeFen(position), id)).toEqual({ ok: true, value: position });
    for (const move of moves)
      expect(parseFen(makeFen(applyMove(position, move)), id).ok).toBe(true);
    expect(perft(position, 1)).toBe(moves.length);
    expect(perft(position, 2)).toBeGreaterThanOrEqual(0);
    if (moves.length > 0) {
      const player = { kind: 'search', depth: 2, nodes: 400 } as const;
      expect(think(searcher, { variant: id, fen: text, player, seed: 1 }).move).not.toBe('');
    }
    return 'usable';
  }

  it.each(VARIANT_IDS)('%s: each is refused with its reason, or every use of it works', (id) => {
    const outcomes = hostileFens(id).map((text) => refusedOrUsable(text, id));
    expect(outcomes).toContain('refused');
    expect(outcomes).toContain('usable');
  });
});

/**
 * Table FENs (Zhernov's game) at and past their limits: columns of 32 storeys for every seat,
 * a column on every square, king columns, the corners, finished seats, a seat to move with
 * nothing, junk; then random tall columns. A column's height is a plain count in the table
 * engine, so the limit of 32 storeys is the FEN's alone.
 */
function hostileTableFens(): string[] {
  const names = GEOMETRY_8.names;
  const tall = (square: string, digit = '0') => `${square}(${digit.repeat(MAX_COLUMN_HEIGHT)})`;
  const fens = [
    `W:W${tall('c1')}:R${tall('a3')}:B${tall('b8', '1')}:G${tall('h2', '1')}`,
    `W:W${names
      .filter((_, s) => s % 4 === 0)
      .map((n) => tall(n))
      .join(',')}:R${names
      .filter((_, s) => s % 4 === 1)
      .map((n) => tall(n, '1'))
      .join(',')}:B${names.filter((_, s) => s % 4 === 2).join(',')}:G${names
      .filter((_, s) => s % 4 === 3)
      .map((n) => `K${n}`)
      .join(',')}`,
    `W:Wa1(00),h8(11):Rd4:Be5`,
    `R:Wd4(${'0'.repeat(MAX_COLUMN_HEIGHT)}):Re5:Bb8:FW+`,
    `W:W:Rd4`,
    `W:W${tall('c3')}:R${'x'.repeat(1500)}`,
    `W:WKc3(${'1'.repeat(1500)}):Rd4`,
    `W:Wc3(${'01'.repeat(700)}):Rd4`,
    `W:W${tall('c3')}0:Rd4`,
  ];
  const random = seededRandom(7);
  for (let i = 0; i < 12; i++) {
    const seats = ['W', 'R', 'B', 'G'].filter((_, seat) => seat < 2 || random() < 0.6);
    const lists = seats.map((letter) => [letter]);
    for (const name of names) {
      if (random() < 0.5) continue;
      const height = 1 + Math.floor(random() * (random() < 0.3 ? MAX_COLUMN_HEIGHT : 3));
      const king = random() < 0.3 ? '1' : '0';
      lists[Math.floor(random() * seats.length)]!.push(`${name}(${king.repeat(height)})`);
    }
    const text = lists.map(([letter, ...columns]) => letter + columns.join(','));
    fens.push(`${seats[0]}:${text.join(':')}`);
  }
  return fens;
}

describe('hostile table FENs', () => {
  const searcher = new Searcher({ ttBits: 10 });

  it('are each refused with its reason, or every use of them works', () => {
    const outcomes = hostileTableFens().map((text) => {
      const parsed = parseTableFen(text);
      if (!parsed.ok) {
        expect(parsed.error.code, text).toMatch(/^(fen-|no-such-square)/);
        expect(parsed.error.message.length, text).toBeLessThan(200);
        return 'refused';
      }
      const state = { position: parsed.value, quietPlies: 0 };
      expect(parseTableFen(makeTableFen(parsed.value))).toEqual(parsed);
      const moves = tableMoves(parsed.value);
      expect(tablePerft(state, 1)).toBe(moves.length);
      expect(tablePerft(state, 2)).toBeGreaterThanOrEqual(0);
      if (moves.length > 0 && tableStatus(state).kind !== 'over') {
        const player = { kind: 'search', depth: 2, nodes: 400 } as const;
        expect(think(searcher, { variant: 'zhernov', fen: text, player, seed: 1 }).move).not.toBe(
          '',
        );
      }
      return 'usable';
    });
    expect(outcomes).toContain('refused');
    expect(outcomes).toContain('usable');
  });
});
