import { UNHOLDABLE_FEN } from '../../support/engine-helpers.js';
import { until } from '../../support/until.js';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { encodeGame } from '../../../src/store/codec.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import type { FakeInteraction } from './fake-interaction.js';
import {
  ANNA,
  BORIS,
  CARL,
  CHANNEL,
  DiscordHarness,
  buttonsOf,
  type PostedMessage,
} from './harness.js';
import { textOf } from '../../support/text-of.js';
import { item } from '../../support/present.js';

let harness: DiscordHarness;
afterEach(async () => {
  await (harness as DiscordHarness | undefined)?.close();
});

const EPHEMERAL = 64;

function isEphemeral(interaction: FakeInteraction): boolean {
  const first = interaction.calls[0]?.options;
  return typeof first?.flags === 'number' && (first.flags & EPHEMERAL) !== 0;
}

/** The text the user sees of an interaction's last answer. */
function answerText(interaction: FakeInteraction): string {
  return textOf(interaction.last?.content ?? '');
}

/** Game messages still up, the newest first. */
function gameMessages(): PostedMessage[] {
  return harness.out.messages.filter((m) => !m.deleted && m.message.embeds !== undefined).reverse();
}

/** Anna challenges Boris, Boris accepts: the game message is up; Anna is White. */
async function startGame(): Promise<{ gameId: string; board: PostedMessage }> {
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
  // Anna plays White in these tests.
  if (game.value.white.userId !== ANNA.id) {
    await harness.store.saveGame(
      {
        ...game.value,
        white: game.value.black,
        black: game.value.white,
        version: game.value.version + 1,
      },
      game.value.version,
    );
  }
  return { gameId, board };
}

/** Opens the picker and plays `from`-`to` by buttons; returns the last picker interaction. */
async function pickMove(
  board: PostedMessage,
  from: string,
  to: string,
  user = ANNA,
): Promise<FakeInteraction> {
  const move = buttonsOf(board.message).find((b) => decodePayload(b.customId)?.kind === 'move')!;
  const picker = await harness.press(user, move.customId, { id: board.id, channelId: CHANNEL });
  const ref = { id: picker.created[0]?.id ?? 'none', channelId: CHANNEL, ephemeral: true };
  const stack = buttonsOf(picker.last).find((b) => b.label?.includes(from));
  if (stack === undefined) return picker;
  const targets = await harness.press(user, stack.customId, ref);
  const target = buttonsOf(targets.last).find((b) => b.label?.includes(to))!;
  return harness.press(user, target.customId, ref);
}

describe('Discord interaction router', () => {
  it('posts a challenge card that pings the opponent and only the opponent can accept', async () => {
    harness = new DiscordHarness();
    const card = await harness.command(ANNA, 'newgame', { opponent: BORIS });
    expect(card.methods).toEqual(['reply']);
    expect(isEphemeral(card)).toBe(false);
    expect(answerText(card)).toContain(`<@${BORIS.id}>`);
    expect(card.last?.allowedMentions).toEqual({ parse: [], users: [BORIS.id] });
    const accept = buttonsOf(card.last).find((b) => decodePayload(b.customId)?.kind === 'accept')!;
    const ref = { id: item(card.created, 0, 'card.created').id, channelId: CHANNEL };

    const wrong = await harness.press(CARL, accept.customId, ref);
    expect(isEphemeral(wrong)).toBe(true);
    expect(answerText(wrong)).toBe(
      'This challenge is for another player: only they can accept or decline it.',
    );
    expect(gameMessages()).toHaveLength(0);

    const right = await harness.press(BORIS, accept.customId, ref);
    expect(right.methods).toEqual(['deferUpdate']);
    const boards = gameMessages();
    expect(boards).toHaveLength(1);
    const posted = item(boards, 0, 'boards').message;
    expect(posted.files?.[0]?.name).toBe('board.png');
    expect(posted.embeds?.[0]?.image?.url).toBe('attachment://board.png');
    expect(buttonsOf(posted).map((b) => decodePayload(b.customId)?.kind)).toEqual(['move']);
    // The card says the game is on and has lost its buttons.
    const cardNow = harness.out.messages.find((m) => m.id === ref.id)!;
    expect(cardNow.message.components).toEqual([]);
  });

  it('plays a whole move through the ephemeral picker and updates the game message once', async () => {
    harness = new DiscordHarness();
    const { board } = await startGame();
    const editsBefore = harness.out.calls.filter(
      (c) => c.method === 'edit' && c.messageId === board.id,
    ).length;
    const move = buttonsOf(board.message).find((b) => decodePayload(b.customId)?.kind === 'move')!;
    const picker = await harness.press(ANNA, move.customId, { id: board.id, channelId: CHANNEL });
    expect(picker.methods).toEqual(['reply']);
    expect(isEphemeral(picker)).toBe(true);
    const stacks = buttonsOf(picker.last);
    expect(stacks.map((b) => b.label)).toEqual(['⚪ a3', '⚪ c3', '⚪ e3', '⚪ g3']);

    const ref = {
      id: item(picker.created, 0, 'picker.created').id,
      channelId: CHANNEL,
      ephemeral: true,
    };
    const targets = await harness.press(ANNA, item(stacks, 1, 'stacks').customId, ref);
    expect(targets.methods).toEqual(['update']);
    const targetButtons = buttonsOf(targets.last);
    expect(targetButtons.map((b) => b.label)).toContain('→ d4');
    expect(targetButtons.some((b) => decodePayload(b.customId)?.kind === 'back')).toBe(true);

    const played = await harness.press(
      ANNA,
      targetButtons.find((b) => b.label === '→ d4')!.customId,
      ref,
    );
    expect(played.methods).toEqual(['update']);
    expect(answerText(played)).toContain('c3-d4');
    expect(played.last?.components).toEqual([]);

    const game = await harness.service.queries.activeGames({
      platform: 'discord',
      userId: ANNA.id,
    });
    expect(game.ok && item(game.value, 0, 'game.value').moves).toEqual(['c3-d4']);
    const edits = harness.out.calls.filter((c) => c.method === 'edit' && c.messageId === board.id);
    expect(edits.length - editsBefore).toBe(1);
    const now = harness.out.messages.find((m) => m.id === board.id)!;
    expect(now.message.files).toHaveLength(1);
    expect(now.message.embeds?.[0]?.description).toContain('c3-d4');
    // The Move button now names the new board.
    const next = decodePayload(item(buttonsOf(now.message), 0).customId);
    expect(next).toMatchObject({ kind: 'move', ply: 1 });
  });

  it('answers stale, wrong-user and forged presses only to the presser, changing nothing', async () => {
    harness = new DiscordHarness();
    const { board, gameId } = await startGame();
    const oldMove = buttonsOf(board.message).find(
      (b) => decodePayload(b.customId)?.kind === 'move',
    )!;
    const ref = { id: board.id, channelId: CHANNEL };

    const notYours = await harness.press(BORIS, oldMove.customId, ref);
    expect(isEphemeral(notYours)).toBe(true);
    expect(answerText(notYours)).toMatch(/not your turn/i);

    const outsider = await harness.press(CARL, oldMove.customId, ref);
    expect(answerText(outsider)).toMatch(/not playing/i);

    const forged = await harness.press(ANNA, 'M|nope|zz', ref);
    expect(isEphemeral(forged)).toBe(true);
    expect(answerText(forged)).toMatch(/button/i);
    const garbage = await harness.press(ANNA, 'x'.repeat(100), ref);
    expect(isEphemeral(garbage)).toBe(true);
    // A picker step's custom_id forged onto the public game message: it stays as it is.
    const before = harness.out.calls.length;
    const onBoard = await harness.press(ANNA, `S|${gameId}|0|b`, ref);
    expect(isEphemeral(onBoard)).toBe(true);
    expect(onBoard.methods).toEqual(['reply']);
    expect(harness.out.calls.length).toBe(before);

    // An old picker's button after the move was played elsewhere.
    const picker = await harness.press(ANNA, oldMove.customId, ref);
    const stack = item(buttonsOf(picker.last), 1, 'stack');
    await harness.command(ANNA, 'move', { notation: 'c3-d4' });
    const stale = await harness.press(ANNA, stack.customId, {
      id: item(picker.created, 0, 'picker.created').id,
      channelId: CHANNEL,
      ephemeral: true,
    });
    expect(answerText(stale)).toMatch(/out of date|changed/i);
    expect(stale.last?.components).toEqual([]);
    const game = await harness.service.queries.getGame(gameId);
    expect(game.ok && game.value.moves).toEqual(['c3-d4']);
  });

  it('plays typed moves and explains an illegal one', async () => {
    harness = new DiscordHarness();
    const { gameId } = await startGame();
    const bad = await harness.command(ANNA, 'move', { notation: 'c3-c5' });
    expect(isEphemeral(bad)).toBe(true);
    expect(answerText(bad)).toContain('c3-c5');
    const good = await harness.command(ANNA, 'move', { notation: 'c3 d4' });
    expect(answerText(good)).toContain('c3-d4');
    const game = await harness.service.queries.getGame(gameId);
    expect(game.ok && game.value.moves).toEqual(['c3-d4']);
  });

  it('explains an illegal move in Russian from the catalogue: the move quoted, the legal ones listed', async () => {
    harness = new DiscordHarness();
    await startGame();
    const bad = await harness.command(ANNA, 'move', { notation: 'c3-c5' }, { locale: 'ru' });
    expect(answerText(bad)).toMatch(/^Ход c3-c5 здесь невозможен\.\n.*c3-d4/);
    expect(answerText(bad)).not.toMatch(/legal|here/);
  });

  it('answers a press on a corrupt game’s message that its record is damaged; other games go on', async () => {
    harness = new DiscordHarness();
    const { board, gameId } = await startGame();
    const game = await harness.service.queries.getGame(gameId);
    if (!game.ok) throw new Error('no game');
    const damaged = { ...game.value, s: 3, views: [{ platform: 'discord', messageId: board.id }] };
    harness.store.putRawGame(gameId, JSON.stringify(damaged));
    const move = buttonsOf(board.message).find((b) => decodePayload(b.customId)?.kind === 'move')!;
    const pressed = await harness.press(ANNA, move.customId, { id: board.id, channelId: CHANNEL });
    expect(isEphemeral(pressed)).toBe(true);
    expect(answerText(pressed)).toBe('This game’s record is damaged and cannot be loaded.');
    const other = await startGame();
    await pickMove(other.board, 'c3', 'd4');
    const played = await harness.service.queries.getGame(other.gameId);
    expect(played.ok && played.value.moves).toEqual(['c3-d4']);
  });

  it('answers for a record holding a position the engine cannot hold that it is damaged, not an internal error', async () => {
    harness = new DiscordHarness();
    const { board, gameId } = await startGame();
    const game = await harness.service.queries.getGame(gameId);
    if (!game.ok) throw new Error('no game');
    const fen = UNHOLDABLE_FEN;
    const held = { ...game.value, variant: 'adiyukh-10x10', startFen: fen, fen, keys: [] } as const;
    harness.store.putRawGame(gameId, encodeGame(held));
    const move = buttonsOf(board.message).find((b) => decodePayload(b.customId)?.kind === 'move')!;
    const pressed = await harness.press(ANNA, move.customId, { id: board.id, channelId: CHANNEL });
    expect(answerText(pressed)).toBe('This game’s record is damaged and cannot be loaded.');
    // A typed move looks among the channel's games, which pass over a damaged record.
    const typed = await harness.command(ANNA, 'move', { notation: 'c3:e5' });
    expect(answerText(typed)).toBe('You have no game in this channel. Start one with /newgame.');
  });

  it('defers a slow answer in time and then edits it', async () => {
    harness = new DiscordHarness({ deferAfterMs: 30 });
    const { board } = await startGame();
    const slow = harness.store as MemoryGameStore & { getGame: MemoryGameStore['getGame'] };
    const original = slow.getGame.bind(slow);
    slow.getGame = async (id) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return original(id);
    };
    const move = buttonsOf(board.message).find((b) => decodePayload(b.customId)?.kind === 'move')!;
    const picker = await harness.press(ANNA, move.customId, { id: board.id, channelId: CHANNEL });
    expect(picker.methods).toEqual(['deferReply', 'editReply']);
    expect(item(picker.calls, 0, 'picker.calls').at).toBeLessThan(3_000);
    expect(buttonsOf(picker.last).length).toBeGreaterThan(0);
  });

  it('applies and shows a move whose acknowledgement came too late', async () => {
    harness = new DiscordHarness();
    const { board, gameId } = await startGame();
    const move = buttonsOf(board.message).find((b) => decodePayload(b.customId)?.kind === 'move')!;
    const picker = await harness.press(ANNA, move.customId, { id: board.id, channelId: CHANNEL });
    const ref = {
      id: item(picker.created, 0, 'picker.created').id,
      channelId: CHANNEL,
      ephemeral: true,
    };
    const targets = await harness.press(ANNA, item(buttonsOf(picker.last), 1).customId, ref);
    const target = buttonsOf(targets.last).find((b) => b.label === '→ d4')!;
    const slow = harness.store;
    const original = slow.saveGame.bind(slow);
    slow.saveGame = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      return original(...args);
    };
    // Discord's 3 s shortened to 50 ms: the update after the move fails with 10062.
    const { FakeInteraction } = await import('./fake-interaction.js');
    const late = new FakeInteraction(
      { user: ANNA, channelId: CHANNEL, guildId: '1', ackLimitMs: 50 },
      'button',
      { customId: target.customId, message: ref },
    );
    await harness.app.router.route(late as never);
    await harness.settle();
    const game = await harness.service.queries.getGame(gameId);
    expect(game.ok && game.value.moves).toEqual(['c3-d4']);
    const now = harness.out.messages.find((m) => m.id === board.id)!;
    expect(now.message.embeds?.[0]?.description).toContain('c3-d4');
  });

  it('pings a player who may have left, and removes the notice once they move', async () => {
    harness = new DiscordHarness();
    const { board } = await startGame();
    harness.clock.time += 5 * 60_000;
    await pickMove(board, 'c3', 'd4');
    const notices = harness.out.in(CHANNEL).filter((m) => m.message.pings?.includes(BORIS.id));
    expect(notices).toHaveLength(1);
    expect(item(notices, 0, 'notices').message.content).toContain(`<@${BORIS.id}>`);
    expect(item(notices, 0, 'notices').message.replyTo).toBe(board.id);
    await harness.command(BORIS, 'move', { notation: 'b6-a5' });
    expect(
      harness.out.in(CHANNEL).filter((m) => m.id === item(notices, 0, 'notices').id),
    ).toHaveLength(0);
  });

  it('resigns after a confirmation, and offers and accepts draws', async () => {
    harness = new DiscordHarness();
    const { gameId } = await startGame();
    const draw = await harness.command(ANNA, 'draw');
    expect(isEphemeral(draw)).toBe(true);
    const board = item(gameMessages(), 0, 'board');
    const accept = buttonsOf(board.message).find(
      (b) => decodePayload(b.customId)?.kind === 'draw-accept',
    )!;
    const own = await harness.press(ANNA, accept.customId, { id: board.id, channelId: CHANNEL });
    expect(isEphemeral(own)).toBe(true);
    await harness.press(BORIS, accept.customId, { id: board.id, channelId: CHANNEL });
    let game = await harness.service.queries.getGame(gameId);
    expect(game.ok && game.value.result).toMatchObject({ winner: null, reason: 'agreement' });

    const second = await startGame();
    const ask = await harness.command(ANNA, 'resign');
    const yes = item(buttonsOf(ask.last), 0, 'yes');
    const ref = { id: item(ask.created, 0, 'ask.created').id, channelId: CHANNEL };
    const stranger = await harness.press(BORIS, yes.customId, ref);
    expect(answerText(stranger)).toBe(
      'These buttons are for the player who asked: only they can answer.',
    );
    // The resigner is told it was their resignation (not "your opponent resigned").
    const resigned = await harness.press(ANNA, yes.customId, ref, { locale: 'ru' });
    expect(answerText(resigned)).toBe('Вы сдались: победили чёрные.');
    game = await harness.service.queries.getGame(second.gameId);
    expect(game.ok && game.value.result).toMatchObject({ winner: 'black', reason: 'resignation' });
  });

  it('plays the bot with /play and shows its reply on the game message', async () => {
    harness = new DiscordHarness({
      bot: { chooseMove: () => Promise.resolve('b6-a5') },
    });
    const play = await harness.command(ANNA, 'play', { level: 2 });
    expect(play.methods).toEqual(['reply']);
    const board = item(gameMessages(), 0, 'board');
    await pickMove(board, 'c3', 'd4');
    // The bot answers on its own time (the service asks it after the move is saved).
    const now = await until(
      () =>
        harness.out.messages.find(
          (m) => m.id === board.id && m.message.embeds?.[0]?.description?.includes('b6-a5'),
        ),
      'the bot’s reply on the game message',
    );
    expect(now.message.embeds?.[0]?.description).toContain('b6-a5');
  });

  it('speaks the user’s language', async () => {
    harness = new DiscordHarness();
    const help = await harness.command(ANNA, 'help', {}, { locale: 'ru' });
    expect(answerText(help)).toMatch(/[а-я]/);
  });

  it('a declined challenge card says so and loses its buttons; an open one shows its code', async () => {
    harness = new DiscordHarness();
    const card = await harness.command(ANNA, 'newgame', { opponent: BORIS });
    const decline = buttonsOf(card.last).find(
      (b) => decodePayload(b.customId)?.kind === 'decline',
    )!;
    await harness.press(BORIS, decline.customId, {
      id: item(card.created, 0, 'card.created').id,
      channelId: CHANNEL,
    });
    const closed = harness.out.messages.find(
      (m) => m.id === item(card.created, 0, 'card.created').id,
    )!;
    expect(closed.message.content).toMatch(/declined/);
    expect(closed.message.components).toEqual([]);

    const open = await harness.command(ANNA, 'newgame');
    expect(answerText(open)).toMatch(/\/join [A-Z2-9]{6}/);
    expect(open.last?.allowedMentions).toEqual({ parse: [], users: [] });
  });

  it('reminds a Discord player by direct message, and in the channel when that fails', async () => {
    harness = new DiscordHarness();
    await startGame();
    await harness.scheduler.start(async (job) => harness.service.timers.handle(job));
    harness.clock.time += 0.85 * 3 * 86_400_000;
    await harness.scheduler.runDue();
    await harness.settle();
    expect(harness.out.direct_.map((d) => d.userId)).toEqual([ANNA.id]);
    expect(item(harness.out.direct_, 0, 'harness.out.direct_').message.content).toMatch(
      /left for your move/,
    );

    // The next game: Anna does not accept direct messages.
    harness.out.failNext = (method) => (method === 'direct' ? new Error('50007') : undefined);
    await startGame();
    harness.clock.time += 0.85 * 3 * 86_400_000;
    await harness.scheduler.runDue();
    await harness.settle();
    const mention = harness.out
      .in(CHANNEL)
      .filter((m) => m.message.content?.includes('left for your move'));
    expect(mention).toHaveLength(1);
    expect(item(mention, 0, 'mention').message.pings).toEqual([ANNA.id]);
  });

  it('keeps a game pending until its message shows the move, and a sweep brings it up to date', async () => {
    harness = new DiscordHarness();
    const { board, gameId } = await startGame();
    harness.out.failNext = (method) =>
      method === 'edit' ? new Error('socket hang up') : undefined;
    await harness.command(ANNA, 'move', { notation: 'c3-d4' });
    expect(await harness.kv.setMembers('dc:pending-boards')).toEqual([gameId]);
    expect(
      harness.out.messages.find((m) => m.id === board.id)!.message.embeds?.[0]?.description,
    ).not.toContain('c3-d4');

    expect(await harness.app.presenter.recoverPending()).toBe(1);
    await harness.settle();
    expect(
      harness.out.messages.find((m) => m.id === board.id)!.message.embeds?.[0]?.description,
    ).toContain('c3-d4');
    expect(await harness.kv.setMembers('dc:pending-boards')).toEqual([]);
  });

  it('/join with a code nobody has says so, only to the user', async () => {
    harness = new DiscordHarness();
    const join = await harness.command(BORIS, 'join', { code: 'zz*zz' });
    expect(isEphemeral(join)).toBe(true);
    expect(answerText(join)).toContain('zz\\*zz');
  });
});
