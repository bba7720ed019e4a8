/**
 * One game across Telegram and Discord, with the bot exactly as shipped (`npm start`): a
 * Telegram player (through the fake Bot API) against a Discord player (through the fake
 * Discord), in one process running both bots, and in two processes — one per platform — that
 * share one Redis and hand each other the game's events through it.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FakeDiscord,
  type FakeUser,
  type InteractionHandle,
  type StoredMessage,
} from './support/discord/fake-discord.js';
import { useAppFleet } from './support/app-fleet.js';
import { TOKEN } from './support/start-app.js';
import { FakeBotApi } from './support/telegram/fake-bot-api.js';
import { until } from './support/until.js';
import { item } from './support/present.js';

const GROUP = -1001234567890;

describe('a game between a Telegram player and a Discord player', () => {
  const fleet = useAppFleet();
  let telegram: FakeBotApi;
  let discord: FakeDiscord;

  afterEach(async () => {
    await (telegram as FakeBotApi | undefined)?.close();
    await (discord as FakeDiscord | undefined)?.close();
  });

  async function fakes() {
    telegram = await FakeBotApi.start({ botUsername: 'bashni_test_bot' });
    telegram.group(GROUP, 'Bashni club');
    const alice = telegram.user(11, 'Alice', 'alice', 'en');
    discord = await FakeDiscord.start();
    const guild = discord.addGuild({ name: 'Bashni club', channels: [{ name: 'games' }] });
    const boris = discord.newUser('boris', { global_name: 'Boris' });
    return {
      alice,
      boris,
      guildId: guild.id,
      channelId: item(guild.channels, 0, 'guild.channels').id,
    };
  }

  function telegramEnv(): Record<string, string> {
    return { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot };
  }

  function discordEnv(guildId: string): Record<string, string> {
    return {
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_GUILD_ID: guildId,
      DISCORD_REST_API: discord.restApi,
    };
  }

  function start(env: Record<string, string>): ChildProcess {
    return fleet.start(env).child;
  }

  async function answered(handle: InteractionHandle): Promise<InteractionHandle> {
    await handle.acknowledged(10_000);
    await discord.waitFor(
      () => handle.original === undefined || !handle.original.loading || undefined,
      10_000,
    );
    return handle;
  }

  function customIds(message: StoredMessage | undefined) {
    return (message?.components ?? []).flatMap((row) =>
      (row.components as { label?: string; custom_id: string }[]).map((c) => ({
        label: c.label,
        customId: c.custom_id,
      })),
    );
  }

  async function play(
    where: { guildId: string; channelId: string },
    alice: ReturnType<FakeBotApi['user']>,
    boris: FakeUser,
  ) {
    await telegram.waitForCall('getUpdates', undefined, 30_000);
    await until(
      () => discord.commands(where.guildId).length > 0 || undefined,
      'the slash commands',
    );
    await until(() => discord.sessions.some((s) => s.connected) || undefined, 'the gateway');

    // Alice opens a challenge on Telegram; Boris joins it on Discord with its code.
    telegram.pushMessage({ from: alice, chat: GROUP, text: '/newgame' });
    const card = await until(
      () =>
        telegram.lastBotMessage(GROUP)?.text?.includes('/join') && telegram.lastBotMessage(GROUP),
      'the challenge card',
    );
    const code = /\/join ([A-Z2-9]{6})/.exec(card.text!)![1]!;
    const join = await answered(
      discord.command({ user: boris, channelId: where.channelId, name: 'join', options: { code } }),
    );
    expect(join.original?.ephemeral).toBe(true);

    const tgBoard = await until(
      () => telegram.chat(GROUP).messages.find((m) => m.photo !== undefined),
      'the Telegram board',
    );
    const dcBoard = () =>
      discord
        .messages(where.channelId)
        .find((m) => m.embeds.length > 0 && m.attachments.length > 0);
    await until(dcBoard, 'the Discord game message');
    // Where both platforms meet, names carry their platform.
    expect(tgBoard.caption).toContain('Boris (Discord)');
    expect(item(dcBoard()!.embeds, 0).description).toContain('Alice (Telegram)');
    const aliceIsWhite = tgBoard.caption!.includes('⚪ Alice');

    const moves = ['c3-d4', 'f6-g5', 'g3-h4', 'g7-f6', 'b2-c3', 'b6-a5'];
    for (const [ply, move] of moves.entries()) {
      const whiteToMove = ply % 2 === 0;
      if (whiteToMove === aliceIsWhite) {
        telegram.pushMessage({ from: alice, chat: GROUP, text: `/move ${move}` });
      } else {
        const [from, to] = move.split('-');
        const board = dcBoard()!;
        const picker = await answered(
          discord.press({ user: boris, message: board, label: item(customIds(board), 0).label }),
        );
        const stack = customIds(picker.original).find((b) => b.label?.endsWith(` ${from}`));
        if (stack === undefined) {
          console.log(move, picker.original?.content, JSON.stringify(customIds(picker.original)));
          console.log(
            fleet
              .apps()
              .map((a) => a.output())
              .join('\n----\n'),
          );
        }
        const targets = await answered(
          discord.press({ user: boris, message: picker.original!, customId: stack!.customId }),
        );
        const target = customIds(targets.original).find((b) => b.label === `→ ${to}`)!;
        await answered(
          discord.press({ user: boris, message: targets.original!, customId: target.customId }),
        );
      }
      // Both boards show every move, whichever side it was made on.
      await until(
        () => telegram.message(GROUP, tgBoard.messageId)?.caption?.includes(`Last move: ${move}`),
        `${move} on the Telegram board`,
      ).catch((error: unknown) => {
        console.log(
          telegram.message(GROUP, tgBoard.messageId)?.caption,
          telegram.lastBotMessage(GROUP)?.text,
        );
        console.log(
          fleet
            .apps()
            .map((a) => a.output())
            .join('\n----\n'),
        );
        throw error;
      });
      await until(
        () => dcBoard()?.embeds[0]?.description?.includes(`Last move: ${move}`),
        `${move} on the Discord game message`,
      );
    }
  }

  it('in one process running both bots', async () => {
    const { alice, boris, guildId, channelId } = await fakes();
    start({ ...telegramEnv(), ...discordEnv(guildId) });
    await play({ guildId, channelId }, alice, boris);
  });

  it('in two processes, one per platform, on one Redis', async () => {
    const { alice, boris, guildId, channelId } = await fakes();
    const shared = { REDIS_URL: fleet.redisUrl(), REDIS_KEY_PREFIX: 'cross:' };
    start({ ...telegramEnv(), ...shared });
    start({ ...discordEnv(guildId), ...shared });
    await play({ guildId, channelId }, alice, boris);
  });
});
