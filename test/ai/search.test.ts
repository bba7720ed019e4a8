import { describe, expect, it } from 'vitest';
import {
  Board,
  legalMoves,
  makeFen,
  startPosition,
  type Position,
  VARIANT_IDS,
} from '../../src/engine/index.js';
import {
  MATE,
  MATE_BOUND,
  parsePlayer,
  Searcher,
  think,
  ThinkError,
  type PlayerSpec,
  type ThinkRequest,
} from '../../src/ai/index.js';
import { moveText } from '../../src/ai/search.js';
import { defaultWeights } from '../../src/ai/weights.js';
import { fen, moveTexts, positionAfter, randomPositions } from '../support/engine-helpers.js';
import { blockingMoves, freePieces, materialByMove } from './tactics-helpers.js';

// A clock that stands still: time caps never fire, so node budgets alone decide every search
// and results do not depend on how busy the machine is.
const stoppedClock = () => 0;
const searcher = new Searcher({ ttBits: 16, now: stoppedClock });
// The real clock, for the tests of the time caps themselves.
const timedSearcher = new Searcher({ ttBits: 16 });

function ask(position: Position, player: PlayerSpec, extra: Partial<ThinkRequest> = {}) {
  return think(searcher, {
    variant: position.variant,
    fen: makeFen(position),
    player,
    seed: 1,
    ...extra,
  });
}

function player(text: string): PlayerSpec {
  const parsed = parsePlayer(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('tactics', () => {
  // Material shots: [FEN, the winning move, pieces won, within plies]. Each is first checked by
  // exhaustive minimax over the engine's rules: the move wins that much, no other move does.
  const shots: [string, string, number, number][] = [
    // Promote on b8 with a shot: three pieces won where a one-ply look sees nothing.
    ['W:We1,d2,b4,c7,e7:Bd4,a5,h6,a7,f8', 'c7-b8', 3, 5],
    // Promotion that seems to hang a piece at one ply but wins one.
    ['W:We1,d2,b4,d6,a7:Bb2,a3,h4,c5,h8', 'a7-b8', 1, 5],
    // The shot e3-d4 c5:e3 f2:d4. (With a further white man on e1, White two up, g3-f4 wins as
    // well in play-outs, and the tuned weights prefer it: the position then tested taste.)
    ['W:Wg1,f2,e3,g3,h4:Ba3,c5,b6,f8', 'e3-d4', 1, 7],
  ];
  for (const [text, best, gain, plies] of shots) {
    it(`wins material: ${text} ${best}`, () => {
      const position = fen(text);
      const before = freePieces(position, 0) - freePieces(position, 1);
      const values = materialByMove(position, plies);
      expect(values.get(best)).toBeGreaterThanOrEqual(before + gain);
      for (const [move, value] of values)
        if (move !== best) expect(value).toBeLessThan(before + gain);
      expect(ask(position, { kind: 'search', nodes: 20_000 }).move).toBe(best);
    });
  }

  // Blocking wins: [FEN, the only move that forces Black into a position without a legal
  // move (while it still has pieces), within plies].
  const blocks: [string, string, number][] = [
    ['W:Wf2,g5,d6,g7:Bh4,h8', 'g5-f6', 3],
    ['W:Wf2,h2,f4,b6:Bh4,d8', 'h2-g3', 5],
    ['W:Wb4,d4,f4,f6,h6:Ba7,h8', 'h6-g7', 5],
  ];
  for (const [text, best, plies] of blocks) {
    it(`wins by blocking: ${text} ${best}`, () => {
      const position = fen(text);
      expect(blockingMoves(position, plies)).toEqual([best]);
      const answer = ask(position, { kind: 'search', nodes: 20_000 });
      expect(answer.move).toBe(best);
      expect(answer.score).toBeGreaterThan(MATE_BOUND);
    });
  }

  // Capture choices (captures are mandatory, the choice is free): [FEN, the best capture, the
  // greedy player's pick]. Taking the most pieces now is not the best here.
  const choices: [string, string, string][] = [
    ['W:Wb2,e5,h6,a7:Bc3,d4,b6,f6,d8', 'e5:g7', 'a7:c5:e3'],
    ['W:Wb2,a3,b4,a5,b6,f6:Bd2,h4,c5,h6,e7', 'f6:d8', 'b4:d6:f8'],
    ['W:We1,g3,a5,g5,h6,e7:Bh2,b4,d4,h4,b6,h8', 'a5:c7', 'a5:c3:e5'],
  ];
  for (const [text, best, greedy] of choices) {
    it(`picks the capture that wins in the end: ${text} ${best}`, () => {
      const position = fen(text);
      const values = materialByMove(position, 5);
      for (const [move, value] of values)
        if (move !== best) expect(value).toBeLessThan(values.get(best)!);
      expect(ask(position, { kind: 'greedy' }).move).toBe(greedy);
      expect(ask(position, { kind: 'search', nodes: 20_000 }).move).toBe(best);
      expect(ask(position, { kind: 'level', level: 8 }, { scale: 0.02 }).move).toBe(best);
    });
  }

  it('giveaway plays to lose material; bashni keeps it', () => {
    // c3-d4 offers the man to e5: in giveaway Black must take it and White, left with no
    // piece and so no move, wins; in Bashni it is a blunder.
    const text = 'W:Wc3:Be5,h8';
    const giveaway = ask(fen(text, 'giveaway'), { kind: 'search', nodes: 5000 });
    expect(giveaway.move).toBe('c3-d4');
    expect(giveaway.score).toBeGreaterThan(MATE_BOUND);
    expect(ask(fen(text), { kind: 'search', nodes: 5000 }).move).toBe('c3-b4');
  });
});

describe('proven wins', () => {
  // The seed's composed problem: White blocks Black in ten moves (19 plies). The win shows at
  // depth 10; the deeper iterations only confirm it, so the search stops there instead of
  // spending its budget (before: 3.7 million of 5 million nodes, depth 15).
  const problem = fen('W:Wa3,c1,g1,f4,h6(010101/00),Ka5:Bb8(0010/0),d4(001110)');
  const proven = new Searcher({ ttBits: 20, now: stoppedClock });

  it('ends the search once a win could not get shorter', () => {
    const result = proven.search(problem, defaultWeights('bashni'), { maxNodes: 5_000_000 });
    expect(MATE - result.score).toBe(19);
    expect(result.nodes).toBeLessThan(1_000_000);
    expect(result.pv[0]).toBe('f4-e5');
    expect(legalMoves(result.pv.reduce(positionAfter, problem)).length).toBeGreaterThan(0);
  });

  it('ends the defence too, once the loss could not get longer', () => {
    // A composed problem's block in 21 (bench/problems), after White's first move: Black to
    // move with three moves, blocked in 18 plies whatever it does.
    const defence = fen('B:Wa1,g1,b2,f4(000),e5(0/00),b6(0/000),a7,d8(1/0000):Bh2(0/00),b8,f8');
    expect(legalMoves(defence).length).toBe(3);
    const result = proven.search(defence, defaultWeights('bashni'), { maxNodes: 5_000_000 });
    expect(MATE + result.score).toBe(18);
    expect(result.nodes).toBeLessThan(1_000_000);
  });
});

describe('adiyukh', () => {
  it('scores a position without a move by the half count', () => {
    const weights = defaultWeights('adiyukh');
    const score = (text: string) => searcher.search(fen(text, 'adiyukh'), weights).score;
    // White to move, blocked: 13:11 for White.
    expect(score('W:Wh8(100000/0000000):Bd2(00000/000000)')).toBeGreaterThan(MATE_BOUND);
    // Black to move, blocked: 12:12.
    expect(score('B:Wd6(000000/000000):Ba1(100000/000000)')).toBe(0);
    // Black to move with no stacks at all, yet 24:0 on the count.
    expect(score('B:Wc3(000000000000/000000000000):B')).toBeGreaterThan(MATE_BOUND);
  });

  it('plays into a won count', () => {
    // d4-c5 leaves Black's king at rest with nothing to take: the game ends 4:1 for White.
    // d4-e5 would put the stack on the king's diagonal.
    const position = fen('W:Wd4(0/000):BKa1', 'adiyukh');
    expect(moveTexts(position)).toEqual(['d4-c5', 'd4-e5']);
    const answer = ask(position, { kind: 'search', nodes: 5000 });
    expect(answer.move).toBe('d4-c5');
    expect(answer.score).toBeGreaterThan(MATE_BOUND);
  });
});

describe('stavropol', () => {
  it('plays the capture that ends the game on a won count, for either player', () => {
    // VARIANTS.md example 3: d4:f6 leaves only white tops on rank 6 (2:0 for the White player),
    // e5:c3 only black tops on rank 3 (0:2).
    const white = ask(fen('W:Wd4:Be5', 'stavropol'), { kind: 'search', nodes: 5000 });
    expect(white.move).toBe('d4:f6');
    expect(white.score).toBeGreaterThan(MATE_BOUND);
    const black = ask(fen('B:Wd4:Be5', 'stavropol'), { kind: 'search', nodes: 5000 });
    expect(black.move).toBe('e5:c3');
    expect(black.score).toBeGreaterThan(MATE_BOUND);
    expect(ask(fen('W:Wd4:Be5', 'stavropol'), { kind: 'greedy' }).move).toBe('d4:f6');
    expect(ask(fen('B:Wd4:Be5', 'stavropol'), { kind: 'greedy' }).move).toBe('e5:c3');
  });

  it('scores a finished position by the half count from the player to move', () => {
    const weights = defaultWeights('stavropol');
    const score = (text: string) => searcher.search(fen(text, 'stavropol'), weights).score;
    expect(score('B:Wf6(0/0):B')).toBeLessThan(-MATE_BOUND);
    expect(score('W:Wf6(0/0):B')).toBeGreaterThan(MATE_BOUND);
    expect(score('W:Wh8(1/0):Ba1(1/0)')).toBe(0);
  });
});

describe('borovikov', () => {
  it('finds the cover that wins at once: the sandwich leaves Black nothing', () => {
    // c3-d4 puts a white man over d4's black man, which sits on a white man: it is removed.
    const position = fen('W:Wc3,e5:Bd4(0/0)', 'borovikov');
    const answer = ask(position, { kind: 'search', nodes: 5000 });
    expect(answer.move).toBe('c3-d4');
    expect(answer.score).toBeGreaterThan(MATE_BOUND);
    expect(ask(position, { kind: 'level', level: 8 }, { scale: 0.02 }).move).toBe('c3-d4');
  });
});

describe('always a legal move', () => {
  it('with a single legal move, at once', () => {
    const position = fen('W:Wc3,h2:Bd4,h8');
    expect(moveTexts(position)).toEqual(['c3:e5']);
    const answer = ask(position, { kind: 'level', level: 8 });
    expect(answer.move).toBe('c3:e5');
    expect(answer.nodes).toBeLessThan(100);
  });

  it('with no time and with 1 ms', () => {
    const position = startPosition('bashni');
    const legal = moveTexts(position);
    const timed = (player: PlayerSpec, timeMs: number) =>
      think(timedSearcher, { variant: 'bashni', fen: makeFen(position), player, seed: 1, timeMs });
    for (const timeMs of [0, 1]) {
      expect(legal).toContain(timed({ kind: 'level', level: 8 }, timeMs).move);
      expect(legal).toContain(timed({ kind: 'search', ms: timeMs }, timeMs).move);
    }
  });

  it('from random positions of every variant, at every level', () => {
    for (const variant of VARIANT_IDS) {
      const positions = randomPositions(variant, 40, 5, 100).filter((p) => moveTexts(p).length > 0);
      positions.forEach((position, i) => {
        const level = 1 + (i % 8);
        const answer = ask(position, { kind: 'level', level }, { scale: 0.01, seed: i });
        expect(moveTexts(position)).toContain(answer.move);
      });
    }
  });

  it('greedy and random players answer legally too', () => {
    for (const position of randomPositions('bashni', 20, 9, 60)) {
      if (moveTexts(position).length === 0) continue;
      expect(moveTexts(position)).toContain(ask(position, { kind: 'greedy' }).move);
      expect(moveTexts(position)).toContain(ask(position, { kind: 'random' }).move);
    }
  });

  it('refuses a finished game or a bad FEN with a ThinkError', () => {
    expect(() => ask(fen('W:W:Bd4'), { kind: 'level', level: 3 })).toThrow(ThinkError);
    expect(() =>
      think(searcher, { variant: 'bashni', fen: 'nonsense', player: player('3'), seed: 1 }),
    ).toThrow(ThinkError);
  });
});

describe('levels', () => {
  it('are deterministic for a seed', () => {
    const positions = randomPositions('bashni', 12, 21, 40);
    for (const level of [1, 2, 3, 4, 5, 6]) {
      for (const position of positions) {
        if (moveTexts(position).length === 0) continue;
        const first = ask(position, { kind: 'level', level }, { seed: 42, scale: 0.05 });
        const again = think(new Searcher({ ttBits: 16, now: stoppedClock }), {
          variant: 'bashni',
          fen: makeFen(position),
          player: { kind: 'level', level },
          seed: 42,
          scale: 0.05,
        });
        expect(again.move).toBe(first.move);
        expect(again.nodes).toBe(first.nodes);
      }
    }
  });

  it('stop at the time cap by the clock they are given', () => {
    const position = startPosition('bashni');
    const limits = { maxNodes: 50_000, timeMs: 10 };
    const budget = new Searcher({ ttBits: 16, now: stoppedClock }).search(
      position,
      defaultWeights('bashni'),
      limits,
    );
    expect(budget.nodes).toBeGreaterThanOrEqual(0.6 * limits.maxNodes);
    // A clock that jumps a second at every look: the cap fires at the first look.
    let time = 0;
    const jumping = new Searcher({ ttBits: 16, now: () => (time += 1000) });
    const capped = jumping.search(position, defaultWeights('bashni'), limits);
    expect(capped.nodes).toBeLessThanOrEqual(1024);
    const names = new Board(position).geometry.names;
    expect(moveTexts(position)).toContain(moveText(capped.list, capped.best, names));
  });

  it('level 1 varies with the seed; level 8 does not', () => {
    const position = startPosition('bashni');
    const low = new Set<string>();
    const high = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      low.add(ask(position, { kind: 'level', level: 1 }, { seed }).move);
      high.add(ask(position, { kind: 'level', level: 8 }, { seed, scale: 0.01 }).move);
    }
    expect(low.size).toBeGreaterThan(1);
    expect(high.size).toBe(1);
  });
});

describe('draw rules in the search', () => {
  it('the 15-move rule: a won ending is worth nothing on the 30th quiet ply', () => {
    const position = fen('W:WKa1,Kc1,Ke1:Bh8');
    const weights = defaultWeights('bashni');
    const fresh = searcher.search(position, weights, { maxDepth: 4 });
    expect(fresh.score).toBeGreaterThan(300);
    const late = searcher.search(position, weights, { maxDepth: 4, quietPlies: 29 });
    expect(late.score).toBe(0);
  });

  it('the 15-move rule in multistorey: any capture starts the count again', () => {
    // Every legal move takes the top of d4, leaving both sides' stack counts as they were: in
    // bashni the 30th ply is then a draw; in multistorey the capture resets the count.
    const text = 'W:WKa1,Kc1,Ke1:Bd4(00),h8';
    const bashni = searcher.search(fen(text), defaultWeights('bashni'), {
      maxDepth: 4,
      quietPlies: 29,
    });
    expect(bashni.score).toBe(0);
    const multistorey = searcher.search(fen(text, 'multistorey'), defaultWeights('multistorey'), {
      maxDepth: 4,
      quietPlies: 29,
    });
    expect(multistorey.score).toBeGreaterThan(300);
  });

  it('repetition: a position of the game seen before counts as a draw', () => {
    // White (a king against two) is worse off; but the position after a1-b2 occurred earlier
    // in the game (with the same side to move), so going there is a draw, White's best.
    const position = fen('W:WKa1:BKh8,Kg7');
    const weights = defaultWeights('bashni');
    const plain = searcher.search(position, weights, { maxDepth: 6 });
    expect(plain.score).toBeLessThan(-100);
    const seen = new Board(fen('B:WKb2:BKh8,Kg7'));
    const history: [number, number][] = [
      [seen.hashHigh, seen.hashLow],
      [0, 0],
      [0, 0],
    ];
    const drawn = searcher.search(position, weights, { maxDepth: 6, history });
    expect(drawn.score).toBe(0);
    expect(moveText(drawn.list, drawn.best, seen.geometry.names)).toBe('a1-b2');
  });
});
