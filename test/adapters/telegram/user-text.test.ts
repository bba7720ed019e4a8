/**
 * User text cannot inject markup on Telegram: the bot writes HTML (parse_mode HTML), and names
 * and typed text go in escaped. Every hostile name runs through every message that shows a name
 * — challenge cards, the board, the result and rating notices, /top, /stats, /replay, /review, a
 * table's lobby card, a tournament's sign-up card, pairings, standings and winner — and what was
 * typed is said back by /join, /replay and /move. Over the fake Bot API, which parses the HTML
 * as Telegram does: no entity (bold, link, code…) starts or ends inside a name, no link but a
 * mention of a player holds one, and the text shows the name as typed.
 *
 * Several names share a flow: two hostile players play each game, a tournament's field is all
 * hostile names. Each flow has a group of its own, so no group's flood budget runs out.
 */
import type { MessageEntity, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeMove, normaliseMoveText, quoteBack } from '../../../src/game/move-input.js';
import {
  hostileGroups,
  HOSTILE_NAMES,
  INVISIBLE_NAME,
  namesApart,
  titled,
} from '../../support/hostile-names.js';
import { quickPainter } from '../../support/painter.js';
import { item } from '../../support/present.js';
import { inlineAnalysis, QUICK_REVIEW_NODES } from '../../support/review-game.js';
import type { StoredMessage } from '../../support/telegram/fake-bot-api.js';
import { seededDraws, TEST_LIMITS, TEST_LANES, TEST_SPEED, TelegramHarness } from './harness.js';

let h: TelegramHarness;

beforeAll(async () => {
  h = await TelegramHarness.start({
    // A shallow review: what it says of the moves is not what is tested here.
    analysis: inlineAnalysis(QUICK_REVIEW_NODES),
    // Smaller animations: the pictures are drawn and checked, not looked at.
    painter: quickPainter,
    // Invite codes for its ~70 challenges: the default draws repeat every 97, and a code once
    // drawn stays taken.
    random: seededDraws(),
    // The global budget at test speed too, like the groups': this file sends some 400 messages,
    // 13 s at Telegram's 30 a second.
    limits: { globalSends: faster(TEST_LIMITS.globalSends!) },
    lanes: { globalNewMessages: faster(TEST_LANES.globalNewMessages!) },
  });
});
afterAll(() => h.close());

function faster(window: { max: number; windowMs: number }) {
  return { max: window.max, windowMs: window.windowMs / TEST_SPEED };
}

/** What a message shows: its text (or caption) and the entities Telegram made of its HTML. */
function shownOf(message: StoredMessage): { text: string; entities: readonly MessageEntity[] } {
  return message.text !== undefined
    ? { text: message.text, entities: message.entities ?? [] }
    : { text: message.caption ?? '', entities: message.captionEntities ?? [] };
}

/** A player of a flow: a user bearing the name, and the name as the bot should show it. */
interface Member {
  readonly user: User;
  /** As typed, or (nothing to see) the user's id. */
  readonly shown: string;
}

/** A flow's group and its members, named for the failure messages. */
interface Club {
  readonly label: string;
  readonly group: number;
  readonly members: readonly Member[];
}

let clubs = 0;
/** A group of its own for a flow, with a member per name (no username: a mention is a link). */
function club(label: string, names: readonly string[]): Club {
  clubs += 1;
  const group = -1_000_000_100_000 - clubs;
  h.fake.group(group, 'Club');
  const members = names.map((name, index) => {
    const user = h.fake.user(clubs * 100 + index, name, undefined, 'en');
    return { user, shown: name === INVISIBLE_NAME ? String(user.id) : name };
  });
  return { label: `${label} (group ${group})`, group, members };
}

/** Links a message may hold: mentions of the club's members, the bot's own links. */
const isMeant = (entity: MessageEntity, club: Club) =>
  entity.type === 'text_mention'
    ? club.members.some((m) => m.user.id === entity.user.id)
    : entity.type === 'text_link' && entity.url.startsWith('https://t.me/bashni_test_bot?');

/**
 * A message shows user text safely: no link but mentions of the club's members, no entity that
 * starts or ends inside an occurrence of a member's name or of `shows` (one may hold it whole:
 * a bold name, a mention), and the text holds each of `shows` as typed.
 */
function expectSafe(
  club: Club,
  kind: string,
  message: StoredMessage,
  shows: readonly string[] = [],
): void {
  const { text, entities } = shownOf(message);
  const where = `${kind} in ${club.label}, message ${message.messageId}: ${JSON.stringify(text)} ${JSON.stringify(entities)}`;
  for (const entity of entities)
    if (entity.type === 'text_link' || entity.type === 'url' || entity.type === 'text_mention')
      expect(isMeant(entity, club), `a link in ${where}`).toBe(true);
  for (const shown of shows) expect(text, `${JSON.stringify(shown)} in ${where}`).toContain(shown);
  for (const shown of [...club.members.map((m) => m.shown), ...shows]) {
    for (let at = text.indexOf(shown); at >= 0; at = text.indexOf(shown, at + 1)) {
      const inside = (point: number) => point > at && point < at + shown.length;
      for (const entity of entities)
        expect(
          inside(entity.offset) || inside(entity.offset + entity.length),
          `an entity inside ${JSON.stringify(shown)} in ${where}`,
        ).toBe(false);
    }
  }
}

/** Every message the bot sent to the club's group, deleted ones too, is safe. */
function expectAllSafe(club: Club): void {
  for (const message of h.fake.chat(club.group).allMessages)
    if (message.from.is_bot) expectSafe(club, 'a message', message);
}

/** The club's newest bot message that passes `test` (it is `kind`, for the failure message). */
function newest(club: Club, kind: string, test: (m: StoredMessage) => boolean): StoredMessage {
  const found = h.fake.chat(club.group).messages.filter((m) => m.from.is_bot && test(m));
  return item(found.slice(-1), 0, `${kind} in ${club.label}`);
}

/** The newest bot message that passes `test` is `kind` and shows user text safely. */
function expectNewestSafe(
  club: Club,
  kind: string,
  test: (m: StoredMessage) => boolean,
  shows: readonly string[] = [],
): StoredMessage {
  const message = newest(club, kind, test);
  expectSafe(club, kind, message, shows);
  return message;
}

/** A message as it is now (after its edits). */
function now(message: StoredMessage): StoredMessage {
  return h.fake.message(message.chatId, message.messageId)!;
}

const starts = (prefix: string) => (m: StoredMessage) => shownOf(m).text.startsWith(prefix);
const hasButtons = (m: StoredMessage) => m.replyMarkup !== undefined;
const shownNames = (members: readonly Member[]) => members.map((m) => m.shown);

/** `member`'s active game: its players as members (White first) and its board in the club. */
async function gameOf(club: Club, member: Member) {
  const games = await h.process.service.queries.activeGames({
    platform: 'telegram',
    userId: String(member.user.id),
  });
  const game = games.ok ? games.value[0] : undefined;
  if (game === undefined) return undefined;
  const seat = (userId: string) => club.members.find((m) => String(m.user.id) === userId)!;
  const players = [seat(game.white.userId), seat(game.black.userId)] as const;
  const view = game.views.find((v) => v.platform === 'telegram' && v.chatId === String(club.group));
  const board = h.fake.message(club.group, Number(view?.messageId));
  if (board === undefined) throw new Error(`no board of game ${game.id} in ${club.label}`);
  return { players, board };
}

/** `user` opens a challenge to anyone; returns its card. */
async function openChallenge(club: Club, user: User, words = ''): Promise<StoredMessage> {
  await h.say(user, club.group, `/newgame${words}`);
  return newest(club, words === '' ? 'the challenge card' : 'the lobby card', hasButtons);
}

async function resign(user: User, group: number): Promise<void> {
  await h.say(user, group, '/resign');
  const question = item(
    h.fake.chat(group).messages.filter((m) => m.text?.startsWith('Resign your game vs ') === true),
    0,
    'the question',
  );
  await h.press(user, group, question.messageId, '🏳️ Yes, resign');
}

// Two hostile players a game (the odd name out plays a plain name).
const PAIRS = hostileGroups(2);
// A tournament's field of four: a group's budget holds its sign-up, its round and the results.
const FIELDS = hostileGroups(4);
// What was typed, five names to a group: three answers each, within the group's budget.
const BATCHES = namesApart(HOSTILE_NAMES, 5);

describe('Telegram shows hostile names as text', () => {
  it.each(PAIRS.map(titled))(
    'in a game of %s: challenge cards (open, accepted, withdrawn), the board, the result and rating notices, /top, /stats, /replay, /review and lobby cards (open, closed)',
    async (label, names) => {
      const game = club(`the game of ${label}`, names);
      const [a, b] = game.members as [Member, Member];
      const both = shownNames(game.members);
      const cardA = await openChallenge(game, a.user);
      expectSafe(game, 'the challenge card', cardA, [a.shown]);
      const cardB = await openChallenge(game, b.user);
      expectSafe(game, 'the challenge card', cardB, [b.shown]);
      await h.press(b.user, game.group, cardA.messageId, '✅ Accept');
      expectSafe(game, 'the accepted challenge card', now(cardA), both);
      await h.press(b.user, game.group, cardB.messageId, '✖️ Withdraw');
      expectSafe(game, 'the withdrawn challenge card', now(cardB), [b.shown]);
      const board = item(h.boards(game.group).slice(-1), 0, 'the board');
      expectSafe(game, 'the board', board, both);
      // The challenger plays White.
      await h.say(a.user, game.group, '/move c3-d4');
      await h.say(b.user, game.group, '/move f6-g5');
      await resign(a.user, game.group);
      expectSafe(game, 'the board at the end', now(board), both);
      // The new ratings come with the result.
      const ratings = (m: StoredMessage) => shownOf(m).text.includes('📈 Ratings');
      expectNewestSafe(game, 'the result and ratings', ratings, both);
      await h.say(b.user, game.group, '/top');
      expectNewestSafe(game, '/top', starts('🏆'), both);
      // Each one's stats name them, and their last opponent.
      for (const { user } of game.members) {
        await h.say(user, game.group, '/stats');
        expectNewestSafe(game, '/stats', starts('📊'), both);
      }
      await h.say(b.user, game.group, '/replay');
      expectNewestSafe(game, '/replay', starts('🎞'), both);
      await h.say(b.user, game.group, '/review');
      expectNewestSafe(game, '/review', starts('🔍'), both);
      for (const member of game.members) {
        const lobby = await openChallenge(game, member.user, ' zhernov');
        expectSafe(game, 'the lobby card', lobby, [member.shown]);
        await h.press(member.user, game.group, lobby.messageId, '✖️ Close the table');
        expectSafe(game, 'the closed lobby card', now(lobby), [member.shown]);
      }
      expectAllSafe(game);
    },
  );

  it.each(FIELDS.map(titled))(
    'in a Swiss tournament of %s: the sign-up card, the pairings, the boards, the draw offers, the standings and the winner',
    async (label, names) => {
      const event = club(`the tournament of ${label}`, names);
      const [organiser, ...others] = event.members as [Member, ...Member[]];
      const everyone = shownNames(event.members);
      h.fake.setChatMember(event.group, organiser.user.id, 'administrator');
      // One round (every one of the four plays), one day a move.
      await h.say(organiser.user, event.group, '/tournament new swiss bashni 1 1');
      const card = expectNewestSafe(event, 'the sign-up card', starts('🏆 Tournament'), [
        organiser.shown,
      ]);
      for (const { user } of others) await h.press(user, event.group, card.messageId, '✋ Join');
      expectSafe(event, 'the sign-up card', now(card), everyone);
      await h.press(organiser.user, event.group, card.messageId, '▶️ Start');
      expectNewestSafe(event, 'the pairings', starts('🏁 Round'), everyone);
      // Every game drawn: all four share first place, and the winner's post names them all.
      for (const member of event.members) {
        const game = await gameOf(event, member);
        if (game === undefined) continue;
        const [white, black] = game.players;
        const players = [white.shown, black.shown];
        expectSafe(event, 'a board', game.board, players);
        await h.say(white.user, event.group, '/draw');
        expectNewestSafe(event, 'the draw offer', starts('🤝'), players);
        await h.say(black.user, event.group, '/draw');
        expectSafe(event, 'a board at the end', now(game.board), players);
      }
      expectNewestSafe(event, 'the standings', starts('🏆 Bashni'));
      expectNewestSafe(event, 'the winner', starts('🥇'), everyone);
      expectAllSafe(event);
    },
  );

  it.each(BATCHES.map(titled))(
    'in what the bot says back of what was typed (%s): /join, /replay and /move',
    async (label, names) => {
      const chat = club(`what was typed of ${label}`, ['Hostile', 'Bob']);
      const [typist, bob] = chat.members as [Member, Member];
      const last = () => newest(chat, 'the answer', () => true);
      const card = await openChallenge(chat, typist.user);
      await h.press(bob.user, chat.group, card.messageId, '✅ Accept');
      for (const name of names) {
        await h.say(typist.user, chat.group, `/join ${name}`);
        expectSafe(chat, `/join ${name}`, last(), [name.trim().slice(0, 20)]);
        await h.say(typist.user, chat.group, `/replay ${name}`);
        expectSafe(chat, `/replay ${name}`, last(), [name.trim().slice(0, 64)]);
        // Text in the form of a move is quoted as read, anything else as typed.
        await h.say(typist.user, chat.group, `/move ${name}`);
        const quoted = looksLikeMove(name) ? normaliseMoveText(name) : name;
        expectSafe(chat, `/move ${name}`, last(), [quoteBack(quoted)]);
      }
    },
  );

  it('runs every name through each flow', () => {
    for (const flow of [PAIRS, FIELDS, BATCHES])
      expect(HOSTILE_NAMES.filter((name) => !flow.flat().includes(name))).toEqual([]);
  });
});
