import { silentLogger } from '../../../src/game/logger.js';
export { silentLogger };
import { createDiscordBot, type DiscordApp } from '../../../src/adapters/discord/bot.js';
import {
  messageBody,
  type ChannelOutput,
  type OutgoingMessage,
} from '../../../src/adapters/discord/channel-output.js';
import type { Player } from '../../../src/game/model.js';
import type { BotMoves, PositionAnalysis } from '../../../src/game/ports.js';
import type { GameEvent } from '../../../src/game/results.js';
import { GameService } from '../../../src/game/service.js';
import { inlinePainter, inlineReviewPainter } from '../../support/painter.js';
import { MemoryKeyValueStore } from '../../../src/store/key-value.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import { MemoryLeagueStore } from '../../../src/store/memory-league-store.js';
import type { RatingGraphData } from '../../../src/chat/words/league-text.js';
import type { StandingsData } from '../../../src/chat/words/tournament-text.js';
import { MemoryPuzzleStore } from '../../../src/store/memory-puzzle-store.js';
import { ManualClock, ManualScheduler } from '../../support/manual-scheduler.js';
import { testPuzzleService } from '../../support/puzzles.js';
import {
  FakeInteraction,
  invalidBody,
  type FakeMessageRef,
  type FakeUser,
} from './fake-interaction.js';

export const ANNA: FakeUser = { id: '300000000000000001', username: 'anna', globalName: 'Anna' };
export const BORIS: FakeUser = { id: '300000000000000002', username: 'boris', globalName: 'Boris' };
export const CARL: FakeUser = { id: '300000000000000003', username: 'carl', globalName: 'Carl' };
export const GUILD = '200000000000000001';
export const CHANNEL = '100000000000000001';
export const OTHER_CHANNEL = '100000000000000002';

export function playerOfUser(user: FakeUser): Player {
  return {
    platform: 'discord',
    userId: user.id,
    displayName: user.globalName ?? user.username,
    username: user.username,
    language: 'en-US',
  };
}

export interface PostedMessage {
  readonly id: string;
  readonly channelId: string;
  /** The message as it now is (edits applied). */
  message: OutgoingMessage;
  deleted: boolean;
}

/** A channel output that records what the presenter writes, like Discord would show it. */
export class RecordingOutput implements ChannelOutput {
  readonly messages: PostedMessage[] = [];
  readonly calls: { method: string; channelId: string; messageId?: string }[] = [];
  readonly direct_: { userId: string; message: OutgoingMessage }[] = [];
  /** Makes the next matching call fail with this error. */
  failNext: ((method: string) => Error | undefined) | undefined;
  private ids = 500_000;

  /**
   * The error the next call of `method` fails with, if one was asked for; else Discord's refusal
   * of a message that breaks its limits (a duplicated custom_id, …).
   */
  private failure(method: string, message?: OutgoingMessage): Error | undefined {
    const error = this.failNext?.(method);
    if (error !== undefined) this.failNext = undefined;
    if (error !== undefined || message === undefined) return error;
    return invalidBody(messageBody(message), message.files?.length ?? 0);
  }

  post(channelId: string, message: OutgoingMessage): Promise<string> {
    const failure = this.failure('post', message);
    if (failure !== undefined) return Promise.reject(failure);
    const id = String(this.ids++);
    this.calls.push({ method: 'post', channelId, messageId: id });
    this.messages.push({ id, channelId, message, deleted: false });
    return Promise.resolve(id);
  }

  edit(channelId: string, messageId: string, message: OutgoingMessage): Promise<void> {
    const failure = this.failure('edit', message);
    if (failure !== undefined) return Promise.reject(failure);
    this.calls.push({ method: 'edit', channelId, messageId });
    let known = this.messages.find((m) => m.id === messageId);
    if (known === undefined) {
      // A message made by an interaction's reply: known from now on.
      known = { id: messageId, channelId, message: {}, deleted: false };
      this.messages.push(known);
    }
    known.message = { ...known.message, ...message };
    return Promise.resolve();
  }

  remove(channelId: string, messageId: string): Promise<void> {
    const failure = this.failure('remove');
    if (failure !== undefined) return Promise.reject(failure);
    this.calls.push({ method: 'remove', channelId, messageId });
    const known = this.messages.find((m) => m.id === messageId);
    if (known !== undefined) known.deleted = true;
    return Promise.resolve();
  }

  direct(userId: string, message: OutgoingMessage): Promise<void> {
    const failure = this.failure('direct', message);
    if (failure !== undefined) return Promise.reject(failure);
    this.direct_.push({ userId, message });
    return Promise.resolve();
  }

  /** Messages still up in a channel. */
  in(channelId: string): PostedMessage[] {
    return this.messages.filter((m) => m.channelId === channelId && !m.deleted);
  }
}

/** The custom_ids and labels of a message's components, row by row. */
export function buttonsOf(message: { components?: unknown } | undefined): {
  label?: string;
  customId: string;
  options?: { value: string; label: string }[];
}[] {
  const rows = (message?.components ?? []) as {
    components: {
      custom_id: string;
      label?: string;
      options?: { value: string; label: string }[];
    }[];
  }[];
  return rows.flatMap((row) =>
    row.components.map((c) => ({ label: c.label, customId: c.custom_id, options: c.options })),
  );
}

/** The Discord adapter over the game service on the memory store, with recorded output. */
export class DiscordHarness {
  readonly store = new MemoryGameStore();
  readonly kv = new MemoryKeyValueStore();
  readonly clock = new ManualClock(Date.UTC(2026, 10, 29, 12));
  readonly scheduler = new ManualScheduler(this.clock);
  readonly puzzleStore = new MemoryPuzzleStore({ clock: this.clock });
  readonly puzzles = testPuzzleService(this.clock, this.puzzleStore);
  readonly out = new RecordingOutput();
  readonly events: GameEvent[] = [];
  readonly service: GameService;
  readonly app: DiscordApp;

  /** The league pictures drawn, in order (their stand-ins are posted). */
  readonly pictures: (
    { kind: 'standings'; data: StandingsData } | { kind: 'rating-graph'; data: RatingGraphData }
  )[] = [];

  constructor(
    options: {
      bot?: BotMoves;
      deferAfterMs?: number;
      league?: boolean;
      /** The engine's analysis for /review (reviews are refused without it). */
      analysis?: PositionAnalysis;
      /** Drawings instead of inlinePainter's (a game's animation that takes a while, say). */
      painter?: Partial<typeof inlinePainter>;
    } = {},
  ) {
    this.service = new GameService({
      store: this.store,
      scheduler: this.scheduler,
      clock: this.clock,
      logger: silentLogger,
      bot: options.bot,
      analysis: options.analysis,
      kv: this.kv,
      onEvents: (events) => this.app.presenter.handle(events),
      // Ratings and tournaments only where a test asks for them.
      ...(options.league === true ? { league: new MemoryLeagueStore() } : {}),
    });
    const painter = {
      ...inlinePainter,
      ...options.painter,
      paintStandings: (data: StandingsData) => {
        this.pictures.push({ kind: 'standings', data });
        return inlinePainter.paintStandings(data);
      },
      paintRatingGraph: (data: RatingGraphData) => {
        this.pictures.push({ kind: 'rating-graph', data });
        return inlinePainter.paintRatingGraph(data);
      },
    };
    this.app = createDiscordBot(
      {
        service: this.service,
        puzzles: this.puzzles,
        kv: this.kv,
        clock: this.clock,
        logger: silentLogger,
        painter,
        reviewPainter: inlineReviewPainter,
        publish: async (events) => {
          this.events.push(...events);
          await this.app.presenter.handle(events);
        },
      },
      { out: this.out, deferAfterMs: options.deferAfterMs ?? 1_500 },
    );
  }

  async close(): Promise<void> {
    await this.app.close(1_000);
  }

  /** Waits until every queued delivery is done. */
  settle(): Promise<void> {
    return this.app.tasks.idle();
  }

  private async route(interaction: FakeInteraction): Promise<FakeInteraction> {
    await this.app.router.route(interaction as never);
    await this.settle();
    this.keepReplies(interaction);
    return interaction;
  }

  /** Public replies are channel messages: recorded like the presenter's posts. */
  private keepReplies(interaction: FakeInteraction): void {
    const first = interaction.created.at(0);
    if (first === undefined || first.ephemeral) return;
    const answers = interaction.calls.filter(
      (c) => c.method === 'reply' || c.method === 'editReply',
    );
    const options = answers.at(-1)?.options;
    if (options === undefined) return;
    const files = options.files as { attachment: Buffer; name: string }[] | undefined;
    const message: OutgoingMessage = {
      content: options.content as string | undefined,
      embeds: options.embeds as OutgoingMessage['embeds'],
      components: options.components as OutgoingMessage['components'],
      files: files?.map((f) => ({ name: f.name, data: f.attachment })),
    };
    const known = this.out.messages.find((m) => m.id === first.id);
    if (known === undefined)
      this.out.messages.push({
        id: first.id,
        channelId: interaction.channelId,
        message,
        deleted: false,
      });
  }

  /** A slash command; `name` may name a subcommand after a space ('tournament new'). */
  command(
    user: FakeUser,
    name: string,
    options: Record<string, string | number | boolean | FakeUser> = {},
    where: {
      channelId?: string;
      guildId?: string;
      locale?: string;
      manages?: boolean;
      /** The member's permissions (else every one is `manages`). */
      permissions?: readonly bigint[];
      /** A command in a DM with the bot (no server). */
      dm?: boolean;
    } = {},
  ): Promise<FakeInteraction> {
    const [commandName = name, subcommand] = name.split(' ');
    return this.route(
      new FakeInteraction(
        {
          user,
          channelId: where.channelId ?? CHANNEL,
          guildId: where.dm === true ? undefined : (where.guildId ?? GUILD),
          locale: where.locale,
          managesChannels: where.manages,
          permissions: where.permissions,
        },
        'command',
        { commandName, subcommand, options },
      ),
    );
  }

  press(
    user: FakeUser,
    customId: string,
    message: FakeMessageRef,
    where: { locale?: string; permissions?: readonly bigint[] } = {},
  ): Promise<FakeInteraction> {
    return this.route(
      new FakeInteraction(
        {
          user,
          channelId: message.channelId,
          guildId: GUILD,
          locale: where.locale,
          permissions: where.permissions,
        },
        'button',
        { customId, message },
      ),
    );
  }

  choose(
    user: FakeUser,
    customId: string,
    values: string[],
    message: FakeMessageRef,
  ): Promise<FakeInteraction> {
    return this.route(
      new FakeInteraction({ user, channelId: message.channelId, guildId: GUILD }, 'select', {
        customId,
        values,
        message,
      }),
    );
  }
}
