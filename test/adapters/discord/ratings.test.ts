import { afterEach, describe, expect, it } from 'vitest';
import { markdown } from '../../../src/adapters/discord/markdown.js';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { figureOf } from '../../../src/chat/words/league-text.js';
import type { PlayerRating } from '../../../src/game/rating-model.js';
import { messages } from '../../../src/i18n/index.js';
import { item, present } from '../../support/present.js';
import { textOf } from '../../support/text-of.js';
import type { FakeUser } from './fake-interaction.js';
import {
  buttonOf,
  expectWithinLimits,
  playMoves,
  replyRef,
  resignAs,
  shownText,
  userOf,
} from './league-helpers.js';
import { ANNA, CARL, CHANNEL, DiscordHarness, buttonsOf, playerOfUser } from './harness.js';

const en = messages('en');
/** A name that would be markdown if it were not escaped. */
const STAR: FakeUser = { id: '300000000000000009', username: 'star', globalName: '*Star*' };

let harness: DiscordHarness;
afterEach(async () => {
  await (harness as DiscordHarness | undefined)?.close();
});

/** `challenger` challenges `opponent`, who accepts; two moves, then Black resigns. */
async function playToTheEnd(
  challenger: FakeUser,
  opponent: FakeUser,
  options: Record<string, boolean> = {},
): Promise<string> {
  const card = await harness.command(challenger, 'newgame', { opponent, ...options });
  const rated = options.rated ?? true;
  expect(textOf(card.last?.content).includes(en.league.ratedWord)).toBe(rated);
  await harness.press(opponent, buttonOf(card.last, 'accept'), replyRef(card));
  const board = present(
    harness.out.in(CHANNEL).findLast((m) => m.message.files?.[0]?.name === 'board.png'),
    'the board',
  );
  const move = decodePayload(buttonOf(board.message, 'move')) as { gameId: string };
  await playMoves(harness, [challenger, opponent], move.gameId);
  const game = await harness.service.queries.getGame(move.gameId);
  if (!game.ok) throw new Error(game.code);
  await resignAs(harness, userOf([challenger, opponent], game.value.black.userId));
  return move.gameId;
}

async function ratingsOf(user: FakeUser): Promise<PlayerRating[]> {
  const records = await harness.service.league.playerRatings(playerOfUser(user));
  if (!records.ok) throw new Error(records.code);
  return records.value;
}

describe('Discord: ratings', () => {
  it('rates a finished challenge, then /stats and /top show it (names escaped, no pings)', async () => {
    harness = new DiscordHarness({ league: true });
    const gameId = await playToTheEnd(ANNA, STAR);
    const [anna] = await ratingsOf(ANNA);
    const [star] = await ratingsOf(STAR);
    expect([anna?.games, star?.games]).toEqual([1, 1]);
    const rated = harness.out.in(CHANNEL).filter((m) => shownText(m).startsWith('📈'));
    expect(rated).toHaveLength(1);
    const line = shownText(item(rated, 0));
    expect(line).toContain(`Anna: ${figureOf(present(anna)).rating}`);
    expect(line).toContain(`\\*Star\\*: ${figureOf(present(star)).rating}`);
    const game = await harness.service.queries.getGame(gameId);
    const view = game.ok ? game.value.views.at(-1) : undefined;
    expect(item(rated, 0).message.replyTo).toBe(view?.messageId);

    const stats = await harness.command(ANNA, 'stats');
    const embed = item((stats.last?.embeds ?? []) as { description?: string }[], 0, 'embeds');
    expect(embed.description).toContain('📊 **Anna**');
    expect(embed.description).toContain(`1 game: ${present(anna).wins} won`);
    const files = stats.last?.files as { name: string }[];
    expect(files.map((file) => file.name)).toEqual(['rating.png']);
    const graph = harness.pictures.at(-1);
    // One game: the graph starts at the rating before it (the initial one), then each game's.
    const [only] = present(anna).recent;
    expect(graph?.kind === 'rating-graph' && graph.data.points).toEqual([
      { rating: only!.rating - only!.change },
      ...present(anna).recent.map((outcome) => ({ rating: outcome.rating })),
    ]);

    const theirs = await harness.command(ANNA, 'stats', { player: STAR });
    expect(textOf(theirs.last?.embeds)).toContain('📊 **\\\\*Star\\\\***');
    const nobody = await harness.command(ANNA, 'stats', { player: CARL });
    expect(textOf(nobody.last?.embeds)).toContain('Carl has no rated games yet');
    expect(nobody.last?.files ?? []).toEqual([]);

    const top = await harness.command(CARL, 'top');
    const text = textOf(top.last?.content);
    // Best first; names as Discord shows them (the catalogue's HTML made markdown escapes them).
    const shown: Record<string, string> = { [ANNA.id]: 'Anna', [STAR.id]: '*Star*' };
    const best = [present(anna), present(star)].sort((a, b) => b.rating.rating - a.rating.rating);
    const lines = best.map((record, index) =>
      markdown(
        en.league.topLine(
          index + 1,
          { ...figureOf(record), name: present(shown[record.player.userId]) },
          record.games,
        ),
      ),
    );
    expect(text).toContain(['🏆 **Bashni** — this chat', ...lines].join('\n'));
    expect(text).toContain(`🌍 **Bashni** — everywhere\n${en.league.topGlobalNobody}`);
    expect(top.last?.allowedMentions).toEqual({ parse: [], users: [] });
    const laska = await harness.command(CARL, 'top', { variant: 'laska' });
    expect(textOf(laska.last?.content)).toContain(`**Laska** — this chat\n${en.league.topNobody}`);
    expectWithinLimits(harness.out.in(CHANNEL));
  });

  it('leaves a casual challenge unrated, and rates games against the bot', async () => {
    harness = new DiscordHarness({ league: true });
    const gameId = await playToTheEnd(ANNA, CARL, { rated: false });
    const casual = await harness.service.queries.getGame(gameId);
    expect(casual.ok && [casual.value.status, casual.value.rated === true]).toEqual([
      'finished',
      false,
    ]);
    expect(await ratingsOf(ANNA)).toEqual([]);
    expect(harness.out.in(CHANNEL).filter((m) => shownText(m).startsWith('📈'))).toEqual([]);

    const play = await harness.command(ANNA, 'play', { level: 2 });
    expect(buttonsOf(play.last).length).toBeGreaterThan(0);
    const games = await harness.service.queries.activeGames(playerOfUser(ANNA));
    expect(games.ok && games.value.map((g) => [g.black.botLevel, g.rated])).toEqual([[2, true]]);
  });
});
