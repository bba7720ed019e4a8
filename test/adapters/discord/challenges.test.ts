/**
 * A second identical `/newgame opponent:@boris` replaces the first challenge: the first card
 * says it was withdrawn and loses its buttons, and its Accept — pressed from a client that
 * still shows it — starts nothing. Through real discord.js against the fake Discord.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { item } from '../../support/present.js';
import { isGameMessage, startFakeBot, type FakeBot } from './fake-bot.js';

let bot: FakeBot;

beforeAll(async () => {
  bot = await startFakeBot();
});

afterAll(async () => {
  await bot.close();
});

it('a second identical /newgame withdraws the first challenge, whose Accept is no longer live', async () => {
  const { fake } = bot;
  const guild = fake.addGuild({ name: 'Club', channels: [{ name: 'games' }] });
  const channelId = item(guild.channels, 0, 'channels').id;
  const anna = fake.newUser('anna', { global_name: 'Anna' });
  const boris = fake.newUser('boris', { global_name: 'Boris' });
  const newgame = async () =>
    (
      await bot.answered(
        fake.command({ user: anna, channelId, name: 'newgame', options: { opponent: boris } }),
      )
    ).original!;

  // The first card as Boris's client still shows it, Accept and all.
  const first = await newgame();
  const second = await newgame();
  expect(second.content).toContain(`<@${boris.id}>`);
  expect(second.pinged.users).toEqual([boris.id]);

  const withdrawn = fake.message(channelId, first.id);
  expect(withdrawn?.content).toContain('Anna withdrew the challenge.');
  expect(withdrawn?.components).toEqual([]);

  const late = await bot.answered(fake.press({ user: boris, message: first, label: '✅ Accept' }));
  expect(late.followups.at(-1)?.content ?? late.original?.content).toContain('no longer open');
  const games = await bot.service.queries.activeGames({ platform: 'discord', userId: anna.id });
  expect(games.ok && games.value).toEqual([]);

  // The new card is the one that starts the game.
  await bot.answered(fake.press({ user: boris, message: second, label: '✅ Accept' }));
  await fake.waitFor(() => fake.messages(channelId).some(isGameMessage));
  const started = await bot.service.queries.activeGames({ platform: 'discord', userId: anna.id });
  expect(started.ok && started.value.length).toBe(1);
});
