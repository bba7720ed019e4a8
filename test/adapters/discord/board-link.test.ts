/**
 * Open the board on Discord: the game message's button answers whoever presses with a link to
 * the live board page, ephemerally, signed for them and that game. Through real discord.js
 * against the fake Discord.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../../src/game/ports.js';
import { BOARD_LINK_TTL_MS, BoardLinks } from '../../../src/web/board-links.js';
import { purposeKey } from '../../../src/web/signed-payload.js';
import { item } from '../../support/present.js';
import { startFakeBot, type FakeBot } from './fake-bot.js';

const links = new BoardLinks('https://bot.example/', purposeKey('test', 'secret'), systemClock);
let bot: FakeBot;

beforeAll(async () => {
  bot = await startFakeBot({}, { boardLink: links });
});

afterAll(async () => {
  await bot.close();
});

it('answers Open the board with a link for the presser alone, bound to them and the game', async () => {
  const { fake } = bot;
  const guild = fake.addGuild({ name: 'Club', channels: [{ name: 'games' }] });
  const channelId = item(guild.channels, 0, 'channels').id;
  const anna = fake.newUser('anna', { global_name: 'Anna' });
  const boris = fake.newUser('boris', { global_name: 'Boris' });
  const carl = fake.newUser('carl', { global_name: 'Carl' });
  const board = await bot.startGame(channelId, anna, boris);
  const games = await bot.service.queries.activeGames({ platform: 'discord', userId: anna.id });
  const gameId = item(games.ok ? games.value : [], 0, 'the game').id;

  for (const user of [anna, carl]) {
    const pressed = await bot.answered(
      fake.press({ user, message: board, label: '📲 Open the board' }),
    );
    const answer = pressed.followups.at(-1) ?? pressed.original;
    expect(answer?.ephemeral).toBe(true);
    expect(answer?.content).toContain('10 minutes');
    const button = (answer?.components[0] as { components: { url?: string; style: number }[] })
      .components[0];
    expect(button?.style).toBe(5); // a link button: it opens the page, no interaction
    const ticket = new URL(button!.url!).searchParams.get('t')!;
    const read = links.read(ticket);
    expect(read).toMatchObject({
      ok: true,
      value: { platform: 'discord', userId: user.id, gameId },
    });
    expect(read.ok && read.value.expiresAt - Date.now()).toBeLessThanOrEqual(BOARD_LINK_TTL_MS);
  }
  // Nothing was posted in the channel for anyone else to take.
  expect(fake.messages(channelId).filter((m) => m.content.includes('?t='))).toEqual([]);
});
