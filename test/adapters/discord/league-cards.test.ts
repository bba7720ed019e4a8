import { PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { splitLines } from '../../../src/adapters/discord/text-fit.js';
import { MAX_ENTRANTS } from '../../../src/game/tournament-rules.js';
import { MESSAGE_LIMITS } from '../../support/discord/validate-message.js';
import { item } from '../../support/present.js';
import type { FakeUser } from './fake-interaction.js';
import { CHANNEL, DiscordHarness } from './harness.js';
import { buttonOf, expectWithinLimits, replyRef, shownText } from './league-helpers.js';

let harness: DiscordHarness;
afterEach(async () => {
  await (harness as DiscordHarness | undefined)?.close();
});

/** A user whose display name is as long as Discord allows, and full of markdown. */
function longNamed(index: number): FakeUser {
  const id = String(300_000_000_000_001_000n + BigInt(index));
  const name = `*_${String(index).padStart(2, '0')}_*`.padEnd(32, '~');
  return { id, username: `player${index}`, globalName: name };
}

describe('Discord: league messages at their largest', () => {
  it('keeps a full Swiss field’s card and pairings within Discord’s limits, pinging everyone', async () => {
    harness = new DiscordHarness({ league: true });
    const field = Array.from({ length: MAX_ENTRANTS.swiss }, (_, index) => longNamed(index));
    const [organiser, ...others] = field;
    const card = await harness.command(
      organiser!,
      'tournament new',
      { format: 'swiss' },
      { permissions: [PermissionFlagsBits.ManageGuild] },
    );
    const cardRef = replyRef(card);
    for (const user of others)
      await harness.press(user, buttonOf(card.last, 'tournament-join'), cardRef);
    const full = await harness.press(
      longNamed(99),
      buttonOf(card.last, 'tournament-join'),
      cardRef,
    );
    expect(String(full.last?.content)).toBe('The tournament is full.');

    const since = harness.out.messages.length;
    await harness.press(organiser!, buttonOf(card.last, 'tournament-start'), cardRef);
    const pairings = harness.out.messages
      .slice(since)
      .filter((message) => (message.message.content ?? '').includes(' — ⚫ '));
    const boards = pairings.flatMap((message) =>
      (message.message.content ?? '').split('\n').filter((line) => line.includes(' — ⚫ ')),
    );
    expect(boards).toHaveLength(MAX_ENTRANTS.swiss / 2);
    expect(shownText(item(pairings, 0))).toContain('**Round 1 of');
    const pinged = new Set(pairings.flatMap((message) => [...(message.message.pings ?? [])]));
    expect(pinged).toEqual(new Set(field.map((user) => user.id)));
    expectWithinLimits(harness.out.in(CHANNEL));
  });

  it('splits a long text between lines, keeping every line', () => {
    const lines = Array.from({ length: 120 }, (_, index) => `${index}. ${'x'.repeat(index % 40)}`);
    const text = lines.join('\n');
    const parts = splitLines(text, 500);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(500);
    expect(parts.join('\n')).toBe(text);
    expect(splitLines('short', MESSAGE_LIMITS.content)).toEqual(['short']);
    const long = splitLines(`a\n${'y'.repeat(30)}\nb`, 10);
    expect(long.every((part) => part.length <= 10)).toBe(true);
  });
});
