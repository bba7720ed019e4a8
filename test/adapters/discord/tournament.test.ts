import { PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { pointsText } from '../../../src/chat/words/tournament-text.js';
import type { Tournament } from '../../../src/game/tournament-model.js';
import type { ReplayPicture } from '../../../src/render/index.js';
import { inlinePainter } from '../../support/painter.js';
import { item, present } from '../../support/present.js';
import { textOf } from '../../support/text-of.js';
import {
  buttonOf,
  expectWithinLimits,
  pictureOf,
  playMoves,
  replyRef,
  resignAs,
  shownText,
  userOf,
} from './league-helpers.js';
import {
  ANNA,
  BORIS,
  CARL,
  CHANNEL,
  DiscordHarness,
  GUILD,
  buttonsOf,
  type PostedMessage,
} from './harness.js';

/** A member who manages the server (and so its tournaments). */
const MANAGER = { permissions: [PermissionFlagsBits.ManageGuild] };
const USERS = [ANNA, BORIS, CARL];

let harness: DiscordHarness;
afterEach(async () => {
  await (harness as DiscordHarness | undefined)?.close();
});

/** The channel's tournament as the service has it now. */
async function current(): Promise<Tournament> {
  const found = await harness.service.league.chatTournament(`discord:${CHANNEL}`);
  if (!found.ok) throw new Error(`no tournament: ${found.code}`);
  return found.value;
}

function messageById(id: string): PostedMessage {
  return present(
    harness.out.messages.find((m) => m.id === id),
    `message ${id}`,
  );
}

/** What a channel message is, for the order of a round's posts. */
function kindOf(message: PostedMessage): string {
  const picture = pictureOf(message);
  if (picture === 'board.png') return 'board';
  if (picture === 'standings.png') return 'standings';
  const text = shownText(message);
  if (text.startsWith('🏁 **')) return 'round';
  if (text.startsWith('🏁 ')) return 'result';
  if (text.startsWith('📈')) return 'rated';
  if (text.startsWith('🥇')) return 'winner';
  return 'other';
}

/** The kinds of the messages posted since `since` (ratings and notices apart). */
function postedSince(since: number): string[] {
  return readSince(since).filter((kind) => kind !== 'result' && kind !== 'rated');
}

/** The kinds of the messages posted since `since`, results and ratings too, as read. */
function readSince(since: number): string[] {
  return harness.out.messages
    .slice(since)
    .map(kindOf)
    .filter((kind) => kind !== 'other');
}

const whispered = (interaction: { last?: Record<string, unknown> }) =>
  textOf(interaction.last?.content ?? '');

describe('Discord: a round-robin tournament of three', () => {
  it('signs up by buttons, pairs each round after the standings, and names the winner', async () => {
    // A game's animation takes a moment to draw, as on the render pool: its result still comes
    // before the ratings and the next round.
    const paintReplay = async (picture: ReplayPicture) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return inlinePainter.paintReplay(picture);
    };
    harness = new DiscordHarness({ league: true, painter: { paintReplay } });
    const card = await harness.command(ANNA, 'tournament new', { days: 1 }, MANAGER);
    const cardRef = replyRef(card);
    expect(buttonsOf(card.last).map((b) => decodePayload(b.customId)?.kind)).toEqual([
      'tournament-join',
      'tournament-leave',
      'tournament-start',
      'tournament-cancel',
    ]);
    for (const user of [BORIS, CARL])
      await harness.press(user, buttonOf(card.last, 'tournament-join'), cardRef);
    const signedUp = shownText(messageById(cardRef.id));
    expect(signedUp).toContain('Players (3)');
    for (const name of ['Anna', 'Boris', 'Carl']) expect(signedUp).toContain(name);

    const twice = await harness.press(BORIS, buttonOf(card.last, 'tournament-join'), cardRef);
    expect(whispered(twice)).toBe('You are already in.');
    const notTheirs = await harness.press(BORIS, buttonOf(card.last, 'tournament-start'), cardRef);
    expect(whispered(notTheirs)).toBe('Only the organiser or a server manager can do that.');
    expect((await current()).status).toBe('signup');

    // Before any round is over, /standings lists the players instead of an empty table.
    const early = await harness.command(BORIS, 'standings');
    expect(JSON.stringify(early.last)).toContain('no rounds played yet.\\nPlayers (3):');

    const beforeStart = harness.out.messages.length;
    await harness.press(ANNA, buttonOf(card.last, 'tournament-start'), cardRef);
    expect(messageById(cardRef.id).message.components).toEqual([]);
    // The card says the tournament started (and no longer asks to join).
    expect(shownText(messageById(cardRef.id))).toContain('The tournament has started');
    expect(shownText(messageById(cardRef.id))).not.toContain('Join below');
    expect(postedSince(beforeStart)).toEqual(['round', 'board']);

    const points = new Map<string, number>();
    const score = (userId: string) => points.set(userId, (points.get(userId) ?? 0) + 1);
    // A bye scores its point once its round is over: "after round N" counts round N's byes only.
    const scoreByes = (tournament: Tournament, round: number) => {
      for (const board of tournament.played[round - 1]?.boards ?? [])
        if (board.black === null)
          score(item(tournament.entrants, board.white, 'entrants').player.userId);
    };
    const rounds = 3; // three players: each plays the other two, one sits out a round
    for (let round = 1; round <= rounds; round++) {
      const tournament = await current();
      const boards = item(tournament.played, -1, 'rounds').boards;
      const player = (index: number) => item(tournament.entrants, index, 'entrants').player;
      const roundPost = item(
        harness.out.messages.filter((m) => kindOf(m) === 'round'),
        -1,
        'round posts',
      );
      expect(shownText(roundPost)).toContain(`Round ${round} of ${rounds}`);
      expect([...(roundPost.message.pings ?? [])].sort()).toEqual(USERS.map((u) => u.id).sort());
      const game = present(boards.find((board) => board.black !== null));
      const white = player(game.white);
      const black = player(game.black!);
      expect(shownText(roundPost)).toContain(`<@${white.userId}> — ⚫ <@${black.userId}>`);

      await playMoves(harness, USERS, present(game.gameId, 'the game'));
      const board = item(
        harness.out.messages.filter((m) => kindOf(m) === 'board'),
        -1,
        'boards',
      );
      const since = harness.out.messages.length;
      await resignAs(harness, userOf(USERS, black.userId));
      score(white.userId);
      const rated = harness.out.messages.slice(since).filter((m) => kindOf(m) === 'rated');
      expect(rated).toHaveLength(1);
      expect(item(rated, 0).message.replyTo).toBe(board.id);
      expect(postedSince(since)).toEqual(
        round < rounds ? ['standings', 'round', 'board'] : ['standings', 'winner'],
      );
      // The result first, then its ratings, then what it leads to.
      expect(readSince(since)).toEqual([
        'result',
        'rated',
        ...(round < rounds ? ['standings', 'round', 'board'] : ['standings', 'winner']),
      ]);

      // The standings picture shows what was played: everyone's points so far.
      const standings = harness.pictures.filter((p) => p.kind === 'standings').at(-1);
      expect(standings?.kind).toBe('standings');
      if (standings?.kind !== 'standings') return;
      expect(standings.data.subtitle).toBe(
        round < rounds ? `after round ${round} of ${rounds}` : 'final standings',
      );
      const after = await current();
      scoreByes(after, round);
      for (const row of standings.data.rows) {
        const seed = Number(row.name.split('.')[0]) - 1;
        const userId = item(after.entrants, seed, 'entrants').player.userId;
        expect(row.points, row.name).toBe(pointsText(points.get(userId) ?? 0));
      }
    }

    expect((await current()).status).toBe('finished');
    const best = Math.max(...points.values());
    const winners = USERS.filter((user) => points.get(user.id) === best).map((user) => user.id);
    const winner = item(
      harness.out.messages.filter((m) => kindOf(m) === 'winner'),
      0,
      'winner posts',
    );
    for (const id of winners) expect(shownText(winner)).toContain(`<@${id}>`);
    expect([...(winner.message.pings ?? [])].sort()).toEqual([...winners].sort());
    expectWithinLimits(harness.out.in(CHANNEL));
  });
});

describe('Discord: tournament refusals', () => {
  it('lets only server managers open one, one at a time, with the rounds a format plays', async () => {
    harness = new DiscordHarness({ league: true });
    const channelManager = await harness.command(
      BORIS,
      'tournament new',
      {},
      { permissions: [PermissionFlagsBits.ManageChannels] },
    );
    expect(whispered(channelManager)).toBe(
      'Only members who can manage this server can open a tournament here.',
    );
    const tooLong = await harness.command(ANNA, 'tournament new', { rounds: 3 }, MANAGER);
    expect(whispered(tooLong)).toContain('1 (single) or 2 (double)');
    const none = await harness.command(ANNA, 'standings');
    expect(whispered(none)).toBe(
      'No tournament in this channel: a server manager can open one with /tournament new',
    );

    const admin = { permissions: [PermissionFlagsBits.Administrator] };
    const swiss = await harness.command(
      ANNA,
      'tournament new',
      { format: 'swiss', rounds: 5, variant: 'laska', rated: false },
      admin,
    );
    const opened = await current();
    expect([opened.format, opened.rounds, opened.variant, opened.rated]).toEqual([
      'swiss',
      5,
      'laska',
      false,
    ]);
    const second = await harness.command(BORIS, 'tournament new', {}, MANAGER);
    expect(whispered(second)).toBe('A tournament is already on in this channel: /standings');

    const cardRef = replyRef(swiss);
    const alone = await harness.press(ANNA, buttonOf(swiss.last, 'tournament-start'), cardRef);
    expect(whispered(alone)).toBe('A tournament needs at least 3 players.');
    const bot = await harness.command(ANNA, 'tournament bot', { level: 3 });
    expect(whispered(bot)).toBe('Bashni Bot (level 3) is in the tournament.');
    expect(shownText(messageById(cardRef.id))).toContain('2\\. Bashni Bot (level 3)');
    const notOrganiser = await harness.command(CARL, 'tournament bot');
    expect(whispered(notOrganiser)).toBe('Only the organiser or a server manager can do that.');
    expect((await current()).entrants).toHaveLength(2);
    const stranger = await harness.press(CARL, buttonOf(swiss.last, 'tournament-cancel'), cardRef);
    expect(whispered(stranger)).toBe('Only the organiser or a server manager can do that.');
    await harness.press(BORIS, buttonOf(swiss.last, 'tournament-cancel'), cardRef, MANAGER);
    expect((await current()).status).toBe('cancelled');
    const closed = messageById(cardRef.id);
    expect(shownText(closed)).toContain('cancelled the tournament');
    expect(closed.message.components).toEqual([]);
  });
});

describe('Discord: leaving a tournament', () => {
  it('by command before the start, and by leaving the server once it runs', async () => {
    harness = new DiscordHarness({ league: true });
    const card = await harness.command(ANNA, 'tournament new', {}, MANAGER);
    const cardRef = replyRef(card);
    for (const user of [BORIS, CARL])
      await harness.press(user, buttonOf(card.last, 'tournament-join'), cardRef);
    const left = await harness.command(CARL, 'tournament leave');
    expect(whispered(left)).toBe('You have left the tournament.');
    expect(shownText(messageById(cardRef.id))).not.toContain('Carl');
    await harness.press(CARL, buttonOf(card.last, 'tournament-join'), cardRef);
    await harness.press(ANNA, buttonOf(card.last, 'tournament-start'), cardRef);

    const since = harness.out.messages.length;
    const leaves = (userId: string, guildId: string, bot = false) =>
      harness.app.client.emit('guildMemberRemove', {
        guild: { id: guildId },
        user: { id: userId, bot },
      } as never);
    leaves(CARL.id, '200000000000000999'); // another server: nothing happens here
    leaves(BORIS.id, GUILD, true); // a bot leaving: never an entrant
    await harness.settle();
    expect(harness.out.messages.slice(since).map(shownText)).toEqual([]);

    leaves(CARL.id, GUILD);
    await harness.settle();
    const carl = (await current()).entrants.find((e) => e.player.userId === CARL.id);
    expect(carl?.outWhy).toBe('left-chat');
    const notice = harness.out.messages.slice(since).map(shownText);
    expect(notice.some((text) => text.includes('Carl left the chat'))).toBe(true);
    const games = await harness.service.queries.activeGames({
      platform: 'discord',
      userId: CARL.id,
    });
    expect(games.ok && games.value).toEqual([]);
  });
});
