/**
 * User text cannot inject markup on Telegram: the bot writes HTML (parse_mode HTML), and names
 * and typed text go in escaped. Hostile names run through every message that shows a name —
 * challenge cards, the board, the result and rating notices, /top, /stats, /replay, /review, a table's
 * lobby card, a tournament's card, pairings and winner — and what was typed is said back by
 * /join, /replay and /move. Over the fake Bot API, which parses the HTML as Telegram does: no
 * entity (bold, link, code…) starts or ends inside a name, no link but a mention of the player
 * holds one, and the text shows the name as typed.
 */
import type { MessageEntity, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeMove, normaliseMoveText, quoteBack } from '../../../src/game/move-input.js';
import type { Game } from '../../../src/game/model.js';
import { HOSTILE_NAMES, INVISIBLE_NAME } from '../../support/hostile-names.js';
import { item } from '../../support/present.js';
import { inlineAnalysis } from '../../support/review-game.js';
import type { StoredMessage } from '../../support/telegram/fake-bot-api.js';
import { TelegramHarness } from './harness.js';

let h: TelegramHarness;

/** What a message shows: its text (or caption) and the entities Telegram made of its HTML. */
function shownOf(message: StoredMessage): { text: string; entities: readonly MessageEntity[] } {
  return message.text !== undefined
    ? { text: message.text, entities: message.entities ?? [] }
    : { text: message.caption ?? '', entities: message.captionEntities ?? [] };
}

/** Links a message may hold: mentions of players (tg://user links), the bot's own links. */
const isMeant = (entity: MessageEntity, players: readonly User[]) =>
  entity.type === 'text_mention'
    ? players.some((p) => p.id === entity.user.id)
    : entity.type === 'text_link' && entity.url.startsWith('https://t.me/bashni_test_bot?');

/**
 * A message shows user text safely: no link but mentions of `players`, no entity that starts
 * or ends inside an occurrence of `shown` (one may hold it whole: a bold name, a mention), and
 * (with `expectShown`) the text holds it as typed.
 */
function expectSafe(
  message: StoredMessage,
  players: readonly User[],
  shown: string,
  expectShown = true,
): void {
  const { text, entities } = shownOf(message);
  const where = `message ${message.messageId}: ${JSON.stringify(text)} ${JSON.stringify(entities)}`;
  for (const entity of entities)
    if (entity.type === 'text_link' || entity.type === 'url' || entity.type === 'text_mention')
      expect(isMeant(entity, players), `a link in ${where}`).toBe(true);
  if (expectShown) expect(text, where).toContain(shown);
  if (shown === '') return;
  for (let at = text.indexOf(shown); at >= 0; at = text.indexOf(shown, at + 1)) {
    const end = at + shown.length;
    for (const entity of entities) {
      const [from, to] = [entity.offset, entity.offset + entity.length];
      const inside = (point: number) => point > at && point < end;
      expect(inside(from) || inside(to), `an entity inside the name in ${where}`).toBe(false);
    }
  }
}

/** Each name gets a group and players of its own. */
let groups = 0;
function world(name: string) {
  groups += 1;
  const group = -1_000_000_100_000 - groups;
  h.fake.group(group, 'Club');
  // No username: a mention of them is a link with their name.
  const hostile = h.fake.user(1000 + groups * 10, name, undefined, 'en');
  const bob = h.fake.user(1001 + groups * 10, 'Bob', `bob${groups}`, 'en');
  const carol = h.fake.user(1002 + groups * 10, 'Carol', `carol${groups}`, 'en');
  h.fake.setChatMember(group, hostile.id, 'administrator');
  // The name as the bot should show it: as typed, or (nothing to see) the user's id.
  const shown = name === INVISIBLE_NAME ? String(hostile.id) : name;
  return { group, hostile, bob, carol, shown };
}

function botMessages(group: number): StoredMessage[] {
  return h.fake.chat(group).messages.filter((m) => m.from.is_bot);
}

function newest(group: number, test: (m: StoredMessage) => boolean): StoredMessage {
  return item(botMessages(group).filter(test).slice(-1), 0, 'such a message');
}

const starts = (prefix: string) => (m: StoredMessage) => shownOf(m).text.startsWith(prefix);

async function gameOf(user: User): Promise<Game | undefined> {
  const games = await h.process.service.activeGames({
    platform: 'telegram',
    userId: String(user.id),
  });
  return games.ok ? games.value[0] : undefined;
}

async function resign(user: User, group: number): Promise<void> {
  await h.say(user, group, '/resign');
  const question = newest(group, (m) => m.text === 'Resign this game?');
  await h.press(user, group, question.messageId, '🏳️ Yes, resign');
}

describe.each(HOSTILE_NAMES.map((name) => [JSON.stringify(name), name]))(
  'Telegram shows the name %s as text',
  (_, name) => {
    // A Bot API of its own for each name: the budgets of one would run out over all of them.
    beforeAll(async () => {
      h = await TelegramHarness.start({ analysis: inlineAnalysis() });
    });
    afterAll(() => h.close());

    it('in challenge cards, the board, the result and rating notices, /top, /stats, /replay and /review', async () => {
      const { group, hostile, bob, shown } = world(name);
      const both = [hostile, bob];
      await h.say(hostile, group, '/newgame');
      const card = newest(group, (m) => m.replyMarkup !== undefined);
      expectSafe(card, both, shown);
      await h.press(bob, group, card.messageId, '✅ Accept');
      expectSafe(item(h.boards(group).slice(-1), 0, 'board'), both, shown);
      // The challenger plays White.
      await h.say(hostile, group, '/move c3-d4');
      await h.say(bob, group, '/move f6-g5');
      await resign(hostile, group);
      expectSafe(item(h.boards(group).slice(-1), 0, 'board'), both, shown);
      // The new ratings come with the result.
      expectSafe(
        newest(group, (m) => shownOf(m).text.includes('📈 Ratings')),
        both,
        shown,
      );
      await h.say(bob, group, '/top');
      expectSafe(newest(group, starts('🏆')), both, shown);
      await h.say(hostile, group, '/stats');
      expectSafe(newest(group, starts('📊')), both, shown);
      await h.say(bob, group, '/stats');
      expectSafe(newest(group, starts('📊')), both, shown);
      await h.say(bob, group, '/replay');
      expectSafe(newest(group, starts('🎞')), both, shown);
      await h.say(bob, group, '/review');
      expectSafe(newest(group, starts('🔍')), both, shown);
      await h.say(hostile, group, '/newgame zhernov');
      expectSafe(
        newest(group, (m) => m.replyMarkup !== undefined),
        both,
        shown,
      );
      for (const message of botMessages(group)) expectSafe(message, both, shown, false);
    });

    it('in what the bot says back of what was typed: /join, /replay and /move', async () => {
      const { group, hostile, bob } = world('Hostile');
      const both = [hostile, bob];
      const last = () => item(botMessages(group).slice(-1), 0, 'the answer');
      await h.say(hostile, group, `/join ${name}`);
      expectSafe(last(), both, name.trim().slice(0, 20));
      await h.say(hostile, group, `/replay ${name}`);
      expectSafe(last(), both, name.trim().slice(0, 64));
      await h.say(hostile, group, '/newgame');
      const card = newest(group, (m) => m.replyMarkup !== undefined);
      await h.press(bob, group, card.messageId, '✅ Accept');
      await h.say(hostile, group, `/move ${name}`);
      // Text in the form of a move is quoted as read, anything else as typed.
      const quoted = looksLikeMove(name) ? normaliseMoveText(name) : name;
      expectSafe(last(), both, quoteBack(quoted));
    });

    it('in a tournament: the sign-up card, the pairings and the winner', async () => {
      const { group, hostile, bob, carol, shown } = world(name);
      const players = [hostile, bob, carol];
      await h.say(hostile, group, '/tournament new round-robin bashni 1');
      const card = newest(group, starts('🏆 Tournament'));
      expectSafe(card, players, shown);
      for (const user of [bob, carol]) await h.press(user, group, card.messageId, '✋ Join');
      await h.press(hostile, group, card.messageId, '▶️ Start');
      for (let round = 0; round < 3; round += 1) {
        for (const user of players) {
          if ((await gameOf(user)) === undefined) continue;
          await resign(user, group);
          break;
        }
      }
      expectSafe(newest(group, starts('🥇')), players, shown, false);
      for (const message of botMessages(group)) expectSafe(message, players, shown, false);
      expect(botMessages(group).some((m) => shownOf(m).text.includes(shown))).toBe(true);
    });
  },
);
