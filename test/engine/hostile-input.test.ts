/**
 * Input from people and files that used to break the engine: names that are Object's own
 * properties, results that are not results, megabytes of punctuation, a FEN with no lists.
 * Each case must answer with a failure (or a sane value), never a crash or a hang.
 */
import { describe, expect, it } from 'vitest';
import {
  makePdn,
  parseFen,
  parseMove,
  parsePdn,
  parseVariant,
  replayGame,
  startPosition,
} from '../../src/engine/index.js';
import { looksLikeMove, normaliseMoveText } from '../../src/game/move-input.js';
import { decodeLibrary } from '../../src/puzzles/index.js';

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
    const { VARIANT_WORDS } = await import('../../src/chat/variant-words.js');
    for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(VARIANT_WORDS[word]).toBeUndefined();
    expect(VARIANT_WORDS['башни']).toBe('bashni');
  });
});
