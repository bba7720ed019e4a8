/**
 * The board page in a real browser (Debian's Chromium through playwright-core), served by the
 * bot's own routes on the game service of a Telegram bot process that talks to the fake Bot API:
 * two players play a game to the end on their pages while the group's board message is edited
 * once per move, a third watches, a move typed in the chat shows on the pages, forged and stale
 * initData are refused, a Discord player opens the page from a signed link, every variant is
 * drawn (a move played at the four-player table), and the look at 360 px (light and dark) is
 * compared with golden images
 * (`UPDATE_GOLDEN=1 npx vitest run test/web/board-page.test.ts` to regenerate, then review).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@telegram-apps/init-data-node';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBoardPage } from '../../scripts/build-web.js';
import {
  applyMove,
  legalMoves,
  makeMove,
  moveDestination,
  parseFen,
  parseMove,
  sideOfColor,
  VARIANTS,
  type Move,
  type Position,
} from '../../src/engine/index.js';
import { changedGames } from '../../src/game/event-routing.js';
import { silentLogger } from '../../src/game/logger.js';
import { GAME_VARIANT_IDS, type Player } from '../../src/game/model.js';
import { tablePosition } from '../../src/game/game-rules.js';
import { rulesOf } from '../../src/game/rules-strategy.js';
import { tableMoves } from '../../src/engine/multi/index.js';
import type { GameEvent } from '../../src/game/results.js';
import { bindPort } from '../../src/startup/listen.js';
import { MemoryChangeFeed } from '../../src/store/memory-change-feed.js';
import { boardWeb, type BoardWeb } from '../../src/web/board-web.js';
import { serveRoute } from '../../src/web/http.js';
import { ALICE, BOB, TelegramHarness, TOKEN } from '../adapters/telegram/harness.js';
import {
  DARK_THEME,
  LIGHT_THEME,
  launchBrowser,
  miniAppUrl,
  serveTelegramStandIn,
  type StandInOptions,
} from '../support/browser.js';
import { expectGolden } from '../support/golden.js';
import { HOSTILE_NAMES } from '../support/hostile-names.js';
import { until } from '../support/until.js';
import { testCatalog } from '../support/puzzles.js';
import { puzzlePosition } from '../../src/game/puzzle-solving.js';
import { startWebBoard } from '../support/web-board.js';

const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));
const GROUP = -100500;
/** White wins in five plies (Black is left without a move): computed below, not assumed. */
const SHORT_GAME = 'W:Wa1,b4:Ba3';
const VERA: Player = { platform: 'telegram', userId: '13', displayName: 'Vera', language: 'en' };

let browser: Browser;
let pageDirectory: string;

beforeAll(async () => {
  pageDirectory = mkdtempSync(join(tmpdir(), 'board-page-'));
  await buildBoardPage(pageDirectory);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  rmSync(pageDirectory, { recursive: true, force: true });
});

interface Setup {
  readonly harness: TelegramHarness;
  readonly web: BoardWeb;
  readonly base: string;
  close(): Promise<void>;
}

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

/** A Telegram bot process (fake Bot API) and its board page on a port of its own. */
async function setUp(): Promise<Setup> {
  const changes = new MemoryChangeFeed();
  const changed = (events: readonly GameEvent[]) => changes.publish(changedGames(events));
  // As main.ts's dispatch, for the chat's requests and the page's: the chat's presenter edits
  // the boards, and every page hears.
  const harness = await TelegramHarness.start({
    wiring: {
      publish: async (events, app) => {
        await app.presenter.handle(events);
        await changed(events);
      },
    },
  });
  const publish = async (events: readonly GameEvent[]) => {
    await harness.process.presenter.handle(events);
    await changed(events);
  };
  const server: Server = await bindPort(0, '127.0.0.1', 'PORT');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const web = boardWeb({
    url: new URL(`${base}/`),
    secret: TOKEN,
    telegramToken: TOKEN,
    service: harness.process.service,
    changes,
    publish,
    clock: harness.clock,
    logger: silentLogger,
    pageDirectory,
  });
  await web.start();
  const serving = serveRoute(server, web.route);
  const setup: Setup = {
    harness,
    web,
    base,
    close: async () => {
      web.close();
      await serving.close();
      await harness.close();
    },
  };
  open.push(() => setup.close());
  return setup;
}

/** A game in the group from a position, its board posted there. */
async function groupGame(setup: Setup, fen: string, white = ALICE, black = BOB) {
  const { harness } = setup;
  harness.fake.group(GROUP, 'Bashni club');
  const started = await harness.process.service.moves.start({ white, black, fen, daysPerMove: 3 });
  if (!started.ok) throw new Error(started.message);
  const view = await harness.process.presenter.surface.postBoard(started.value, String(GROUP));
  return { game: started.value, boardId: Number(view!.messageId) };
}

function initData(
  setup: Setup,
  player: Player,
  extra: { startParam?: string; at?: number; token?: string } = {},
) {
  return sign(
    {
      user: { id: Number(player.userId), first_name: player.displayName, language_code: 'en' },
      ...(extra.startParam === undefined ? {} : { start_param: extra.startParam }),
    },
    extra.token ?? TOKEN,
    new Date(extra.at ?? setup.harness.clock.now()),
  );
}

async function newContext(colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    locale: 'en-US',
    colorScheme,
  });
  open.push(() => context.close());
  return context;
}

/** A Mini App opened by Telegram for `player`: the stand-in script, initData in the hash. */
async function miniApp(
  setup: Setup,
  player: Player,
  options: {
    startParam?: string;
    query?: string;
    at?: number;
    token?: string;
    dark?: boolean;
  } = {},
): Promise<{ page: Page; outside: string[] }> {
  const context = await newContext();
  const standIn: StandInOptions = {
    initData: initData(setup, player, options),
    colorScheme: options.dark === true ? 'dark' : 'light',
    themeParams: options.dark === true ? DARK_THEME : LIGHT_THEME,
  };
  const outside = await serveTelegramStandIn(context, standIn);
  const page = await context.newPage();
  await page.goto(miniAppUrl(`${setup.base}/board/${options.query ?? ''}`, standIn));
  return { page, outside };
}

const ready = (page: Page) => page.waitForSelector('body[data-ready="1"]');
const atPly = (page: Page, ply: number) => page.waitForSelector(`#board[data-ply="${ply}"]`);

/** A line from `fen` after which Black cannot move, `plies` long (a depth-first search). */
function winningLine(position: Position, plies: number): Move[] | undefined {
  const moves = legalMoves(position);
  if (moves.length === 0)
    return plies === 0 && sideOfColor(position.turn) === 'black' ? [] : undefined;
  if (plies === 0) return undefined;
  for (const move of moves) {
    const rest = winningLine(applyMove(position, move), plies - 1);
    if (rest !== undefined) return [move, ...rest];
  }
  return undefined;
}

/** Plays a move on the page as a player does: the stack, its target, the route if asked. */
async function playOnPage(page: Page, position: Position, move: Move): Promise<void> {
  const names = VARIANTS[position.variant].geometry.names;
  await page.click(`[data-square="${names[move.from]}"]`);
  await page.click(`[data-square="${names[moveDestination(move)]}"]`);
  const routes = legalMoves(position).filter(
    (m) => m.from === move.from && moveDestination(m) === moveDestination(move),
  );
  if (routes.length > 1)
    await page.click(`[data-route="${[move.from, ...move.path].map((s) => names[s]).join(':')}"]`);
}

describe('the board page in a browser', () => {
  it('two players play to the end on their pages, a third watches, the group sees each move once', async () => {
    const setup = await setUp();
    const { harness } = setup;
    const { game, boardId } = await groupGame(setup, SHORT_GAME);
    const start = parseFen(SHORT_GAME, 'bashni');
    if (!start.ok) throw new Error(start.error.message);
    const line = winningLine(start.value, 5)!;
    expect(line).toHaveLength(5);
    // Alice from the group's direct link, Bob from his private chat's web_app button, Vera
    // from the group's link too (she is not playing).
    const alice = await miniApp(setup, ALICE, { startParam: game.id });
    const bob = await miniApp(setup, { ...BOB, language: 'en' }, { query: `?game=${game.id}` });
    const vera = await miniApp(setup, VERA, { startParam: game.id });
    for (const { page } of [alice, bob, vera]) await ready(page);
    expect(await vera.page.locator('.sq.movable').count()).toBe(0);
    await expect(vera.page.locator('#watching').isVisible()).resolves.toBe(true);

    const bobUser = harness.fake.user(12, 'Bob', 'bob', 'en');
    const boardEdits = () =>
      harness.fake
        .callsOf('editMessageMedia')
        .filter((call) => call.params.chat_id === GROUP && call.params.message_id === boardId)
        .length;
    let position = start.value;
    for (const [ply, move] of line.entries()) {
      const white = sideOfColor(position.turn) === 'white';
      if (ply === 3) {
        // Bob types his move in the group, replying to the board: the pages show it too.
        await harness.say(bobUser, GROUP, makeMove(VARIANTS.bashni, move), boardId);
      } else {
        await playOnPage((white ? alice : bob).page, position, move);
      }
      position = applyMove(position, move);
      for (const { page } of [alice, bob, vera]) await atPly(page, ply + 1);
      await until(() => boardEdits() === ply + 1, `board edit ${ply + 1}`);
    }
    await harness.process.settle();
    expect(boardEdits()).toBe(line.length);
    for (const { page } of [alice, bob, vera])
      await page.waitForSelector('#status[data-status="finished"]');
    const finished = await harness.process.service.queries.getGame(game.id);
    expect(finished.ok && finished.value.result).toMatchObject({ winner: 'white' });
    expect(await alice.page.locator('#moves li').count()).toBeGreaterThan(0);
    // Telegram's script came from the stand-in; nothing else left the machine.
    expect(new Set(alice.outside)).toEqual(
      new Set(['https://telegram.org/js/telegram-web-app.js']),
    );
  });

  it('refuses forged and stale initData with a page that says so', async () => {
    const setup = await setUp();
    const { game } = await groupGame(setup, SHORT_GAME);
    const forged = await miniApp(setup, ALICE, {
      startParam: game.id,
      token: '999:another-bot-token-aaaaaaaa',
    });
    await forged.page.waitForSelector('body[data-fatal="init-data-forged"]');
    const stale = await miniApp(setup, ALICE, {
      startParam: game.id,
      at: setup.harness.clock.now() - 2 * 3_600_000,
    });
    await stale.page.waitForSelector('body[data-fatal="init-data-stale"]');
    for (const { page } of [forged, stale]) {
      expect(await page.locator('body[data-ready="1"]').count()).toBe(0);
      expect((await page.locator('#fatal').innerText()).length).toBeGreaterThan(10);
    }
  });

  it('a Discord player opens the page from the signed link and moves, with no call to Telegram', async () => {
    const setup = await setUp();
    const anna: Player = { platform: 'discord', userId: '300000000000000001', displayName: 'Anna' };
    const carl: Player = { platform: 'discord', userId: '300000000000000003', displayName: 'Carl' };
    const started = await setup.harness.process.service.moves.start({
      white: anna,
      black: carl,
      fen: SHORT_GAME,
    });
    if (!started.ok) throw new Error(started.message);
    const link = setup.web.links.link(
      { platform: 'discord', userId: anna.userId, name: 'Anna' },
      started.value.id,
    );
    // Outside Telegram the page follows the system's dark mode.
    const context = await newContext('dark');
    const outside = await serveTelegramStandIn(context, undefined);
    const page = await context.newPage();
    await page.goto(link);
    await ready(page);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    const start = parseFen(SHORT_GAME, 'bashni');
    if (!start.ok) throw new Error(start.error.message);
    await playOnPage(page, start.value, winningLine(start.value, 5)![0]!);
    await atPly(page, 1);
    const now = await setup.harness.process.service.queries.getGame(started.value.id);
    expect(now.ok && now.value.moves).toHaveLength(1);
    expect(outside).toEqual([]);
  });

  it.each([
    ['light', false],
    ['dark', true],
  ])('looks as reviewed at 360 px, %s', async (name, dark) => {
    const setup = await setUp();
    const { game } = await groupGame(
      setup,
      'W:Wa1,c1,e1,g1,b2,f2,c3(0/00),e3:Bd6,f6(00),a7,c7,e7,g7,b8,d8',
    );
    const { page } = await miniApp(setup, ALICE, { startParam: game.id, dark });
    await ready(page);
    await page.click('[data-square="c3"]');
    await page.waitForSelector('.sq.selected');
    expectGolden(GOLDEN, `board-${name}-360`, await page.screenshot(), {
      regenerate: 'UPDATE_GOLDEN=1 npx vitest run test/web/board-page.test.ts',
      pixelShare: 0.01,
    });
  });
});

describe('the board page, every variant', () => {
  it('draws each variant at 360 px, and plays a move at the four-player table', async () => {
    const web = await startWebBoard({ pageDirectory });
    open.push(() => web.close());
    const seats = (n: number): Player => ({
      platform: 'telegram',
      userId: String(200 + n),
      displayName: `Seat ${n}`,
    });
    for (const variant of GAME_VARIANT_IDS) {
      const table = variant === 'zhernov';
      const started = await web.service.moves.start({
        white: seats(0),
        black: seats(2),
        variant,
        ...(table ? { red: seats(1), green: seats(3) } : {}),
      });
      if (!started.ok) throw new Error(`${variant}: ${started.message}`);
      const context = await newContext();
      const standIn = { initData: web.initData(seats(0), { startParam: started.value.id }) };
      await serveTelegramStandIn(context, standIn);
      const page = await context.newPage();
      await page.goto(miniAppUrl(`${web.base}/board/`, standIn));
      await ready(page);
      const squares = rulesOf(variant).geometry.squareCount;
      expect(await page.locator('[data-square]').count(), variant).toBe(squares);
      expect(await page.locator('.sq.movable').count(), variant).toBeGreaterThan(0);
      // The board fits the phone's width: nothing to scroll sideways.
      const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
      expect(width, variant).toBeLessThanOrEqual(360);
      if (table) {
        const position = tablePosition(started.value);
        const move = tableMoves(position)[0]!;
        const names = rulesOf(variant).geometry.names;
        await page.click(`[data-square="${names[move.from]}"]`);
        await page.click(`[data-square="${names[moveDestination(move)]}"]`);
        await atPly(page, 1);
        const now = await web.service.queries.getGame(started.value.id);
        expect(now.ok && now.value.moves, variant).toHaveLength(1);
      }
      await context.close();
    }
  });
});

describe('the board page and hostile names', () => {
  it('shows every name as text: markup is never run or drawn', async () => {
    const web = await startWebBoard({ pageDirectory });
    open.push(() => web.close());
    const names = [...HOSTILE_NAMES, '<img src=x onerror="document.title=\'owned\'">'];
    const context = await newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Two names a game: White's and Black's.
    for (let i = 0; i < names.length; i += 2) {
      const pair = names.slice(i, i + 2);
      const [white, black] = [0, 1].map((k): Player => ({
        platform: 'telegram',
        userId: String(300 + i + k),
        displayName: pair[k] ?? 'Plain',
      }));
      const started = await web.service.moves.start({ white: white!, black: black! });
      if (!started.ok) throw new Error(started.message);
      await page.goto(`${web.base}/board/?game=${started.value.id}`);
      await ready(page);
      const shown = await page.locator('#players').innerText();
      for (const name of pair) expect(shown, name).toContain(name.trim().split('\n')[0]!.trim());
      expect(await page.locator('#players img, #players script, #players a').count()).toBe(0);
      expect(await page.title()).not.toBe('owned');
    }
    expect(dialogs).toEqual([]);
  });
});

describe('puzzles on the board page', () => {
  it('a solver plays a puzzle line to the end on the page, the mistake marked at the start', async () => {
    const web = await startWebBoard({ pageDirectory });
    open.push(() => web.close());
    const puzzle = testCatalog()
      .list('laska')
      .find((p) => p.solution.length >= 3 && p.mistake !== undefined)!;
    const context = await newContext();
    const standIn = { initData: web.initData(ALICE, { startParam: `p_${puzzle.id}` }) };
    await serveTelegramStandIn(context, standIn);
    const page = await context.newPage();
    await page.goto(miniAppUrl(`${web.base}/board/`, standIn));
    await ready(page);
    expect(await page.locator('#status').innerText()).toMatch(/to move and/);
    // The defender's mistake is the last move on the board.
    expect(await page.locator('#board g.marks > *').count()).toBeGreaterThan(0);
    await expect(page.locator('#draw').isHidden()).resolves.toBe(true);
    await expect(page.locator('#resign').isHidden()).resolves.toBe(true);
    for (let ply = 0; ply < puzzle.solution.length; ply += 2) {
      const position = puzzlePosition(puzzle, ply);
      const move = parseMove(position, puzzle.solution[ply]!);
      if (!move.ok) throw new Error(move.error.message);
      await atPly(page, ply);
      await playOnPage(page, position, move.value);
    }
    await page.waitForSelector('#status[data-status="finished"]');
    expect(await page.locator('#status').innerText()).toBe('Solved!');
  });
});
