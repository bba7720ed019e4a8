import { afterEach, describe, expect, it } from 'vitest';
import { messagesOn } from '../../../src/i18n/index.js';
import type { FakeUser, StoredMessage } from '../../support/discord/fake-discord.js';
import { inlineReviewPainter } from '../../support/painter.js';
import { item } from '../../support/present.js';
import type { PositionAnalysis } from '../../../src/game/ports.js';
import {
  inlineAnalysis,
  plantedBlunderGame,
  QUICK_REVIEW_NODES,
} from '../../support/review-game.js';
import { startFakeBot } from './fake-bot.js';
import { ANNA, BORIS, buttonsOf, CHANNEL, DiscordHarness, playerOfUser } from './harness.js';
import { replyRef } from './league-helpers.js';

const en = messagesOn('discord', 'en');
const PLANTED = plantedBlunderGame();

let harness: DiscordHarness;
afterEach(async () => {
  await (harness as DiscordHarness | undefined)?.close();
});

/** The embed text and the file name of an answer's options. */
function shown(options: Record<string, unknown> | undefined) {
  const embeds = options?.embeds as { description?: string }[] | undefined;
  const files = options?.files as { name: string }[] | undefined;
  return { text: embeds?.[0]?.description ?? '', file: files?.[0]?.name };
}

describe('Discord: /review', () => {
  it('defers, answers with the graph and its buttons, and steps through the moments in place', async () => {
    const analysis = inlineAnalysis();
    harness = new DiscordHarness({ analysis });
    const anna = playerOfUser(ANNA);
    const boris = playerOfUser(BORIS);

    const none = await harness.command(ANNA, 'review');
    expect(none.methods).toEqual(['reply']);
    expect(none.last?.content).toBe(en.review.noGame);
    expect(none.last?.content).toContain('/review game:ID');
    expect(none.last?.content).not.toMatch(/reply/i);

    const started = await harness.service.moves.start({
      white: anna,
      black: boris,
      moves: PLANTED.moves,
      views: [{ platform: 'discord', chatId: CHANNEL, messageId: '42' }],
    });
    if (!started.ok) throw new Error(started.message);
    const over = await harness.service.endings.resign(started.value.id, anna);
    if (!over.ok) throw new Error(over.message);

    const answer = await harness.command(BORIS, 'review');
    expect(answer.methods).toEqual(['deferReply', 'editReply']);
    const graph = shown(answer.last);
    expect(graph.file).toBe('review.png');
    expect(graph.text).toContain('blunder: White’s chances');
    expect(buttonsOf(answer.last).map((b) => b.label)).toEqual(['▶']);
    expect(analysis.calls).toBe(PLANTED.moves.length + 1);

    const next = buttonsOf(answer.last)[0]!.customId;
    const stepped = await harness.press(ANNA, next, replyRef(answer));
    expect(stepped.methods).toEqual(['update']);
    const moment = shown(stepped.last);
    expect(moment.file).toBe('moment.png');
    expect(moment.text).toMatch(/Moment 1 of \d+/);
    expect(
      buttonsOf(stepped.last)
        .map((b) => b.label)
        .slice(0, 2),
    ).toEqual(['◀', '📈 Graph']);
    expect(analysis.calls).toBe(PLANTED.moves.length + 1);

    // A button made for another length of the game: only its presser is told.
    const stale = await harness.press(ANNA, `RV|${started.value.id}|3|0`, replyRef(answer));
    expect(stale.methods).toEqual(['reply']);
    expect(stale.last).toMatchObject({ content: en.review.stale, flags: 64 });
  });
});

describe('Discord: /review refusals', () => {
  /** The last thing an interaction said (a refusal after the deferral is a private follow-up). */
  const said = (interaction: { calls: { options?: { content?: unknown } }[] }) =>
    interaction.calls
      .map((call) => call.options?.content)
      .filter((content) => content !== undefined)
      .at(-1);

  it('during a game says reviews come after it; after a table game, that those are not reviewed', async () => {
    harness = new DiscordHarness({ analysis: inlineAnalysis() });
    const [anna, boris] = [playerOfUser(ANNA), playerOfUser(BORIS)];
    const views = [{ platform: 'discord', chatId: CHANNEL, messageId: '42' }] as const;
    const playing = await harness.service.moves.start({ white: anna, black: boris, views });
    if (!playing.ok) throw new Error(playing.message);
    const during = await harness.command(ANNA, 'review');
    expect(said(during)).toBe(en.review.notOver);
    const over = await harness.service.endings.resign(playing.value.id, anna);
    if (!over.ok) throw new Error(over.message);

    const seat = (userId: string, displayName: string) =>
      ({ platform: 'discord', userId, displayName }) as const;
    const [carl, dora] = [seat('300000000000000103', 'Carl'), seat('300000000000000104', 'Dora')];
    const table = await harness.service.moves.start({
      white: anna,
      black: boris,
      red: carl,
      green: dora,
      variant: 'zhernov',
      views: [{ ...views[0], messageId: '43' }],
    });
    if (!table.ok) throw new Error(table.message);
    for (const player of [boris, carl, dora]) {
      const out = await harness.service.endings.resign(table.value.id, player);
      if (!out.ok) throw new Error(out.message);
    }
    const after = await harness.command(ANNA, 'review');
    expect(said(after)).toBe(en.review.notForTables);
  });
});

/** The buttons of a message (Discord's JSON), flattened out of their rows. */
function buttonsIn(message: StoredMessage | undefined): Record<string, unknown>[] {
  return (message?.components ?? []).flatMap(
    (row) => (row.components as Record<string, unknown>[] | undefined) ?? [],
  );
}

/**
 * The engine's analysis with White's chances swinging from 80 % (White to move) to 20 % (Black
 * to move): every move that had a choice costs its mover 60 %, a blunder — a review of many
 * critical moments.
 */
function swingingAnalysis(): PositionAnalysis {
  const engine = inlineAnalysis(QUICK_REVIEW_NODES);
  return {
    analyse: async (request) => ({
      ...(await engine.analyse(request)),
      whiteChances: request.fen.startsWith('W') ? 0.8 : 0.2,
    }),
  };
}

describe('Discord: stepping through a review, through real discord.js and the fake Discord', () => {
  it('steps first, next to the last, back, and jumps to the graph; every custom_id unique', async () => {
    const bot = await startFakeBot(
      {},
      { analysis: swingingAnalysis(), painter: inlineReviewPainter },
    );
    try {
      const { fake } = bot;
      const guild = fake.addGuild({ name: 'Club', channels: [{ name: 'games' }] });
      const channelId = item(guild.channels, 0, 'channels').id;
      const anna = fake.newUser('anna', { global_name: 'Anna' });
      const boris = fake.newUser('boris', { global_name: 'Boris' });
      const player = (user: FakeUser) => ({
        platform: 'discord' as const,
        userId: user.id,
        displayName: user.global_name ?? user.username,
      });
      const started = await bot.service.moves.start({
        white: player(anna),
        black: player(boris),
        moves: PLANTED.moves.slice(0, 8),
      });
      if (!started.ok) throw new Error(started.message);
      const over = await bot.service.endings.resign(started.value.id, player(anna));
      if (!over.ok) throw new Error(over.message);

      const answer = await bot.answered(fake.command({ user: boris, channelId, name: 'review' }));
      let message = answer.original!;
      const press = async (label: string): Promise<StoredMessage> => {
        const handle = await bot.answered(fake.press({ user: anna, message, label }));
        expect(handle.ack?.type, `${label}: the message is updated in place`).toBe(7);
        return handle.original!;
      };
      const labels = () => buttonsIn(message).map((b) => b.label);
      const unique = () => {
        const ids = buttonsIn(message).map((b) => b.custom_id);
        expect(new Set(ids).size, `custom_ids ${ids.join(', ')}`).toBe(ids.length);
      };
      expect(message.attachments.map((file) => file.filename)).toEqual(['review.png']);
      expect(labels()).toEqual(['▶']);

      // The first moment: ◀ would lead where 📈 does, so it is greyed out under its own id.
      message = await press('▶');
      const count = Number(/Moment 1 of (\d+)/.exec(message.embeds[0]?.description ?? '')?.[1]);
      expect(count).toBeGreaterThanOrEqual(3);
      unique();
      expect(buttonsIn(message)[0]).toMatchObject({ label: '◀', disabled: true });
      expect(message.attachments.map((file) => file.filename)).toEqual(['moment.png']);

      // Next, to the last moment, which has no ▶.
      for (let shown = 2; shown <= count; shown++) {
        message = await press('▶');
        expect(message.embeds[0]?.description).toContain(`Moment ${shown} of ${count}`);
        unique();
      }
      expect(labels()).toEqual(['◀', '📈 Graph']);
      expect(buttonsIn(message)[0]?.disabled).not.toBe(true);

      // Back one, and one more; then the jump to the graph.
      for (const shown of [count - 1, count - 2]) {
        message = await press('◀');
        expect(message.embeds[0]?.description).toContain(`Moment ${shown} of ${count}`);
        unique();
      }
      message = await press('📈 Graph');
      expect(message.attachments.map((file) => file.filename)).toEqual(['review.png']);
      expect(labels()).toEqual(['▶']);
      message = await press('▶');
      expect(message.embeds[0]?.description).toContain(`Moment 1 of ${count}`);
    } finally {
      await bot.close();
    }
  });
});
