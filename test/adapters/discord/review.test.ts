import { afterEach, describe, expect, it } from 'vitest';
import { messagesOn } from '../../../src/i18n/index.js';
import { inlineAnalysis, plantedBlunderGame } from '../../support/review-game.js';
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

    const started = await harness.service.startGame({
      white: anna,
      black: boris,
      moves: PLANTED.moves,
      views: [{ platform: 'discord', chatId: CHANNEL, messageId: '42' }],
    });
    if (!started.ok) throw new Error(started.message);
    const over = await harness.service.resign(started.value.id, anna);
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
