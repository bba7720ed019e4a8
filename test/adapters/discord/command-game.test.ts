/**
 * Commands about a game typed in a channel where it is not shown (the user's only game is in
 * #games, the command in #random): each acts on the game where it lives, and its answer here —
 * only the user sees it — names the game and where it is, with a link to its game message.
 * Through real discord.js against the fake Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveViews } from '../../../src/adapters/discord/identity.js';
import type { Game } from '../../../src/game/model.js';
import type { FakeUser, StoredMessage } from '../../support/discord/fake-discord.js';
import { item } from '../../support/present.js';
import { isGameMessage, startFakeBot, type FakeBot } from './fake-bot.js';

let bot: FakeBot;
let guildId: string;
let games: string;
let random: string;
/** The player with White (to move first), and the one with Black. */
let white: FakeUser;
let black: FakeUser;
let board: StoredMessage;
let gameId: string;

beforeAll(async () => {
  bot = await startFakeBot();
  const { fake } = bot;
  const guild = fake.addGuild({ name: 'Club', channels: [{ name: 'games' }, { name: 'random' }] });
  guildId = guild.id;
  games = item(guild.channels, 0, 'channels').id;
  random = item(guild.channels, 1, 'channels').id;
  const anna = fake.newUser('anna', { global_name: 'Anna' });
  const boris = fake.newUser('boris', { global_name: 'Boris' });
  board = await bot.startGame(games, anna, boris);
  const game = await theGame(anna);
  gameId = game.id;
  [white, black] = game.white.userId === anna.id ? [anna, boris] : [boris, anna];
});

afterAll(async () => {
  await bot.close();
});

async function theGame(user: FakeUser): Promise<Game> {
  const found = await bot.service.queries.activeGames({ platform: 'discord', userId: user.id });
  if (!found.ok) throw new Error(found.code);
  return item(found.value, 0, 'active games');
}

/** `user`'s command in #random; its answer, which must be for the user only. */
async function inRandom(
  user: FakeUser,
  name: string,
  options: Record<string, string> = {},
): Promise<StoredMessage> {
  const handle = await bot.answered(bot.fake.command({ user, channelId: random, name, options }));
  const answer = handle.followups.at(-1) ?? handle.original;
  expect(answer?.ephemeral, `/${name}: the answer is for the user only`).toBe(true);
  expect(answer?.visibleTo).toBe(user.id);
  return answer!;
}

/** What the answer says of where the game is: the channel and a link to the game message. */
function place(): { channel: string; link: string } {
  return {
    channel: `<#${games}>`,
    link: `https://discord.com/channels/${guildId}/${games}/${board.id}`,
  };
}

describe('a command about a game that lives in another channel', () => {
  it('/move plays it there; the answer here names the game and links to it', async () => {
    const answer = await inRandom(white, 'move', { notation: 'c3-d4' });
    expect(answer.content).toContain('You played c3-d4.');
    expect(answer.content).toContain(
      `Your game vs ${black.global_name} (Bashni, move 1) is in ${place().channel}: [its board](${place().link}).`,
    );
    const shown = await bot.fake.waitFor(() =>
      bot.fake.message(games, board.id)?.embeds[0]?.description?.includes('c3-d4'),
    );
    expect(shown).toBe(true);
    expect(bot.fake.messages(random)).toEqual([]);
  });

  it('/draw posts the offer under the game message there, and the answer here links to it', async () => {
    const answer = await inRandom(black, 'draw');
    expect(answer.content).toContain('offers a draw');
    expect(answer.content).toContain(
      `The offer is posted in ${place().channel}, under [your game vs ${white.global_name} (Bashni, move 1)](${place().link}).`,
    );
    const notice = bot.fake
      .messages(games)
      .find((message) => message.content.includes('offers a draw'));
    expect(notice?.replyTo).toBe(board.id);
    expect(bot.fake.messages(random)).toEqual([]);
  });

  it('/resign names the game it would resign, and where it is', async () => {
    const answer = await inRandom(white, 'resign');
    expect(answer.content).toMatch(
      new RegExp(`^Resign your game vs ${black.global_name} \\(Bashni, move 1\\)\\?\\n`),
    );
    expect(answer.content).toContain(`is in ${place().channel}: [its board](${place().link})`);
    expect((await theGame(white)).status).toBe('active');
  });

  it('/board shows the board here to the user only, and the game keeps its one live message', async () => {
    const answer = await inRandom(white, 'board');
    expect(isGameMessage(answer)).toBe(true);
    // A snapshot: not kept up to date, so without the buttons of the live message.
    expect(answer.components).toEqual([]);
    expect(answer.content).toContain(`It is played in ${place().channel}`);
    expect(answer.content).toContain(`[go there](${place().link})`);
    // Nothing public here, and the game is still shown in #games only, with its buttons.
    expect(bot.fake.messages(random)).toEqual([]);
    const game = await bot.service.queries.getGame(gameId);
    if (!game.ok) throw new Error(game.code);
    expect(liveViews(game.value.views).map((view) => view.chatId)).toEqual([games]);
    expect(bot.fake.message(games, board.id)?.components.length).toBeGreaterThan(0);
  });

  it('/pdn gives the record here and says where the game is', async () => {
    const answer = await inRandom(black, 'pdn');
    expect(answer.attachments.map((file) => file.filename)).toEqual([
      expect.stringMatching(/\.pdn$/),
    ]);
    expect(answer.content).toContain(`is in ${place().channel}: [its board](${place().link})`);
  });
});
