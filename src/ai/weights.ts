import { fail, ok, type Result, type VariantId } from '../engine/index.js';

/**
 * The evaluation's weights, in centi-men (a lone man on its start rank is about 100). Every
 * term is counted for both sides and scored as (side to move) − (opponent), see evaluate.ts.
 */
export interface Weights {
  /** A man on top of a stack (the piece that moves). */
  man: number;
  /** A king on top of a stack. */
  king: number;
  /** Each of the owner's men under the top (a reserve: the stack survives one more jump). */
  reserveMan: number;
  /** Each of the owner's kings under the top (becomes a moving king when uncovered). */
  reserveKing: number;
  /** Each enemy piece held under a stack with at least two own pieces on it. */
  prisonerSafe: number;
  /** Each enemy piece held under a single own piece: one jump frees them all. */
  prisonerThin: number;
  /** Extra for each enemy king held prisoner (it would fly again if freed). */
  prisonerKing: number;
  /** Per enemy prisoner, when the single own piece over them can be jumped in principle. */
  fragile: number;
  /** Side to move: its largest loss (in men, freed prisoners included) to a capture threat. */
  threatMax: number;
  /** Side to move: each further stack under a capture threat. */
  threatExtra: number;
  /** Each quiet move of a man-topped stack. */
  manMobility: number;
  /** Each quiet move of a king-topped stack. */
  kingMobility: number;
  /** A man-topped stack with no forward square free. */
  blocked: number;
  /** Per rank a man-topped stack has advanced, squared / 8 (so it grows towards promotion). */
  advance: number;
  /** A man-topped stack one step from promotion. */
  nearPromotion: number;
  /** ...that also has a free square to promote on. */
  promotionThreat: number;
  /** A man on its own back rank (guards against enemy promotion). */
  backRank: number;
  /** A stack on one of the central squares. */
  center: number;
  /** Extra per man of material lead, as the board empties (makes a winning side trade). */
  tradeDown: number;
  /** Side to move (the initiative; small). */
  tempo: number;
  /**
   * Half-count variants (Adiyukh, Stavropol), the goal: per unit of the half-count lead (pieces
   * of either colour on the opponent's half minus those on one's own). Read by no other variant.
   */
  halfCount: number;
  /**
   * Stavropol: per piece that a man-topped stack can still carry over the middle in its
   * player's favour (a prospect, below the two lead units a crossing is worth). Read by no other
   * variant.
   */
  crossing: number;
}

export const WEIGHT_NAMES: readonly (keyof Weights)[] = [
  'man',
  'king',
  'reserveMan',
  'reserveKing',
  'prisonerSafe',
  'prisonerThin',
  'prisonerKing',
  'fragile',
  'threatMax',
  'threatExtra',
  'manMobility',
  'kingMobility',
  'blocked',
  'advance',
  'nearPromotion',
  'promotionThreat',
  'backRank',
  'center',
  'tradeDown',
  'tempo',
  'halfCount',
  'crossing',
];

/**
 * Weights for Bashni (where having material is good). How they were tuned
 * (self-play in Bashni, src/ai/tune.ts) and what the tuning found: docs/tuning.md.
 */
export const STANDARD_WEIGHTS: Readonly<Weights> = {
  man: 100,
  king: 310,
  reserveMan: 93,
  reserveKing: 149,
  prisonerSafe: 34,
  prisonerThin: 11,
  prisonerKing: 4,
  fragile: 39,
  threatMax: 31,
  threatExtra: 31,
  manMobility: 2,
  kingMobility: 12,
  blocked: 27,
  advance: 2,
  nearPromotion: 26,
  promotionThreat: 26,
  backRank: 17,
  center: -2,
  tradeDown: 2,
  tempo: 10,
  halfCount: 0,
  crossing: 0,
};

/**
 * Weights for Stolby: the Bashni weights tuned further by self-play in Stolby (docs/tuning.md).
 */
export const STOLBY_WEIGHTS: Readonly<Weights> = {
  man: 100,
  king: 379,
  reserveMan: 100,
  reserveKing: 138,
  prisonerSafe: 28,
  prisonerThin: 14,
  prisonerKing: 4,
  fragile: 52,
  threatMax: 26,
  threatExtra: 10,
  manMobility: 4,
  kingMobility: 7,
  blocked: 36,
  advance: 1,
  nearPromotion: 28,
  promotionThreat: 22,
  backRank: 17,
  center: 10,
  tradeDown: 12,
  tempo: 24,
  halfCount: 0,
  crossing: 0,
};

/** Weights for Laska: the Bashni weights tuned further by self-play in Laska (docs/tuning.md). */
export const LASKA_WEIGHTS: Readonly<Weights> = {
  man: 100,
  king: 160,
  reserveMan: 100,
  reserveKing: 156,
  prisonerSafe: 34,
  prisonerThin: 2,
  prisonerKing: 2,
  fragile: 16,
  threatMax: 23,
  threatExtra: 30,
  manMobility: 5,
  kingMobility: 13,
  blocked: 11,
  advance: 1,
  nearPromotion: 25,
  promotionThreat: 26,
  backRank: 17,
  center: 3,
  tradeDown: 4,
  tempo: 9,
  halfCount: 0,
  crossing: 0,
};

/**
 * Weights for column giveaway, where the side with no legal move wins: own material, kings and
 * mobility are burdens; having one's pieces held prisoner (the enemy's prisoners) is good.
 * Set by hand, then tuned by self-play in giveaway: docs/tuning.md.
 */
export const GIVEAWAY_WEIGHTS: Readonly<Weights> = {
  man: -100,
  king: -221,
  reserveMan: -49,
  reserveKing: -100,
  prisonerSafe: -35,
  prisonerThin: -25,
  prisonerKing: 3,
  fragile: -7,
  threatMax: -31,
  threatExtra: 2,
  manMobility: 0,
  kingMobility: 4,
  blocked: 8,
  advance: 11,
  nearPromotion: -5,
  promotionThreat: -18,
  backRank: -1,
  center: -2,
  tradeDown: 4,
  tempo: 6,
  halfCount: 0,
  crossing: 0,
};

/**
 * Weights for Adiyukh, where the half count decides (pieces of either colour on the opponent's
 * half): halfCount is the goal, per unit of the count's lead, and material is only the means to
 * carry pieces forward, so the terms besides the man (the unit) are lower than in Bashni; a king
 * at rest cannot move and reverts after its capture, so it is worth little more than a man.
 * Set by hand within the standard tuning bounds, then tuned by self-play in Adiyukh
 * (docs/tuning.md), which lowered the goal from 100 to 64 per unit of lead.
 */
export const ADIYUKH_WEIGHTS: Readonly<Weights> = {
  man: 100,
  king: 157,
  reserveMan: 61,
  reserveKing: 77,
  prisonerSafe: 43,
  prisonerThin: 8,
  prisonerKing: 3,
  fragile: 44,
  threatMax: 56,
  threatExtra: 27,
  manMobility: 4,
  kingMobility: 3,
  blocked: 22,
  advance: 13,
  nearPromotion: 16,
  promotionThreat: 21,
  backRank: 12,
  center: -1,
  tradeDown: 3,
  tempo: 21,
  halfCount: 64,
  crossing: 0,
};

/**
 * Weights for Stavropol Adiyukh (both players move the same pieces). The evaluation reads only
 * the half count's goal (halfCount), the crossings still open to each player (crossing) and
 * the tempo; the rest are Adiyukh's and unused (evaluate.ts sharedEvaluate, unreadWeights).
 * Set by hand (100, 40 and 10), then tuned by self-play in Stavropol (docs/tuning.md): a
 * crossing still open is worth most of one lead unit.
 */
export const STAVROPOL_WEIGHTS: Readonly<Weights> = {
  ...ADIYUKH_WEIGHTS,
  tempo: 7,
  halfCount: 65,
  crossing: 50,
};

/**
 * Weights for Multistorey (Russian draughts with towers, captured pieces leave the board). Set by
 * hand as the Stolby weights (the same Turkish strike) with every storey under the top worth a
 * full man, since each one costs the opponent a separate jump; then tuned by self-play in
 * Multistorey (docs/tuning.md). The prisoner terms are never read (no stack holds prisoners).
 */
export const MULTISTOREY_WEIGHTS: Readonly<Weights> = {
  man: 100,
  king: 368,
  reserveMan: 100,
  reserveKing: 91,
  prisonerSafe: 28,
  prisonerThin: 14,
  prisonerKing: 4,
  fragile: 52,
  threatMax: 30,
  threatExtra: 12,
  manMobility: 3,
  kingMobility: 9,
  blocked: 22,
  advance: 7,
  nearPromotion: 24,
  promotionThreat: 19,
  backRank: 17,
  center: 2,
  tradeDown: 10,
  tempo: 18,
  halfCount: 0,
  crossing: 0,
};

/**
 * Weights for Borovikov's checkers: Bashni with covers (docs/rules.md). The goal is the same as
 * in Bashni (leave the opponent without a move, here usually without a stack), so material counts
 * as there; the new danger, an enemy cover that takes a whole stack over or wipes out the own
 * run above one's prisoners, is a variant-specific term of evaluate.ts scored with the threat
 * weights. The Bashni weights tuned further by self-play in Borovikov (docs/tuning.md).
 */
export const BOROVIKOV_WEIGHTS: Readonly<Weights> = {
  man: 100,
  king: 371,
  reserveMan: 94,
  reserveKing: 116,
  prisonerSafe: 34,
  prisonerThin: 18,
  prisonerKing: 4,
  fragile: 40,
  threatMax: 18,
  threatExtra: 36,
  manMobility: 2,
  kingMobility: 12,
  blocked: 23,
  advance: 2,
  nearPromotion: 19,
  promotionThreat: 24,
  backRank: 17,
  center: -1,
  tradeDown: 12,
  tempo: 6,
  halfCount: 0,
  crossing: 0,
};

/**
 * Weights for double-move Bashni: the goal and the material are Bashni's; the second move of a
 * turn is one more tempo (evaluate.ts). The Bashni weights tuned further by self-play in
 * double-move Bashni (docs/tuning.md).
 */
export const BASHNI_DOUBLE_WEIGHTS: Readonly<Weights> = {
  man: 100,
  king: 360,
  reserveMan: 81,
  reserveKing: 172,
  prisonerSafe: 30,
  prisonerThin: 16,
  prisonerKing: 0,
  fragile: 46,
  threatMax: 26,
  threatExtra: 30,
  manMobility: 1,
  kingMobility: 13,
  blocked: 38,
  advance: 3,
  nearPromotion: 25,
  promotionThreat: 34,
  backRank: 26,
  center: -7,
  tradeDown: 1,
  tempo: 6,
  halfCount: 0,
  crossing: 0,
};

/** The default weights for a variant. */
export function defaultWeights(variant: VariantId): Readonly<Weights> {
  switch (variant) {
    case 'giveaway':
      return GIVEAWAY_WEIGHTS;
    case 'stolby':
      return STOLBY_WEIGHTS;
    case 'laska':
      return LASKA_WEIGHTS;
    case 'bashni':
      return STANDARD_WEIGHTS;
    case 'adiyukh':
    case 'adiyukh-8x10':
    case 'adiyukh-10x10':
      // The larger boards share the 8x8 weights (set by hand; not tuned for them).
      return ADIYUKH_WEIGHTS;
    case 'multistorey':
      return MULTISTOREY_WEIGHTS;
    case 'bashni-double':
    case 'bashni-double-2':
    case 'bashni-double-11':
      // Tuned for the 1+2 scheme; the schemes differ only in the first turns.
      return BASHNI_DOUBLE_WEIGHTS;
    case 'borovikov':
      return BOROVIKOV_WEIGHTS;
    case 'stavropol':
      return STAVROPOL_WEIGHTS;
  }
}

export function weightsToVector(weights: Readonly<Weights>): number[] {
  return WEIGHT_NAMES.map((name) => weights[name]);
}

export function vectorToWeights(vector: readonly number[]): Weights {
  const weights = {} as Weights;
  WEIGHT_NAMES.forEach((name, i) => {
    const value = vector[i];
    if (value === undefined) {
      throw new Error(
        `vectorToWeights: ${WEIGHT_NAMES.length} numbers needed, got ${vector.length}`,
      );
    }
    weights[name] = Math.round(value);
  });
  return weights;
}

/**
 * Weights from JSON text (as `tune` prints them): an object of weight names and numbers.
 * Names left out keep the variant's default; an unknown name or a value that is not a finite
 * number is an error.
 */
export function parseWeights(text: string, variant: VariantId): Result<Weights> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail('bad-weights', `weights are not JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return fail('bad-weights', 'weights must be a JSON object of names and numbers');
  const weights: Weights = { ...defaultWeights(variant) };
  for (const [name, value] of Object.entries(data)) {
    if (!(WEIGHT_NAMES as readonly string[]).includes(name))
      return fail('bad-weights', `unknown weight "${name}" (known: ${WEIGHT_NAMES.join(', ')})`);
    if (typeof value !== 'number' || !Number.isFinite(value))
      return fail('bad-weights', `weight "${name}" must be a number`);
    weights[name as keyof Weights] = value;
  }
  return ok(weights);
}
