import { afterEach, describe, expect, it } from 'vitest';
import { legalMoves, parseFen, type Move } from '../../src/engine/index.js';
import type { Game } from '../../src/game/model.js';
import type { BoardView } from '../../src/web/board-view.js';
import { ALICE, BORIS, CAROL } from '../support/game-fixtures.js';
import { value } from '../support/service-results.js';
import { until } from '../support/until.js';
import { LiveStream, startWebBoard, type WebBoardHarness } from '../support/web-board.js';

let h: WebBoardHarness | undefined;
const streams: LiveStream[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await h?.close();
  h = undefined;
});

async function setUp(
  options: { maxStreams?: number } = {},
): Promise<{ h: WebBoardHarness; game: Game }> {
  h = await startWebBoard(options);
  const game = value(await h.service.moves.start({ white: ALICE, black: BORIS }));
  return { h, game };
}

function firstMove(fen: string): Move {
  const position = parseFen(fen, 'bashni');
  if (!position.ok) throw new Error('bad fen');
  return legalMoves(position.value)[0]!;
}

const route = (move: Move) => [move.from, ...move.path];
let requests = 0;
const request = () => `request-${++requests}-abcdef`;

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe('the board API: who you are', () => {
  it('gives a session for initData Telegram signed, naming the user and the game to open', async () => {
    const { h } = await setUp();
    const answer = await h.api('session', {
      body: { initData: h.initData(BORIS, { startParam: 'g123' }) },
    });
    expect(answer.status).toBe(200);
    expect(await json(answer)).toMatchObject({
      user: { platform: 'telegram', userId: '1002', name: 'Борис', language: 'ru' },
      gameId: 'g123',
    });
  });

  it('refuses forged and stale initData, and a forged session', async () => {
    const { h, game } = await setUp();
    const forged = await h.api('session', {
      body: { initData: h.initData(ALICE, { token: '999:another-bot-token-aaaaaaaa' }) },
    });
    expect(forged.status).toBe(401);
    expect(await json(forged)).toMatchObject({ error: 'init-data-forged' });
    // Another user id pasted into good initData: the hash no longer matches.
    const edited = h.initData(ALICE).replace('%22id%22%3A1001', '%22id%22%3A1002');
    expect(edited).not.toBe(h.initData(ALICE));
    const pasted = await h.api('session', { body: { initData: edited } });
    expect(await json(pasted)).toMatchObject({ error: 'init-data-forged' });
    const stale = await h.api('session', {
      body: { initData: h.initData(ALICE, { at: Date.now() - 2 * 3_600_000 }) },
    });
    expect(stale.status).toBe(401);
    expect(await json(stale)).toMatchObject({ error: 'init-data-stale' });
    const session = await h.session(ALICE);
    const tampered = `${session.slice(0, -2)}xx`;
    const refused = await h.api(`games/${game.id}`, { session: tampered });
    expect(refused.status).toBe(401);
    expect(await json(refused)).toMatchObject({ error: 'unauthorized' });
    const garbage = await h.api('session', { body: { initData: 42 } });
    expect(garbage.status).toBe(400);
  });

  it('shows a player their seat, and a spectator a read-only board', async () => {
    const { h, game } = await setUp();
    const asBoris = await json<BoardView>(
      await h.api(`games/${game.id}`, { session: await h.session(BORIS) }),
    );
    expect(asBoris).toMatchObject({ id: game.id, you: 'black', toMove: 'white', ply: 0 });
    expect(asBoris.seats.map((s) => s.name)).toEqual(['Alice', 'Борис']);
    const watcher = { ...ALICE, userId: '1003', displayName: 'Vera' };
    const asVera = await json<BoardView>(
      await h.api(`games/${game.id}`, { session: await h.session(watcher) }),
    );
    expect(asVera.you).toBeNull();
    const move = await h.api(`games/${game.id}/move`, {
      session: await h.session(watcher),
      body: { ply: 0, route: route(firstMove(game.fen)), request: request() },
    });
    expect(move.status).toBe(403);
    expect(await json(move)).toMatchObject({ error: 'not-a-player' });
    const anonymous = await h.api(`games/${game.id}/move`, {
      body: { ply: 0, route: route(firstMove(game.fen)), request: request() },
    });
    expect(anonymous.status).toBe(403);
    expect((await h.api('games/nope')).status).toBe(404);
    // Paths under /api/ that are not the API's are left to the other routes (a webhook's).
    const other = await h.api('telegram-webhook', { body: {} });
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toBeNull();
  });
});

describe('the board API: moves', () => {
  it('plays a move with the ply compare-and-set: a chat move first makes the page stale', async () => {
    const { h, game } = await setUp();
    const alice = await h.session(ALICE);
    const move = firstMove(game.fen);
    // The chat plays first (the same move, from the buttons).
    value(await h.service.moves.play(game.id, ALICE, move, { seenPly: 0 }));
    const late = await h.api(`games/${game.id}/move`, {
      session: alice,
      body: { ply: 0, route: route(move), request: request() },
    });
    expect(late.status).toBe(409);
    const body = await json<{ error: string; view: BoardView }>(late);
    expect(body.error).toBe('stale');
    expect(body.view.ply).toBe(1);
    expect(value(await h.service.queries.getGame(game.id)).moves).toHaveLength(1);
  });

  it('acts once on a request sent twice, refuses illegal routes and moves out of turn', async () => {
    const { h, game } = await setUp();
    const alice = await h.session(ALICE);
    const boris = await h.session(BORIS);
    const body = { ply: 0, route: route(firstMove(game.fen)), request: request() };
    const first = await h.api(`games/${game.id}/move`, { session: alice, body });
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({ ply: 1, toMove: 'black' });
    const again = await h.api(`games/${game.id}/move`, { session: alice, body });
    // The same request again: the board it made, not a second move (nor a stale refusal).
    expect([200, 409]).toContain(again.status);
    expect(value(await h.service.queries.getGame(game.id)).moves).toHaveLength(1);
    const outOfTurn = await h.api(`games/${game.id}/move`, {
      session: alice,
      body: { ply: 1, route: [0, 1], request: request() },
    });
    expect(await json(outOfTurn)).toMatchObject({ error: 'illegal-move' });
    const bad = await h.api(`games/${game.id}/move`, {
      session: boris,
      body: { ply: 1, route: 'c3-d4', request: request() },
    });
    expect(bad.status).toBe(400);
  });

  it('offers and accepts a draw, and resigns', async () => {
    const { h, game } = await setUp();
    const [alice, boris] = [await h.session(ALICE), await h.session(BORIS)];
    const offered = await h.api(`games/${game.id}/draw`, {
      session: alice,
      body: { ply: 0, request: request() },
    });
    expect(await json(offered)).toMatchObject({ drawOffer: 'white' });
    const accepted = await h.api(`games/${game.id}/draw`, {
      session: boris,
      body: { ply: 0, request: request() },
    });
    expect(await json(accepted)).toMatchObject({
      status: 'finished',
      result: { winner: null, reason: 'agreement' },
    });
    const second = value(await h.service.moves.start({ white: ALICE, black: BORIS }));
    const resigned = await h.api(`games/${second.id}/resign`, {
      session: boris,
      body: { ply: 0, request: request() },
    });
    expect(await json(resigned)).toMatchObject({ status: 'finished', result: { winner: 'white' } });
  });
});

describe('the board API: live', () => {
  it("streams the view at once, then each change: the page's moves and the chat's", async () => {
    const { h, game } = await setUp();
    const [alice, boris] = [await h.session(ALICE), await h.session(BORIS)];
    const live = new LiveStream(`${h.base}/api/games/${game.id}/live?session=${boris}`);
    streams.push(live);
    await live.opened;
    await until(() => live.views.length === 1, 'live.views.length === 1');
    expect(live.views[0]).toMatchObject({ ply: 0, you: 'black' });
    const played = await h.api(`games/${game.id}/move`, {
      session: alice,
      body: { ply: 0, route: route(firstMove(game.fen)), request: request() },
    });
    expect(played.status).toBe(200);
    // The chat's presenters got the move too (its board message is edited once).
    expect(h.events.filter((e) => e.type === 'move-played')).toHaveLength(1);
    await until(() => live.views.length === 2, 'live.views.length === 2');
    expect(live.views[1]).toMatchObject({ ply: 1, toMove: 'black', you: 'black' });
    // Boris moves in the chat: the page sees it too.
    const now = value(await h.service.queries.getGame(game.id));
    const chat = await h.service.moves.play(game.id, BORIS, firstMove(now.fen), { seenPly: 1 });
    if (!chat.ok) throw new Error(chat.message);
    await h.publish(chat.events);
    await until(() => live.views.length === 3, 'live.views.length === 3');
    expect(live.views[2]).toMatchObject({ ply: 2, toMove: 'white' });
    expect(h.web.live.open).toBe(1);
    live.close();
    await until(() => h.web.live.open === 0, 'h.web.live.open === 0');
  });

  it('holds at most maxStreams streams open; past it a page is asked to come back', async () => {
    const { h, game } = await setUp({ maxStreams: 2 });
    const url = `${h.base}/api/games/${game.id}/live`;
    for (let i = 0; i < 2; i++) {
      const live = new LiveStream(url);
      streams.push(live);
      await live.opened;
    }
    await until(() => h.web.live.open === 2, 'two streams');
    const refused = await fetch(url);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
  });

  it('a reconnecting page starts from the latest view', async () => {
    const { h, game } = await setUp();
    value(await h.service.moves.play(game.id, ALICE, firstMove(game.fen), { seenPly: 0 }));
    const live = new LiveStream(`${h.base}/api/games/${game.id}/live`);
    streams.push(live);
    await until(() => live.views.length === 1, 'live.views.length === 1');
    expect(live.views[0]).toMatchObject({ ply: 1, you: null });
  });
});

describe('the board API: Discord links', () => {
  it("exchanges a link's ticket for a session that acts on its game only", async () => {
    const { h, game } = await setUp();
    const carolGame = value(await h.service.moves.start({ white: CAROL, black: BORIS }));
    const link = h.web.links.link(
      { platform: 'discord', userId: CAROL.userId, name: 'Carol' },
      carolGame.id,
    );
    const ticket = new URL(link).searchParams.get('t')!;
    const answer = await json<{ session: string; gameId: string }>(
      await h.api('session', { body: { ticket } }),
    );
    expect(answer.gameId).toBe(carolGame.id);
    const view = await json<BoardView>(
      await h.api(`games/${carolGame.id}`, { session: answer.session }),
    );
    expect(view.you).toBe('white');
    const elsewhere = await json<BoardView>(
      await h.api(`games/${game.id}`, { session: answer.session }),
    );
    expect(elsewhere.you).toBeNull();
    const forged = await h.api('session', { body: { ticket: `${ticket.slice(0, -1)}A` } });
    expect(await json(forged)).toMatchObject({ error: 'board-link-forged' });
  });
});
