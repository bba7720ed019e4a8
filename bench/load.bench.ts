import { silentLogger } from '../src/game/logger.js';
/**
 * Load: many groups playing at once through the bot exactly as shipped (src/main.ts in its own
 * process: long polling, the Redis store on a private redis-server, the render pool) against the
 * fake Telegram Bot API with Telegram's limits on (20 sends and edits a minute per group, 30 new
 * messages a second in all, callback answers within 15 s), in lean mode.
 *
 * Each simulated group is two players. A ply: the player to move thinks (about THINK seconds),
 * then taps a stack and, a moment later, its target (or types /move instead, one ply in ten);
 * now and then someone asks for /board or /games. The next player starts thinking when the board
 * shows the move. The offered load is raised step by step (RATES updates a second, by adding
 * groups); each step prints the updates handled per second and the latency from an update to
 * Telegram seeing its answer: a tap's answer, the board edit that shows a move, the keyboard of a
 * picked stack, a /board and a /games reply. At the end every game's record is compared with the
 * moves the players made: lost and doubled moves. Goal: at 200 updates/s, p95 below 100 ms for
 * taps and below 1 s for boards, nothing lost or doubled; the ceiling is the highest step that
 * still meets that.
 *
 * Run: npm run bench:load  (BENCH_RATES=100,150,200,250,300 BENCH_SECONDS=20 BENCH_THINK=7 to change)
 */
import type { ChildProcess } from 'node:child_process';
import type { InlineKeyboardMarkup, User } from 'grammy/types';
import { keyboardPly } from '../src/adapters/telegram/board-message.js';
import { encodePayload } from '../src/chat/buttons/button-payload.js';
import {
  applyMove,
  legalMoves,
  makeMove,
  moveDestination,
  seededRandom,
  startPosition,
  VARIANTS,
  type Position,
} from '../src/engine/index.js';
import { PENDING_BOARDS } from '../src/adapters/telegram/chat-state.js';
import { RedisKeyValueStore } from '../src/store/key-value.js';
import { KeyBuilder } from '../src/store/keys.js';
import { createStoreRedis } from '../src/store/redis-connection.js';
import { RedisGameStore } from '../src/store/redis-store.js';
import { startRedis } from '../test/support/redis-server.js';
import { startApp, TOKEN } from '../test/support/start-app.js';
import { cpuSeconds } from './process-cpu.js';
import { giveUpAfter } from './watchdog.js';
import { FakeBotApi, type RecordedCall } from '../test/support/telegram/fake-bot-api.js';
import { item, present } from '../test/support/present.js';
import { textOf } from '../test/support/text-of.js';

const RATES = (process.env.BENCH_RATES ?? '100,150,200,250,300').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK ?? 7) * 1000;
const WATCHDOG_MINUTES = 15;
/** Updates per ply on average: two taps most of the time, one typed move in ten, extras. */
const UPDATES_PER_PLY = 0.9 * 2 + 0.1 * 1 + 0.06;
const PREFIX = 'load:';

giveUpAfter(WATCHDOG_MINUTES, 'load benchmark');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = seededRandom(2026);
const jitter = (mean: number) => mean * (0.5 + random());

type Kind = 'tap' | 'board' | 'keyboard' | '/board' | '/games';

/** Latencies of one step, by kind. */
class Latencies {
  readonly samples = new Map<Kind, number[]>();
  add(kind: Kind, ms: number): void {
    const list = this.samples.get(kind) ?? [];
    list.push(ms);
    this.samples.set(kind, list);
  }
  percentile(kind: Kind, p: number): number {
    const list = [...(this.samples.get(kind) ?? [])].sort((a, b) => a - b);
    if (list.length === 0) return NaN;
    return list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;
  }
  count(kind: Kind): number {
    return this.samples.get(kind)?.length ?? 0;
  }
}

interface Group {
  readonly chatId: number;
  readonly players: [User, User];
  white: User;
  black: User;
  gameId: string;
  boardId: number;
  position: Position;
  /** The moves the players made, in order. */
  readonly played: string[];
  /** The ply whose board the players are waiting for, and since when. */
  waiting?: { ply: number; since: number };
  active: boolean;
  over: boolean;
}

/** The ply of the board a recorded call's keyboard belongs to (none: a finished game). */
function plyOfMarkup(markup: unknown): number | undefined {
  const parsed = typeof markup === 'string' ? (JSON.parse(markup) as unknown) : markup;
  return keyboardPly(parsed as InlineKeyboardMarkup | undefined);
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const fake = await FakeBotApi.start({ botUsername: 'bashni_load_bot', lean: true });
  const store = new RedisGameStore(redis.url, new KeyBuilder(PREFIX), { log: silentLogger });
  let bot: ChildProcess | undefined;
  try {
    // BENCH_PROFILE=dir writes the bot's CPU profiles there.
    const profile = process.env.BENCH_PROFILE;
    const app = startApp(
      {
        TELEGRAM_API_ROOT: fake.apiRoot,
        TELEGRAM_BOT_TOKEN: TOKEN,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: PREFIX,
        ...(process.env.RENDER_THREADS === undefined
          ? {}
          : { RENDER_THREADS: process.env.RENDER_THREADS }),
      },
      profile === undefined ? {} : { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profile}`] },
    );
    bot = app.child;
    // The bench's own view of Redis: its CPU (INFO) and, at the end, the records.
    const client = createStoreRedis(redis.url);
    if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
    const redisCpu = async () => {
      const info = await client.info('cpu');
      const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1]);
      return field('used_cpu_user') + field('used_cpu_sys');
    };
    const botErrors = () => (app.output().match(/ ERROR /g) ?? []).length;
    const exited = new Promise<void>((resolve) => bot!.once('exit', () => resolve()));
    await fake.waitForCall('getUpdates', undefined, 60_000);

    const groups = new Map<number, Group>();
    let pushes = 0;
    let finished = false;
    let latencies = new Latencies();
    const taps = new Map<string, number>();
    /** Per chat, when a stack was picked whose targets the players are waiting for. */
    const selects = new Map<number, number>();
    const commands = new Map<number, { kind: '/board' | '/games'; at: number }>();
    let confirmed = 0;
    const cards = new Map<number, number>();
    const boards = new Map<number, RecordedCall>();

    fake.onCall((call) => {
      const chatId = Number(call.params.chat_id);
      switch (call.method) {
        case 'getUpdates':
          if (typeof call.params.offset === 'number')
            confirmed = Math.max(confirmed, call.params.offset);
          return;
        case 'answerCallbackQuery': {
          const tappedAt = taps.get(String(call.params.callback_query_id));
          if (tappedAt !== undefined) latencies.add('tap', call.at - tappedAt);
          return;
        }
        case 'editMessageReplyMarkup': {
          if (!call.response.ok) return;
          const selectedAt = selects.get(chatId);
          if (selectedAt !== undefined && plyOfMarkup(call.params.reply_markup) !== undefined) {
            latencies.add('keyboard', call.at - selectedAt);
            selects.delete(chatId);
          }
          return;
        }
        case 'editMessageMedia': {
          if (!call.response.ok) return;
          const group = groups.get(chatId);
          if (group?.waiting === undefined) return;
          const ply = plyOfMarkup(call.params.reply_markup) ?? Infinity;
          if (ply >= group.waiting.ply) {
            latencies.add('board', call.at - group.waiting.since);
            group.waiting = undefined;
          }
          return;
        }
        case 'sendPhoto': {
          if (!call.response.ok) return;
          const message = call.response.result as { message_id: number };
          boards.set(chatId, call);
          const group = groups.get(chatId);
          const asked = commands.get(chatId);
          if (group !== undefined && asked?.kind === '/board') {
            latencies.add('/board', call.at - asked.at);
            commands.delete(chatId);
            group.boardId = message.message_id;
            if (
              group.waiting !== undefined &&
              (plyOfMarkup(call.params.reply_markup) ?? Infinity) >= group.waiting.ply
            )
              group.waiting = undefined;
          }
          return;
        }
        case 'sendMessage': {
          if (!call.response.ok) return;
          const text = textOf(call.params.text ?? '');
          if (text.includes('challenges'))
            cards.set(chatId, (call.response.result as { message_id: number }).message_id);
          const asked = commands.get(chatId);
          if (asked?.kind === '/games' && text.startsWith('Your games')) {
            latencies.add('/games', call.at - asked.at);
            commands.delete(chatId);
          }
          return;
        }
      }
    });

    /** New groups, each with a game started the way people start one. */
    async function addGroups(count: number): Promise<void> {
      const first = groups.size;
      const fresh: Group[] = [];
      for (let i = first; i < first + count; i++) {
        const chatId = -1_000_100_000_000 - i;
        fake.group(chatId, `Load ${i}`);
        const a = fake.user(10_000_000 + 2 * i, `A${i}`, `player_a${i}`, 'en');
        const b = fake.user(10_000_001 + 2 * i, `B${i}`, `player_b${i}`, 'en');
        fresh.push({
          chatId,
          players: [a, b],
          white: a,
          black: b,
          gameId: '',
          boardId: 0,
          position: startPosition('bashni'),
          played: [],
          active: false,
          over: false,
        });
        fake.pushMessage({ from: a, chat: chatId, text: `/newgame @player_b${i}` });
      }
      const deadline = Date.now() + 120_000 + count * 500;
      for (const group of fresh) {
        while (!cards.has(group.chatId)) {
          if (Date.now() > deadline)
            throw new Error(
              `challenge cards did not come: ${cards.size} of ${count}; pending ${fake.pendingUpdates.length}; sendMessage ${fake.callCount('sendMessage')}; getUpdates ${fake.callCount('getUpdates')}; refused ${fake.floodRefusalCount()}`,
            );
          await sleep(20);
        }
        const card = cards.get(group.chatId)!;
        fake.pushCallbackQuery({
          from: group.players[1],
          chatId: group.chatId,
          messageId: card,
          data: item(fake.keyboard(group.chatId, card).flat(), 0, 'challenge card buttons')
            .callback_data!,
        });
      }
      for (const group of fresh) {
        while (!boards.has(group.chatId)) {
          if (Date.now() > deadline)
            throw new Error(
              `boards did not come: ${fresh.filter((g) => boards.has(g.chatId)).length} of ${fresh.length}; pending updates ${fake.pendingUpdates.length}; bot said: ${app.output().slice(-2000)}`,
            );
          await sleep(20);
        }
        const call = boards.get(group.chatId)!;
        group.boardId = (call.response as { result: { message_id: number } }).result.message_id;
        const markup = call.params.reply_markup as {
          inline_keyboard: { callback_data: string }[][];
        };
        group.gameId = present(
          item(markup.inline_keyboard.flat(), 0, 'board buttons').callback_data.split('|')[1],
          'the game id of the board button',
        );
        const caption = textOf(call.params.caption ?? '');
        const [a, b] = group.players;
        [group.white, group.black] = caption.includes(`⚪ ${a.first_name}`) ? [a, b] : [b, a];
        groups.set(group.chatId, group);
      }
    }

    /** One group's players, playing until the benchmark ends. */
    async function play(group: Group): Promise<void> {
      const count = () => pushes++;
      await sleep(random() * THINK_MS);
      while (!finished && !group.over) {
        // The players look at the board: they wait for it to show the last move.
        const waitingSince = Date.now();
        while (group.waiting !== undefined && Date.now() - waitingSince < 5_000) await sleep(25);
        if (group.played.length > 0) await sleep(jitter(THINK_MS));
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the end timer sets it while the loop awaits
        if (finished) break;
        const moves = legalMoves(group.position);
        if (moves.length === 0) {
          group.over = true;
          break;
        }
        const move = moves[Math.floor(random() * moves.length)]!;
        const ply = group.played.length;
        const from = group.position.turn === 0 ? group.white : group.black;
        const text = makeMove(VARIANTS.bashni, move);
        const extra = random();
        if (extra < 0.04) {
          commands.set(group.chatId, { kind: extra < 0.015 ? '/board' : '/games', at: Date.now() });
          fake.pushMessage({ from, chat: group.chatId, text: extra < 0.015 ? '/board' : '/games' });
          count();
          // The players wait for the answer (a new board moves the buttons to it).
          const askedAt = Date.now();
          while (commands.has(group.chatId) && Date.now() - askedAt < 60_000) await sleep(25);
          await sleep(jitter(1_000));
        }
        if (random() < 0.1) {
          group.waiting = { ply: ply + 1, since: Date.now() };
          fake.pushMessage({ from, chat: group.chatId, text: `/move ${text}` });
          count();
        } else {
          const tap = (data: string, select: boolean) => {
            const update = fake.pushCallbackQuery({
              from,
              chatId: group.chatId,
              messageId: group.boardId,
              data,
            });
            taps.set(update.callback_query!.id, Date.now());
            if (select) selects.set(group.chatId, Date.now());
            count();
          };
          tap(
            encodePayload({ kind: 'select', gameId: group.gameId, ply, square: move.from }),
            true,
          );
          await sleep(jitter(700));
          const routes = moves.filter(
            (m) => m.from === move.from && moveDestination(m) === moveDestination(move),
          );
          group.waiting = { ply: ply + 1, since: Date.now() };
          tap(
            routes.length === 1
              ? encodePayload({
                  kind: 'target',
                  gameId: group.gameId,
                  ply,
                  from: move.from,
                  to: moveDestination(move),
                })
              : encodePayload({
                  kind: 'route',
                  gameId: group.gameId,
                  ply,
                  squares: [move.from, ...move.path],
                }),
            false,
          );
        }
        group.played.push(text);
        group.position = applyMove(group.position, move);
      }
    }

    console.log(
      `load benchmark: the bot as shipped (own process, Redis, long polling) against the fake Bot API with Telegram's limits; a ply every ${THINK_MS / 1000} s per group, ${SECONDS} s per step`,
    );
    console.log(
      'offered/s  handled/s  groups   tap p50/p95/p99 ms    board p50/p95/p99 ms     keyboard p95  /board p95  /games p95  429s  cores bot/bench/redis',
    );
    const results: { rate: number; handled: number; tapP95: number; boardP95: number }[] = [];
    const playing: Promise<void>[] = [];
    for (const rate of RATES) {
      // A ply takes a think, the moment between the two taps, and the board's arrival. The
      // groups of earlier steps play on (idle games would be nudged: that is not this load).
      const needed = Math.ceil((rate * (THINK_MS + 800)) / 1000 / UPDATES_PER_PLY);
      const before = groups.size;
      if (needed > before) await addGroups(needed - before);
      for (const group of [...groups.values()].slice(before)) playing.push(play(group));
      // Measured once every group is under way (one think time in).
      await sleep(THINK_MS);
      const floodBefore = fake.floodRefusalCount();
      const start = {
        pushes,
        confirmed,
        bot: cpuSeconds(bot.pid),
        bench: cpuSeconds(undefined),
        redis: await redisCpu(),
      };
      latencies = new Latencies();
      await sleep(SECONDS * 1000);
      const end = {
        pushes,
        confirmed,
        bot: cpuSeconds(bot.pid),
        bench: cpuSeconds(undefined),
        redis: await redisCpu(),
      };
      const window = latencies;
      const offered = (end.pushes - start.pushes) / SECONDS;
      const handled = (end.confirmed - start.confirmed) / SECONDS;
      const row = (kind: Kind) =>
        [50, 95, 99].map((p) => String(Math.round(window.percentile(kind, p)))).join('/');
      const p95 = (kind: Kind) => String(Math.round(window.percentile(kind, 95)));
      const cores = (key: 'bot' | 'bench' | 'redis') =>
        ((end[key] - start[key]) / SECONDS).toFixed(2);
      console.log(
        [
          String(Math.round(offered)).padStart(9),
          String(Math.round(handled)).padStart(9),
          String(groups.size).padStart(7),
          row('tap').padStart(20),
          row('board').padStart(22),
          p95('keyboard').padStart(13),
          p95('/board').padStart(11),
          p95('/games').padStart(11),
          String(fake.floodRefusalCount() - floodBefore).padStart(5),
          `${cores('bot')}/${cores('bench')}/${cores('redis')}`.padStart(15),
        ].join('  '),
      );
      results.push({
        rate: offered,
        handled,
        tapP95: window.percentile('tap', 95),
        boardP95: window.percentile('board', 95),
      });
    }
    finished = true;
    await Promise.all(playing);
    // Let what is in flight land.
    const drainUntil = Date.now() + 30_000;
    while ([...groups.values()].some((g) => g.waiting !== undefined) && Date.now() < drainUntil)
      await sleep(50);

    // Every move the players made, exactly once, in the record.
    let lost = 0;
    let doubled = 0;
    let checked = 0;
    for (const group of groups.values()) {
      const game = await store.getGame(group.gameId);
      const moves = game?.moves ?? [];
      checked++;
      for (let i = 0; i < Math.max(moves.length, group.played.length); i++) {
        if (i >= moves.length) lost++;
        else if (i >= group.played.length) doubled++;
        else if (moves[i] !== group.played[i]) {
          lost++;
          break;
        }
      }
    }
    const plies = [...groups.values()].reduce((sum, g) => sum + g.played.length, 0);
    if (process.env.BENCH_REDIS_STATS) {
      const stats = await client.info('commandstats');
      const rows = stats
        .split('\n')
        .filter((l) => l.startsWith('cmdstat_'))
        .map((l) => [l.split(':')[0], Number(/calls=(\d+)/.exec(l)?.[1])] as const)
        .sort((a, b) => b[1] - a[1]);
      console.log(
        rows
          .slice(0, 15)
          .map(([n, c]) => `${n} ${c}`)
          .join('\n'),
      );
    }
    const pendingBoards = await new RedisKeyValueStore(client, new KeyBuilder(PREFIX))
      .setMembers(PENDING_BOARDS)
      .finally(() => client.disconnect());
    console.log(
      `moves: ${plies} made in ${checked} games; lost ${lost}, doubled ${doubled}; boards still pending: ${pendingBoards.length}; bot errors logged: ${botErrors()}`,
    );
    const meets = results.filter(
      (r) => r.tapP95 < 100 && r.boardP95 < 1_000 && r.handled >= 0.95 * r.rate,
    );
    const at200 = results.find((r) => Math.abs(r.rate - 200) / 200 <= 0.05);
    console.log(
      `goal: at 200 updates/s p95 < 100 ms for taps and < 1 s for boards, 0 lost, 0 doubled: ${
        at200 !== undefined &&
        at200.tapP95 < 100 &&
        at200.boardP95 < 1_000 &&
        lost === 0 &&
        doubled === 0
          ? 'met'
          : 'NOT met'
      }`,
    );
    console.log(
      `throughput ceiling (highest step meeting the latency goals): ${
        meets.length === 0
          ? 'below the first step'
          : `${Math.round(Math.max(...meets.map((r) => r.rate)))} updates/s`
      }${meets.length === results.length ? ' (every step met them: raise BENCH_RATES to find the ceiling)' : ''}`,
    );
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
