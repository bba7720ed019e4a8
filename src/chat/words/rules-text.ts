import type { GameVariantId } from '../../game/model.js';
import { rulesOf, type Messages } from '../../i18n/index.js';
import { VARIANT_WORDS } from '../commands/variant-words.js';

/** The variant whose rules a variant's paragraph changes (Bashni's relatives, Adiyukh's). */
const BASE: Partial<Record<GameVariantId, GameVariantId>> = {
  stolby: 'bashni',
  laska: 'bashni',
  giveaway: 'bashni',
  adiyukh: 'bashni',
  'bashni-double': 'bashni',
  'bashni-double-2': 'bashni',
  'bashni-double-11': 'bashni',
  borovikov: 'bashni',
  'adiyukh-8x10': 'adiyukh',
  'adiyukh-10x10': 'adiyukh',
  stavropol: 'adiyukh',
};

/**
 * /rules' answer, the same on every platform: every variant's rules without a word; with one
 * (a variant's name as people type it, in English or Russian), that variant's; else how to ask.
 * HTML, as the catalogue writes it (Discord's surface turns it into markdown).
 */
export function rulesAnswer(t: Messages, word: string | undefined): string {
  const asked = word?.trim().toLowerCase() ?? '';
  if (asked === '') return t.rules;
  const variant = VARIANT_WORDS[asked];
  if (variant === undefined) return t.rulesUsage;
  const base = BASE[variant];
  return t.variantRulesReply(
    t.variant(variant),
    rulesOf(t.variantRules, variant),
    base === undefined ? undefined : t.variant(base),
  );
}
