import { expect } from 'vitest';
import { messageBody } from '../../../src/adapters/discord/channel-output.js';
import { playerToMove } from '../../../src/game/rules-strategy.js';
import { firstLegalMove } from '../../support/any-game.js';
import { decodePayload, type Payload } from '../../../src/chat/buttons/button-payload.js';
import { messageBodyErrors } from '../../support/discord/validate-message.js';
import { item } from '../../support/present.js';
import type { FakeInteraction, FakeUser } from './fake-interaction.js';
import { buttonsOf, CHANNEL, type DiscordHarness, type PostedMessage } from './harness.js';

/** The button of a payload kind on a message (its label containing `label`). */
export function buttonOf(
  message: { components?: unknown } | undefined,
  kind: Payload['kind'],
  label = '',
): string {
  const found = buttonsOf(message).find(
    (b) => decodePayload(b.customId)?.kind === kind && (b.label ?? '').includes(label),
  );
  if (found === undefined) throw new Error(`no ${kind} button ${label}`);
  return found.customId;
}

/** The public message a command's reply made, to press its buttons. */
export function replyRef(interaction: FakeInteraction, channelId = CHANNEL) {
  return { id: item(interaction.created, 0, 'the reply').id, channelId };
}

/** What a channel message shows: its content, else its embed's title and text. */
export function shownText(message: PostedMessage): string {
  const embed = message.message.embeds?.[0];
  return message.message.content || [embed?.title, embed?.description].join('\n');
}

/** The picture a message attaches (its file name), if any. */
export function pictureOf(message: PostedMessage): string | undefined {
  return message.message.files?.[0]?.name;
}

/** Every message the adapter left in a channel keeps Discord's limits (rows, lengths, files). */
export function expectWithinLimits(messages: readonly PostedMessage[]): void {
  for (const posted of messages) {
    const body = messageBody(posted.message);
    const files = posted.message.files?.length ?? 0;
    expect(messageBodyErrors(body, '', files), shownText(posted)).toEqual([]);
  }
}

/** The user of a Discord player (by id) among the test's users. */
export function userOf(users: readonly FakeUser[], userId: string): FakeUser {
  const user = users.find((candidate) => candidate.id === userId);
  if (user === undefined) throw new Error(`no test user ${userId}`);
  return user;
}

/** Resigns `user`'s game in the channel as a person would: /resign, then the confirmation. */
export async function resignAs(harness: DiscordHarness, user: FakeUser): Promise<void> {
  const asked = await harness.command(user, 'resign');
  await harness.press(user, buttonOf(asked.last, 'resign'), {
    ...replyRef(asked),
    ephemeral: true,
  });
}

/**
 * Plays `count` moves of a game with /move, each by the player to move (its first legal move):
 * a game needs two before it counts for ratings.
 */
export async function playMoves(
  harness: DiscordHarness,
  users: readonly FakeUser[],
  gameId: string,
  count = 2,
): Promise<void> {
  for (let ply = 0; ply < count; ply++) {
    const game = await harness.service.queries.getGame(gameId);
    if (!game.ok) throw new Error(`no game ${gameId}: ${game.code}`);
    const mover = userOf(users, playerToMove(game.value).userId);
    const notation = firstLegalMove(game.value.variant, game.value.fen);
    await harness.command(mover, 'move', { notation });
  }
}
