import { afterEach, expect, it } from 'vitest';
import { TelegramHarness } from './harness.js';

const GROUP = -1001234567002;

let h: TelegramHarness;
afterEach(async () => h.close());

/** Spends the rest of the group's budget of sends and edits (20 in a window) on chatter. */
async function spendBudget(used: number): Promise<void> {
  await Promise.all(
    Array.from({ length: 20 - used }, (_, i) =>
      h.process.bot.api.sendMessage(GROUP, `chatter ${i}`),
    ),
  );
}

it('a tap in a group whose budget is spent is told when the board shows it; a typed move works meanwhile', async () => {
  h = await TelegramHarness.start();
  const { alice, bob, boardId, current } = await h.groupGame(GROUP);
  await spendBudget(1); // the board was the first

  const picked = await h.press(alice, GROUP, boardId, '⚪ c3');
  expect(picked?.show_alert).toBe(false);
  expect(picked?.text).toMatch(
    /^c3: ⚪\nThis chat is busy \(.+\): the targets show in about \d+ s\./,
  );
  expect(picked?.text).toContain('/move c3-d4');
  // The targets came once the budget allowed (press waits for everything the tap caused).
  expect(h.labels(GROUP, boardId)).toContain('→ d4');

  await spendBudget(1); // the keyboard's edit
  const moved = await h.press(alice, GROUP, boardId, '→ d4');
  expect(moved?.text).toMatch(/^Move made\. This chat is busy .+ about \d+ s\.$/);
  expect((await current()).moves).toEqual(['c3-d4']);

  // A typed move needs no keyboard: it is made at once, and the board shows it when it can.
  await spendBudget(1); // the move's edit
  const typed = h.fake.message({ from: bob, chat: GROUP, text: '/move f6-g5' });
  await h.process.pipeline.accept(typed).done;
  expect((await current()).moves).toEqual(['c3-d4', 'f6-g5']);
  await h.process.settle();
  expect(h.fake.message(GROUP, boardId)?.caption).toContain('f6-g5');
  expect(h.fake.floodRefusals()).toEqual([]);
});

it('a tap in a quiet group is answered as before', async () => {
  h = await TelegramHarness.start();
  const { alice, boardId } = await h.groupGame(GROUP);
  expect((await h.press(alice, GROUP, boardId, '⚪ c3'))?.text).toBe('c3: ⚪');
  expect((await h.press(alice, GROUP, boardId, '→ d4'))?.text).toBeUndefined();
});
