import { silentLogger } from '../../../src/game/logger.js';
/**
 * User text cannot inject markup: hostile display names run through every Discord message that
 * shows a name — challenge cards (open and to a user), the game message, the result and rating
 * notices, /top, /stats, /replay, /review, a table's lobby card, a tournament's card, pairings, winner and
 * standings — with the real discord.js against the fake Discord, which renders each message as
 * Discord does and counts who it would ping. Nothing links, nothing is formatted or mentioned by
 * a name, only the players meant to be pinged are, and the name reads as typed.
 */
import { REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscordBot, type DiscordApp } from '../../../src/adapters/discord/bot.js';
import { registerCommands } from '../../../src/adapters/discord/commands.js';
import { systemClock } from '../../../src/game/ports.js';
import { GameService } from '../../../src/game/service.js';
import { InProcessScheduler } from '../../../src/store/memory-scheduler.js';
import { MemoryKeyValueStore } from '../../../src/store/key-value.js';
import { MemoryLeagueStore } from '../../../src/store/memory-league-store.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import {
  FakeDiscord,
  type FakeUser,
  type InteractionHandle,
  type StoredMessage,
} from '../../support/discord/fake-discord.js';
import { renderMarkdown, type RenderedMarkdown } from '../../support/discord/markdown.js';
import { BYSTANDER_ID, HOSTILE_NAMES, INVISIBLE_NAME } from '../../support/hostile-names.js';
import { inlinePainter, inlineReviewPainter } from '../../support/painter.js';
import { inlineAnalysis } from '../../support/review-game.js';
import { testPuzzleService } from '../../support/puzzles.js';
import { item } from '../../support/present.js';
import { normaliseMoveText, quoteBack } from '../../../src/game/move-input.js';

let fake: FakeDiscord;
let app: DiscordApp;
let service: GameService;

beforeAll(async () => {
  // Discord's windows, shortened: a tournament posts more than 5 messages in 5 s.
  fake = await FakeDiscord.start({
    rateLimits: { messageCreate: { limit: 5, windowMs: 100 }, other: { limit: 50, windowMs: 100 } },
  });
  // The user a hostile name's `<@…>` points at: a ping would reach someone real.
  fake.newUser('bystander', { id: BYSTANDER_ID });
  await registerCommands(new REST({ api: fake.restApi }).setToken(fake.token), fake.applicationId);
  const kv = new MemoryKeyValueStore();
  service = new GameService({
    store: new MemoryGameStore(),
    scheduler: new InProcessScheduler(),
    logger: silentLogger,
    league: new MemoryLeagueStore(),
    analysis: inlineAnalysis(),
    kv,
    onEvents: (events) => app.presenter.handle(events),
  });
  app = createDiscordBot(
    {
      service,
      puzzles: testPuzzleService(systemClock),
      kv,
      clock: systemClock,
      logger: silentLogger,
      painter: inlinePainter,
      reviewPainter: inlineReviewPainter,
    },
    { restApi: fake.restApi },
  );
  await app.start(fake.token);
});

afterAll(async () => {
  await app.close(2_000);
  await fake.close();
});

/** Waits until the interaction is answered and everything it set off is done. */
async function answered(handle: InteractionHandle): Promise<InteractionHandle> {
  await handle.acknowledged();
  await fake.waitFor(() => handle.original === undefined || !handle.original.loading || undefined);
  await app.tasks.idle();
  return handle;
}

/** The texts of a message Discord renders as markdown: content, embed titles and bodies. */
function markdownOf(message: StoredMessage): string[] {
  const embedTexts = message.embeds.flatMap((embed) => [
    embed.title,
    embed.description,
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
  ]);
  return [message.content, ...embedTexts].filter(
    (text): text is string => text !== undefined && text !== '',
  );
}

/** Whose name a message shows, and how it should read. */
interface Named {
  readonly user: FakeUser;
  readonly shown: string;
}

/**
 * A message shows user text safely: no link, no mention but of `players`, nobody pinged but
 * them, and (when `named` is given) that user's name as plain text, its markup shown, not
 * applied — or a mention of them, which Discord itself shows by their name.
 */
function expectSafe(message: StoredMessage, players: readonly FakeUser[], named?: Named): void {
  const where = `message ${message.id}: ${JSON.stringify(markdownOf(message))}`;
  // Every message the bot sends says whom it may ping (without, Discord pings everything).
  expect(message.allowedMentions, `allowed_mentions of ${where}`).toMatchObject({ parse: [] });
  const meant = new Set(players.map((player) => player.id));
  const rendered = markdownOf(message).map(renderMarkdown);
  for (const text of rendered) {
    expect(text.links, `links in ${where}`).toEqual([]);
    const foreign = text.mentions.filter((m) => m.kind !== 'user' || !meant.has(m.id));
    expect(foreign, `mentions in ${where}`).toEqual([]);
  }
  for (const counted of [message.mentions, message.pinged]) {
    expect(counted.everyone, `@everyone in ${where}`).toBe(false);
    expect(counted.roles, `roles in ${where}`).toEqual([]);
    expect(
      counted.users.filter((id) => !meant.has(id)),
      `pinged in ${where}`,
    ).toEqual([]);
  }
  if (named === undefined) return;
  const shows = (text: RenderedMarkdown) =>
    text.plain.includes(named.shown) ||
    text.mentions.some((m) => m.kind === 'user' && m.id === named.user.id);
  expect(
    rendered.some(shows),
    `"${named.shown}" as plain text in ${where}\nrendered: ${JSON.stringify(rendered.map((r) => r.plain))}`,
  ).toBe(true);
}

function newest(channelId: string, test: (message: StoredMessage) => boolean): StoredMessage {
  const found = fake.messages(channelId).filter(test).at(-1);
  if (found === undefined) throw new Error(`no such message in ${channelId}`);
  return found;
}

const isBoard = (m: StoredMessage) => m.attachments.some((a) => a.filename === 'board.png');
const startsWith = (prefix: string) => (m: StoredMessage) => m.content.startsWith(prefix);

/** Resigns `user`'s active game by /resign and its confirmation. */
async function resign(user: FakeUser, channelId: string): Promise<void> {
  const asked = await answered(fake.command({ user, channelId, name: 'resign' }));
  await answered(fake.press({ user, message: asked.original!, label: '🏳️ Yes, resign' }));
}

/** `user`'s active games, as the service has them. */
async function activeGames(user: FakeUser) {
  const games = await service.activeGames({ platform: 'discord', userId: user.id });
  return games.ok ? games.value : [];
}

/** Two plies by /move (a game is rated from its second ply on). */
async function openingPlies(users: readonly FakeUser[], channelId: string): Promise<void> {
  const game = item(await activeGames(item(users, 0)), 0, 'active games');
  const white = users.find((user) => user.id === game.white.userId)!;
  const black = users.find((user) => user !== white)!;
  for (const [user, notation] of [
    [white, 'c3-d4'],
    [black, 'f6-g5'],
  ] as const)
    await answered(fake.command({ user, channelId, name: 'move', options: { notation } }));
}

/** A guild of its own for a name: its owner (who may run tournaments) bears the name. */
function world(name: string) {
  const hostile = fake.newUser(`hostile${fake.calls.length}`, { global_name: name });
  const guild = fake.addGuild({ name: 'Club', ownerId: hostile.id, channels: [{ name: 'games' }] });
  const boris = fake.newUser('boris', { global_name: 'Boris' });
  const carl = fake.newUser('carl', { global_name: 'Carl' });
  // The name as the bot should show it: as typed, or the username when nothing would show.
  const shown = name === INVISIBLE_NAME ? hostile.username : name;
  const named: Named = { user: hostile, shown };
  return { hostile, boris, carl, channelId: item(guild.channels, 0, 'channels').id, named };
}

describe.each(HOSTILE_NAMES.map((name) => [JSON.stringify(name), name]))(
  'Discord shows the name %s as text',
  (_, name) => {
    it('in challenge cards, the game message, the result and rating notices, /top, /stats, /replay and /review', async () => {
      const { hostile, boris, channelId, named } = world(name);
      const both = [hostile, boris];

      const open = await answered(fake.command({ user: hostile, channelId, name: 'newgame' }));
      expectSafe(open.original!, [hostile], named);
      await answered(fake.press({ user: hostile, message: open.original!, label: '✖️ Withdraw' }));
      expectSafe(fake.message(channelId, open.original!.id)!, [hostile], named);

      const card = await answered(
        fake.command({ user: hostile, channelId, name: 'newgame', options: { opponent: boris } }),
      );
      expectSafe(card.original!, both, named);
      expect(card.original!.pinged.users).toEqual([boris.id]);
      await answered(fake.press({ user: boris, message: card.original!, label: '✅ Accept' }));
      expectSafe(fake.message(channelId, card.original!.id)!, both, named);
      expectSafe(await fake.waitFor(() => fake.messages(channelId).find(isBoard)), both, named);

      await openingPlies(both, channelId);
      await resign(hostile, channelId);
      expectSafe(newest(channelId, isBoard), both, named);
      expectSafe(newest(channelId, startsWith('🏁')), both);
      expectSafe(newest(channelId, startsWith('📈')), both, named);

      const top = await answered(fake.command({ user: boris, channelId, name: 'top' }));
      expectSafe(top.original!, both, named);
      const own = await answered(fake.command({ user: hostile, channelId, name: 'stats' }));
      expectSafe(own.original!, both, named);
      // Boris's last results name his opponent.
      const theirs = await answered(fake.command({ user: boris, channelId, name: 'stats' }));
      expectSafe(theirs.original!, both, named);
      const replay = await answered(fake.command({ user: boris, channelId, name: 'replay' }));
      expectSafe(replay.original!, both, named);
      const review = await answered(fake.command({ user: boris, channelId, name: 'review' }));
      expectSafe(review.original!, both, named);

      const table = await answered(
        fake.command({
          user: hostile,
          channelId,
          name: 'newgame',
          options: { variant: 'zhernov' },
        }),
      );
      expectSafe(table.original!, [hostile], named);

      for (const message of fake.messages(channelId, { includeEphemeral: true }))
        expectSafe(message, both);
    });

    it('in what the bot says back of what was typed: /join, /replay and /move', async () => {
      const { hostile, boris, channelId } = world('Hostile');
      const both = [hostile, boris];
      const said = (handle: InteractionHandle) =>
        item(
          fake.ephemeral(hostile.id).filter((m) => m.interaction?.id === handle.id),
          0,
          'reply',
        );
      const join = await answered(
        fake.command({ user: hostile, channelId, name: 'join', options: { code: name } }),
      );
      expectSafe(said(join), both, { user: boris, shown: name.slice(0, 20) });
      const replay = await answered(
        fake.command({ user: hostile, channelId, name: 'replay', options: { game: name } }),
      );
      expectSafe(said(replay), both, { user: boris, shown: name.trim().slice(0, 64) });

      const card = await answered(
        fake.command({ user: hostile, channelId, name: 'newgame', options: { opponent: boris } }),
      );
      await answered(fake.press({ user: boris, message: card.original!, label: '✅ Accept' }));
      const game = item(await activeGames(hostile), 0, 'active games');
      if (game.white.userId === boris.id)
        await answered(
          fake.command({ user: boris, channelId, name: 'move', options: { notation: 'c3-d4' } }),
        );
      const move = await answered(
        fake.command({ user: hostile, channelId, name: 'move', options: { notation: name } }),
      );
      expectSafe(said(move), both, { user: boris, shown: quoteBack(normaliseMoveText(name)) });
    });

    it('in a tournament: the sign-up card, the pairings, the winner and the standings', async () => {
      const { hostile, boris, carl, channelId, named } = world(name);
      const players = [hostile, boris, carl];
      const opened = await answered(
        fake.command({ user: hostile, channelId, name: 'tournament', subcommand: 'new' }),
      );
      const card = opened.original!;
      expectSafe(card, players, named);
      for (const user of [boris, carl])
        await answered(fake.press({ user, message: card, label: '✋ Join' }));
      await answered(fake.press({ user: hostile, message: card, label: '▶️ Start' }));
      expectSafe(fake.message(channelId, card.id)!, players, named);
      const pairings = newest(channelId, startsWith('🏁'));
      expectSafe(pairings, players, named);
      expect(pairings.pinged.users.length).toBeGreaterThan(0);

      // Each round's game is resigned by its first player with a game, to the end.
      for (let round = 0; round < 3; round += 1) {
        const user = (
          await Promise.all(players.map(async (p) => ((await activeGames(p)).length > 0 ? p : [])))
        ).flat()[0];
        if (user !== undefined) await resign(user, channelId);
      }
      const winner = newest(channelId, startsWith('🥇'));
      expect(winner.pinged.users.length).toBeGreaterThan(0);
      const standings = await answered(fake.command({ user: boris, channelId, name: 'standings' }));
      for (const message of [winner, standings.original!]) expectSafe(message, players);
      // The standings picture draws the names; its text is the title.
      expect(
        fake
          .messages(channelId)
          .some((message) =>
            markdownOf(message).some((text) => renderMarkdown(text).plain.includes(named.shown)),
          ),
      ).toBe(true);
      for (const message of fake.messages(channelId, { includeEphemeral: true }))
        expectSafe(message, players);
    });
  },
);
