import {
  Client,
  Events,
  GatewayIntentBits,
  Partials,
  type GuildMember,
  type Interaction,
  type PartialGuildMember,
} from 'discord.js';
import { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import type { Clock, KeyValueStore } from '../../game/ports.js';
import type { GameEvent } from '../../game/results.js';
import type { DuePost, PuzzleService } from '../../game/puzzles.js';
import type { GameService, Logger } from '../../game/service.js';
import { allowedMentions, RestChannelOutput, type ChannelOutput } from './channel-output.js';
import { ChatState } from './chat-state.js';
import { dailyPoster } from './daily-post.js';
import { botGameFeature } from './features/bot-games.js';
import { challengeFeature, joinFeature } from './features/challenges.js';
import { tableFeature } from './features/tables.js';
import { GameCommands } from './command-game.js';
import { commandFeature } from './features/commands.js';
import { replayFeature } from './features/replay.js';
import { leagueFeature, memberLeftServer } from './features/league.js';
import { moveFeature } from './features/moves.js';
import { puzzleFeature } from './features/puzzles.js';
import type { BoardPainter } from './game-message.js';
import { discordPresenter, type DiscordPresenter } from './surface.js';
import { InteractionRouter } from './router.js';
import { reviewFeature } from './features/review.js';
import { boardLinkFeature } from './features/board-link.js';
import type { BoardLinkMaker } from './router.js';
import type { ReviewPainter } from '../../chat/words/review-text.js';
import { bestEffort } from '../../game/logger.js';

/** An interaction is deferred when its handler has not answered after this long (limit 3 s). */
export const DEFER_AFTER_MS = 1_500;

export interface DiscordBotDeps {
  readonly service: GameService;
  readonly puzzles: PuzzleService;
  readonly kv: KeyValueStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly painter: BoardPainter;
  /** Draws reviews' graphs and boards (/review); without it /review answers that it cannot. */
  readonly reviewPainter?: ReviewPainter;
  /**
   * Where the events of this bot's own requests go (the event dispatcher in a process that also
   * runs Telegram or relays to it); by default this bot's presenter only.
   */
  readonly publish?: (events: readonly GameEvent[]) => Promise<void>;
  /** The live board page's links (WEB_URL): an Open the board button under every game. */
  readonly boardLink?: BoardLinkMaker;
}

export interface DiscordBotOptions {
  /** Discord's REST base URL (default discord.js's own, https://discord.com/api). */
  readonly restApi?: string;
  readonly deferAfterMs?: number;
  /** Replaces the REST channel output (unit tests record instead). */
  readonly out?: ChannelOutput;
  /**
   * How often game messages left behind (an edit that failed, a process that died before its
   * edits) are brought up to date; 60 s (tests shorten it). The first sweep runs at start.
   */
  readonly sweepMs?: number;
  /**
   * The gateway shards this client runs, of `count`: several bot processes split Discord's
   * servers between them (each process its shards; interactions arrive on the shard of their
   * server). Default: one shard.
   */
  readonly shards?: { readonly ids: readonly number[]; readonly count: number };
  /**
   * Asks for the privileged Server Members intent, so that a member leaving a server withdraws
   * from its channels' tournaments. Off by default: Discord refuses the whole connection to a
   * bot that asks for it without its switch on in the developer portal (docs/discord.md).
   */
  readonly memberEvents?: boolean;
}

export interface DiscordApp {
  readonly client: Client;
  readonly router: InteractionRouter;
  readonly presenter: DiscordPresenter;
  readonly tasks: BackgroundTasks;
  /**
   * Posts a channel's puzzle of the day (for the daily poster): true when posted, or when the
   * channel is gone (its daily post is then off); false when it is worth trying again.
   */
  postDaily: (due: DuePost) => Promise<boolean>;
  /**
   * Logs in and resolves once the gateway session is ready; then sweeps the pending game
   * messages (now, and every `sweepMs`) until the intake stops.
   */
  start(token: string): Promise<void>;
  /**
   * Stops taking interactions (the first step of a shutdown): later ones go unanswered, as if
   * the bot were down, rather than start work the shutdown would cut short. The sweeps stop too.
   */
  stopIntake(): void;
  /** Waits for queued work (at most `deadlineMs`), then disconnects. */
  close(deadlineMs: number): Promise<void>;
}

/**
 * The Discord bot: one discord.js client with the Guilds intent (moves come from interactions:
 * no privileged intents; Server Members only if asked for, see `memberEvents`), an interaction
 * router and a presenter over REST.
 */
export function createDiscordBot(
  deps: DiscordBotDeps,
  options: DiscordBotOptions = {},
): DiscordApp {
  const logger = deps.logger.child({ component: 'discord' });
  const members = options.memberEvents === true;
  const client = new Client({
    intents: members
      ? [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers]
      : [GatewayIntentBits.Guilds],
    // The bot caches no members: one who leaves arrives as a partial member (its user is known).
    partials: members ? [Partials.GuildMember] : [],
    rest: options.restApi === undefined ? {} : { api: options.restApi },
    // What discord.js sends pings nobody unless a message names its users (channel-output.ts).
    allowedMentions: allowedMentions(),
    ...(options.shards === undefined
      ? {}
      : { shards: [...options.shards.ids], shardCount: options.shards.count }),
  });
  const tasks = new BackgroundTasks((error) =>
    logger.error('discord: background work failed', { err: error }),
  );
  const channels = new ChatState(deps.kv, logger);
  const out = options.out ?? new RestChannelOutput(client.rest);
  const presenter = discordPresenter({
    out,
    service: deps.service,
    channels,
    clock: deps.clock,
    logger,
    painter: deps.painter,
    tasks,
    boardPage: deps.boardLink !== undefined,
  });
  const router = new InteractionRouter({
    service: deps.service,
    puzzles: deps.puzzles,
    presenter,
    channels,
    clock: deps.clock,
    logger,
    painter: deps.painter,
    publish: deps.publish ?? ((events) => presenter.handle(events)),
    deferAfterMs: options.deferAfterMs ?? DEFER_AFTER_MS,
    guildOf: (channelId) => {
      const channel = client.channels.cache.get(channelId);
      return channel !== undefined && 'guildId' in channel ? channel.guildId : undefined;
    },
    boardLink: deps.boardLink,
  });
  challengeFeature(router, router.deps);
  joinFeature(router, router.deps);
  tableFeature(router, router.deps);
  const gameCommands = new GameCommands(router, router.deps);
  moveFeature(router, router.deps, gameCommands);
  boardLinkFeature(router, router.deps);
  commandFeature(router, router.deps, gameCommands);
  replayFeature(router, router.deps);
  botGameFeature(router, router.deps);
  puzzleFeature(router, router.deps);
  leagueFeature(router, router.deps);
  if (deps.reviewPainter !== undefined) reviewFeature(router, router.deps, deps.reviewPainter);

  // Game messages a previous process did not bring up to date (it died first), and now and then
  // those whose edit failed (the durable hand-off, src/chat/pending-presentations.ts).
  const recover = (): void =>
    tasks.track(
      bestEffort(logger, 'discord: could not recover game messages', presenter.recoverPending()),
    );
  let sweep: NodeJS.Timeout | undefined;
  const stopSweeps = (): void => clearInterval(sweep);

  const onInteraction = (interaction: Interaction): void => tasks.track(router.route(interaction));
  client.on(Events.InteractionCreate, onInteraction);
  // Only with the Server Members intent; harmless without it (the event never comes).
  client.on(Events.GuildMemberRemove, (member: GuildMember | PartialGuildMember) =>
    tasks.track(memberLeftServer(router.deps, member.guild.id, member.user)),
  );
  client.on(Events.Error, (error) => logger.error('discord: client error', { err: error }));
  client.on(Events.Warn, (message) => logger.warn('discord: client warning', { message }));

  return {
    client,
    router,
    presenter,
    tasks,
    postDaily: dailyPoster({ out, channels, puzzles: deps.puzzles, painter: deps.painter, logger }),
    start: async (token) => {
      const ready = new Promise<void>((resolve) =>
        client.once(Events.ClientReady, () => resolve()),
      );
      await client.login(token);
      await ready;
      recover();
      sweep ??= setInterval(recover, options.sweepMs ?? 60_000);
      sweep.unref();
    },
    stopIntake: () => {
      client.off(Events.InteractionCreate, onInteraction);
      stopSweeps();
    },
    close: async (deadlineMs) => {
      stopSweeps();
      await Promise.race([
        tasks.idle(),
        new Promise((resolve) => setTimeout(resolve, deadlineMs).unref()),
      ]);
      await client.destroy();
    },
  };
}
