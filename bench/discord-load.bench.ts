import { silentLogger } from '../src/game/logger.js';
/**
 * Load on the Discord bot: many channels playing at once through the bot exactly as shipped
 * (src/main.ts in its own process: discord.js against the fake Discord's REST and gateway, the
 * Redis store on a private redis-server, the render pool), with Discord's real limits on (the
 * 3 s acknowledgement rule, 5 message posts per 5 s per channel, 50 requests a second per route).
 *
 * Each simulated channel is two players. A game starts with `/newgame opponent:@B` and B's
 * Accept. A ply: the player to move thinks (about THINK seconds), presses the game message's
 * Move button, then — a moment after each picker step shows — the stack and the target (and the
 * route, when several captures end on one square); one ply in ten is typed (`/move`) instead.
 * The next player starts thinking when the game message shows the move. The offered load is
 * raised step by step (RATES interactions a second, by adding channels; every game plays on);
 * each step prints the interactions offered and acknowledged per second, latencies from an
 * interaction to its acknowledgement, to its visible answer (the picker shown or updated, the
 * reply to /move) and from the committing press to the edit of the game message that shows the
 * move, missed and refused acknowledgements, 429s, the CPU the bot used, and the API calls per
 * ply. At the end every game's record in Redis is compared with the moves the players made.
 *
 * Goal: at every step acknowledgement p95 well under Discord's 3 s (< 500 ms), game message
 * p95 < 1 s, no missed acknowledgement; nothing lost or doubled.
 *
 * Run: npm run bench:load:discord  (BENCH_RATES=10,20,40,60 BENCH_SECONDS=20 BENCH_THINK=7 to
 * change; BENCH_PROFILE=dir writes the bot's CPU profile there)
 */
import type { ChildProcess } from 'node:child_process';
import {
  encodePayload,
  encodeRouteValue,
  encodeSquareValue,
} from '../src/chat/buttons/button-payload.js';
import type { Payload } from '../src/chat/buttons/button-payload.js';
import { PENDING_GAMES } from '../src/adapters/discord/chat-state.js';
import {
  applyMove,
  legalMoves,
  makeMove,
  moveDestination,
  seededRandom,
  startPosition,
  VARIANTS,
  type Move,
  type Position,
} from '../src/engine/index.js';
import { RedisKeyValueStore } from '../src/store/key-value.js';
import { KeyBuilder } from '../src/store/keys.js';
import { createStoreRedis } from '../src/store/redis-connection.js';
import { RedisGameStore } from '../src/store/redis-store.js';
import {
  FakeDiscord,
  type FakeUser,
  type InteractionHandle,
  type StoredMessage,
} from '../test/support/discord/fake-discord.js';
import { componentsOf } from '../test/support/discord/interaction-payloads.js';
import { item } from '../test/support/present.js';
import { startRedis } from '../test/support/redis-server.js';
import { outputMatches, startApp } from '../test/support/start-app.js';
import { StepStats } from './discord-load-step.js';
import { InteractionWatch, type WaitFor } from './discord-load-watch.js';
import { cpuSeconds } from './process-cpu.js';
import { giveUpAfter } from './watchdog.js';

const RATES = (process.env.BENCH_RATES ?? '10,20,40,60').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK ?? 7) * 1000;
/** A player's delay between seeing a picker step and pressing the next button. */
const STEP_MS = 300;
/** Interactions per ply on average: Move, stack, target; one ply in ten is one /move. */
const INTERACTIONS_PER_PLY = 0.9 * 3 + 0.1 * 1;
/** A ply's length beyond the think: two steps' delays, the answers, the game message. */
const PLY_OVERHEAD_MS = 2 * STEP_MS + 300;
/** New games started per second when channels are added (the set-up is not the load). */
const STARTS_PER_SECOND = 20;
const PREFIX = 'dcload:';
const WATCHDOG_MINUTES = Math.max(
  10,
  Math.ceil(3 + (RATES.length * (SECONDS + THINK_MS / 1000 + 20)) / 60),
);

giveUpAfter(WATCHDOG_MINUTES, 'Discord load benchmark');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = seededRandom(2026);
const jitter = (mean: number) => mean * (0.5 + random());
const channelsFor = (rate: number) =>
  Math.ceil((rate * (THINK_MS + PLY_OVERHEAD_MS)) / 1000 / INTERACTIONS_PER_PLY);

/** One channel and its two players. */
interface Table {
  readonly channelId: string;
  readonly players: readonly [FakeUser, FakeUser];
  white: FakeUser;
  black: FakeUser;
  gameId: string;
  position: Position;
  /** The moves the players made, in order. */
  readonly played: string[];
  over: boolean;
}

/** A step's measured row. */
interface StepResult {
  readonly rate: number;
  readonly ackP95: number;
  readonly gameP95: number;
  readonly missed: number;
}

async function main(): Promise<void> {
  const maxChannels = channelsFor(Math.max(...RATES));
  const redis = await startRedis();
  const fake = await FakeDiscord.start({ botUsername: 'Bashni' });
  const guild = fake.addGuild({
    name: 'Bashni load',
    channels: Array.from({ length: maxChannels }, (_, i) => ({ name: `load-${i}` })),
  });
  const store = new RedisGameStore(redis.url, new KeyBuilder(PREFIX), { log: silentLogger });
  let bot: ChildProcess | undefined;
  process.once('exit', () => bot?.kill('SIGKILL'));
  try {
    const profile = process.env.BENCH_PROFILE;
    const app = startApp(
      {
        DISCORD_TOKEN: fake.token,
        DISCORD_APPLICATION_ID: fake.applicationId,
        DISCORD_GUILD_ID: guild.id,
        DISCORD_REST_API: fake.restApi,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: PREFIX,
        ...(process.env.RENDER_THREADS === undefined
          ? {}
          : { RENDER_THREADS: process.env.RENDER_THREADS }),
      },
      profile === undefined ? {} : { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profile}`] },
    );
    bot = app.child;
    const exited = app.exited;
    await outputMatches(app, /Bashni Bot is running/, 90_000);
    const botLines = (level: string) =>
      (app.output().match(new RegExp(` ${level} `, 'g')) ?? []).length;

    // The bench's own view of Redis: its CPU (INFO) and, at the end, the records.
    const client = createStoreRedis(redis.url);
    if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
    const redisCpu = async () => {
      const info = await client.info('cpu');
      const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1]);
      return field('used_cpu_user') + field('used_cpu_sys');
    };

    const outside = new StepStats();
    const watch = new InteractionWatch(fake, { answerMs: 20_000, gameMessageMs: 60_000 }, outside);
    const tables: Table[] = [];
    const stuckWhy = new Map<string, number>();
    /** Picker steps taken in a select menu (too many choices for buttons), and route steps. */
    const seen = { menus: 0, routes: 0 };
    let finished = false;

    const giveUp = (why: string): false => {
      watch.stats.stuck++;
      stuckWhy.set(why, (stuckWhy.get(why) ?? 0) + 1);
      return false;
    };

    const send = (dispatch: () => InteractionHandle, waitFor: WaitFor = 'answer') =>
      watch.send(dispatch, waitFor);

    /** Presses the button for `payload` in a picker, or chooses `value` in its menu. */
    const pick = (user: FakeUser, message: StoredMessage, payload: Payload, value: string) => {
      const customId = encodePayload(payload);
      const components = componentsOf(message);
      if (components.some((c) => c.custom_id === customId))
        return () => fake.press({ user, message, customId });
      const menu = components.find(
        (c) =>
          Array.isArray(c.options) &&
          (c.options as { value: string }[]).some((option) => option.value === value),
      );
      if (menu === undefined) throw new Error(`no ${customId} in the picker: ${message.content}`);
      seen.menus++;
      return () =>
        fake.choose({ user, message, customId: String(menu.custom_id), values: [value] });
    };

    /** A game started the way people start one; false when it did not start. */
    async function startGame(table: Table): Promise<boolean> {
      const [a, b] = table.players;
      const { channelId } = table;
      const card = await send(() =>
        fake.command({ user: a, channelId, name: 'newgame', options: { opponent: b } }),
      );
      const message = card?.original;
      const accept =
        message && componentsOf(message).find((c) => String(c.custom_id).startsWith('A|'));
      if (message === undefined || accept === undefined) return giveUp('no challenge card');
      const posted = watch.gamePosted(channelId);
      const accepted = await send(
        () => fake.press({ user: b, message, customId: String(accept.custom_id) }),
        'ack',
      );
      if (accepted === undefined) return giveUp('accept not acknowledged');
      const shown = await posted;
      if (shown === undefined) return giveUp('no game message');
      const game = await store.getGame(shown.gameId);
      if (game === undefined) return giveUp('no game record');
      table.gameId = shown.gameId;
      [table.white, table.black] = game.white.userId === a.id ? [a, b] : [b, a];
      return true;
    }

    /**
     * Plays a move: `dispatch` commits it (the target or route press, or /move); resolves true
     * once the game message shows it.
     */
    async function commit(table: Table, move: Move, dispatch: () => InteractionHandle) {
      const ply = table.played.length;
      const shown = watch.expectPly(table.channelId, ply + 1);
      table.played.push(makeMove(VARIANTS.bashni, move));
      table.position = applyMove(table.position, move);
      watch.stats.plies++;
      // The answer ("you played …") may fail; the move counts once the game message shows it.
      const [, ok] = await Promise.all([send(dispatch), shown]);
      return ok || giveUp('the game message did not show the move');
    }

    /** One ply by the picker: Move, the stack, the target (and the route). */
    async function pickedPly(table: Table, move: Move, moves: Move[]): Promise<boolean> {
      const { channelId, gameId } = table;
      const ply = table.played.length;
      const user = table.position.turn === 0 ? table.white : table.black;
      const live = watch.shown(channelId);
      const board = live === undefined ? undefined : fake.message(channelId, live.messageId);
      if (board === undefined) return giveUp('no game message to press');
      const moveId = encodePayload({ kind: 'move', gameId, ply });
      const stacks = await send(() => fake.press({ user, message: board, customId: moveId }));
      if (stacks?.original === undefined) return giveUp('no stack picker');
      await sleep(jitter(STEP_MS));
      const { from } = move;
      const targets = await send(
        pick(
          user,
          stacks.original,
          { kind: 'select', gameId, ply, square: from },
          encodeSquareValue(from),
        ),
      );
      if (targets?.original === undefined) return giveUp('no target picker');
      await sleep(jitter(STEP_MS));
      const to = moveDestination(move);
      const target = pick(
        user,
        targets.original,
        { kind: 'target', gameId, ply, from, to },
        encodeSquareValue(to),
      );
      if (moves.filter((m) => m.from === from && moveDestination(m) === to).length === 1)
        return commit(table, move, target);
      seen.routes++;
      const routes = await send(target);
      if (routes?.original === undefined) return giveUp('no route picker');
      await sleep(jitter(STEP_MS));
      const squares = [from, ...move.path];
      return commit(
        table,
        move,
        pick(
          user,
          routes.original,
          { kind: 'route', gameId, ply, squares },
          encodeRouteValue(squares),
        ),
      );
    }

    /** One channel's players, playing until the benchmark ends (or their game does). */
    async function play(table: Table): Promise<void> {
      await sleep(random() * THINK_MS);
      while (!finished && !table.over) {
        if (table.played.length > 0) await sleep(jitter(THINK_MS));
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the end timer sets it while the loop awaits
        if (finished) break;
        const moves = legalMoves(table.position);
        if (moves.length === 0 || watch.shown(table.channelId)?.over === true) {
          table.over = true;
          break;
        }
        const move = moves[Math.floor(random() * moves.length)]!;
        let ok: boolean;
        try {
          if (random() < 0.1) {
            const user = table.position.turn === 0 ? table.white : table.black;
            const notation = makeMove(VARIANTS.bashni, move);
            ok = await commit(table, move, () =>
              fake.command({
                user,
                channelId: table.channelId,
                name: 'move',
                options: { notation },
              }),
            );
          } else ok = await pickedPly(table, move, moves);
        } catch (error) {
          ok = giveUp(String(error).slice(0, 80));
        }
        if (!ok) table.over = true;
      }
    }

    const playing: Promise<void>[] = [];
    /** New channels, each with a started game whose players then play on. */
    async function addTables(count: number): Promise<void> {
      const starts: Promise<void>[] = [];
      for (let i = 0; i < count; i++) {
        const n = tables.length;
        const table: Table = {
          channelId: item(guild.channels, n, 'guild.channels').id,
          players: [fake.newUser(`a${n}`), fake.newUser(`b${n}`)],
          white: undefined as unknown as FakeUser,
          black: undefined as unknown as FakeUser,
          gameId: '',
          position: startPosition('bashni'),
          played: [],
          over: false,
        };
        tables.push(table);
        starts.push(
          startGame(table).then((started) => {
            if (started) playing.push(play(table));
            else table.over = true;
          }),
        );
        await sleep(1000 / STARTS_PER_SECOND);
      }
      await Promise.all(starts);
    }

    console.log(
      `Discord load benchmark: the bot as shipped (own process, Redis, discord.js) against the fake Discord with its real limits; a ply every ~${THINK_MS / 1000} s per channel, ${SECONDS} s per step`,
    );
    console.log(
      'rate  offered/s  acked/s  channels  ack p50/p95/p99 ms  answer p50/p95/p99  game msg p50/p95/p99  missed  refused  429s  stuck  cores bot/bench/redis  calls/ply cb/wh/edit/post/del',
    );
    const results: StepResult[] = [];
    for (const rate of RATES) {
      const needed = channelsFor(rate);
      if (needed > tables.length) await addTables(needed - tables.length);
      // Measured once every new game is under way (one think time in).
      await sleep(THINK_MS);
      const stats = new StepStats();
      const start = {
        bot: cpuSeconds(bot.pid),
        bench: cpuSeconds(undefined),
        redis: await redisCpu(),
      };
      watch.stats = stats;
      await sleep(SECONDS * 1000);
      watch.stats = outside;
      const end = {
        bot: cpuSeconds(bot.pid),
        bench: cpuSeconds(undefined),
        redis: await redisCpu(),
      };
      // The fake keeps every request with its files (the boards): let them go.
      fake.calls.splice(0);
      const cores = (key: keyof typeof start) => ((end[key] - start[key]) / SECONDS).toFixed(2);
      const playingNow = tables.filter((t) => !t.over).length;
      console.log(
        [
          String(rate).padStart(4),
          (stats.offered / SECONDS).toFixed(1).padStart(9),
          (stats.acknowledged / SECONDS).toFixed(1).padStart(7),
          String(playingNow).padStart(8),
          stats.percentiles('ack').padStart(18),
          stats.percentiles('answer').padStart(18),
          stats.percentiles('game').padStart(20),
          String(stats.missed).padStart(6),
          String(stats.refused).padStart(7),
          String(stats.rateLimited).padStart(4),
          String(stats.stuck).padStart(5),
          `${cores('bot')}/${cores('bench')}/${cores('redis')}`.padStart(21),
          stats.callsPerPly().padStart(30),
        ].join('  '),
      );
      results.push({
        rate,
        ackP95: stats.percentile('ack', 95),
        gameP95: stats.percentile('game', 95),
        missed: stats.missed,
      });
    }
    finished = true;
    await Promise.all(playing);

    // Every move the players made, exactly once, in the record.
    let lost = 0;
    let doubled = 0;
    let checked = 0;
    for (const table of tables) {
      if (table.gameId === '') continue;
      const moves = (await store.getGame(table.gameId))?.moves ?? [];
      checked++;
      for (let i = 0; i < Math.max(moves.length, table.played.length); i++) {
        if (i >= moves.length) lost++;
        else if (i >= table.played.length) doubled++;
        else if (moves[i] !== table.played[i]) {
          lost++;
          break;
        }
      }
    }
    const plies = tables.reduce((sum, t) => sum + t.played.length, 0);
    const pending = await new RedisKeyValueStore(client, new KeyBuilder(PREFIX))
      .setMembers(PENDING_GAMES)
      .finally(() => client.disconnect());
    console.log(
      `moves: ${plies} made in ${checked} games; lost ${lost}, doubled ${doubled}; games still pending: ${pending.length}; bot log: ${botLines('ERROR')} errors, ${botLines('WARN')} warnings`,
    );
    console.log(
      `picker steps in a select menu: ${seen.menus}; route steps: ${seen.routes}; outside the measured windows (set-up, ramp): missed ${outside.missed}, refused ${outside.refused}, 429s ${outside.rateLimited}, stuck ${outside.stuck}${
        stuckWhy.size === 0
          ? ''
          : `; plies given up: ${[...stuckWhy].map(([why, n]) => `${n}× ${why}`).join(', ')}`
      }`,
    );
    const meets = (r: StepResult) => r.ackP95 < 500 && r.gameP95 < 1_000 && r.missed === 0;
    console.log(
      `goal: at every step ack p95 < 500 ms, game message p95 < 1 s, no missed acknowledgement; 0 lost, 0 doubled: ${
        results.every(meets) && lost === 0 && doubled === 0 ? 'met' : 'NOT met'
      }`,
    );
    const met = results.filter(meets);
    console.log(
      `highest step meeting the latency goals: ${
        met.length === 0 ? 'none' : `${Math.max(...met.map((r) => r.rate))} interactions/s`
      }${met.length === results.length ? ' (every step: raise BENCH_RATES to find the ceiling)' : ''}`,
    );
    if (process.env.BENCH_VERBOSE) console.log(app.output().slice(-4000));
    bot.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  } finally {
    bot?.kill('SIGKILL');
    await store.close();
    await fake.close();
    await redis.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
