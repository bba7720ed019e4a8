/**
 * Puzzles in the Discord bot, through the interaction router with fake interactions: attempts
 * solved by the picker (from the committed libraries), stale and forged presses, the daily post,
 * /daily and /top.
 */
import { ComponentType, DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { pickStack } from '../../../src/adapters/discord/picker.js';
import {
  decodePayload,
  encodePayload,
  encodeRouteValue,
  encodeSquareValue,
  type Payload,
} from '../../../src/chat/buttons/button-payload.js';
import { puzzlePicks } from '../../../src/chat/buttons/pick-payloads.js';
import { solverSide } from '../../../src/chat/words/puzzle-text.js';
import { legalMoves, makeMove, moveDestination, VARIANTS } from '../../../src/engine/index.js';
import { resolveMove } from '../../../src/game/game-rules.js';
import { playerKey } from '../../../src/game/model.js';
import { puzzlePosition, type PuzzleLine } from '../../../src/game/puzzle-solving.js';
import { dayIn } from '../../../src/game/daily-schedule.js';
import { messagesOn } from '../../../src/i18n/index.js';
import { routeSquares } from '../../../src/chat/buttons/move-picking.js';
import { testCatalog, solutionAt } from '../../support/puzzles.js';
import type { FakeInteraction, FakeMessageRef, FakeUser } from './fake-interaction.js';
import {
  ANNA,
  BORIS,
  CARL,
  CHANNEL,
  DiscordHarness,
  OTHER_CHANNEL,
  buttonsOf,
  playerOfUser,
} from './harness.js';
import { textOf } from '../../support/text-of.js';
import { item } from '../../support/present.js';

let harness: DiscordHarness;
afterEach(async () => {
  await (harness as DiscordHarness | undefined)?.close();
});

const en = messagesOn('discord', 'en');
const EPHEMERAL = 64;

/** The bashni puzzles of the committed library. */
const library = (): readonly PuzzleLine[] => testCatalog().list('bashni');

/** The text a user sees of an answer: its content and its embed's description. */
function seen(options: Record<string, unknown> | undefined): string {
  const embeds = (options?.embeds ?? []) as { description?: string }[];
  return [textOf(options?.content ?? ''), ...embeds.map((e) => e.description ?? '')].join('\n');
}

function isEphemeralReply(interaction: FakeInteraction): boolean {
  const first = interaction.calls.at(0);
  const flags = first?.options?.flags;
  return first?.method === 'reply' && typeof flags === 'number' && (flags & EPHEMERAL) !== 0;
}

/** The board image an answer attached, if any. */
function image(options: Record<string, unknown> | undefined): Buffer | undefined {
  const files = options?.files as { attachment: Buffer; name: string }[] | undefined;
  return files?.[0]?.attachment;
}

/** An attempt the user has open: its message and what it shows now. */
interface Attempt {
  readonly user: FakeUser;
  readonly ref: FakeMessageRef;
  shown: Record<string, unknown>;
}

/** Opens a puzzle by a Solve button (of a daily post in `channelId`). */
async function solve(user: FakeUser, puzzleId: string, channelId = CHANNEL): Promise<Attempt> {
  const post = { id: '900000000000000001', channelId };
  const opened = await harness.press(user, `ZO|${puzzleId}`, post);
  expect(isEphemeralReply(opened)).toBe(true);
  return {
    user,
    ref: { id: item(opened.created, 0, 'opened.created').id, channelId, ephemeral: true },
    shown: opened.last!,
  };
}

/**
 * Presses the component of the attempt's message whose payload `matches` — or, when the
 * choices are in select menus, chooses `value` in the menu that offers it.
 */
async function pick(
  attempt: Attempt,
  matches: (payload: Payload | undefined) => boolean,
  value: string,
): Promise<FakeInteraction> {
  const components = buttonsOf(attempt.shown);
  const button = components.find(
    (c) => c.options === undefined && matches(decodePayload(c.customId)),
  );
  const menu = components.find((c) => c.options?.some((o) => o.value === value));
  const pressed =
    button !== undefined
      ? await harness.press(attempt.user, button.customId, attempt.ref)
      : await harness.choose(attempt.user, menu!.customId, [value], attempt.ref);
  if (pressed.last !== undefined && pressed.methods[0] !== 'reply') attempt.shown = pressed.last;
  return pressed;
}

/** Plays `text` (a move of the puzzle's position at `ply`) by the picker; the last press. */
async function play(
  attempt: Attempt,
  puzzle: PuzzleLine,
  ply: number,
  text: string,
): Promise<FakeInteraction> {
  const position = puzzlePosition(puzzle, ply);
  const resolved = resolveMove(position, text);
  if (!resolved.ok) throw new Error(resolved.message);
  const { from } = resolved.move;
  const to = moveDestination(resolved.move);
  await pick(
    attempt,
    (p) => p?.kind === 'puzzle-select' && p.square === from,
    encodeSquareValue(from),
  );
  const target = await pick(
    attempt,
    (p) => p?.kind === 'puzzle-target' && p.from === from && p.to === to,
    encodeSquareValue(to),
  );
  const routes = legalMoves(position).filter((m) => m.from === from && moveDestination(m) === to);
  if (routes.length === 1) return target;
  const squares = routeSquares(resolved.move);
  return pick(
    attempt,
    (p) => p?.kind === 'puzzle-route' && p.squares.join() === squares.join(),
    encodeRouteValue(squares),
  );
}

/** A legal move of the solver at `ply` that the picker tells from the line's, if any. */
function wrongMove(puzzle: PuzzleLine, ply: number): string | undefined {
  const position = puzzlePosition(puzzle, ply);
  const right = resolveMove(position, solutionAt(puzzle, ply));
  if (!right.ok) throw new Error(right.message);
  const other = legalMoves(position).find(
    (m) => m.from !== right.move.from || moveDestination(m) !== moveDestination(right.move),
  );
  return other === undefined ? undefined : makeMove(VARIANTS[puzzle.variant], other);
}

/** The kinds of the payloads of an answer's components. */
function kinds(options: Record<string, unknown> | undefined): (string | undefined)[] {
  return buttonsOf(options).map((c) => decodePayload(c.customId)?.kind);
}

async function ratingOf(user: FakeUser): Promise<number | undefined> {
  return (await harness.puzzleStore.rating('user', playerKey(playerOfUser(user))))?.rating;
}

describe('puzzles in the Discord bot', () => {
  it('solves a multi-move puzzle by buttons: the reply shown, solved, rated, then Next', async () => {
    harness = new DiscordHarness();
    const puzzle = library().find((p) => p.solution.length === 5)!;
    const attempt = await solve(ANNA, puzzle.id);
    expect(seen(attempt.shown)).toContain('Puzzle');
    expect(seen(attempt.shown)).toContain(en.puzzles.yourMove.split(':')[0]);
    const first = image(attempt.shown);
    expect(first).toBeDefined();

    const one = await play(attempt, puzzle, 0, solutionAt(puzzle, 0));
    expect(one.methods).toEqual(['update']);
    const afterReply = seen(one.last);
    expect(afterReply).toContain(solutionAt(puzzle, 0));
    expect(afterReply).toContain(solutionAt(puzzle, 1));
    // The board after the defender's reply replaces the first one.
    expect(image(one.last)).toBeDefined();
    expect(image(one.last)!.equals(first!)).toBe(false);
    const stacks = buttonsOf(one.last).map((c) => decodePayload(c.customId));
    expect(stacks.every((p) => p !== undefined && 'ply' in p && p.ply === 2)).toBe(true);

    await play(attempt, puzzle, 2, solutionAt(puzzle, 2));
    const last = await play(attempt, puzzle, 4, solutionAt(puzzle, 4));
    const end = seen(last.last);
    expect(end).toContain('solved');
    expect(end).toMatch(/Puzzle rating: \d+\?? \(\+\d+\)/);
    expect(end).toContain(`1. ${solutionAt(puzzle, 0)}`);
    expect(kinds(last.last)).toEqual(['puzzle-next', 'puzzle-vote', 'puzzle-vote']);
    expect(await ratingOf(ANNA)).toBeGreaterThan(1500);

    const next = await pick(attempt, (p) => p?.kind === 'puzzle-next', '');
    expect(next.methods).toEqual(['update']);
    const nextId = buttonsOf(next.last)
      .map((c) => decodePayload(c.customId))
      .find((p) => p !== undefined && 'puzzleId' in p) as { puzzleId: string } | undefined;
    expect(nextId?.puzzleId).toBeDefined();
    expect(nextId?.puzzleId).not.toBe(puzzle.id);
    expect(seen(next.last)).toContain(en.puzzles.yourMove.split(':')[0]);
  });

  it('ends an attempt at a wrong move: the key move and the solution shown, rated down, Next', async () => {
    harness = new DiscordHarness();
    const puzzle = library().find((p) => p.solution.length >= 3 && wrongMove(p, 0) !== undefined)!;
    const attempt = await solve(ANNA, puzzle.id);
    const first = image(attempt.shown)!;
    const wrong = await play(attempt, puzzle, 0, wrongMove(puzzle, 0)!);
    expect(wrong.methods).toEqual(['update']);
    const text = seen(wrong.last);
    expect(text).toContain(`The key move was ${solutionAt(puzzle, 0)}`);
    expect(text).toContain(`Solution: 1. ${solutionAt(puzzle, 0)} ${solutionAt(puzzle, 1)}`);
    expect(text).toMatch(/Puzzle rating: \d+\?? \(−\d+\)/);
    expect(kinds(wrong.last)).toEqual(['puzzle-next', 'puzzle-vote', 'puzzle-vote']);
    // The line's last board, not the one the attempt began with.
    expect(image(wrong.last)!.equals(first)).toBe(false);
    expect(await ratingOf(ANNA)).toBeLessThan(1500);
    // 👎: answered to the voter alone, the attempt's message unchanged.
    const down = await harness.press(ANNA, `ZV|${puzzle.id}|d`, attempt.ref);
    expect(isEphemeralReply(down)).toBe(true);
    expect(seen(down.last)).toContain(en.puzzles.voted(false, false));
    // Someone who never tried it cannot vote.
    const stranger = await harness.press(BORIS, `ZV|${puzzle.id}|u`, attempt.ref);
    expect(seen(stranger.last)).toContain(en.puzzles.voteUntried);
  });

  it('refuses a stale press and a repeated one, changing nothing and rating once', async () => {
    harness = new DiscordHarness();
    const puzzle = library().find((p) => p.solution.length === 3)!;
    const attempt = await solve(ANNA, puzzle.id);
    const atStart = attempt.shown;
    await play(attempt, puzzle, 0, solutionAt(puzzle, 0));
    const onward = attempt.shown;

    // A button of the first board, pressed after the move (a double click, a slow client).
    const old = item(buttonsOf(atStart), 0, 'old');
    const stale = await harness.press(ANNA, old.customId, attempt.ref);
    expect(isEphemeralReply(stale)).toBe(true);
    expect(seen(stale.last)).toContain(en.puzzles.stale);
    expect(stale.methods).toEqual(['reply']);

    const last = await play(attempt, puzzle, 2, solutionAt(puzzle, 2));
    expect(seen(last.last)).toContain('solved');
    const rating = await ratingOf(ANNA);
    expect(rating).toBeGreaterThan(1500);
    // The same interaction handled again (a replay), and the same button pressed again.
    await harness.app.router.route(last as never);
    await harness.settle();
    const again = await harness.press(ANNA, last.customId!, attempt.ref);
    expect(isEphemeralReply(again)).toBe(true);
    expect(seen(again.last)).toContain(en.puzzles.stale);
    expect(await ratingOf(ANNA)).toBe(rating);
    // The step before, too: the attempt is over.
    const back = buttonsOf(onward).find(
      (c) => decodePayload(c.customId)?.kind === 'puzzle-select',
    )!;
    expect(seen((await harness.press(ANNA, back.customId, attempt.ref)).last)).toContain(
      en.puzzles.stale,
    );
    // A forged odd ply (the defender's turn) is stale as well.
    const odd = await harness.press(ANNA, `ZB|${puzzle.id}|1`, attempt.ref);
    expect(seen(odd.last)).toContain(en.puzzles.stale);
  });

  it('lets two users solve the same puzzle at once, each in their own message', async () => {
    harness = new DiscordHarness();
    const puzzle = library().find((p) => p.solution.length === 3)!;
    const anna = await solve(ANNA, puzzle.id);
    const boris = await solve(BORIS, puzzle.id);
    await play(anna, puzzle, 0, solutionAt(puzzle, 0));
    // Boris's first move is not stale: Anna's progress is hers.
    const borisFirst = await play(boris, puzzle, 0, solutionAt(puzzle, 0));
    expect(borisFirst.methods).toEqual(['update']);
    expect(seen(borisFirst.last)).toContain(solutionAt(puzzle, 1));
    const annaLast = await play(anna, puzzle, 2, solutionAt(puzzle, 2));
    const borisLast = await play(boris, puzzle, 2, solutionAt(puzzle, 2));
    for (const last of [annaLast, borisLast]) {
      expect(seen(last.last)).toContain('solved');
      expect(seen(last.last)).toMatch(/\(\+\d+\)/);
    }
    expect(await ratingOf(ANNA)).toBeGreaterThan(1500);
    expect(await ratingOf(BORIS)).toBeGreaterThan(1500);
    // A second attempt of either counts no more.
    const retry = await solve(ANNA, puzzle.id);
    await play(retry, puzzle, 0, solutionAt(puzzle, 0));
    const end = await play(retry, puzzle, 2, solutionAt(puzzle, 2));
    expect(seen(end.last)).toContain(en.puzzles.notCounted);
  });

  it('picks from select menus when the choices do not fit as buttons', async () => {
    harness = new DiscordHarness();
    const needsMenu = (p: PuzzleLine) =>
      pickStack(puzzlePosition(p, 0), solverSide(p), puzzlePicks(p.id, 0), en).components.some(
        (row) => row.components.some((c) => c.type === ComponentType.StringSelect),
      );
    const puzzle = library().find((p) => p.solution.length >= 3 && needsMenu(p));
    if (puzzle === undefined) return; // no library puzzle needs one
    const attempt = await solve(ANNA, puzzle.id);
    expect(buttonsOf(attempt.shown).some((c) => c.options !== undefined)).toBe(true);
    await play(attempt, puzzle, 0, solutionAt(puzzle, 0));
    let ply = 2;
    for (; ply < puzzle.solution.length - 1; ply += 2)
      await play(attempt, puzzle, ply, solutionAt(puzzle, ply));
    const last = await play(attempt, puzzle, ply, solutionAt(puzzle, ply));
    expect(seen(last.last)).toContain('solved');
  });

  it('asks for the route when several captures of the line’s move end on one square', async () => {
    harness = new DiscordHarness();
    const routesAt = (p: PuzzleLine, ply: number) => {
      const position = puzzlePosition(p, ply);
      const move = resolveMove(position, solutionAt(p, ply));
      if (!move.ok) return 0;
      const to = moveDestination(move.move);
      return legalMoves(position).filter(
        (m) => m.from === move.move.from && moveDestination(m) === to,
      ).length;
    };
    const puzzle = library().find((p) => p.solution.length === 3 && routesAt(p, 2) > 1);
    if (puzzle === undefined) return; // no library puzzle needs it
    const attempt = await solve(ANNA, puzzle.id);
    await play(attempt, puzzle, 0, solutionAt(puzzle, 0));
    const last = await play(attempt, puzzle, 2, solutionAt(puzzle, 2));
    expect(last.customId?.startsWith('ZR|') || last.customId?.startsWith('ZU|')).toBe(true);
    expect(seen(last.last)).toContain('solved');
  });

  it('explains forged custom_ids only to the presser, changing nothing', async () => {
    harness = new DiscordHarness();
    const puzzle = item(library(), 0, 'puzzle');
    const attempt = await solve(ANNA, puzzle.id);
    for (const customId of ['ZS|bashni-nope|0|b', 'ZO|bashni-nope']) {
      const forged = await harness.press(ANNA, customId, attempt.ref);
      expect(isEphemeralReply(forged)).toBe(true);
      expect(seen(forged.last)).toContain(en.errors.puzzleNotFound);
    }
    // A picker step, or Next, forged onto a public message (a daily post) leaves it alone.
    const post = { id: '900000000000000002', channelId: CHANNEL };
    const stack = item(buttonsOf(attempt.shown), 0).customId;
    for (const customId of [stack, encodePayload({ kind: 'puzzle-next' })]) {
      const forged = await harness.press(BORIS, customId, post);
      expect(isEphemeralReply(forged)).toBe(true);
      expect(forged.methods).toEqual(['reply']);
      expect(seen(forged.last)).toContain(en.errors.unknownButton);
    }
    // Next in the middle of an attempt is not offered: a forged one is stale.
    const next = await harness.press(ANNA, 'ZN', attempt.ref);
    expect(seen(next.last)).toContain(en.puzzles.stale);
  });

  it('opens /puzzle for the user only, by their rating', async () => {
    harness = new DiscordHarness();
    const opened = await harness.command(ANNA, 'puzzle');
    expect(isEphemeralReply(opened)).toBe(true);
    expect(image(opened.last)).toBeDefined();
    const embeds = opened.last!.embeds as { image?: { url: string } }[];
    expect(item(embeds, 0, 'embeds').image?.url).toBe('attachment://board.png');
    const payload = decodePayload(item(buttonsOf(opened.last), 0).customId);
    const expected = await harness.puzzles.next(playerOfUser(ANNA));
    expect(payload).toMatchObject({ puzzleId: expected.ok && expected.value.id, ply: 0 });
    expect(seen(opened.last)).toContain(en.puzzles.yourMove.split(':')[0]);
  });

  it('posts the daily puzzle; a member solves it from the post and /top lists them', async () => {
    harness = new DiscordHarness();
    const setUp = await harness.command(CARL, 'daily', { state: 'on' }, { manages: true });
    expect(isEphemeralReply(setUp)).toBe(false);
    const due = item(await harness.puzzles.duePosts('discord'), 0, 'due');
    expect(due.chatKey).toBe(`discord:${CHANNEL}`);
    expect(await harness.app.postDaily(due)).toBe(true);
    const post = item(
      harness.out.in(CHANNEL).filter((m) => m.message.files !== undefined),
      0,
      'post',
    );
    expect(post.message.embeds?.[0]?.description).toContain(`Puzzle of the day**, ${due.day}`);
    expect(post.message.files?.[0]?.name).toBe('board.png');
    const solveButton = item(buttonsOf(post.message), 0, 'solveButton');
    expect(solveButton.label).toBe(en.puzzles.solveButton);

    const star: FakeUser = { id: '300000000000000009', username: 'star', globalName: '*Star* <b>' };
    const opened = await harness.press(star, solveButton.customId, {
      id: post.id,
      channelId: CHANNEL,
    });
    const attempt: Attempt = {
      user: star,
      ref: {
        id: item(opened.created, 0, 'opened.created').id,
        channelId: CHANNEL,
        ephemeral: true,
      },
      shown: opened.last!,
    };
    let ply = 0;
    for (; ply < due.puzzle.solution.length - 1; ply += 2)
      await play(attempt, due.puzzle, ply, solutionAt(due.puzzle, ply));
    const last = await play(attempt, due.puzzle, ply, solutionAt(due.puzzle, ply));
    expect(seen(last.last)).toContain(en.puzzles.countedForDaily);

    const top = await harness.command(BORIS, 'top', { variant: 'puzzles' });
    expect(isEphemeralReply(top)).toBe(false);
    const text = String(top.last?.content);
    expect(text).toContain(`Puzzles** · ${dayIn('UTC', harness.clock.now())}`);
    expect(text).toContain('1\\. \\*Star\\* \\<b> ✅');
    expect(top.last?.allowedMentions).toEqual({ parse: [], users: [] });
    // Solved elsewhere (another channel's attempt), it would not be on this board.
    const elsewhere = await harness.command(
      BORIS,
      'top',
      { variant: 'puzzles' },
      { channelId: OTHER_CHANNEL },
    );
    expect(String(elsewhere.last?.content)).toContain(en.puzzles.topNobody);
  });

  it('posts in the channel’s language, and stops posting where the channel is gone', async () => {
    harness = new DiscordHarness();
    await harness.command(CARL, 'settings', { language: 'ru' }, { manages: true });
    await harness.command(CARL, 'daily', { state: 'on' }, { manages: true });
    const due = item(await harness.puzzles.duePosts('discord'), 0, 'due');
    expect(await harness.app.postDaily(due)).toBe(true);
    const post = item(
      harness.out.in(CHANNEL).filter((m) => m.message.files !== undefined),
      0,
      'post',
    );
    expect(post.message.embeds?.[0]?.description).toContain('Задача дня');
    expect(item(buttonsOf(post.message), 0).label).toBe(
      messagesOn('discord', 'ru').puzzles.solveButton,
    );

    const apiError = (code: number) =>
      new DiscordAPIError({ code, message: 'no' }, code, 404, 'POST', '/channels', {});
    // Any other failure: not posted, the poster tries again; the daily post stays on.
    harness.out.failNext = (method) =>
      method === 'post' ? new Error('socket hang up') : undefined;
    expect(await harness.app.postDaily(due)).toBe(false);
    expect(await harness.puzzleStore.dailySetting(due.chatKey)).toBeDefined();
    harness.out.failNext = (method) =>
      method === 'post' ? apiError(RESTJSONErrorCodes.UnknownChannel) : undefined;
    expect(await harness.app.postDaily(due)).toBe(true);
    expect(await harness.puzzleStore.dailySetting(due.chatKey)).toBeUndefined();
  });

  it('/daily: channel managers turn it on and off, others are refused, bad settings explained', async () => {
    harness = new DiscordHarness();
    const chatKey = `discord:${CHANNEL}`;
    const member = await harness.command(BORIS, 'daily', { state: 'on' });
    expect(isEphemeralReply(member)).toBe(true);
    expect(seen(member.last)).toContain(en.puzzles.adminsOnly);
    expect(await harness.puzzleStore.dailySetting(chatKey)).toBeUndefined();

    const on = await harness.command(
      CARL,
      'daily',
      { state: 'on', time: '7:30', timezone: 'europe/moscow' },
      { manages: true },
    );
    expect(isEphemeralReply(on)).toBe(false);
    expect(seen(on.last)).toContain('07:30 (Europe/Moscow)');
    expect(await harness.puzzleStore.dailySetting(chatKey)).toEqual({
      time: '07:30',
      timeZone: 'Europe/Moscow',
    });

    const badTime = await harness.command(
      CARL,
      'daily',
      { state: 'on', time: '25:00' },
      { manages: true },
    );
    expect(isEphemeralReply(badTime)).toBe(true);
    expect(seen(badTime.last)).toContain(en.errors.badDailyTime);
    const badZone = await harness.command(
      CARL,
      'daily',
      { state: 'on', timezone: 'Mars/Olympus' },
      { manages: true },
    );
    expect(seen(badZone.last)).toContain(en.errors.unknownTimeZone);
    expect((await harness.puzzleStore.dailySetting(chatKey))?.time).toBe('07:30');

    const off = await harness.command(CARL, 'daily', { state: 'off' }, { manages: true });
    expect(seen(off.last)).toContain(en.puzzles.dailyOff);
    expect(await harness.puzzleStore.dailySetting(chatKey)).toBeUndefined();

    // In a DM with the bot, the user decides; in Russian, in Russian.
    const dm = await harness.command(
      BORIS,
      'daily',
      { state: 'on' },
      {
        dm: true,
        channelId: OTHER_CHANNEL,
        locale: 'ru',
      },
    );
    expect(seen(dm.last)).toContain('09:00 (UTC)');
    expect(seen(dm.last)).toMatch(/[а-я]/);
    expect(await harness.puzzleStore.dailySetting(`discord:${OTHER_CHANNEL}`)).toBeDefined();
  });
});
