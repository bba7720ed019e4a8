import type { GameVariantId } from '../../game/model.js';

/**
 * The words that make a challenge or a tournament casual (its games change no rating), and the
 * ones that say rated (the default), in English and Russian.
 */
export const CASUAL_WORDS: ReadonlySet<string> = new Set([
  'casual',
  'unrated',
  'товарищеская',
  'товарищеский',
  'без-рейтинга',
]);
export const RATED_WORDS: ReadonlySet<string> = new Set(['rated', 'рейтинг', 'на-рейтинг']);

/**
 * Variant names people type in commands, in English and Russian. A null prototype: a typed word
 * such as "constructor" or "toString" finds nothing, not Object's own properties.
 */
export const VARIANT_WORDS: Readonly<Partial<Record<string, GameVariantId>>> = Object.assign(
  Object.create(null) as Partial<Record<string, GameVariantId>>,
  {
    bashni: 'bashni',
    башни: 'bashni',
    towers: 'bashni',
    stolby: 'stolby',
    столбы: 'stolby',
    laska: 'laska',
    ласка: 'laska',
    giveaway: 'giveaway',
    поддавки: 'giveaway',
    adiyukh: 'adiyukh',
    адиюх: 'adiyukh',
    // The larger Adiyukh boards, 10 files by 8 or 10 ranks (Latin x, Cyrillic х or ×).
    'adiyukh-8x10': 'adiyukh-8x10',
    'adiyukh-10x8': 'adiyukh-8x10',
    'adiyukh-10x10': 'adiyukh-10x10',
    'адиюх-10x8': 'adiyukh-8x10',
    'адиюх-10х8': 'adiyukh-8x10',
    'адиюх-10×8': 'adiyukh-8x10',
    'адиюх-8x10': 'adiyukh-8x10',
    'адиюх-8х10': 'adiyukh-8x10',
    'адиюх-10x10': 'adiyukh-10x10',
    'адиюх-10х10': 'adiyukh-10x10',
    'адиюх-10×10': 'adiyukh-10x10',
    multistorey: 'multistorey',
    многоэтажные: 'multistorey',
    'bashni-double': 'bashni-double',
    double: 'bashni-double',
    двухходовые: 'bashni-double',
    'двухходовые-башни': 'bashni-double',
    'bashni-double-2': 'bashni-double-2',
    'double-2': 'bashni-double-2',
    'двухходовые-2': 'bashni-double-2',
    'bashni-double-11': 'bashni-double-11',
    'double-11': 'bashni-double-11',
    'double-1+1': 'bashni-double-11',
    'двухходовые-11': 'bashni-double-11',
    'двухходовые-1+1': 'bashni-double-11',
    borovikov: 'borovikov',
    боровицкие: 'borovikov',
    супершашки: 'borovikov',
    stavropol: 'stavropol',
    ставропольские: 'stavropol',
    // Zhernov's game for four players ("the count").
    zhernov: 'zhernov',
    жернов: 'zhernov',
    жернова: 'zhernov',
    граф: 'zhernov',
    four: 'zhernov',
  },
);
