import { afterEach, describe, expect, it } from 'vitest';
import { messagesOn } from '../../../src/i18n/index.js';
import { textOf } from '../../support/text-of.js';
import { ANNA, BORIS, CHANNEL, DiscordHarness } from './harness.js';
import { shownText } from './league-helpers.js';

const en = messagesOn('discord', 'en');
const ru = messagesOn('discord', 'ru');

let harness: DiscordHarness;
afterEach(async () => {
  await harness.close();
});

describe('Discord: /settings language changes what the channel sees', () => {
  it('cards and public replies follow the channel; what the user alone reads follows them', async () => {
    harness = new DiscordHarness();
    // A member who does not manage the channel is told who may.
    const refused = await harness.command(BORIS, 'settings', { language: 'ru' });
    expect(textOf(refused.last?.content ?? '')).toBe(en.discord.settingsManagersOnly);
    expect(await harness.kv.get(`dc:settings:${CHANNEL}`)).toBeUndefined();

    await harness.command(ANNA, 'settings', { language: 'ru' }, { manages: true });
    // The board's orientation, set later, keeps the language.
    await harness.command(ANNA, 'settings', { orientation: 'mover' }, { manages: true });
    expect(await harness.kv.get(`dc:settings:${CHANNEL}`)).toBe(
      JSON.stringify({ lang: 'ru', orientation: 'mover' }),
    );

    // Anna's client speaks English; the card she posts is the channel's, in Russian.
    const card = await harness.command(ANNA, 'newgame', { days: 5 }, { locale: 'en-US' });
    expect(textOf(card.last?.content ?? '')).toContain('ищет соперника');
    const play = await harness.command(ANNA, 'play', { level: 2 }, { locale: 'en-US' });
    const board = harness.out.messages.find((m) => m.id === play.created.at(0)?.id);
    expect(shownText(board!)).toContain(`⚫ ${ru.botName(2)}`);
    // What she alone is told is in her language.
    const refusal = await harness.command(BORIS, 'resign', {}, { locale: 'en-US' });
    expect(textOf(refusal.last?.content ?? '')).toBe(en.errors.noGameHere);
  });
});
