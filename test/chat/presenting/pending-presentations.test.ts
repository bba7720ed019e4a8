import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from '../../../src/chat/tasks/background-tasks.js';
import {
  PendingPresentations,
  type PendingPresenter,
} from '../../../src/chat/presenting/pending-presentations.js';
import type { Game } from '../../../src/game/model.js';
import { silentLogger } from '../../../src/game/logger.js';
import { ChatState } from '../../../src/adapters/telegram/chat-state.js';
import { MemoryKeyValueStore } from '../../../src/store/key-value.js';

const GAME = { id: 'g1', version: 1, views: [], status: 'active' } as unknown as Game;

/** A presenter that only counts the board posts it is asked for. */
function countingPresenter(posts: string[]): PendingPresenter {
  return {
    latest: () => GAME,
    note: (game) => game,
    shows: () => true,
    chatsShowing: () => new Set(),
    post: (_game, chatId) => {
      posts.push(chatId);
      return new Promise(() => undefined); // still on its way
    },
    updateBoards: () => undefined,
    getGame: () => Promise.resolve({ ok: true, value: GAME, events: [] }),
  };
}

describe('pending presentations across processes', () => {
  it("a sweep leaves a post another process is making to it, and takes it once that one's lease ran out", async () => {
    const kv = new MemoryKeyValueStore();
    const store = new ChatState(kv, silentLogger).pending;
    const make = (posts: string[]) =>
      new PendingPresentations(
        {
          store,
          logger: silentLogger,
          tasks: new BackgroundTasks(() => undefined),
          platform: 'test',
          postLeaseMs: 60,
        },
        countingPresenter(posts),
      );
    const postsA: string[] = [];
    const postsB: string[] = [];
    const a = make(postsA);
    const b = make(postsB);
    // Process A starts posting the board in chat -5 (a game start).
    await a.mark(GAME.id, GAME.version, '-5');
    expect(await store.pendingPosts(GAME.id)).toEqual(['-5']);
    // B's sweep now: A is on it.
    await b.recover();
    expect(postsB).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 10)); // B's settling, were it to clear
    expect(await store.pendingGames()).toEqual([GAME.id]);
    // A died; once its lease has run out, B's sweep posts the board.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await b.recover();
    expect(postsB).toEqual(['-5']);
    // And C, sweeping meanwhile, does not post it a second time.
    const postsC: string[] = [];
    await make(postsC).recover();
    expect(postsC).toEqual([]);
  });
});
