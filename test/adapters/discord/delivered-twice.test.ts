/**
 * Discord does not send an interaction twice, but a gateway session that resumes replays the
 * dispatches it missed, and an interaction can be answered only once. A creating command
 * handled twice makes one record; the repeat's answer is refused by Discord, quietly — and if
 * the first handling never answered (its process died first), the repeat answers with what the
 * first one made.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/chat/buttons/button-payload.js';
import { countMade, type MadeCount } from '../../support/counting-store.js';
import { FakeInteraction } from './fake-interaction.js';
import { ANNA, CHANNEL, DiscordHarness, GUILD, buttonsOf, playerOfUser } from './harness.js';

describe('Discord: a creating command handled twice', () => {
  let harness: DiscordHarness;
  let made: MadeCount;

  beforeEach(() => {
    harness = new DiscordHarness({ bot: { chooseMove: () => new Promise(() => undefined) } });
    made = countMade(harness.store);
  });
  afterEach(async () => {
    await harness.close();
  });

  /** The same interaction once more (a resumed session's replay). */
  async function again(interaction: FakeInteraction): Promise<void> {
    await harness.app.router.route(interaction as never);
    await harness.settle();
  }

  /** The command's interaction as a new process sees it replayed: the same id, unanswered. */
  function replayOf(
    interaction: FakeInteraction,
    detail: { commandName: string; options?: Record<string, string | number | boolean> },
  ): FakeInteraction {
    const replay = new FakeInteraction(
      { user: ANNA, channelId: CHANNEL, guildId: GUILD },
      'command',
      detail,
    );
    (replay as { id: string }).id = interaction.id;
    return replay;
  }

  it('/newgame replayed after its answer: one challenge, the repeat answered by nobody', async () => {
    const first = await harness.command(ANNA, 'newgame');
    await again(first);
    expect(made.challenges).toBe(1);
    // The first answer is the only one (the repeat's reply was refused as answered).
    expect(first.methods).toEqual(['reply']);
  });

  it('/newgame whose first answer was lost: the replay shows the challenge made first', async () => {
    const first = await harness.command(ANNA, 'newgame', { days: 5 });
    const replay = replayOf(first, { commandName: 'newgame', options: { days: 5 } });
    await again(replay);
    expect(made.challenges).toBe(1);
    const challengeOf = (interaction: FakeInteraction) =>
      buttonsOf(interaction.last)
        .map((button) => decodePayload(button.customId))
        .find((payload) => payload?.kind === 'accept');
    expect(challengeOf(replay)).toEqual(challengeOf(first));
  });

  it('/play and /play zhernov handled twice: one game each', async () => {
    const play = await harness.command(ANNA, 'play', { level: 2 });
    await again(play);
    const table = await harness.command(ANNA, 'play', { level: 2, variant: 'zhernov' });
    await again(
      replayOf(table, { commandName: 'play', options: { level: 2, variant: 'zhernov' } }),
    );
    expect(made.games).toBe(2);
    const games = await harness.service.queries.activeGames(playerOfUser(ANNA));
    expect(games.ok && games.value).toHaveLength(2);
  });
});
