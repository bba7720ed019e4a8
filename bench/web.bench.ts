/**
 * The board page's figures (issue 31), in Debian's Chromium:
 * - its weight: the page, its script and its styles as the server sends them (brotli, and gzip);
 * - time to interactive (the board drawn and taking taps: body[data-ready]) inside a Mini App,
 *   with the CPU slowed 4x and a slow-3G network — WebPageTest's "3G Slow" (400 ms round trips,
 *   400 kbit/s each way) and Lighthouse's "regular 3G" (300 ms, 700 kbit/s) — cold (nothing
 *   cached), median and worst of several loads. (DevTools' "Slow 3G" preset waits 2 s on every
 *   round trip: no page is interactive in 1.5 s there);
 * - a move's way to the opponent's page: from the mover's tap on the target square to the new
 *   position drawn on the other player's page (the API, the game service, the change feed, the
 *   live stream), over a game of moves on this machine, p50 and p95.
 * Run: npm run bench:web
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildBoardPage } from '../scripts/build-web.js';
import { applyMove, legalMoves, moveDestination, parseFen, VARIANTS } from '../src/engine/index.js';
import type { Player } from '../src/game/model.js';
import { launchBrowser, miniAppUrl, serveTelegramStandIn } from '../test/support/browser.js';
import { startWebBoard } from '../test/support/web-board.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(5, 'web benchmark');

const LOADS = 5;
const MOVES = 40;
const ANNA: Player = { platform: 'telegram', userId: '101', displayName: 'Anna', language: 'ru' };
const BORIS: Player = { platform: 'telegram', userId: '102', displayName: 'Boris', language: 'ru' };

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (value: number) => `${Math.round(value)} ms`;

const directory = mkdtempSync(join(tmpdir(), 'bench-web-'));
await buildBoardPage(directory);
const sizes = { br: 0, gz: 0, plain: 0 };
for (const name of readdirSync(directory)) {
  const size = readFileSync(join(directory, name)).length;
  if (name.endsWith('.br')) sizes.br += size;
  else if (name.endsWith('.gz')) sizes.gz += size;
  else sizes.plain += size;
}
console.log(
  `page weight: ${(sizes.br / 1024).toFixed(1)} KB brotli, ${(sizes.gz / 1024).toFixed(1)} KB gzip ` +
    `(${(sizes.plain / 1024).toFixed(1)} KB uncompressed): html, script and styles, no fonts`,
);

const web = await startWebBoard({ pageDirectory: directory });
const browser = await launchBrowser();
try {
  const started = await web.service.moves.start({ white: ANNA, black: BORIS, daysPerMove: 3 });
  if (!started.ok) throw new Error(started.message);
  const gameId = started.value.id;

  // Time to interactive, cold, throttled: two slow-3G profiles.
  const profiles = [
    { name: '3G Slow (WebPageTest: 400 ms RTT, 400 kbit/s)', latency: 400, kbps: 400 },
    { name: 'Regular 3G (Lighthouse: 300 ms RTT, 700 kbit/s)', latency: 300, kbps: 700 },
  ];
  for (const profile of profiles) {
    const loads: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const standIn = { initData: web.initData(ANNA, { startParam: gameId }) };
      await serveTelegramStandIn(context, standIn);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.latency,
        downloadThroughput: (profile.kbps * 1024) / 8,
        uploadThroughput: (profile.kbps * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const begun = Date.now();
      await page.goto(miniAppUrl(`${web.base}/board/`, standIn), { waitUntil: 'commit' });
      await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
      loads.push(Date.now() - begun);
      if (i === 0 && process.env.BENCH_WEB_TIMING === '1')
        console.log(
          await page.evaluate(() =>
            performance
              .getEntries()
              .map(
                (e) =>
                  `${e.name.slice(-40)} ${Math.round(e.startTime)}..${Math.round(e.startTime + e.duration)}`,
              )
              .join('\n'),
          ),
        );
      await context.close();
    }
    loads.sort((a, b) => a - b);
    console.log(
      `time to interactive (Mini App, CPU 4x slower, ${profile.name}), ${LOADS} cold loads: ` +
        `median ${ms(quantile(loads, 0.5))}, worst ${ms(loads.at(-1)!)}`,
    );
  }

  // A move's way to the opponent's page.
  const open = async (player: Player): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const standIn = { initData: web.initData(player, { startParam: gameId }) };
    await serveTelegramStandIn(context, standIn);
    const page = await context.newPage();
    await page.goto(miniAppUrl(`${web.base}/board/`, standIn));
    await page.waitForSelector('body[data-ready="1"]');
    return page;
  };
  const pages = { white: await open(ANNA), black: await open(BORIS) };
  const parsed = parseFen(started.value.fen, 'bashni');
  if (!parsed.ok) throw new Error(parsed.error.message);
  let position = parsed.value;
  const names = VARIANTS.bashni.geometry.names;
  const latencies: number[] = [];
  const settled: number[] = [];
  for (let ply = 0; ply < MOVES; ply++) {
    const moves = legalMoves(position);
    if (moves.length === 0) break;
    // A quiet game: the first move that is a single hop (no route chooser in the way).
    const move = moves.find((m) => m.path.length === 1) ?? moves[0]!;
    const mover = position.turn === 0 ? pages.white : pages.black;
    const other = mover === pages.white ? pages.black : pages.white;
    await mover.click(`[data-square="${names[move.from]}"]`);
    const heard = other.waitForSelector(`#board[data-heard-ply="${ply + 1}"]`, { timeout: 10_000 });
    const drawn = other.waitForSelector(`#board[data-ply="${ply + 1}"]`, { timeout: 10_000 });
    const tapped = Date.now();
    await mover.click(`[data-square="${names[moveDestination(move)]}"]`);
    await heard;
    latencies.push(Date.now() - tapped);
    await drawn;
    settled.push(Date.now() - tapped);
    position = applyMove(position, move);
    await mover.waitForSelector(`#board[data-ply="${ply + 1}"]`);
  }
  for (const [what, list] of [
    ['on the page (the view received, its animation begins)', latencies],
    ['drawn there (after the animation)', settled],
  ] as const) {
    list.sort((a, b) => a - b);
    console.log(
      `move to the opponent's page, tap -> ${what}, ${list.length} moves: ` +
        `p50 ${ms(quantile(list, 0.5))}, p95 ${ms(quantile(list, 0.95))}, max ${ms(list.at(-1)!)}`,
    );
  }
} finally {
  await browser.close();
  await web.close();
  rmSync(directory, { recursive: true, force: true });
}
