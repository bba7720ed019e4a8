import { afterEach, describe, expect, it } from 'vitest';
import { decodePayload, type Payload } from '../../../src/chat/buttons/button-payload.js';
import type { BotMoves } from '../../../src/game/ports.js';
import { firstLegalMove } from '../../support/any-game.js';
import { item } from '../../support/present.js';
import { textOf } from '../../support/text-of.js';
import { ANNA, BORIS, CHANNEL, DiscordHarness, buttonsOf, type PostedMessage } from './harness.js';

/** The bot's seats play their first legal move. */
const bot: BotMoves = {
  chooseMove: (request) => Promise.resolve(firstLegalMove(request.variant, request.fen)),
};

let harness: DiscordHarness;
afterEach(async () => {
  await (harness as DiscordHarness | undefined)?.close();
});

const kindOf = (customId: string) => decodePayload(customId)?.kind;

function button(message: { components?: unknown } | undefined, kind: Payload['kind'], label = '') {
  const found = buttonsOf(message).find(
    (b) => kindOf(b.customId) === kind && (b.label ?? '').includes(label),
  );
  if (found === undefined) throw new Error(`no ${kind} button ${label}`);
  return found;
}

/** Game messages still up, the newest first. */
function gameMessages(): PostedMessage[] {
  return harness.out.messages.filter((m) => !m.deleted && m.message.embeds !== undefined).reverse();
}

describe('Discord: a four-player table game (Zhernov)', () => {
  it('fills the table from its card, then plays through the picker, one seat at a time', async () => {
    harness = new DiscordHarness({ bot });
    const card = await harness.command(ANNA, 'newgame', { variant: 'zhernov', days: 2 });
    const cardRef = { id: item(card.created, 0, 'the card').id, channelId: CHANNEL };
    expect(textOf(card.last?.content ?? '')).toContain('Anna opens a table');
    // Discord's limits: at most five rows of at most five buttons.
    const rows = card.last?.components as { components: unknown[] }[];
    expect(rows.length).toBeLessThanOrEqual(5);
    for (const row of rows) expect(row.components.length).toBeLessThanOrEqual(5);

    await harness.press(BORIS, button(card.last, 'sit').customId, cardRef);
    const edited = harness.out.messages.find((m) => m.id === cardRef.id);
    expect(textOf(edited?.message.content ?? '')).toContain('Red: Boris');
    const again = await harness.press(BORIS, button(card.last, 'sit').customId, cardRef);
    expect(textOf(again.last?.content ?? '')).toBe('You already sit at this table.');

    await harness.press(ANNA, button(card.last, 'seat-bot', '2').customId, cardRef);
    await harness.press(BORIS, button(card.last, 'seat-bot', '6').customId, cardRef);
    const board = item(gameMessages(), 0, 'the game message');
    const gameId = (decodePayload(button(board.message, 'move').customId) as { gameId: string })
      .gameId;
    const game = await harness.service.queries.getGame(gameId);
    expect(
      game.ok &&
        [game.value.white, game.value.red, game.value.black, game.value.green].map(
          (p) => p?.displayName,
        ),
    ).toEqual(['Anna', 'Boris', 'Bashni Bot (level 2)', 'Bashni Bot (level 6)']);
    expect(textOf(board.message.embeds?.[0]?.description ?? '')).toContain('⚪ White to play');

    // Boris may not open the picker: it is White's turn.
    const early = await harness.press(BORIS, button(board.message, 'move').customId, board);
    expect(textOf(early.last?.content ?? '')).toContain('not your turn');

    // Anna picks c1, then b2.
    const picker = await harness.press(ANNA, button(board.message, 'move').customId, board);
    const pickerRef = { id: item(picker.created, 0).id, channelId: CHANNEL, ephemeral: true };
    expect(buttonsOf(picker.last).map((b) => b.label)).toEqual([
      '⚪ c1 ·2',
      '⚪ e1 ·2',
      '⚪ g1 ·2',
    ]);
    const targets = await harness.press(
      ANNA,
      button(picker.last, 'select', 'c1').customId,
      pickerRef,
    );
    await harness.press(ANNA, button(targets.last, 'target', 'b2').customId, pickerRef);
    await harness.settle();
    const after = await harness.service.queries.getGame(gameId);
    expect(after.ok && after.value.moves[0]).toBe('c1-b2');

    // Red (Boris) must capture: the picker offers a3 only, capturing on c1.
    const live = item(gameMessages(), 0, 'the game message');
    expect(textOf(live.message.embeds?.[0]?.description ?? '')).toContain('🔴 Red to play');
    const red = await harness.press(BORIS, button(live.message, 'move').customId, live);
    const redRef = { id: item(red.created, 0).id, channelId: CHANNEL, ephemeral: true };
    expect(buttonsOf(red.last).map((b) => b.label)).toEqual(['🔴 a3 ·2']);
    const redTargets = await harness.press(
      BORIS,
      button(red.last, 'select', 'a3').customId,
      redRef,
    );
    expect(buttonsOf(redTargets.last).map((b) => b.label)).toContain('✕ c1');
    await harness.press(BORIS, button(redTargets.last, 'target', 'c1').customId, redRef);
    // The bots at Black and Green answer; then it is White's turn again.
    for (let i = 0; i < 200; i++) {
      await harness.settle();
      const now = await harness.service.queries.getGame(gameId);
      if (now.ok && now.value.moves.length >= 4) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The fourth move is saved before it is shown: its presentation is awaited too.
    await harness.settle();
    const later = await harness.service.queries.getGame(gameId);
    expect(later.ok && later.value.moves.slice(0, 2)).toEqual(['c1-b2', 'a3:c1']);
    expect(later.ok && later.value.moves).toHaveLength(4);
    const current = item(gameMessages(), 0, 'the game message');
    expect(textOf(current.message.embeds?.[0]?.description ?? '')).toContain('⚪ White to play');

    // Anna resigns: her seat is out and the others play on.
    const resign = await harness.command(ANNA, 'resign');
    const confirm = buttonsOf(resign.last).find((b) => kindOf(b.customId) === 'resign');
    if (confirm !== undefined)
      await harness.press(ANNA, confirm.customId, {
        id: item(resign.created, 0).id,
        channelId: CHANNEL,
        ephemeral: true,
      });
    const out = await harness.service.queries.getGame(gameId);
    expect(out.ok && out.value.moves).toContain('resign:white');
    expect(out.ok && out.value.status).toBe('active');
  });
});
