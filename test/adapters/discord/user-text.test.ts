/**
 * User text cannot inject markup: hostile display names run through every Discord message that
 * shows a name — challenge cards (open and to a user), the game message, the result and rating
 * notices, /top, /stats, /replay, /review, a table's lobby card, a tournament's card, pairings,
 * winner and standings — with the real discord.js against the fake Discord, which renders each
 * message as Discord does and counts who it would ping. Nothing links, nothing is formatted or
 * mentioned by a name, only the players meant to be pinged are, and the name reads as typed.
 *
 * Several names share a flow: two hostile players play each game, a tournament's field is all
 * hostile names. Each flow has a guild of its own.
 */
import { REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscordBot, type DiscordApp } from '../../../src/adapters/discord/bot.js';
import { registerCommands } from '../../../src/adapters/discord/commands.js';
import { silentLogger } from '../../../src/game/logger.js';
import { normaliseMoveText, quoteBack } from '../../../src/game/move-input.js';
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
import {
  BYSTANDER_ID,
  hostileGroups,
  HOSTILE_NAMES,
  INVISIBLE_NAME,
  titled,
} from '../../support/hostile-names.js';
import { inlineReviewPainter, quickPainter } from '../../support/painter.js';
import { item } from '../../support/present.js';
import { testPuzzleService } from '../../support/puzzles.js';
import { inlineAnalysis, QUICK_REVIEW_NODES } from '../../support/review-game.js';

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
    // A shallow review: what it says of the moves is not what is tested here.
    analysis: inlineAnalysis(QUICK_REVIEW_NODES),
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
      // Smaller animations: the pictures are drawn and checked, not looked at.
      painter: quickPainter,
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

/** Text a message should show: a name (then a mention of its user will do) or what was typed. */
interface Shown {
  readonly shown: string;
  readonly user?: FakeUser;
}

/** A player of a flow: a user bearing a hostile name, and the name as the bot should show it. */
interface Member extends Shown {
  readonly user: FakeUser;
}

/** A flow's channel and its members, named for the failure messages. */
interface Club {
  readonly label: string;
  readonly channelId: string;
  readonly members: readonly Member[];
  readonly users: readonly FakeUser[];
}

let clubs = 0;
/** A guild of its own for a flow; its owner (who may run tournaments) is the first member. */
function club(label: string, names: readonly string[]): Club {
  clubs += 1;
  const members = names.map((name, index): Member => {
    const user = fake.newUser(`player${clubs}x${index}`, { global_name: name });
    // As typed, or the username when nothing would show.
    return { user, shown: name === INVISIBLE_NAME ? user.username : name };
  });
  const owner = item(members, 0, 'members').user;
  const guild = fake.addGuild({ name: 'Club', ownerId: owner.id, channels: [{ name: 'games' }] });
  const channelId = item(guild.channels, 0, 'channels').id;
  return { label, channelId, members, users: members.map((m) => m.user) };
}

/**
 * A message shows user text safely: no link, no mention but of `players`, nobody pinged but
 * them, and each of `shows` as plain text, its markup shown, not applied — or for a name, a
 * mention of its user, which Discord itself shows by their name.
 */
function expectSafe(
  kind: string,
  message: StoredMessage,
  players: readonly FakeUser[],
  shows: readonly Shown[] = [],
): void {
  const where = `${kind}, message ${message.id}: ${JSON.stringify(markdownOf(message))}`;
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
  for (const { shown, user } of shows) {
    const holds = (text: RenderedMarkdown) =>
      text.plain.includes(shown) ||
      text.mentions.some((m) => m.kind === 'user' && m.id === user?.id);
    expect(
      rendered.some(holds),
      `"${shown}" as plain text in ${where}\nrendered: ${JSON.stringify(rendered.map((r) => r.plain))}`,
    ).toBe(true);
  }
}

/** Every message of the club's channel, ephemeral and deleted ones too, is safe. */
function expectAllSafe(club: Club): void {
  const all = fake.messages(club.channelId, { includeEphemeral: true, includeDeleted: true });
  for (const message of all) expectSafe(`a message in ${club.label}`, message, club.users);
}

/** The club's newest message that passes `test` (it is `kind`, for the failure message). */
function newest(club: Club, kind: string, test: (m: StoredMessage) => boolean): StoredMessage {
  const found = fake.messages(club.channelId).filter(test).at(-1);
  if (found === undefined) throw new Error(`no ${kind} in ${club.label}`);
  return found;
}

/** A message as it is now (after its edits). */
const now = (message: StoredMessage) => fake.message(message.channelId, message.id)!;

const startsWith = (prefix: string) => (m: StoredMessage) => m.content.startsWith(prefix);

/** Runs a command in the club's channel; returns its answer. */
async function run(
  club: Club,
  user: FakeUser,
  name: string,
  options?: Parameters<FakeDiscord['command']>[0]['options'],
): Promise<StoredMessage> {
  const handle = await answered(fake.command({ user, channelId: club.channelId, name, options }));
  return handle.original!;
}

async function press(user: FakeUser, message: StoredMessage, label: string): Promise<void> {
  await answered(fake.press({ user, message, label }));
}

/** Resigns `user`'s active game by /resign and its confirmation. */
async function resign(user: FakeUser, club: Club): Promise<void> {
  await press(user, await run(club, user, 'resign'), '🏳️ Yes, resign');
}

/** `member`'s active game, its players as members (White first) and its message in the club. */
async function gameOf(club: Club, member: Member) {
  const games = await service.queries.activeGames({ platform: 'discord', userId: member.user.id });
  const game = games.ok ? games.value[0] : undefined;
  if (game === undefined) return undefined;
  const seat = (userId: string) => club.members.find((m) => m.user.id === userId)!;
  const players = [seat(game.white.userId), seat(game.black.userId)] as const;
  const view = game.views.find((v) => v.platform === 'discord' && v.chatId === club.channelId);
  const message = fake.message(club.channelId, view?.messageId ?? '');
  if (message === undefined) throw new Error(`no message of game ${game.id} in ${club.label}`);
  return { id: game.id, players, message };
}

// Two hostile players a game (the odd name out plays a plain name).
const PAIRS = hostileGroups(2);
// A tournament's field of eight.
const FIELDS = hostileGroups(8);

describe('Discord shows hostile names as text', () => {
  it.each(PAIRS.map(titled))(
    'in challenge cards of %s (open, withdrawn, to a player, declined, accepted) and lobby cards',
    async (label, names) => {
      const pair = club(`the cards of ${label}`, names);
      const [a, b] = pair.members as [Member, Member];
      const both = pair.users;
      const where = (kind: string) => `${kind} in ${pair.label}`;
      for (const member of pair.members) {
        const open = await run(pair, member.user, 'newgame');
        expectSafe(where('the open challenge card'), open, [member.user], [member]);
        await press(member.user, open, '✖️ Withdraw');
        expectSafe(where('the withdrawn challenge card'), now(open), [member.user], [member]);
      }
      // A challenge to a player pings them alone; b's is declined, a's accepted.
      const declined = await run(pair, b.user, 'newgame', { opponent: a.user });
      expectSafe(where('the challenge card to a player'), declined, both, [b]);
      expect(declined.pinged.users, where('the challenge card to a player')).toEqual([a.user.id]);
      await press(a.user, declined, '✖️ Decline');
      expectSafe(where('the declined challenge card'), now(declined), both, [b]);
      const card = await run(pair, a.user, 'newgame', { opponent: b.user });
      expectSafe(where('the challenge card to a player'), card, both, [a]);
      expect(card.pinged.users, where('the challenge card to a player')).toEqual([b.user.id]);
      await press(b.user, card, '✅ Accept');
      expectSafe(where('the accepted challenge card'), now(card), both, [a, b]);
      for (const member of pair.members) {
        const lobby = await run(pair, member.user, 'newgame', { variant: 'zhernov' });
        expectSafe(where('the lobby card'), lobby, [member.user], [member]);
      }
      expectAllSafe(pair);
    },
  );

  it.each(FIELDS.map(titled))(
    'in a Swiss tournament of %s: the sign-up card, the pairings, the games (game message, result, ratings, /replay, /review), /top, /stats, the standings and the winner',
    async (label, names) => {
      const event = club(`the tournament of ${label}`, names);
      const [organiser, ...others] = event.members as [Member, ...Member[]];
      const everyone = event.users;
      const where = (kind: string) => `${kind} in ${event.label}`;
      // One round (every one of the eight plays), one day a move.
      const opened = await answered(
        fake.command({
          user: organiser.user,
          channelId: event.channelId,
          name: 'tournament',
          subcommand: 'new',
          options: { format: 'swiss', rounds: 1, days: 1 },
        }),
      );
      const card = opened.original!;
      expectSafe(where('the sign-up card'), card, everyone, [organiser]);
      for (const { user } of others) await press(user, card, '✋ Join');
      expectSafe(where('the sign-up card'), now(card), everyone, event.members);
      await press(organiser.user, card, '▶️ Start');
      expectSafe(where('the sign-up card, started'), now(card), everyone, event.members);
      const pairings = newest(event, 'pairings', startsWith('🏁 **Round'));
      expectSafe(where('the pairings'), pairings, everyone, event.members);
      expect(pairings.pinged.users.length, where('the pairings')).toBeGreaterThan(0);

      // Each game rated (two plies), then White resigns: the winners are the Black players.
      const winners: Member[] = [];
      const opponents = new Map<Member, Member>();
      for (const member of event.members) {
        const game = await gameOf(event, member);
        if (game === undefined) continue;
        const [white, black] = game.players;
        expectSafe(where('the game message'), game.message, everyone, game.players);
        await run(event, white.user, 'move', { notation: 'c3-d4' });
        await run(event, black.user, 'move', { notation: 'f6-g5' });
        await resign(white.user, event);
        winners.push(black);
        opponents.set(white, black).set(black, white);
        expectSafe(where('the game message at the end'), now(game.message), everyone, game.players);
        const result = newest(event, 'result', (m) => /^🏁 (White|Black) wins/.test(m.content));
        expectSafe(where('the result'), result, everyone);
        const ratings = newest(event, 'ratings', startsWith('📈'));
        expectSafe(where('the ratings'), ratings, everyone, game.players);
        const replay = await run(event, black.user, 'replay', { game: game.id });
        expectSafe(where('/replay'), replay, everyone, game.players);
        const review = await run(event, black.user, 'review');
        expectSafe(where('/review'), review, everyone, game.players);
      }
      expectSafe(where('/top'), await run(event, organiser.user, 'top'), everyone, event.members);
      // Each one's stats name them, and their last opponent.
      for (const member of event.members) {
        const stats = await run(event, member.user, 'stats');
        expectSafe(where('/stats'), stats, everyone, [member, opponents.get(member)!]);
      }
      const winner = newest(event, 'winner', startsWith('🥇'));
      expectSafe(where('the winner'), winner, everyone, winners);
      expect(winner.pinged.users.length, where('the winner')).toBeGreaterThan(0);
      // The standings picture draws the names; its text is the title.
      expectSafe(where('the standings'), await run(event, organiser.user, 'standings'), everyone);
      expectAllSafe(event);
    },
  );

  it('in what the bot says back of what was typed: /join, /replay and /move', async () => {
    const chat = club('what was typed', ['Hostile', 'Boris']);
    const [typist, boris] = chat.users as [FakeUser, FakeUser];
    // Answers only the typist sees.
    const said = async (name: string, options: Record<string, string>) => {
      const handle = await answered(
        fake.command({ user: typist, channelId: chat.channelId, name, options }),
      );
      const answers = fake.ephemeral(typist.id).filter((m) => m.interaction?.id === handle.id);
      return item(answers, 0, `the answer to /${name}`);
    };
    const card = await run(chat, typist, 'newgame', { opponent: boris });
    await press(boris, card, '✅ Accept');
    const game = await gameOf(chat, chat.members[0]!);
    if (game?.players[0].user === boris) await run(chat, boris, 'move', { notation: 'c3-d4' });
    for (const name of HOSTILE_NAMES) {
      const where = (command: string) => `${command} ${JSON.stringify(name)}`;
      const join = await said('join', { code: name });
      expectSafe(where('/join'), join, chat.users, [{ shown: name.slice(0, 20) }]);
      const replay = await said('replay', { game: name });
      expectSafe(where('/replay'), replay, chat.users, [{ shown: name.trim().slice(0, 64) }]);
      const move = await said('move', { notation: name });
      const quoted = quoteBack(normaliseMoveText(name));
      expectSafe(where('/move'), move, chat.users, [{ shown: quoted }]);
    }
  });

  it('runs every name through each flow', () => {
    for (const flow of [PAIRS, FIELDS])
      expect(HOSTILE_NAMES.filter((name) => !flow.flat().includes(name))).toEqual([]);
  });
});
