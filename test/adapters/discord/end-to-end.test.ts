import { silentLogger } from '../../../src/game/logger.js';
/**
 * The Discord bot as it ships — the real discord.js client, its REST queue and gateway — against
 * a local fake Discord (REST over HTTP, the gateway over WebSocket): registration, a game by
 * buttons, and the presses that must change nothing.
 */
import { InteractionType, REST } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordBot, type DiscordApp } from '../../../src/adapters/discord/bot.js';
import { registerCommands } from '../../../src/adapters/discord/commands.js';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { systemClock } from '../../../src/game/ports.js';
import { GameService } from '../../../src/game/service.js';
import { testCatalog, testPuzzleService, solutionAt } from '../../support/puzzles.js';
import { encodeRouteValue, encodeSquareValue } from '../../../src/chat/buttons/button-payload.js';
import { routeSquares } from '../../../src/chat/buttons/move-picking.js';
import { moveDestination } from '../../../src/engine/index.js';
import { resolveMove } from '../../../src/game/game-rules.js';
import { puzzlePosition } from '../../../src/game/puzzle-solving.js';
import { inlinePainter } from '../../support/painter.js';
import { MemoryKeyValueStore } from '../../../src/store/key-value.js';
import { MemoryGameStore } from '../../../src/store/memory-store.js';
import { InProcessScheduler } from '../../../src/store/memory-scheduler.js';
import {
  FakeDiscord,
  type FakeGuild,
  type FakeUser,
  type InteractionHandle,
  type StoredMessage,
} from '../../support/discord/fake-discord.js';
import { item } from '../../support/present.js';

interface BotProcess {
  readonly app: DiscordApp;
  readonly service: GameService;
}

let fake: FakeDiscord;
let guild: FakeGuild;
let channelId: string;
let anna: FakeUser;
let boris: FakeUser;
let carl: FakeUser;
const processes: BotProcess[] = [];
const store = () => shared.store;
const shared = { store: new MemoryGameStore(), kv: new MemoryKeyValueStore() };

async function setUp(): Promise<void> {
  fake = await FakeDiscord.start();
  guild = fake.addGuild({ name: 'Bashni club', channels: [{ name: 'games' }] });
  channelId = item(guild.channels, 0, 'guild.channels').id;
  anna = fake.newUser('anna', { global_name: 'Anna' });
  boris = fake.newUser('boris', { global_name: 'Boris' });
  carl = fake.newUser('carl', { global_name: 'Carl' });
  shared.store = new MemoryGameStore();
  shared.kv = new MemoryKeyValueStore();
  await registerCommands(
    new REST({ api: fake.restApi }).setToken(fake.token),
    fake.applicationId,
    guild.id,
  );
}

/** A bot process: its own game service and client, on the shared store. */
async function startProcess(): Promise<BotProcess> {
  const scheduler = new InProcessScheduler();

  const service = new GameService({
    store: store(),
    scheduler,
    logger: silentLogger,
    onEvents: (events) => app.presenter.handle(events),
  });
  const app = createDiscordBot(
    {
      service,
      puzzles: testPuzzleService(systemClock),
      kv: shared.kv,
      clock: systemClock,
      logger: silentLogger,
      painter: inlinePainter,
    },
    { restApi: fake.restApi },
  );
  await app.start(fake.token);
  const process = { app, service };
  processes.push(process);
  return process;
}

async function stopProcess(process: BotProcess): Promise<void> {
  processes.splice(processes.indexOf(process), 1);
  await process.app.close(2_000);
}

afterEach(async () => {
  for (const process of [...processes]) await stopProcess(process);
  await (fake as FakeDiscord | undefined)?.close();
});

/** Waits until the interaction is answered and its answer (if any) is in. */
async function answered(handle: InteractionHandle): Promise<InteractionHandle> {
  await handle.acknowledged();
  await fake.waitFor(() => handle.original === undefined || !handle.original.loading || undefined);
  for (const process of processes) await process.app.tasks.idle();
  return handle;
}

function customIds(message: StoredMessage | undefined): { label?: string; customId: string }[] {
  return (message?.components ?? []).flatMap((row) =>
    (row.components as { label?: string; custom_id: string }[]).map((c) => ({
      label: c.label,
      customId: c.custom_id,
    })),
  );
}

function gameMessage(): StoredMessage | undefined {
  return fake
    .messages(channelId)
    .filter((m) => m.embeds.length > 0 && m.attachments.length > 0)
    .at(-1);
}

/** Anna challenges Boris, Boris accepts; returns the game message. */
async function startGame(): Promise<StoredMessage> {
  const card = await answered(
    fake.command({ user: anna, channelId, name: 'newgame', options: { opponent: boris } }),
  );
  expect(card.original?.content).toContain(`<@${boris.id}>`);
  await answered(fake.press({ user: boris, message: card.original!, label: '✅ Accept' }));
  return fake.waitFor(() => gameMessage());
}

/** The player to move in the game a message shows. */
async function moverOf(message: StoredMessage): Promise<FakeUser> {
  const payload = decodePayload(item(customIds(message), 0).customId) as { gameId: string };
  const game = await item(processes, 0, 'processes').service.queries.getGame(payload.gameId);
  if (!game.ok) throw new Error(game.code);
  const whiteId = game.value.white.userId;
  const ply = game.value.moves.length;
  const white = whiteId === anna.id ? anna : boris;
  const black = white === anna ? boris : anna;
  return ply % 2 === 0 ? white : black;
}

/** A message's components (buttons and select menus), as sent. */
function components(message: StoredMessage) {
  return message.components.flatMap(
    (row) => row.components as { custom_id: string; options?: { value: string }[] }[],
  );
}

/**
 * Picks `square` in a puzzle picker: presses its button (custom_id `action|…|square`, after
 * `from` for a target) or chooses it in the select menu that offers it. Returns the message.
 */
async function pickIn(message: StoredMessage, action: 'ZS' | 'ZT', square: number, from?: number) {
  const value = encodeSquareValue(square);
  const last = from === undefined ? value : `${encodeSquareValue(from)}${value}`;
  const button = components(message).find(
    (c) => c.custom_id.startsWith(`${action}|`) && c.custom_id.endsWith(`|${last}`),
  );
  const menu = components(message).find((c) => c.options?.some((o) => o.value === value));
  const handle = await answered(
    button !== undefined
      ? fake.press({ user: anna, message, customId: button.custom_id })
      : fake.choose({ user: anna, message, customId: menu!.custom_id, values: [value] }),
  );
  return handle.original!;
}

/** Opens the picker and presses the stack on `from` (by label); returns the picker message. */
async function openPicker(board: StoredMessage, user: FakeUser, session?: number) {
  const opened = await answered(fake.press({ user, message: board, label: '♟ Move', session }));
  return opened.original!;
}

describe('the Discord bot against a fake Discord', () => {
  it('registers its commands and plays a game by buttons, keeping one game message current', async () => {
    await setUp();
    expect(fake.commands(guild.id).map((c) => c.name)).toContain('newgame');
    await startProcess();

    const board = await startGame();
    expect(item(board.attachments, 0, 'board.attachments').filename).toBe('board.png');
    // The embed shows the attached board (Discord resolves attachment://board.png to its URL).
    expect(item(board.embeds, 0, 'board.embeds').image?.url).toBe(
      item(board.attachments, 0, 'board.attachments').url,
    );

    // Three moves, each by Move → stack → target in the mover's ephemeral picker.
    const plays = [
      ['c3', 'd4'],
      ['f6', 'g5'],
      ['g3', 'h4'],
    ];
    for (const [from, to] of plays) {
      const current = gameMessage()!;
      const mover = await moverOf(current);
      const picker = await openPicker(current, mover);
      expect(picker.ephemeral).toBe(true);
      expect(picker.visibleTo).toBe(mover.id);
      const stack = customIds(picker).find((b) => b.label?.endsWith(` ${from}`))!;
      const targets = await answered(
        fake.press({ user: mover, message: picker, customId: stack.customId }),
      );
      const target = customIds(targets.original).find((b) => b.label === `→ ${to}`)!;
      const played = await answered(
        fake.press({ user: mover, message: targets.original!, customId: target.customId }),
      );
      expect(played.original?.content).toContain(`${from}-${to}`);
      await fake.waitFor(() => gameMessage()?.embeds[0]?.description?.includes(`${from}-${to}`));
    }
    // One game message, edited in place, always with the newest board.
    const boards = fake.messages(channelId).filter((m) => m.embeds.length > 0);
    expect(boards).toHaveLength(1);
    expect(gameMessage()!.id).toBe(board.id);
    // Every interaction was acknowledged within Discord's 3 s.
    expect(fake.calls.filter((c) => c.status === 404 && /callback/.test(c.path))).toEqual([]);
  });

  it('tells a wrong user, a stale press and a forged custom_id apart, changing nothing', async () => {
    await setUp();
    const { service } = await startProcess();
    const board = await startGame();
    const mover = await moverOf(board);
    const other = mover === anna ? boris : anna;

    const wrong = await answered(fake.press({ user: carl, message: board, label: '♟ Move' }));
    expect(wrong.original?.ephemeral).toBe(true);
    expect(wrong.original?.content).toMatch(/not playing/i);
    const notYours = await answered(fake.press({ user: other, message: board, label: '♟ Move' }));
    expect(notYours.original?.content).toMatch(/not your turn/i);

    // A picker opened, then the move made another way (/move): its buttons are stale now.
    const picker = await openPicker(board, mover);
    await answered(
      fake.command({ user: mover, channelId, name: 'move', options: { notation: 'c3-d4' } }),
    );
    const stale = await answered(
      fake.press({ user: mover, message: picker, customId: item(customIds(picker), 0).customId }),
    );
    expect(stale.original?.content).toMatch(/out of date/i);

    // A forged custom_id on the game message.
    const forged = await answered(
      fake.interact({
        user: mover,
        channelId,
        type: InteractionType.MessageComponent,
        data: { component_type: 2, custom_id: 'T|forged|0|ab' },
        message: board,
      }),
    );
    expect(forged.original?.ephemeral).toBe(true);
    expect(forged.original?.content).toMatch(/button/i);
    const games = await service.queries.activeGames({ platform: 'discord', userId: mover.id });
    expect(games.ok && item(games.value, 0, 'games.value').moves).toEqual(['c3-d4']);
  });

  it('plays a double press reaching two processes once, and keeps buttons working after a restart', async () => {
    await setUp();
    const first = await startProcess();
    await startProcess();
    await fake.waitForSessions(2);
    const board = await startGame();
    const mover = await moverOf(board);
    const picker = await openPicker(board, mover, 0);
    const stack = customIds(picker).find((b) => b.label?.endsWith(' c3'))!;
    const targets = await answered(
      fake.press({ user: mover, message: picker, customId: stack.customId, session: 0 }),
    );
    const target = customIds(targets.original).find((b) => b.label === '→ d4')!;
    // The same button pressed twice at once, one press to each process.
    const presses = [0, 1].map((session) =>
      fake.press({
        user: mover,
        message: targets.original!,
        customId: target.customId,
        session,
      }),
    );
    const a = item(presses, 0, 'presses');
    const b = item(presses, 1, 'presses');
    await Promise.all([answered(a), answered(b)]);
    const game = await first.service.queries.getGame(
      (decodePayload(target.customId) as { gameId: string }).gameId,
    );
    expect(game.ok && game.value.moves).toEqual(['c3-d4']);
    // Both answers update the one picker message: what each said is in its acknowledgement.
    const texts = [a, b].map((h) => String((h.ack?.data as { content?: string }).content));
    expect(texts.filter((t) => t.includes('c3-d4'))).toHaveLength(1);
    expect(texts.filter((t) => /out of date/i.test(t))).toHaveLength(1);

    // Both processes restart; the buttons on the board still work.
    for (const process of [...processes]) await stopProcess(process);
    await startProcess();
    await fake.waitFor(() => fake.sessions.some((s) => s.connected) || undefined);
    const current = await fake.waitFor(() =>
      gameMessage()?.embeds[0]?.description?.includes('c3-d4') ? gameMessage() : undefined,
    );
    const next = await moverOf(current);
    const reopened = await openPicker(current, next);
    expect(customIds(reopened).length).toBeGreaterThan(0);
  });

  it('opens /puzzle for the user only and plays a move in it, the board image replaced', async () => {
    await setUp();
    await startProcess();
    const opened = await answered(fake.command({ user: anna, channelId, name: 'puzzle' }));
    const attempt = opened.original!;
    expect(attempt.ephemeral).toBe(true);
    expect(attempt.visibleTo).toBe(anna.id);
    expect(attempt.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(item(attempt.embeds, 0, 'attempt.embeds').image?.url).toBe(
      item(attempt.attachments, 0, 'attempt.attachments').url,
    );

    const { puzzleId } = decodePayload(item(components(attempt), 0).custom_id) as {
      puzzleId: string;
    };
    const puzzle = testCatalog().byId(puzzleId)!;
    const move = resolveMove(puzzlePosition(puzzle, 0), solutionAt(puzzle, 0));
    if (!move.ok) throw new Error(move.message);
    const targets = await pickIn(attempt, 'ZS', move.move.from);
    let played = await pickIn(targets, 'ZT', moveDestination(move.move), move.move.from);
    // Several capture routes ending there (by the day, /puzzle may offer such a puzzle).
    const route = encodeRouteValue(routeSquares(move.move));
    const routes = components(played).find(
      (c) => c.custom_id.endsWith(`|${route}`) || c.options?.some((o) => o.value === route),
    );
    if (routes !== undefined)
      played = (
        await answered(
          routes.options === undefined
            ? fake.press({ user: anna, message: played, customId: routes.custom_id })
            : fake.choose({
                user: anna,
                message: played,
                customId: routes.custom_id,
                values: [route],
              }),
        )
      ).original!;

    // The same ephemeral message, updated: the new board replaces the old attachment.
    expect(played.id).toBe(attempt.id);
    expect(played.attachments).toHaveLength(1);
    expect(item(played.attachments, 0, 'played.attachments').id).not.toBe(
      item(attempt.attachments, 0, 'attempt.attachments').id,
    );
    expect(
      item(played.attachments, 0, 'played.attachments').data.equals(
        item(attempt.attachments, 0, 'attempt.attachments').data,
      ),
    ).toBe(false);
    expect(item(played.embeds, 0, 'played.embeds').image?.url).toBe(
      item(played.attachments, 0, 'played.attachments').url,
    );
    expect(item(played.embeds, 0, 'played.embeds').description).toContain(solutionAt(puzzle, 0));
    // Every interaction was acknowledged within Discord's 3 s.
    expect(fake.calls.filter((c) => c.status === 404 && /callback/.test(c.path))).toEqual([]);
  });

  it('retries a game message edit that Discord answers with 429', async () => {
    await setUp();
    await startProcess();
    const board = await startGame();
    const mover = await moverOf(board);
    fake.rateLimitNext(
      { method: 'PATCH', route: '/channels/:channel_id/messages/:message_id' },
      150,
    );
    await answered(
      fake.command({ user: mover, channelId, name: 'move', options: { notation: 'c3-d4' } }),
    );
    await fake.waitFor(() => gameMessage()?.embeds[0]?.description?.includes('c3-d4'), 10_000);
    const edits = fake.callsTo({
      method: 'PATCH',
      route: '/channels/:channel_id/messages/:message_id',
    });
    expect(edits.map((c) => c.status)).toContain(429);
    expect(edits.at(-1)?.status).toBe(200);
  });
});
