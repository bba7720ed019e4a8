/**
 * Two games in one channel: /move, /resign, /draw, /board and /pdn take a `game` option that
 * suggests the user's games as they type (autocomplete); without it, the user alone is asked
 * which game, with a button per game that runs the command on it. Through real discord.js
 * against the fake Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveViews } from '../../../src/adapters/discord/identity.js';
import type { Game } from '../../../src/game/model.js';
import { messages } from '../../../src/i18n/index.js';
import type {
  FakeUser,
  InteractionHandle,
  StoredMessage,
} from '../../support/discord/fake-discord.js';
import { item } from '../../support/present.js';
import { isGameMessage, startFakeBot, type FakeBot } from './fake-bot.js';

const en = messages('en');
const ru = messages('ru');

let bot: FakeBot;
let channelId: string;
let anna: FakeUser;
let boris: FakeUser;
let carl: FakeUser;
/** Anna's games, with Boris and with Carl (her move in both), and one of Boris with Carl. */
let withBoris: Game;
let withCarl: Game;
let foreign: Game;

beforeAll(async () => {
  bot = await startFakeBot();
  const { fake } = bot;
  const guild = fake.addGuild({ name: 'Club', channels: [{ name: 'games' }] });
  channelId = item(guild.channels, 0, 'channels').id;
  anna = fake.newUser('anna', { global_name: 'Anna' });
  boris = fake.newUser('boris', { global_name: 'Boris' });
  carl = fake.newUser('carl', { global_name: 'Carl' });
  await bot.startGame(channelId, anna, boris);
  await bot.startGame(channelId, anna, carl);
  await bot.startGame(channelId, boris, carl);
  for (const game of await activeGames(anna)) {
    // Where Anna has Black, White's first move: her move in both games.
    if (game.black.userId === anna.id) {
      const played = await bot.service.moves.play(game.id, game.white, 'c3-d4');
      if (!played.ok) throw new Error(played.message);
    }
  }
  await bot.app.tasks.idle();
  [withBoris, withCarl] = await Promise.all([gameWith(boris), gameWith(carl)]);
  foreign = item(
    (await activeGames(boris)).filter((game) => game.id !== withBoris.id),
    0,
    'games of Boris',
  );
});

afterAll(async () => {
  await bot.close();
});

async function activeGames(user: FakeUser): Promise<Game[]> {
  const found = await bot.service.queries.activeGames({ platform: 'discord', userId: user.id });
  if (!found.ok) throw new Error(found.code);
  return found.value;
}

async function gameWith(opponent: FakeUser): Promise<Game> {
  const games = await activeGames(anna);
  const game = games.find((g) => [g.white.userId, g.black.userId].includes(opponent.id));
  if (game === undefined) throw new Error(`no game of Anna with ${opponent.username}`);
  return game;
}

/** Anna's command here; its answer, which must be for her only. */
async function command(
  name: string,
  options: Record<string, string> = {},
  locale?: string,
): Promise<StoredMessage> {
  const handle = await bot.answered(
    bot.fake.command({ user: anna, channelId, name, options, ...(locale ? { locale } : {}) }),
  );
  return privateAnswer(handle, `/${name}`);
}

function privateAnswer(handle: InteractionHandle, what: string): StoredMessage {
  const answer = handle.followups.at(-1) ?? handle.original;
  expect(answer?.ephemeral, `${what}: the answer is for the user only`).toBe(true);
  expect(answer?.visibleTo).toBe(anna.id);
  return answer!;
}

/** The buttons of a message (Discord's JSON), flattened out of their rows. */
function buttonsIn(message: StoredMessage): { label?: string; custom_id?: string }[] {
  return message.components.flatMap(
    (row) => (row.components as { label?: string; custom_id?: string }[] | undefined) ?? [],
  );
}

/** How the question names a game of Anna's: "vs Boris (Bashni, move 1)". */
const words = (opponent: string): string => en.gameVs(opponent, en.variant('bashni'), 1);

/** The move Anna can make in `game` now. */
const annasMove = (game: Game): string => (game.white.userId === anna.id ? 'c3-d4' : 'f6-g5');

/** Asserts the "which game?" question and returns it. */
function expectChoice(answer: StoredMessage): StoredMessage {
  // Discord's own words: slash commands cannot reply to a board.
  expect(answer.content).not.toMatch(/reply/i);
  expect(answer.content).toBe(en.discord.chooseGame('game'));
  expect(answer.content).toContain('`game:`');
  const buttons = buttonsIn(answer);
  expect(buttons.map((b) => b.label).sort()).toEqual([words('Boris'), words('Carl')]);
  const ids = buttons.map((b) => b.custom_id!);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id.length).toBeLessThanOrEqual(100);
  return answer;
}

async function pressGame(message: StoredMessage, opponent: string): Promise<InteractionHandle> {
  return bot.answered(bot.fake.press({ user: anna, message, label: words(opponent) }));
}

describe('two games in one channel', () => {
  it('/resign asks which game, with a button each; the press asks to resign that one', async () => {
    const choice = expectChoice(await command('resign'));
    const pressed = await pressGame(choice, 'Carl');
    expect(pressed.ack?.type, 'the question replaces the choice').toBe(7);
    const question = pressed.original!;
    expect(question.id).toBe(choice.id);
    expect(question.content).toMatch(
      new RegExp(`^Resign your game vs Carl \\(Bashni, move 1\\)\\?`),
    );
    expect(buttonsIn(question).map((b) => b.label)).toEqual([en.resignYes, en.resignNo]);
    expect((await gameWith(carl)).status).toBe('active');
  });

  it('/pdn game: gives that game at once; /draw with a foreign or invalid game says so', async () => {
    const pdn = await command('pdn', { game: withCarl.id });
    expect(pdn.attachments.map((file) => file.filename)).toEqual([
      expect.stringContaining(withCarl.id),
    ]);
    expect(pdn.components).toEqual([]);
    for (const game of [foreign.id, 'no-such-game']) {
      const refused = await command('draw', { game });
      expect(refused.content).toBe(en.discord.unknownGameOption('game'));
    }
    expect((await gameWith(carl)).drawOffer ?? undefined).toBeUndefined();
  });

  it('/board asks which game; the press posts that board in the channel as its live message', async () => {
    const choice = expectChoice(await command('board'));
    const pressed = await pressGame(choice, 'Carl');
    const posted = pressed.original!;
    expect(posted.ephemeral).toBe(false);
    expect(isGameMessage(posted)).toBe(true);
    const game = await gameWith(carl);
    expect(liveViews(game.views).map((view) => view.messageId)).toEqual([posted.id]);
  });

  it('suggests her games by opponent as she types the game option, in her language', async () => {
    const suggest = async (typed: string, locale?: string) => {
      const handle = bot.fake.autocomplete({
        user: anna,
        channelId,
        name: 'resign',
        focused: 'game',
        options: { game: typed },
        ...(locale ? { locale } : {}),
      });
      const ack = await handle.acknowledged();
      expect(ack.type).toBe(8);
      expect(ack.afterMs).toBeLessThan(bot.fake.ackTimeoutMs);
      return (ack.data?.choices as { name: string; value: string }[]).map((c) => [c.name, c.value]);
    };
    const everything = await suggest('');
    expect(everything.sort()).toEqual(
      [
        [words('Boris'), withBoris.id],
        [words('Carl'), withCarl.id],
      ].sort(),
    );
    expect(await suggest('car')).toEqual([[words('Carl'), withCarl.id]]);
    expect(await suggest('car', 'ru')).toEqual([
      [ru.gameVs('Carl', ru.variant('bashni'), 1), withCarl.id],
    ]);
    expect(await suggest('nobody')).toEqual([]);
  });

  it('asks in Russian with the option’s Russian name', async () => {
    const answer = await command('pdn', {}, 'ru');
    expect(answer.content).toBe(ru.discord.chooseGame('партия'));
    expect(answer.content).toContain('`партия:`');
  });
  it('/move with a move too long for a button asks to type it again with the game option', async () => {
    const answer = await command('move', { notation: 'c3:e5:g7:e5:c3:a5:c3:e5:g7:e5:c3:a5' });
    expect(answer.content).toBe(en.discord.severalGamesOption('move', 'game'));
    expect(answer.components).toEqual([]);
  });

  // Last: after it, Anna's move is in one game only (which /move then takes without asking).
  it('/move asks which game and keeps the move typed: the press plays it there', async () => {
    const move = annasMove(withBoris);
    const choice = expectChoice(await command('move', { notation: move }));
    const pressed = await pressGame(choice, 'Boris');
    expect(pressed.original?.content).toContain(`You played ${move}.`);
    const after = await gameWith(boris);
    expect(after.moves.at(-1)).toBe(move);
    expect((await gameWith(carl)).moves).toEqual(withCarl.moves);
  });
});
