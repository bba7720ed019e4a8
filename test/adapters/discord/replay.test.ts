/**
 * /replay in Discord and the animation on the result notice: the command is deferred at once,
 * then answered with the GIF attached; a game's end posts its result with the GIF.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { messages } from '../../../src/i18n/index.js';
import { decodeGif } from '../../support/gif.js';
import { item } from '../../support/present.js';
import { textOf } from '../../support/text-of.js';
import type { FakeInteraction } from './fake-interaction.js';
import {
  ANNA,
  BORIS,
  CARL,
  CHANNEL,
  DiscordHarness,
  OTHER_CHANNEL,
  buttonsOf,
  playerOfUser,
  type PostedMessage,
} from './harness.js';

let harness: DiscordHarness;
afterEach(async () => {
  await (harness as DiscordHarness | undefined)?.close();
});

const EPHEMERAL = 64;

/** Game messages still up, the newest first. */
function gameMessages(): PostedMessage[] {
  return harness.out.messages.filter((m) => !m.deleted && m.message.embeds !== undefined).reverse();
}

/** Anna challenges Boris, Boris accepts, and they play three plies by /move. */
async function playedGame(): Promise<{ gameId: string }> {
  const card = await harness.command(ANNA, 'newgame', { opponent: BORIS, days: 3 });
  const accept = buttonsOf(card.last).find((b) => decodePayload(b.customId)?.kind === 'accept')!;
  await harness.press(BORIS, accept.customId, {
    id: item(card.created, 0, 'card.created').id,
    channelId: CHANNEL,
  });
  const board = item(gameMessages(), 0, 'board');
  const gameId = (decodePayload(item(buttonsOf(board.message), 0).customId) as { gameId: string })
    .gameId;
  const game = await harness.service.queries.getGame(gameId);
  if (!game.ok) throw new Error('no game');
  const white = game.value.white.userId === ANNA.id ? ANNA : BORIS;
  const black = white === ANNA ? BORIS : ANNA;
  for (const [user, notation] of [
    [white, 'c3-d4'],
    [black, 'f6-g5'],
    [white, 'g3-h4'],
  ] as const)
    await harness.command(user, 'move', { notation });
  return { gameId };
}

/** The GIF attached to an answer or a message. */
function attachedGif(files: unknown): ReturnType<typeof decodeGif> {
  const list = files as { name: string; attachment?: Buffer; data?: Buffer }[] | undefined;
  const file = item(list ?? [], 0, 'attachment');
  expect(file.name).toMatch(/^bashni-.+\.gif$/);
  return decodeGif(file.attachment ?? file.data!);
}

function isEphemeral(interaction: FakeInteraction): boolean {
  const flags = interaction.calls[0]?.options?.flags;
  return typeof flags === 'number' && (flags & EPHEMERAL) !== 0;
}

describe('Discord: a game’s animation', () => {
  it('/replay is deferred at once, then answered in public with the GIF attached', async () => {
    harness = new DiscordHarness();
    await playedGame();
    const replay = await harness.command(CARL, 'replay');
    expect(replay.calls.map((call) => call.method)).toEqual(['deferReply', 'editReply']);
    expect(isEphemeral(replay)).toBe(false);
    const answer = replay.last!;
    expect(textOf(answer.content as string)).toMatch(/^🎞 .+ — .+ · Bashni\nThe game goes on\.$/);
    // The start and one frame a ply.
    expect(attachedGif(answer.files).frameCount).toBe(3 + 1);
  });

  it('/replay game:<id> picks that game; a bad or foreign id is refused in private', async () => {
    harness = new DiscordHarness();
    const { gameId } = await playedGame();
    const named = await harness.command(ANNA, 'replay', { game: `bashni-${gameId}.pdn` });
    expect(attachedGif(named.last!.files).frameCount).toBe(4);
    const bad = await harness.command(ANNA, 'replay', { game: 'no such game' });
    expect(isEphemeral(bad)).toBe(true);
    expect(textOf(bad.last!.content as string)).toMatch(/^No game “no such game” here\./);
    // Carl, elsewhere, may not see a game he neither played nor saw there.
    const foreign = await harness.command(
      CARL,
      'replay',
      { game: gameId },
      { channelId: OTHER_CHANNEL },
    );
    expect(isEphemeral(foreign)).toBe(true);
    expect(textOf(foreign.last!.content as string)).toMatch(/^No game “.+” here\./);
    const none = await harness.command(CARL, 'replay', {}, { channelId: OTHER_CHANNEL });
    expect(textOf(none.last!.content as string)).toMatch(/^No game has been shown/);
  });

  it('/replay with two of the user’s games here and none posted says to choose it with game:', async () => {
    harness = new DiscordHarness();
    for (const opponent of [BORIS, CARL]) {
      const started = await harness.service.moves.start({
        white: playerOfUser(ANNA),
        black: playerOfUser(opponent),
        views: [{ platform: 'discord', chatId: CHANNEL, messageId: `4${opponent.id}` }],
      });
      if (!started.ok) throw new Error(started.message);
    }
    const several = await harness.command(ANNA, 'replay');
    expect(isEphemeral(several)).toBe(true);
    const text = several.last!.content as string;
    expect(text).not.toMatch(/reply/i);
    expect(text).toBe(messages('en').discord.severalGamesOption('replay', 'game'));
  });

  it('the result of a game is posted with its animation attached', async () => {
    harness = new DiscordHarness();
    const { gameId } = await playedGame();
    const game = await harness.service.queries.getGame(gameId);
    if (!game.ok) throw new Error('no game');
    const loser = game.value.black.userId === ANNA.id ? ANNA : BORIS;
    const ask = await harness.command(loser, 'resign');
    const yes = item(buttonsOf(ask.last), 0, 'yes');
    await harness.press(loser, yes.customId, {
      id: item(ask.created, 0, 'ask.created').id,
      channelId: CHANNEL,
    });
    const notice = harness.out
      .in(CHANNEL)
      .find((m) => textOf(m.message.content ?? '').startsWith('🏁'));
    expect(textOf(notice!.message.content!)).toBe('🏁 White wins (Black resigned).');
    expect(attachedGif(notice!.message.files).frameCount).toBe(4);
  });

  it('/pdn right after a game gives that game’s record, as /replay finds it', async () => {
    harness = new DiscordHarness();
    const { gameId } = await playedGame();
    const game = await harness.service.queries.getGame(gameId);
    if (!game.ok) throw new Error('no game');
    await harness.service.endings.resign(gameId, game.value.black);
    await harness.settle();
    const pdn = await harness.command(ANNA, 'pdn');
    const files = pdn.last!.files as { name: string; data?: Buffer; attachment?: Buffer }[];
    const file = item(files, 0, 'the PDN');
    expect(file.name).toBe(`bashni-${gameId}.pdn`);
    expect((file.attachment ?? file.data)!.toString('utf8')).toContain(
      '1. c3-d4 f6-g5 2. g3-h4 1-0',
    );
  });
});
