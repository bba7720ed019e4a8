/**
 * Two bot processes split Discord between them by shards (DISCORD_SHARD_COUNT / _IDS): each
 * identifies with its shard, receives the servers of that shard only, and answers the
 * interactions from them — through real discord.js against the fake Discord.
 */
import { REST } from 'discord.js';
import { afterEach, expect, it } from 'vitest';
import { createDiscordBot, type DiscordApp } from '../../../src/adapters/discord/bot.js';
import { registerCommands } from '../../../src/adapters/discord/commands.js';
import { silentLogger } from '../../../src/game/logger.js';
import { systemClock } from '../../../src/game/ports.js';
import { GameService } from '../../../src/game/service.js';
import { inlinePainter } from '../../support/painter.js';
import { MemoryKeyValueStore } from '../../../src/store/key-value.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import { InProcessScheduler } from '../../../src/store/memory-scheduler.js';
import { FakeDiscord, type FakeGuild } from '../../support/discord/fake-discord.js';
import { shardOf } from '../../support/discord/snowflake.js';
import { testPuzzleService } from '../../support/puzzles.js';
import { item } from '../../support/present.js';

let fake: FakeDiscord | undefined;
const apps: DiscordApp[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close(2_000);
  await fake?.close();
});

it('two processes, one shard each: each serves the servers of its shard', async () => {
  fake = await FakeDiscord.start();
  // Servers until both shards have one. A guild's shard follows the millisecond of its id, so
  // servers made within one millisecond all land on one shard: a pause between them.
  const byShard = new Map<number, FakeGuild>();
  for (let i = 0; byShard.size < 2 && i < 50; i++) {
    const guild = fake.addGuild({ name: `club ${i}`, channels: [{ name: 'games' }] });
    if (!byShard.has(shardOf(guild.id, 2))) byShard.set(shardOf(guild.id, 2), guild);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  expect(byShard.size).toBe(2);
  const store = new MemoryGameStore();
  const kv = new MemoryKeyValueStore();
  for (const shard of [0, 1]) {
    await registerCommands(
      new REST({ api: fake.restApi }).setToken(fake.token),
      fake.applicationId,
      byShard.get(shard)!.id,
    );
    const service = new GameService({
      store,
      scheduler: new InProcessScheduler(),
      logger: silentLogger,
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
      },
      { restApi: fake.restApi, shards: { ids: [shard], count: 2 } },
    );
    await app.start(fake.token);
    apps.push(app);
  }
  expect(fake.sessions.map((session) => session.shard)).toEqual([
    [0, 2],
    [1, 2],
  ]);
  for (const shard of [0, 1]) {
    const guild = byShard.get(shard)!;
    const other = byShard.get(1 - shard)!;
    // The server arrives on its shard's process only.
    await fake.waitFor(
      () => item(apps, shard, 'apps').client.guilds.cache.has(guild.id) || undefined,
    );
    expect(item(apps, shard, 'apps').client.guilds.cache.has(other.id)).toBe(false);
    // Its interactions are answered (by that process: the other has no session for it).
    const user = fake.newUser(`player${shard}`);
    const handle = fake.command({
      user,
      channelId: item(guild.channels, 0, 'guild.channels').id,
      name: 'rules',
    });
    await handle.acknowledged();
    await fake.waitFor(() => (handle.original?.loading === false ? true : undefined));
    expect(handle.original?.embeds[0]?.description).toMatch(/Bashni/);
  }
});
