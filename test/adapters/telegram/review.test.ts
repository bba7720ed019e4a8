import { afterEach, describe, expect, it } from 'vitest';
import { messagesOn } from '../../../src/i18n/index.js';
import { inlineAnalysis, plantedBlunderGame } from '../../support/review-game.js';
import { ALICE, BOB, TelegramHarness } from './harness.js';

const GROUP = -1004444555666;
const PLANTED = plantedBlunderGame();
const en = messagesOn('telegram', 'en');

describe('Telegram: /review of a finished game', () => {
  let h: TelegramHarness;
  afterEach(() => h.close());

  const lastText = () =>
    h.fake
      .chat(GROUP)
      .messages.filter((m) => m.text !== undefined && m.from.is_bot)
      .at(-1)?.text;

  it('refuses an active game, then shows the graph and steps through the moments in place', async () => {
    const analysis = inlineAnalysis();
    h = await TelegramHarness.start({ analysis });
    const { alice, bob, gameId, boardId } = await h.groupGame(GROUP);
    const service = h.process.service;

    // Fair play: no review while the game is played (a reply to its board picks it).
    await h.say(alice, GROUP, '/review', boardId);
    expect(lastText()).toBe(en.review.notOver);
    // Nothing finished here yet: the game being played is meant, and reviewed after it;
    // someone without a game here hears there is nothing to review; and a bad id.
    await h.say(alice, GROUP, '/review');
    expect(lastText()).toBe(en.review.notOver);
    await h.say(h.fake.user(13, 'Carol', 'carol', 'en'), GROUP, '/review');
    expect(lastText()).toBe(en.review.noGame);
    await h.say(alice, GROUP, '/review no such id');
    expect(lastText()).toBe(en.review.noGame);
    expect(analysis.calls).toBe(0);

    for (const [ply, move] of PLANTED.moves.entries()) {
      const played = await service.moves.play(gameId, ply % 2 === 0 ? ALICE : BOB, move);
      if (!played.ok) throw new Error(played.message);
      await h.process.presenter.handle(played.events);
    }
    const resigned = await service.endings.resign(
      gameId,
      PLANTED.moves.length % 2 === 0 ? ALICE : BOB,
    );
    if (!resigned.ok) throw new Error(resigned.message);
    await h.process.settle();

    const before = h.boards(GROUP).length;
    await h.say(bob, GROUP, '/review');
    const photos = h.boards(GROUP);
    expect(photos).toHaveLength(before + 1);
    const review = photos.at(-1)!;
    expect(review.caption).toContain('🔍 Review: Alice – Bob');
    expect(review.caption).toContain(`${PLANTED.blunder}?? — blunder: White’s chances`);
    expect(review.caption!.length).toBeLessThanOrEqual(1024);
    expect(h.labels(GROUP, review.messageId)).toEqual(['▶']);
    expect(analysis.calls).toBe(PLANTED.moves.length + 1);

    // ▶: the first critical moment, in the same message (its picture, caption and buttons).
    const graphFile = review.photo!.fileId;
    const answer = await h.press(alice, GROUP, review.messageId, '▶');
    expect(answer?.show_alert).toBe(false);
    const stepped = h.fake.chat(GROUP).messages.find((m) => m.messageId === review.messageId)!;
    expect(stepped.photo!.fileId).not.toBe(graphFile);
    expect(stepped.caption).toMatch(/Moment 1 of \d+/);
    expect(h.labels(GROUP, review.messageId).slice(0, 2)).toEqual(['◀', '📈 Graph']);
    expect(h.boards(GROUP)).toHaveLength(before + 1);

    // ◀ from the first moment goes back to the graph; the review is never searched again.
    await h.press(alice, GROUP, review.messageId, '◀');
    const back = h.fake.chat(GROUP).messages.find((m) => m.messageId === review.messageId)!;
    expect(back.caption).toContain('🔍 Review: Alice – Bob');
    expect(h.labels(GROUP, review.messageId)).toEqual(['▶']);
    expect(analysis.calls).toBe(PLANTED.moves.length + 1);

    // A second /review answers from the cache.
    await h.say(alice, GROUP, `/review ${gameId}`);
    expect(h.boards(GROUP)).toHaveLength(before + 2);
    expect(analysis.calls).toBe(PLANTED.moves.length + 1);

    // Stale and forged buttons: an alert, nothing else.
    const stale = await h.tap(alice, GROUP, review.messageId, `RV|${gameId}|3|0`);
    expect(stale).toMatchObject({ text: en.review.stale, show_alert: true });
    const beyond = await h.tap(
      alice,
      GROUP,
      review.messageId,
      `RV|${gameId}|${PLANTED.moves.length}|99`,
    );
    expect(beyond).toMatchObject({ text: en.review.stale, show_alert: true });
    const gone = await h.tap(alice, GROUP, review.messageId, 'RV|nogame|24|0');
    expect(gone).toMatchObject({ text: en.errors.notFound, show_alert: true });
    const garbled = await h.tap(alice, GROUP, review.messageId, 'RV|x');
    expect(garbled).toMatchObject({ text: en.errors.unknownButton, show_alert: true });
    expect(h.fake.chat(GROUP).messages.find((m) => m.messageId === review.messageId)!.caption).toBe(
      back.caption,
    );
  });

  it('after a table game, says table games are not reviewed', async () => {
    const analysis = inlineAnalysis();
    h = await TelegramHarness.start({ analysis });
    h.fake.group(GROUP, 'Bashni club');
    const alice = h.fake.user(11, 'Alice', 'alice', 'en');
    const seat = (userId: string, displayName: string) =>
      ({ platform: 'telegram', userId, displayName, language: 'en' }) as const;
    const [carol, dan] = [seat('13', 'Carol'), seat('14', 'Dan')];
    const service = h.process.service;
    const table = await service.moves.start({
      white: ALICE,
      black: BOB,
      red: carol,
      green: dan,
      variant: 'zhernov',
      daysPerMove: 3,
    });
    if (!table.ok) throw new Error(table.message);
    await h.process.presenter.surface.postBoard(table.value, String(GROUP));
    for (const player of [BOB, carol, dan]) {
      const out = await service.endings.resign(table.value.id, player);
      if (!out.ok) throw new Error(out.message);
    }
    await h.process.settle();
    const ended = await service.queries.getGame(table.value.id);
    expect(ended.ok && ended.value.status).toBe('finished');
    await h.say(alice, GROUP, '/review');
    expect(lastText()).toBe(en.review.notForTables);
    expect(analysis.calls).toBe(0);
  });

  it('says so when the engine is not available', async () => {
    h = await TelegramHarness.start();
    const { alice, gameId } = await h.groupGame(GROUP);
    const resigned = await h.process.service.endings.resign(gameId, ALICE);
    if (!resigned.ok) throw new Error(resigned.message);
    await h.say(alice, GROUP, `/review ${gameId}`);
    expect(lastText()).toBe(en.review.unavailable);
  });
});
