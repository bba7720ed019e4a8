import { afterEach, describe, expect, it } from 'vitest';
import { ANNA, DiscordHarness } from './harness.js';

let harness: DiscordHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** The embed's text an answer shows. */
const embedText = (last: Record<string, unknown> | undefined) =>
  (last?.embeds as { description?: string }[] | undefined)?.[0]?.description;

describe('Discord: /rules', () => {
  it('with a variant, that variant’s section (in the user’s language); without, every one', async () => {
    harness = new DiscordHarness();
    const laska = await harness.command(ANNA, 'rules', { variant: 'laska' });
    expect(embedText(laska.last)).toMatch(
      /^📖 \*\*Laska\*\*\nLaska: 7×7 board.*The rest as in Bashni\.$/s,
    );
    const ru = await harness.command(ANNA, 'rules', { variant: 'zhernov' }, { locale: 'ru' });
    expect(embedText(ru.last)).toMatch(/^📖 \*\*Шашки Жернова/);
    expect(embedText(ru.last)).not.toContain('Остальное');
    const all = await harness.command(ANNA, 'rules');
    expect(embedText(all.last)).toMatch(/^\*\*Bashni\*\* is Russian draughts/);
  });
});
