/**
 * The Discord app's sweep of pending game messages: a game message whose edit failed (Discord
 * answering 500 more often than discord.js retries) is brought up to date by the next sweep,
 * which the app runs at start and every `sweepMs` — through real discord.js against the fake.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DiscordError } from '../../support/discord/api-error.js';
import { item } from '../../support/present.js';
import { until } from '../../support/until.js';
import { PENDING_GAMES } from '../../../src/adapters/discord/chat-state.js';
import { startFakeBot, type FakeBot } from './fake-bot.js';

let bot: FakeBot;

beforeAll(async () => {
  // Sweeps at test speed: every 100 ms instead of every minute.
  bot = await startFakeBot({ sweepMs: 100 });
});

afterAll(async () => {
  await bot.close();
});

it('brings a game message whose edit failed six times up to date at the next sweep', async () => {
  const { fake, service } = bot;
  const guild = fake.addGuild({ name: 'Club', channels: [{ name: 'games' }] });
  const channelId = item(guild.channels, 0, 'channels').id;
  const anna = fake.newUser('anna', { global_name: 'Anna' });
  const boris = fake.newUser('boris', { global_name: 'Boris' });
  const board = await bot.startGame(channelId, anna, boris);
  const games = await service.queries.activeGames({ platform: 'discord', userId: anna.id });
  if (!games.ok) throw new Error(games.code);
  const game = item(games.value, 0, 'games');
  const mover = game.white.userId === anna.id ? anna : boris;

  // Every edit of the game message fails, six times: more than discord.js's retries of a 500.
  const edit = { method: 'PATCH', path: new RegExp(`/messages/${board.id}$`) };
  for (let i = 0; i < 6; i++)
    fake.failNext(edit, new DiscordError(500, 0, '500: Internal Server Error'));
  await bot.answered(
    fake.command({ user: mover, channelId, name: 'move', options: { notation: 'c3-d4' } }),
  );
  expect(fake.callsTo(edit).filter((call) => call.status === 500).length).toBeGreaterThan(0);

  // The sweep brings it up to date (no wait for a minute: the sweep runs every 100 ms here).
  const shown = await fake.waitFor(() =>
    fake.message(channelId, board.id)?.embeds[0]?.description?.includes('c3-d4') === true
      ? fake.message(channelId, board.id)
      : undefined,
  );
  expect(shown.components.length).toBeGreaterThan(0);
  expect(fake.callsTo(edit).filter((call) => call.status === 500)).toHaveLength(6);
  await until(
    async () => (await bot.kv.setMembers(PENDING_GAMES)).length === 0,
    'the game to be no longer pending',
    5_000,
  );
});
