import { describe, expect, it } from 'vitest';
import { GameService } from '../../src/game/service.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { ALICE, BORIS } from '../support/game-fixtures.js';
import { ManualClock, ManualScheduler } from '../support/manual-scheduler.js';
import { value } from '../support/service-results.js';

describe('a service without a league store', () => {
  it('refuses every league use case as store-unavailable, and changes no rating', async () => {
    const clock = new ManualClock(0);
    const games = new GameService({
      store: new MemoryGameStore(),
      scheduler: new ManualScheduler(clock),
      clock,
    });
    const { league } = games;
    expect(league.available).toBe(false);
    const refused = await Promise.all([
      league.playerRatings(ALICE),
      league.chatLeaderboard('telegram:1', 'bashni'),
      league.globalLeaderboard('bashni', 10),
      league.createTournament({
        organiser: ALICE,
        chat: { platform: 'telegram', chatId: '1' },
      } as never),
      league.addTournamentView('t', { platform: 'telegram', chatId: '1', messageId: '2' }),
      league.getTournament('t'),
      league.chatTournament('telegram:1'),
      league.joinTournament('t', ALICE),
      league.leaveTournament('t', ALICE),
      league.cancelTournament('t', ALICE, true),
      league.addBotToTournament('t', ALICE, true, 3, 'Bot'),
      league.startTournament('t', ALICE, true),
    ]);
    expect(refused.map((result) => (result.ok ? 'ok' : result.code))).toEqual(
      Array(12).fill('store-unavailable'),
    );
    expect(await league.memberLeftChat({ platform: 'telegram', chatId: '1' }, ALICE)).toEqual([]);
    const game = value(await games.moves.start({ white: ALICE, black: BORIS }));
    expect(value(await games.endings.resign(game.id, ALICE)).status).toBe('finished');
  });
});
