/**
 * One bot process as it ships — the real discord.js client, its REST queue and gateway, on the
 * game service over the memory store — against a fresh fake Discord, for tests of whole flows.
 */
import type { BoardLinkMaker } from '../../../src/adapters/discord/router.js';
import { REST } from 'discord.js';
import { expect } from 'vitest';
import {
  createDiscordBot,
  type DiscordApp,
  type DiscordBotOptions,
} from '../../../src/adapters/discord/bot.js';
import { registerCommands } from '../../../src/adapters/discord/commands.js';
import type { ReviewPainter } from '../../../src/chat/words/review-text.js';
import { silentLogger } from '../../../src/game/logger.js';
import { systemClock, type PositionAnalysis } from '../../../src/game/ports.js';
import { GameService } from '../../../src/game/service.js';
import { MemoryKeyValueStore } from '../../../src/store/key-value.js';
import { InProcessScheduler } from '../../../src/store/memory-scheduler.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import {
  FakeDiscord,
  type FakeUser,
  type InteractionHandle,
  type StoredMessage,
} from '../../support/discord/fake-discord.js';
import { inlinePainter } from '../../support/painter.js';
import { testPuzzleService } from '../../support/puzzles.js';

export interface FakeBot {
  readonly fake: FakeDiscord;
  readonly app: DiscordApp;
  readonly service: GameService;
  readonly kv: MemoryKeyValueStore;
  /** Waits until the interaction is answered and everything it set off is done. */
  answered(handle: InteractionHandle): Promise<InteractionHandle>;
  /** `challenger` challenges `opponent` in a channel, who accepts; returns the game message. */
  startGame(channelId: string, challenger: FakeUser, opponent: FakeUser): Promise<StoredMessage>;
  close(): Promise<void>;
}

/** A message that shows a game: its embed around the board image. */
export function isGameMessage(message: StoredMessage): boolean {
  return message.embeds.length > 0 && message.attachments.length > 0;
}

/**
 * Starts a fake Discord (commands registered) and one bot process logged in to it; `review`
 * gives it the engine's analysis and the review's painter (/review), which it lacks otherwise,
 * and `boardLink` the live board page's links.
 */
export async function startFakeBot(
  options: Omit<DiscordBotOptions, 'restApi'> = {},
  review: { analysis?: PositionAnalysis; painter?: ReviewPainter; boardLink?: BoardLinkMaker } = {},
): Promise<FakeBot> {
  const fake = await FakeDiscord.start();
  await registerCommands(new REST({ api: fake.restApi }).setToken(fake.token), fake.applicationId);
  const kv = new MemoryKeyValueStore();
  const service: GameService = new GameService({
    store: new MemoryGameStore(),
    scheduler: new InProcessScheduler(),
    logger: silentLogger,
    kv,
    analysis: review.analysis,
    onEvents: (events) => app.presenter.handle(events),
  });
  const app = createDiscordBot(
    {
      service,
      puzzles: testPuzzleService(systemClock),
      kv,
      clock: systemClock,
      logger: silentLogger,
      painter: inlinePainter,
      reviewPainter: review.painter,
      boardLink: review.boardLink,
    },
    { ...options, restApi: fake.restApi },
  );
  await app.start(fake.token);
  const answered = async (handle: InteractionHandle) => {
    await handle.acknowledged();
    await fake.waitFor(
      () => handle.original === undefined || !handle.original.loading || undefined,
    );
    await app.tasks.idle();
    return handle;
  };
  return {
    fake,
    app,
    service,
    kv,
    answered,
    startGame: async (channelId, challenger, opponent) => {
      const before = new Set(fake.messages(channelId).map((message) => message.id));
      const card = await answered(
        fake.command({ user: challenger, channelId, name: 'newgame', options: { opponent } }),
      );
      expect(card.original?.content).toContain(`<@${opponent.id}>`);
      await answered(fake.press({ user: opponent, message: card.original!, label: '✅ Accept' }));
      return fake.waitFor(() =>
        fake
          .messages(channelId)
          .find((message) => isGameMessage(message) && !before.has(message.id)),
      );
    },
    close: async () => {
      await app.close(2_000);
      await fake.close();
    },
  };
}
