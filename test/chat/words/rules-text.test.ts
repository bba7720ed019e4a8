import { describe, expect, it } from 'vitest';
import { rulesAnswer } from '../../../src/chat/words/rules-text.js';
import { VARIANT_IDS } from '../../../src/engine/index.js';
import { TABLE_VARIANT_IDS } from '../../../src/engine/multi/variants.js';
import { messagesOn, rulesOf } from '../../../src/i18n/index.js';

const VARIANTS = [...VARIANT_IDS, ...TABLE_VARIANT_IDS];

describe('/rules', () => {
  for (const lang of ['en', 'ru'] as const) {
    const t = messagesOn('telegram', lang);

    it(`${lang}: every variant's paragraph is in the whole text, which begins with Bashni's`, () => {
      expect(t.rules.startsWith(rulesOf(t.variantRules, 'bashni'))).toBe(true);
      for (const variant of VARIANTS) {
        const paragraph = rulesOf(t.variantRules, variant);
        expect(paragraph.length).toBeGreaterThan(40);
        // Each paragraph once: variants that share one point to it.
        expect(t.rules.split(paragraph)).toHaveLength(2);
      }
    });

    it(`${lang}: one variant's answer is its name, its paragraph and what it changes`, () => {
      for (const variant of VARIANTS) {
        const answer = rulesAnswer(t, variant);
        expect(answer.startsWith(`📖 <b>${t.variant(variant)}</b>\n`)).toBe(true);
        expect(answer).toContain(rulesOf(t.variantRules, variant));
      }
      expect(rulesAnswer(t, 'laska')).toContain(t.variant('bashni'));
      expect(rulesAnswer(t, 'stavropol')).toContain(t.variant('adiyukh'));
      expect(rulesAnswer(t, 'zhernov')).not.toContain(t.variant('bashni'));
    });

    it(`${lang}: no word gives every variant's rules, an unknown one how to ask`, () => {
      expect(rulesAnswer(t, undefined)).toBe(t.rules);
      expect(rulesAnswer(t, '  ')).toBe(t.rules);
      expect(rulesAnswer(t, 'chess')).toBe(t.rulesUsage);
      expect(rulesAnswer(t, 'constructor')).toBe(t.rulesUsage);
    });
  }

  it('takes the variant as people type it, in Russian too', () => {
    const t = messagesOn('telegram', 'ru');
    expect(rulesAnswer(t, 'Ласка')).toBe(rulesAnswer(t, 'laska'));
    expect(rulesAnswer(t, 'жернов')).toBe(rulesAnswer(t, 'zhernov'));
  });
});
