import type { User } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { inlineIds } from '../../../src/adapters/telegram/features/inline.js';
import { MEDIA_SIZE } from '../../../src/adapters/telegram/media.js';
import { UNHOLDABLE_FEN, UNHOLDABLE_REASON } from '../../support/engine-helpers.js';
import type { KeyboardButtonView } from '../../support/telegram/fake-bot-api.js';
import { imageSize } from '../../support/telegram/media.js';
import { TelegramHarness } from './harness.js';

const GROUP = -1001234567890;
const OTHER_GROUP = -1009876543210;

describe('Telegram: inline mode', () => {
  let h: TelegramHarness;
  afterEach(async () => {
    await h.close();
  });

  const users = () => ({
    alice: h.fake.user(11, 'Alice', 'alice', 'en'),
    bob: h.fake.user(12, 'Bob', 'bob', 'en'),
    carol: h.fake.user(13, 'Carol', 'carol', 'ru'),
  });

  /** `@bot query` typed by `user`; the bot's answer (validated and its photos fetched). */
  async function ask(user: User, query: string) {
    const update = h.fake.inlineQuery({ from: user, query });
    await h.deliver(update);
    const answer = h.fake.inlineAnswer(update.inline_query!.id);
    if (answer === undefined) throw new Error(`no answer to ${JSON.stringify(query)}`);
    return { ...answer, queryId: update.inline_query!.id };
  }

  const ids = (answer: { results: readonly Record<string, unknown>[] }) =>
    answer.results.map((r) => r.id);

  /** The text an article result posts when chosen. */
  const messageText = (answer: { results: readonly Record<string, unknown>[] }) =>
    (answer.results[0]!.input_message_content as { message_text: string }).message_text;

  it('answers a challenge card (and the day’s puzzle), terms from the query, pictures as fetched JPEGs', async () => {
    h = await TelegramHarness.start({ media: true });
    const { alice, carol } = users();

    const empty = await ask(alice, '');
    expect(ids(empty)).toEqual(['c:bashni:3:1', expect.stringMatching(/^p:/)]);
    expect(empty.isPersonal).toBe(true);
    const card = empty.results[0]!;
    expect(card.caption).toContain('Alice');
    expect(card.caption).toContain('3 days per move');
    expect(String(card.photo_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.jpg$/);
    // Telegram fetched the picture: a JPEG of the boards' width.
    const photo = empty.photos.get('c:bashni:3:1')!;
    expect(photo.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(imageSize(photo.data).width).toBe(MEDIA_SIZE);
    // The puzzle's Solve button opens it in the private chat.
    const puzzle = empty.results[1]!;
    const solve = (puzzle.reply_markup as { inline_keyboard: { url?: string }[][] })
      .inline_keyboard[0]![0]!;
    expect(solve.url).toMatch(/^https:\/\/t\.me\/bashni_test_bot\?start=p_/);

    expect(ids(await ask(alice, 'laska 5'))).toEqual(['c:laska:5:1']);
    expect(ids(await ask(carol, 'ласка 5 дней'))).toEqual(['c:laska:5:1']);
    expect(ids(await ask(alice, 'casual'))).toEqual(['c:bashni:3:0']);
    const russian = await ask(carol, 'ласка 5 дней');
    expect(russian.results[0]!.caption).toContain('Ласка');

    const daily = await ask(alice, 'puzzle');
    expect(ids(daily)).toEqual([expect.stringMatching(/^p:/)]);
    expect(daily.isPersonal).toBe(false);
    expect(ids(await ask(carol, 'задача'))).toEqual(ids(daily));

    const position = await ask(alice, 'laska W:Wc3,e3:Bf6');
    expect(ids(position)).toEqual([expect.stringMatching(/^f:/)]);
    expect(position.results[0]!.caption).toContain('W:Wc3,e3:Bf6');
    expect(position.photos.size).toBe(1);

    const bad = await ask(alice, 'W:Wz9:Bf6');
    expect(bad.results).toEqual([expect.objectContaining({ type: 'article', id: 'bad-fen' })]);
    expect(messageText(bad)).toMatch(/^This position cannot be set up from its FEN\.\n.+/);

    expect(ids(await ask(alice, 'zhernov'))).toEqual(['table']);
    expect(ids(await ask(alice, '@bob nonsense'))).toEqual(['usage']);
  });

  it('refuses a position the engine cannot hold in the shared words, with the reason', async () => {
    h = await TelegramHarness.start({ media: true });
    const { alice, carol } = users();
    const fen = UNHOLDABLE_FEN;
    const reason = UNHOLDABLE_REASON;
    const english = await ask(alice, `adiyukh-10x10 ${fen}`);
    expect(english.results).toEqual([
      expect.objectContaining({ type: 'article', id: 'bad-fen', title: '⚠️ Not a position' }),
    ]);
    expect(messageText(english)).toBe(`This position cannot be set up from its FEN.\n${reason}`);
    const russian = await ask(carol, `адиюх-10х10 ${fen}`);
    expect(messageText(russian)).toBe(
      `Такую позицию нельзя расставить по её записи (FEN).\n${reason}`,
    );
  });

  it('without TELEGRAM_MEDIA_URL answers no results and a button to the private chat', async () => {
    h = await TelegramHarness.start({ media: false });
    const { alice } = users();
    const answer = await ask(alice, 'laska 5');
    expect(answer.results).toEqual([]);
    expect(answer.button).toEqual({
      text: '♟ Play in the private chat',
      start_parameter: 'inline',
    });
  });

  it('serves signed pictures with immutable caching; a tampered or unknown URL is a 404', async () => {
    h = await TelegramHarness.start({ media: true });
    const { alice } = users();
    const answer = await ask(alice, 'W:Wc3,e3:Bf6');
    const url = String(answer.results[0]!.photo_url);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(imageSize(bytes).width).toBe(MEDIA_SIZE);
    // The same URL is the same bytes.
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(bytes);

    const [payload, sig] = url.slice(url.lastIndexOf('/') + 1).split('.');
    const base = url.slice(0, url.lastIndexOf('/'));
    const flipped = `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetch(`${base}/${payload}.${flipped}.jpg`)).status).toBe(404);
    const forged = Buffer.from(JSON.stringify(['bashni', 'W:Wa1:Bh8', 0])).toString('base64url');
    expect((await fetch(`${base}/${forged}.${sig}.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/nothing.jpg`)).status).toBe(404);
    expect((await fetch(`${base.replace('/media', '/other')}/${payload}.${sig}.jpg`)).status).toBe(
      404,
    );
  });

  it('plays a whole game in the inline message: the first to accept plays, taps edit it in place', async () => {
    h = await TelegramHarness.start({ media: true });
    const { alice, bob, carol } = users();
    h.fake.group(GROUP, 'Bashni club');

    // Alice sends her card into the group; the bot records it (inline feedback).
    const answer = await ask(alice, '');
    const chosen = h.fake.chooseInlineResult({
      from: alice,
      queryId: answer.queryId,
      resultId: 'c:bashni:3:1',
      chatId: GROUP,
    });
    const inlineId = chosen.inlineMessageId!;
    await h.deliver(chosen.update);
    const { challengeId, gameId } = inlineIds(inlineId);
    const recorded = await h.process.service.queries.getChallenge(challengeId);
    expect(recorded.ok && recorded.value.status).toBe('open');

    const press = async (
      user: User,
      button: string | ((b: KeyboardButtonView) => boolean),
      process = h.process,
    ) => {
      const update = h.fake.inlineButtonPress({ from: user, inlineMessageId: inlineId, button });
      await h.deliver(update, process);
      return { answer: h.fake.answers.get(update.callback_query!.id), update };
    };
    const acceptData = h.fake.inlineKeyboard(inlineId).flat()[0]!.callback_data!;

    // Alice cannot accept her own card.
    expect((await press(alice, '✅ Accept')).answer).toMatchObject({
      show_alert: true,
      text: expect.stringContaining('your own challenge') as unknown,
    });

    // Bob accepts: the card becomes the board, by URL (no upload), with the game's buttons.
    h.fake.clearCalls();
    await press(bob, '✅ Accept');
    const game = await h.process.service.queries.getGame(gameId);
    expect(game.ok && game.value.status).toBe('active');
    const edits = h.fake.calls.filter((c) => c.method.startsWith('edit'));
    expect(edits.map((c) => c.method)).toEqual(['editMessageMedia']);
    expect(edits[0]!.params.inline_message_id).toBe(inlineId);
    expect(edits[0]!.response).toEqual({ ok: true, result: true });
    expect(h.fake.calls.some((c) => c.method === 'sendMessage' || c.method === 'sendPhoto')).toBe(
      false,
    );
    let message = h.fake.inlineMessage(inlineId)!;
    expect(message.caption).toContain('Alice');
    expect(message.caption).toContain('Bob');
    const labels = () =>
      h.fake
        .inlineKeyboard(inlineId)
        .flat()
        .map((b) => b.text);
    expect(labels()).toEqual(expect.arrayContaining(['⚪ c3', '🤝 Offer a draw', '🏳️ Resign']));

    // Carol comes too late, even through another process.
    const other = await h.newProcess();
    const late = h.fake.inlineCallbackQuery({
      from: carol,
      inlineMessageId: inlineId,
      data: acceptData,
    });
    await h.deliver(late, other);
    expect(h.fake.answers.get(late.callback_query!.id)).toMatchObject({
      show_alert: true,
      text: 'Эту партию уже взял кто-то другой.',
    });
    await other.close(1_000);

    // Bob may not move White's stacks.
    expect((await press(bob, '⚪ c3')).answer).toMatchObject({ show_alert: true });

    // Alice taps a stack: one keyboard edit with its targets; then the target: one board edit.
    h.fake.clearCalls();
    await press(alice, '⚪ c3');
    expect(h.fake.calls.filter((c) => c.method.startsWith('edit')).map((c) => c.method)).toEqual([
      'editMessageReplyMarkup',
    ]);
    expect(labels()).toContain('→ d4');
    const staleSelect = h.fake
      .inlineKeyboard(inlineId)
      .flat()
      .find((b) => decodePayload(b.callback_data)?.kind === 'target')!.callback_data!;
    const before = h.fake.inlineMessage(inlineId)!.photo!;
    h.fake.clearCalls();
    const move = await press(alice, '→ d4');
    expect(h.fake.calls.filter((c) => c.method.startsWith('edit')).map((c) => c.method)).toEqual([
      'editMessageMedia',
    ]);
    message = h.fake.inlineMessage(inlineId)!;
    expect(message.photo!.url).not.toBe(before.url);
    expect(message.photo!.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(message.caption).toContain('c3-d4');

    // The same tap delivered again plays nothing twice; an old tap gets the stale alert.
    await h.deliver(move.update);
    const afterMove = await h.process.service.queries.getGame(gameId);
    expect(afterMove.ok && afterMove.value.moves).toEqual(['c3-d4']);
    const stale = h.fake.inlineCallbackQuery({
      from: alice,
      inlineMessageId: inlineId,
      data: staleSelect,
    });
    await h.deliver(stale);
    expect(h.fake.answers.get(stale.callback_query!.id)).toMatchObject({ show_alert: true });

    // Bob offers a draw; Alice declines on the board's own buttons.
    await press(bob, '🤝 Offer a draw');
    expect(labels()).toEqual(expect.arrayContaining(['🤝 Accept draw', '✖️ Decline']));
    await press(alice, '✖️ Decline');
    expect(labels()).toContain('🤝 Offer a draw');

    // Bob resigns: Resign asks, Yes ends the game; the caption says the result.
    await press(bob, '🏳️ Resign');
    expect(labels()).toEqual(['🏳️ Yes, resign', '⬅️ Back']);
    h.fake.clearCalls();
    await press(bob, '🏳️ Yes, resign');
    const over = await h.process.service.queries.getGame(gameId);
    expect(over.ok && over.value.status).toBe('finished');
    message = h.fake.inlineMessage(inlineId)!;
    expect(message.caption).toMatch(/resign/i);
    expect(labels()).toEqual([]);
    // No notice can be sent to an inline message, and none went to any chat.
    expect(h.fake.calls.some((c) => c.method === 'sendMessage')).toBe(false);
  });

  it('records a card from its Accept when chosen_inline_result never came; Withdraw is the challenger’s', async () => {
    h = await TelegramHarness.start({ media: true });
    const { alice, bob } = users();
    h.fake.group(OTHER_GROUP, 'Club two');
    const answer = await ask(alice, 'laska 5 casual');
    const chosen = h.fake.chooseInlineResult({
      from: alice,
      queryId: answer.queryId,
      resultId: 'c:laska:5:0',
      chatId: OTHER_GROUP,
    });
    const inlineId = chosen.inlineMessageId!;
    // The chosen_inline_result update is lost: Bob's Withdraw is refused, the record made.
    const bobCancel = h.fake.inlineButtonPress({
      from: bob,
      inlineMessageId: inlineId,
      button: '✖️ Withdraw',
    });
    await h.deliver(bobCancel);
    expect(h.fake.answers.get(bobCancel.callback_query!.id)).toMatchObject({ show_alert: true });
    const { challengeId } = inlineIds(inlineId);
    const made = await h.process.service.queries.getChallenge(challengeId);
    expect(made.ok && made.value).toMatchObject({
      variant: 'laska',
      daysPerMove: 5,
      status: 'open',
      challenger: { userId: '11', displayName: 'Alice' },
    });
    expect(made.ok && made.value.rated).toBeUndefined();

    // A forged Accept (terms changed, signature kept) is refused.
    const accept = h.fake.inlineKeyboard(inlineId).flat()[0]!.callback_data!;
    const forged = accept.replace('|laska|', '|bashni|');
    const tap = h.fake.inlineCallbackQuery({ from: bob, inlineMessageId: inlineId, data: forged });
    await h.deliver(tap);
    expect(h.fake.answers.get(tap.callback_query!.id)).toMatchObject({ show_alert: true });

    // Alice withdraws it: the card says so and loses its buttons.
    const cancel = h.fake.inlineButtonPress({
      from: alice,
      inlineMessageId: inlineId,
      button: '✖️ Withdraw',
    });
    await h.deliver(cancel);
    const closed = await h.process.service.queries.getChallenge(challengeId);
    expect(closed.ok && closed.value.status).toBe('cancelled');
    expect(h.fake.inlineMessage(inlineId)!.caption).toContain('withdrew');
    expect(h.fake.inlineKeyboard(inlineId)).toEqual([]);
  });

  it('closes a card nobody accepted when its challenge expires, like any challenge', async () => {
    h = await TelegramHarness.start({ media: true });
    const { alice } = users();
    h.fake.group(GROUP, 'Bashni club');
    const answer = await ask(alice, 'stolby 1');
    const chosen = h.fake.chooseInlineResult({
      from: alice,
      queryId: answer.queryId,
      resultId: 'c:stolby:1:1',
      chatId: GROUP,
    });
    await h.deliver(chosen.update);
    h.clock.time += 8 * 86_400_000;
    await h.scheduler.runDue();
    await h.process.settle();
    const message = h.fake.inlineMessage(chosen.inlineMessageId!)!;
    expect(message.caption).toContain('Nobody accepted the challenge from Alice');
    expect(h.fake.inlineKeyboard(chosen.inlineMessageId!)).toEqual([]);
  });
});
