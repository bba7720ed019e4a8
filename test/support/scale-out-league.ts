/**
 * The league and puzzle side of the scale-out scenario: two bot processes behind one webhook
 * (the test plays the load balancer) on the fleet's Redis run a tournament round of three
 * people (the round's game played through both processes, to its result, the standings and the
 * next round's pairing) and a chat's
 * daily puzzle post (set through one process, posted once, by the process that looks next).
 */
import { afterEach, expect, it } from 'vitest';
import {
  applyMove,
  legalMoves,
  makeMove,
  startPosition,
  VARIANTS,
  type Position,
} from '../../src/engine/index.js';
import type { useAppFleet } from './app-fleet.js';
import { SCALE_OUT_ENV, startBots } from './scale-out-game.js';
import { FakeBotApi } from './telegram/fake-bot-api.js';
import { until } from './until.js';

const GROUP = -1009876543210;

export function tournamentAndDailyAcrossProcesses(fleet: ReturnType<typeof useAppFleet>): void {
  let telegram: FakeBotApi | undefined;

  afterEach(async () => {
    await telegram?.close();
  });

  it(`two bot processes run a tournament round of three people and a daily post on ${fleet.kind}`, async () => {
    const fake = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    telegram = fake;
    fake.group(GROUP, 'Bashni club');
    const alice = fake.user(21, 'Alice', 'alice', 'en');
    const bob = fake.user(22, 'Bob', 'bob', 'en');
    const carol = fake.user(23, 'Carol', 'carol', 'en');
    fake.setChatMember(GROUP, alice.id, 'administrator');
    for (const member of [bob, carol]) fake.setChatMember(GROUP, member.id, 'member');
    const shared = { ...fleet.redisEnv(), ...SCALE_OUT_ENV, REDIS_KEY_PREFIX: 'league:' };
    const { deliver } = await startBots(fleet, fake, shared, 2);
    const texts = () =>
      fake
        .chat(GROUP)
        .messages.filter((m) => m.from.is_bot && m.text !== undefined)
        .map((m) => m.text!);
    const say = (from: typeof alice, text: string): Promise<void> =>
      deliver(fake.message({ from, chat: GROUP, text }));
    const press = (from: typeof alice, messageId: number, button: string): Promise<void> =>
      deliver(fake.buttonPress({ from, chatId: GROUP, messageId, button }));

    // Sign-up and start, each step through the next process in turn.
    await say(alice, '/tournament new round-robin bashni 1');
    const card = await until(
      () => fake.chat(GROUP).messages.find((m) => m.text?.startsWith('🏆 Tournament')),
      'the sign-up card',
    );
    // The organiser is in; three players at least.
    await press(bob, card.messageId, '✋ Join');
    await press(carol, card.messageId, '✋ Join');
    await press(alice, card.messageId, '▶️ Start');
    const round = await until(
      () => texts().find((text) => text.startsWith('🏁 Round 1 of 3')),
      'round 1',
    );
    // Three players: one game a round, the third has a bye.
    const pairing = /⚪ @(\w+) — ⚫ @(\w+)/.exec(round);
    const byName = (name: string | undefined) =>
      [alice, bob, carol].find((user) => user.username === name)!;
    const [white, black] = [byName(pairing?.[1]), byName(pairing?.[2])];
    const board = () => fake.chat(GROUP).messages.find((m) => m.photo !== undefined);
    const lastMove = () => /Last move: (\S+)/.exec(board()?.caption ?? '')?.[1];
    await until(board, 'the round’s board');

    // The people's game: a move each, alternately through the two processes.
    let position: Position = startPosition('bashni');
    for (let ply = 0; ply < 4; ply++) {
      const next = legalMoves(position)[0]!;
      const move = makeMove(VARIANTS.bashni, next);
      await say(ply % 2 === 0 ? white : black, `/move ${move}`);
      await until(() => lastMove() === move || undefined, `${move} on the board`);
      position = applyMove(position, next);
    }
    // Black resigns (confirmed on its button): the round is over, the next one paired.
    await say(black, '/resign');
    const question = await until(
      () => fake.chat(GROUP).messages.findLast((m) => m.text?.startsWith('Resign your game vs ')),
      'the resignation question',
    );
    await press(black, question.messageId, '🏳️ Yes, resign');
    await until(() => texts().some((text) => text.startsWith('🏁 Round 2 of 3')), 'round 2');
    const standings = fake
      .chat(GROUP)
      .messages.filter((m) => m.caption?.includes('after round 1 of 3') === true);
    expect(standings).toHaveLength(1);

    // The daily post, due this minute: set through one process, posted by a look of either.
    const now = new Date();
    const hhmm = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
    await say(alice, `/daily on ${hhmm} UTC`);
    await until(
      () => texts().find((text) => text.startsWith('🧩 A puzzle will be posted here every day')),
      'the daily setting',
    );
    // A third process starting looks at once (the two running look once a minute).
    const third = await startBots(fleet, fake, shared, 1);
    expect(third.ports).toHaveLength(1);
    const posts = () =>
      fake.chat(GROUP).messages.filter((m) => m.caption?.startsWith('🧩 Puzzle of the day'));
    await until(() => posts().length > 0 || undefined, 'the daily post', 30_000);
    // Once: the claim is one key, whichever process looks.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(posts()).toHaveLength(1);
    for (const app of fleet.apps()) expect(app.child.exitCode).toBeNull();
    for (const app of fleet.apps()) expect(app.output()).not.toMatch(/CROSSSLOT|MOVED|READONLY/);
  });
}
