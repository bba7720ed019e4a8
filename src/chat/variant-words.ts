import type { VariantId } from '../engine/index.js';

/**
 * Variant names people type in commands, in English and Russian. A null prototype: a typed word
 * such as "constructor" or "toString" finds nothing, not Object's own properties.
 */
export const VARIANT_WORDS: Readonly<Partial<Record<string, VariantId>>> = Object.assign(
  Object.create(null) as Partial<Record<string, VariantId>>,
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
  },
);
